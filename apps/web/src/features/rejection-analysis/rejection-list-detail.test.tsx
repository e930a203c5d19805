import {
  REJECTION_MESSAGES as M,
  REJECTION_LIMIT_KEY,
  REJECTION_LIST_KEY,
  type RejectionAnalysisDto,
} from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes } from './routes';
import { analysis, hex } from './test-records';

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let analyses: RejectionAnalysisDto[] = [];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/rejection-analysis')
      return envelope({
        [REJECTION_LIST_KEY]: analyses,
        [`${REJECTION_LIST_KEY}Count`]: analyses.length,
        page: 1,
        limit: 20,
      });
    if (method === 'GET' && /\/history$/.test(u.pathname)) return envelope({ history: [], historyCount: 0 });
    const one = /^\/api\/crm\/rejection-analysis\/([0-9a-f]{24})(\/restore|\/permanent)?$/.exec(u.pathname);
    if (one) {
      const found = analyses.find((a) => a._id === one[1]);
      if (!found) return envelope(null, 404, M.notFound);
      if (method === 'GET') return envelope(found);
      if (method === 'DELETE' && !one[2]) return envelope(null, 200, 'Rejection analysis deleted');
      if (method === 'PATCH' && one[2] === '/restore')
        return envelope(null, 200, 'Rejection analysis restored');
      if (method === 'DELETE' && one[2] === '/permanent')
        return envelope(null, 200, 'Rejection analysis permanently deleted');
    }
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);
const ALL = ['read', 'update', 'delete', 'restore', 'delete-permanently'];
const ID = hex(3001);
const listCalls = () =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/crm/rejection-analysis?'))
    .map((c) => new URLSearchParams(c.url.split('?')[1]));

