import type { QuotationDto } from '@karya/domain';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Shell } from '../../app/shell/shell';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { routes } from './routes';
import { hex, quotation } from './test-records';

configure({ asyncUtilTimeout: 15000 });

// Issue 26 (decision 0014): Approved and Rejected held without what they also need are never offered as
// if they could be finished; the entry says what is missing and who can.

let permissions: Record<string, string[]> = {};
let quotations: QuotationDto[] = [];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/auth/who-can')
      return envelope({ users: [{ _id: hex(77), name: 'Priyanka Sahoo' }], total: 1 });
    const one = /^\/api\/crm\/quotations\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one && method === 'GET') {
      const found = quotations.find((q) => q._id === one[1]);
      return found ? envelope(found) : envelope(null, 404, 'Quotation not found');
    }
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);

/** Quotation n whose active version is its original Draft, with no review: it may be decided. */
const decidable = (n: number) => {
  const q = quotation(n);
  const v0 = { ...q.versions[1]!, status: 'Draft' as const, nextVersion: null };
  return quotation(n, { activeVersion: v0, versions: [v0] });
};
const openActions = async () => fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));

describe('quotation Actions: Approved and Rejected need what they lead to', { timeout: 60_000 }, () => {
  it('Approved without read on project is locked, says what is missing and who can, and opens no dialog', async () => {
    permissions = { quotation: ['read'], project: ['create'] };
    quotations = [decidable(21)];
    render(<App path={`/crm/quotations/${hex(21)}`} />);
    await openActions();
    const approved = await screen.findByRole('menuitem', { name: 'Approved' });
    expect(approved.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(approved);
    const why = await screen.findByRole('status', { name: '' });
    expect(within(why).getByText(/Approving quotations also needs Read on Projects/)).toBeTruthy();
    expect(await within(why).findByText('Priyanka Sahoo can do it.')).toBeTruthy();
    const asked = calls.find((c) => c.url.startsWith('/api/auth/who-can'));
    expect(decodeURIComponent(asked!.url)).toContain('needs=project:create,quotation:read,project:read');
    expect(screen.queryByRole('dialog', { name: 'Approve Quotation' })).toBeNull();
    // Rejected is not held at all: absent, as before.
    expect(screen.queryByRole('menuitem', { name: 'Rejected' })).toBeNull();
  });

  it('holding what both need (read on project and on quotation), both entries are plain', async () => {
    permissions = { quotation: ['read'], project: ['create', 'read'], 'rejection-analysis': ['create'] };
    quotations = [decidable(22)];
    render(<App path={`/crm/quotations/${hex(22)}`} />);
    await openActions();
    for (const name of ['Approved', 'Rejected']) {
      const item = await screen.findByRole('menuitem', { name });
      expect(item.getAttribute('aria-disabled')).toBeNull();
      expect(item.hasAttribute('disabled')).toBe(false);
    }
  });

  it('waiting for review but not finishable: the lock, not the review reason', async () => {
    permissions = { quotation: ['read'], project: ['create'], 'rejection-analysis': ['create'] };
    quotations = [quotation(23)];
    render(<App path={`/crm/quotations/${hex(23)}`} />);
    await openActions();
    const approved = await screen.findByRole('menuitem', { name: 'Approved' });
    expect(approved.getAttribute('aria-disabled')).toBe('true');
    // Rejected needs only read on quotation, held: disabled by the review, as before.
    const rejected = screen.getByRole('menuitem', { name: 'Rejected' });
    expect(rejected.hasAttribute('disabled') || rejected.getAttribute('data-disabled') === 'true').toBe(true);
    expect(rejected.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('the rejection form reached by its address without read on quotation says what is missing', async () => {
    permissions = { 'rejection-analysis': ['create'] };
    render(
      <Wrap
        path={`/crm/quotations/${hex(24)}/rejection-analysis`}
        signedIn
        routes={[
          {
            path: '/',
            element: <Shell />,
            children: [{ path: 'crm/quotations/:id/rejection-analysis', element: <p>The form</p> }],
          },
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'This needs one more permission' })).toBeTruthy();
    expect(
      screen.getByText(
        'Rejecting quotations also needs Read on Quotations, to open the quotation it rejects. Ask an administrator to add it to your role.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The form')).toBeNull();
  });
});
