import { configure, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '../../app/pages/error-pages';
import { Shell } from '../../app/shell/shell';
import { meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes as itemRoutes } from '../items/routes';
import { routes as quotationRoutes } from '../quotations/routes';
import { routes } from './routes';

configure({ asyncUtilTimeout: 15000 });

// Issue 26: both Verifications tabs have screens, so the area has no "Coming soon" catch-all any more; a
// path under it that names no screen is the app's not-found page, as anywhere else.

stubNetwork(() => meWith({ admin: ['read'], verification: ['read'], 'product-item': ['verification'] }));

const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    signedIn
    routes={[
      {
        path: '/',
        element: <Shell />,
        children: [
          ...[...routes, ...itemRoutes, ...quotationRoutes].map((r) => ({ ...r, path: `/${r.path}` })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ]}
  />
);

describe('redirect routes', { timeout: 60_000 }, () => {
  it('an unknown path under /admin/verifications is the not-found page, not "Coming soon"', async () => {
    render(<App path="/admin/verifications/nothing-here" />);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('/admin/verifications still opens the items tab', async () => {
    render(<App path="/admin/verifications" />);
    await screen.findByRole('heading', { name: 'Items Verification' });
    expect(where.pathname).toBe('/admin/verifications/items');
  });
});
