import type { MeDto } from '@karya/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { createQueryClient, Providers } from '../providers';
import { Shell } from './shell';

beforeAll(() => {
  // jsdom lacks the layout APIs Mantine reads.
  window.matchMedia ??= ((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.scrollTo = () => {};
});
afterEach(cleanup);

const me = (permissions: MeDto['permissions'], extra: Partial<MeDto> = {}) =>
  ({
    _id: '0123456789abcdef01234567',
    name: 'Asha Rao',
    email: 'asha@example.com',
    dateOfBirth: null,
    image: null,
    isEmailVerified: true,
    isPhoneVerified: true,
    expiredRoles: [],
    mustChangePassword: false,
    companyState: 'Odisha',
    permissions,
    ...extra,
  }) as unknown as MeDto;

const renderAt = (path: string, user: MeDto) => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'hrm', element: <p>HRM home</p> },
          { path: 'admin/users', element: <p>Users list</p> },
          { path: 'admin/users/:id', element: <p>User page</p> },
          { path: 'hrm/profile/change-password', element: <p>Change password form</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
};

describe('Shell', () => {
  it('shows only the entries the user may read and the areas they may open', () => {
    renderAt(
      '/hrm',
      me([
        { resource: 'hrm', actions: ['read'] },
        { resource: 'task', actions: ['read'] },
      ]),
    );
    const nav = screen.getByRole('navigation', { name: 'HRM menu' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Task']);
    expect(screen.getByText('HRM home')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Admin' })).toBeNull();
  });

  it('shows the 403 page on a path the user may not open', () => {
    renderAt('/admin/users', me([{ resource: 'hrm', actions: ['read'] }]));
    expect(screen.getByRole('heading', { name: 'You are Unauthorized' })).toBeTruthy();
    expect(screen.queryByText('Users list')).toBeNull();
  });

  it('keeps the menu of an area the user may open on the 403 page, not an empty sidebar', () => {
    renderAt(
      '/admin/users/0123456789abcdef01234567',
      me([
        { resource: 'hrm', actions: ['read'] },
        { resource: 'task', actions: ['read'] },
      ]),
    );
    expect(screen.getByRole('heading', { name: 'You are Unauthorized' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'HRM menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Task']);
    expect(screen.getByRole('link', { name: /My profile/ })).toBeTruthy();
  });

  it('sends a user who must change the password to the change-password page', async () => {
    const router = renderAt(
      '/hrm',
      me([{ resource: 'hrm', actions: ['read'] }], { mustChangePassword: true }),
    );
    expect(await screen.findByText('Change password form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/hrm/profile/change-password');
  });
});