describe('rejection analysis list', { timeout: 60_000 }, () => {
  it("says 'No Rejected Quotation Available', asking with the page size kept under its key", async () => {
    permissions = { 'rejection-analysis': ['read'] };
    analyses = [];
    localStorage.setItem(REJECTION_LIMIT_KEY, JSON.stringify(50));
    render(<App path="/admin/rejection-analysis" />);
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(listCalls().at(-1)?.get('limit')).toBe('50');
    // Analyses are made from a quotation's Reject: the list offers no Create.
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
  });

  it('shows the quotation, customer, date, reasons, lost to, competitor and the offers side by side', async () => {
    permissions = { 'rejection-analysis': ['read'] };
    analyses = [
      analysis(1),
      analysis(2, {
        quotation: { _id: hex(2), quotationId: 2, versionNumber: 0, title: 'Labs', isDeleted: false },
        rejectionReasons: ['Budget cut'],
        lostTo: 'No Decision',
        competitor: { name: null, offeredAmount: null },
      }),
    ];
    localStorage.setItem('rejectionAnalysisLayout', JSON.stringify('list'));
    render(<App path="/admin/rejection-analysis" />);
    const table = await screen.findByRole('table', { name: 'Rejection analyses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Quotation',
      'Customer',
      'Rejection Date',
      'Reasons',
      'Lost To',
      'Competitor',
      'Offered vs Quoted',
      'Created By',
      'Created Date',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('ARR/0001/R1');
    expect(first!.textContent).toContain('CI0007 · DAV Public School');
    expect(first!.textContent).toContain('05/03/2026');
    expect(first!.textContent).toContain('Price too high (+1 more)');
    expect(first!.textContent).toContain('Vidya Systems');
    expect(first!.textContent).toContain('₹1,80,000.00 vs ours ₹2,00,600.00 (10.3% lower)');
    expect(first!.textContent).toContain('Asha Rao');
    expect(first!.textContent).toContain('01/03/2026');
    expect(second!.textContent).toContain('ARR/0002');
    expect(second!.textContent).not.toContain('ARR/0002/R');
    expect(second!.textContent).toContain('No Decision');
    expect(second!.textContent).toContain('Budget cut');
  });

  it('filters by the kit fields, Deleted with read', async () => {
    permissions = { 'rejection-analysis': ['read'], quotation: ['suggestion'], customer: ['suggestion'] };
    analyses = [analysis(1)];
    render(<App path="/admin/rejection-analysis#filter" />);
    const drawer = within(await screen.findByRole('dialog', { name: 'Filter Rejection Analysis' }));
    const competitor = await drawer.findByRole('textbox', { name: 'Competitor' });
    for (const name of [
      'Quotation',
      'Customer',
      'Rejection Reason',
      'Offered Amount from',
      'Offered Amount to',
    ])
      expect(drawer.getByRole('textbox', { name })).toBeTruthy();
    expect(drawer.getByText('Rejection Date')).toBeTruthy();
    expect(drawer.getByText('Lost To')).toBeTruthy();
    // Spec 2 §6: the Deleted filter needs read.
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Deleted' }));
    fireEvent.change(competitor, { target: { value: ' Vidya ' } });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Rejection Reason' }), {
      target: { value: 'price' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Offered Amount from' }), {
      target: { value: '1000' },
    });
    fireEvent.click(drawer.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(where.hash).toBe(''));
    await waitFor(() => expect(listCalls().at(-1)?.get('filters[competitor]')).toBe('Vidya'));
    const last = listCalls().at(-1)!;
    expect(last.get('filters[isDeleted]')).toBe('true');
    expect(last.get('filters[reason]')).toBe('price');
    expect(last.get('filters[offeredAmount][min]')).toBe('1000');
  });
});

describe('rejection analysis detail', { timeout: 60_000 }, () => {
  it('shows the analysis, and Update and Delete with their permissions; Delete says it can be restored', async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'], customer: ['read'] };
    analyses = [analysis(1)];
    render(<App path={`/admin/rejection-analysis/${ID}`} />);
    expect((await screen.findByRole('link', { name: 'ARR/0001/R1' })).getAttribute('href')).toBe(
      `/crm/quotations/${hex(1)}`,
    );
    expect(screen.getByRole('link', { name: 'CI0007 · DAV Public School' })).toBeTruthy();
    const reasons = within(screen.getByRole('list', { name: 'Rejection Reasons' }));
    expect(reasons.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Price too high',
      'Delivery too late',
    ]);
    expect(screen.getByText('The board chose the cheaper panels.')).toBeTruthy();
    const lostTo = screen.getByRole('region', { name: 'Lost To' });
    expect(lostTo.textContent).toContain('Competitor');
    expect(lostTo.textContent).toContain('Vidya Systems');
    expect(screen.getByText('₹1,80,000.00 vs ours ₹2,00,600.00 (10.3% lower)')).toBeTruthy();
    expect(screen.getByText('Liked the demo.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'das@dav.example' }).getAttribute('href')).toBe(
      'mailto:das@dav.example',
    );
    expect(screen.getByRole('link', { name: 'Update' }).getAttribute('href')).toBe(
      `/admin/rejection-analysis/${ID}/update`,
    );
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Rejection Analysis' });
    expect(confirm.textContent).toContain(M.deleteText);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/crm/rejection-analysis/${ID}`)).toBe(
        true,
      ),
    );
  });

  it('offers no action without its permission', async () => {
    permissions = { 'rejection-analysis': ['read'] };
    analyses = [analysis(1)];
    render(<App path={`/admin/rejection-analysis/${ID}`} />);
    expect(await screen.findByRole('heading', { name: 'Rejection Analysis Details' })).toBeTruthy();
    await screen.findByText('Liked the demo.');
    expect(screen.queryByRole('link', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Without read on quotations the number is plain text.
    expect(screen.queryByRole('link', { name: 'ARR/0001/R1' })).toBeNull();
    expect(screen.getByText('ARR/0001/R1')).toBeTruthy();
  });

  it('restores a deleted one, and deletes it for good after saying it cannot be restored', async () => {
    const deleted = {
      isDeleted: true,
      deletedAt: '2026-03-18T10:00:00.000Z',
      deletedBy: { _id: hex(9), name: 'Asha' },
    };
    permissions = { 'rejection-analysis': ['read', 'restore'] };
    analyses = [analysis(1, deleted)];
    const { unmount } = render(<App path={`/admin/rejection-analysis/${ID}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(screen.queryByRole('button', { name: 'Delete Permanently' })).toBeNull();
    expect(screen.getByText(/This rejection analysis was deleted on 18\/03\/2026/)).toBeTruthy();
    const restore = await screen.findByRole('dialog', { name: 'Restore Rejection Analysis' });
    fireEvent.click(within(restore).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PATCH' && c.url === `/api/crm/rejection-analysis/${ID}/restore`),
      ).toBe(true),
    );
    unmount();

    permissions = { 'rejection-analysis': ['read', 'delete-permanently'] };
    render(<App path={`/admin/rejection-analysis/${ID}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Permanently' }));
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    const purge = await screen.findByRole('dialog', { name: 'Permanently Delete Rejection Analysis' });
    expect(purge.textContent).toContain('Once deleted, it cannot be restored.');
    fireEvent.click(within(purge).getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(where.pathname).toBe('/admin/rejection-analysis'));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === `/api/crm/rejection-analysis/${ID}/permanent`),
    ).toBe(true);
  });

  it("says 'Rejection Analysis not found'", async () => {
    permissions = { 'rejection-analysis': ['read'] };
    analyses = [];
    render(<App path={`/admin/rejection-analysis/${hex(3009)}`} />);
    expect(await screen.findByText(M.notFound)).toBeTruthy();
  });
});
