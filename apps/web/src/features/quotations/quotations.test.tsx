import { QUOTATION_MESSAGES, type QuotationDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes } from './routes';
import { hex, line, listRow, quotation } from './test-records';

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let quotations: QuotationDto[] = [];
let reviewAnswer: (() => Response) | undefined;

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/quotations') {
      const rows = quotations.map(listRow);
      return envelope({ quotations: rows, quotationsCount: rows.length, page: 1, limit: 20 });
    }
    if (method === 'GET' && /\/follow-ups$/.test(u.pathname))
      return envelope({ followUps: [], followUpsCount: 0, page: 1, limit: 50 });
    if (method === 'DELETE' && u.pathname === '/api/crm/quotations/bulk')
      return envelope({ results: [{ _id: hex(1), outcome: 'done' }] }, 200, '1 quotation deleted');
    const active = /^\/api\/crm\/quotations\/([0-9a-f]{24})\/set-active\/([0-9a-f]{24})$/.exec(u.pathname);
    if (active && method === 'PATCH') {
      const q = quotations.find((x) => x._id === active[1])!;
      const v = q.versions.find((x) => x._id === active[2])!;
      quotations = quotations.map((x) => (x === q ? { ...q, activeVersion: v } : x));
      return envelope(
        quotations.find((x) => x._id === q._id),
        200,
        QUOTATION_MESSAGES.madeActive,
      );
    }
    if (method === 'PATCH' && /\/review$/.test(u.pathname) && reviewAnswer) return reviewAnswer();
    const one = /^\/api\/crm\/quotations\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one) {
      const found = quotations.find((q) => q._id === one[1]);
      if (!found) return envelope(null, 404, QUOTATION_MESSAGES.notFound);
      if (method === 'GET') return envelope(found);
      if (method === 'DELETE') return envelope(null, 200, 'Quotation deleted successfully');
    }
    if (method === 'DELETE' && /^\/api\/crm\/quotations\/[0-9a-f]{24}\/permanent$/.test(u.pathname))
      return envelope(null, 200, 'Quotation permanently deleted');
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('quotation list', { timeout: 60_000 }, () => {
  it('shows the spec columns with ARR numbers, the chips and the create link', async () => {
    permissions = {
      quotation: ['read', 'create'],
      // Create's pickers (permission-dependencies.ts): without them the list offers no Create.
      customer: ['suggestion'],
      requirement: ['suggestion'],
      'product-item': ['suggestion'],
    };
    quotations = [quotation(1), quotation(2, { activeVersion: quotation(2).versions[1]! })];
    localStorage.setItem('quotationLayout', JSON.stringify('list'));
    render(<App path="/crm/quotations" />);
    const table = await screen.findByRole('table', { name: 'Quotations' });
    expect(headers(table)).toEqual([
      'Quotation ID',
      'Title',
      'Customer',
      'Status',
      'Total Price',
      'Valid Until',
    ]);
    const first = within(table).getByRole('row', { name: /Re-Quotation for smart class 1/ });
    expect(first.textContent).toContain('ARR/0001/R1');
    expect(first.textContent).toContain('CI0007 · DAV Public School');
    expect(first.textContent).toContain('Draft');
    // 3 × 50,000 + 20,000 = 1,70,000, with 18% GST 2,00,600.
    expect(first.textContent).toContain('2,00,600');
    expect(first.textContent).toContain('15/01/2030');
    const second = within(table).getByRole('row', { name: /Quotation for smart class 2/ });
    expect(second.textContent).toContain('ARR/0002');
    expect(second.textContent).not.toContain('ARR/0002/R');
    for (const chip of ['Today', 'Yesterday', 'This Week', 'This Month'])
      expect(screen.getByRole('checkbox', { name: chip })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Quotation' }).getAttribute('href')).toBe(
      '/crm/quotations/create',
    );
  });

  it('keeps the page size under quotationLimit and says No quotation found', async () => {
    permissions = { quotation: ['read'] };
    quotations = [];
    localStorage.setItem('quotationLimit', JSON.stringify(50));
    render(<App path="/crm/quotations" />);
    expect(await screen.findByText(QUOTATION_MESSAGES.empty)).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith('/api/crm/quotations?'));
    expect(new URLSearchParams(list?.url.split('?')[1]).get('limit')).toBe('50');
    expect(screen.queryByRole('link', { name: 'Create Quotation' })).toBeNull();
  });

  it('offers the spec filters, the gated ones by permission', async () => {
    permissions = { quotation: ['read'] };
    quotations = [quotation(1)];
    const { unmount } = render(<App path="/crm/quotations#filter" />);
    let drawer = await screen.findByRole('dialog', { name: 'Filter Quotations' });
    await within(drawer).findByRole('textbox', { name: 'Quotation ID' });
    for (const label of ['Customer', 'Requirement', 'Created Date', 'Updated Date'])
      expect(within(drawer).queryAllByLabelText(label).length).toBeGreaterThan(0);
    for (const label of ['Created By', 'Customer Assignment State', 'Deleted', 'Deleted By'])
      expect(within(drawer).queryAllByLabelText(label)).toEqual([]);
    unmount();

    permissions = { quotation: ['read', 'view-all', 'bulk-restore'], user: ['suggestion'] };
    render(<App path="/crm/quotations#filter" />);
    drawer = await screen.findByRole('dialog', { name: 'Filter Quotations' });
    const id = await within(drawer).findByRole('textbox', { name: 'Quotation ID' });
    for (const label of ['Created By', 'Customer Assignment State', 'Deleted', 'Deleted By'])
      expect(within(drawer).queryAllByLabelText(label).length).toBeGreaterThan(0);
    // ARR/0012 is sent as the number.
    fireEvent.change(id, { target: { value: 'ARR/0012' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('filters%5BquotationId%5D=12'))).toBe(true));
  });

  it('deletes the selected quotations in bulk', async () => {
    permissions = { quotation: ['read', 'bulk-delete'] };
    quotations = [quotation(1)];
    render(<App path="/crm/quotations" />);
    await screen.findByRole('row', { name: /Re-Quotation for smart class 1/ });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Re-Quotation for smart class 1' }));
    const bar = within(screen.getByRole('region', { name: 'Bulk actions' }));
    fireEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quotations' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')).toEqual({
        method: 'DELETE',
        url: '/api/crm/quotations/bulk',
        body: { ids: [hex(1)] },
      }),
    );
  });
});

describe('quotation detail', { timeout: 60_000 }, () => {
  it('shows the summary, the frozen lines, the history newest first, and loads Follow Ups when opened', async () => {
    permissions = {
      quotation: ['read'],
      'follow-up': ['read'],
      customer: ['read'],
      requirement: ['read'],
      'product-item': ['read'],
    };
    const q = quotation(3);
    // Panel 2 was deleted from the catalogue: its frozen name stays, without a link.
    q.activeVersion = {
      ...q.activeVersion,
      items: [q.activeVersion.items[0]!, line(2, 1, 20000, { item: null })],
    };
    q.versions = [q.activeVersion, q.versions[1]!];
    quotations = [q];
    render(<App path={`/crm/quotations/${hex(3)}`} />);
    expect(await screen.findByRole('heading', { name: 'ARR/0003/R1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CI0007 · DAV Public School' }).getAttribute('href')).toBe(
      `/crm/customers/${hex(700)}`,
    );
    expect(screen.getByRole('link', { name: 'RI0012 · Smart class kits' }).getAttribute('href')).toBe(
      `/crm/requirements/${hex(803)}`,
    );
    // Within Odisha: CGST and SGST, half each of 30,600.
    const summary = screen.getByRole('region', { name: 'ARR/0003/R1' });
    expect(within(summary).getByText('Review Pending')).toBeTruthy();
    expect(within(summary).getByText(QUOTATION_MESSAGES.awaitingReview)).toBeTruthy();
    expect(within(summary).getAllByText('₹15,300.00')).toHaveLength(2);
    expect(within(summary).queryByText('IGST')).toBeNull();

    const receipt = screen.getByRole('table', { name: 'Items Receipt' });
    expect(within(receipt).getByRole('link', { name: 'Panel 1' }).getAttribute('href')).toBe(
      `/crm/products/items/${hex(1001)}`,
    );
    expect(within(receipt).queryByRole('link', { name: 'Panel 2' })).toBeNull();
    expect(within(receipt).getByText('Panel 2')).toBeTruthy();
    expect(receipt.textContent).toContain('8528');

    const history = screen.getByRole('region', { name: 'Quotation History' });
    const controls = within(history)
      .getAllByRole('button')
      .map((b) => b.textContent ?? '');
    expect(controls[0]).toContain('ARR/0003/R1');
    expect(controls[1]).toContain('ARR/0003');
    // No update permission: no Make it Active, and no Actions menu at all.
    fireEvent.click(within(history).getByRole('button', { name: /ARR\/0003 Quotation for/ }));
    expect(screen.queryByRole('button', { name: /Make .* Active/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();

    expect(calls.some((c) => c.url.includes('/follow-ups'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ups' }));
    expect(await screen.findByText(QUOTATION_MESSAGES.noFollowUps)).toBeTruthy();
  });

  it('makes an earlier version active', async () => {
    permissions = { quotation: ['read', 'update'] };
    quotations = [quotation(4)];
    render(<App path={`/crm/quotations/${hex(4)}`} />);
    const history = await screen.findByRole('region', { name: 'Quotation History' });
    fireEvent.click(within(history).getByRole('button', { name: /ARR\/0004 Quotation for/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Make ARR/0004 Active' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'PATCH' && c.url === `/api/crm/quotations/${hex(4)}/set-active/${hex(400)}`,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(QUOTATION_MESSAGES.madeActive)).toBeTruthy();
    // The detail asks again and now shows version 0 as the active one.
    expect(await screen.findByRole('heading', { name: 'ARR/0004' })).toBeTruthy();
  });

  it('compares any two versions side by side, resizable by keyboard', async () => {
    permissions = { quotation: ['read'] };
    quotations = [quotation(5)];
    render(<App path={`/crm/quotations/${hex(5)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare versions' }));
    expect(await screen.findByRole('table', { name: 'Items of ARR/0005' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Items of ARR/0005/R1' })).toBeTruthy();
    const splitter = screen.getByRole('separator', { name: 'Resize the compared versions' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('45');
    fireEvent.keyDown(splitter, { key: 'End' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('80');
    // The same version on both sides, then back.
    fireEvent.change(screen.getByRole('combobox', { name: 'Compare' }), { target: { value: hex(501) } });
    expect(screen.getAllByRole('table', { name: 'Items of ARR/0005/R1' }).length).toBeGreaterThan(1);
  });

  it('offers Update and ReQuotation only on a Draft, no Approved or Rejected without their permissions, and deletes with the spec text', async () => {
    permissions = { quotation: ['read', 'update', 'delete', 'print'] };
    const draft = quotation(6);
    const requoted = quotation(7, { activeVersion: { ...quotation(7).versions[1]!, status: 'ReQuoted' } });
    quotations = [draft, requoted];
    const { unmount } = render(<App path={`/crm/quotations/${hex(6)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    expect((await screen.findByRole('menuitem', { name: 'Update' })).getAttribute('href')).toBe(
      `/crm/quotations/${hex(6)}/update`,
    );
    expect(screen.getByRole('menuitem', { name: 'ReQuotation' }).getAttribute('href')).toBe(
      `/crm/quotations/${hex(6)}/re-quotation`,
    );
    expect(screen.getByRole('menuitem', { name: 'Quotation Preview' }).getAttribute('href')).toBe(
      `/crm/quotations/${hex(6)}/preview`,
    );
    // Approved needs create on project, Rejected create on rejection-analysis (approve-dialog.test.tsx).
    expect(screen.queryByRole('menuitem', { name: 'Approved' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Rejected' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Quotation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quotation' });
    expect(confirm.textContent).toContain(QUOTATION_MESSAGES.deleteText);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/crm/quotations/${hex(6)}`)).toBe(
        true,
      ),
    );
    unmount();

    render(<App path={`/crm/quotations/${hex(7)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Quotation Preview' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'ReQuotation' })).toBeNull();
  });

  it('offers Restore and Delete Permanently on a deleted quotation', async () => {
    permissions = { quotation: ['read', 'update', 'delete', 'restore', 'delete-permanently'] };
    quotations = [quotation(8, { isDeleted: true, deletedAt: '2026-03-03T04:30:00.000Z' })];
    render(<App path={`/crm/quotations/${hex(8)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Restore' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete Permanently' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete Quotation' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Update' })).toBeNull();
    // Gone for good: the list opens.
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Permanently Delete Quotation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url === `/api/crm/quotations/${hex(8)}/permanent`),
      ).toBe(true),
    );
    await waitFor(() => expect(where.pathname).toBe('/crm/quotations'));
  });

  it("says 'Quotation not found'", async () => {
    permissions = { quotation: ['read'] };
    quotations = [];
    render(<App path={`/crm/quotations/${hex(9)}`} />);
    expect(await screen.findByText(QUOTATION_MESSAGES.notFound)).toBeTruthy();
  });
});

describe('quotation verification', { timeout: 60_000 }, () => {
  it('lists the pending re-quotations as cards and opens one', async () => {
    permissions = { quotation: ['verification', 'read'], 'product-item': ['verification'] };
    quotations = [quotation(1)];
    render(<App path="/admin/verifications/quotations" />);
    const card = await screen.findByRole('article', { name: 'Re-Quotation for smart class 1' });
    expect(card.textContent).toContain('ARR/0001/R1');
    expect(card.textContent).toContain('CI0007 · DAV Public School');
    expect(card.textContent).toContain('Asha Rao');
    const list = calls.find((c) => c.url.startsWith('/api/crm/quotations?'));
    expect(new URLSearchParams(list?.url.split('?')[1]).getAll('filters[reviewStatus][]')).toEqual([
      'Pending',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Verifications' });
    expect(within(nav).getByRole('link', { name: 'Quotations' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(card);
    await waitFor(() => expect(where.pathname).toBe(`/admin/verifications/quotations/${hex(1)}`));
  });

  it('says when nothing waits for review', async () => {
    permissions = { quotation: ['verification'] };
    quotations = [];
    render(<App path="/admin/verifications/quotations" />);
    expect(await screen.findByText(QUOTATION_MESSAGES.noVerifications)).toBeTruthy();
  });

  it('compares the versions, asks a reason to reject, and approves', async () => {
    permissions = { quotation: ['verification', 'read'] };
    quotations = [quotation(2)];
    reviewAnswer = () => envelope(quotations[0], 200, 'OK');
    render(<App path={`/admin/verifications/quotations/${hex(2)}`} />);
    expect(await screen.findByRole('table', { name: 'Items of ARR/0002' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Items of ARR/0002/R1' })).toBeTruthy();
    expect(screen.getByRole('separator', { name: 'Resize the previous and current versions' })).toBeTruthy();
    const changes = screen.getByRole('table', { name: 'ReQuotation Changes' });
    expect(headers(changes)).toEqual(['Type', 'Item', 'Description']);
    expect(changes.textContent).toContain('Quantity changed from 2 to 3');

    fireEvent.click(screen.getByRole('button', { name: 'Reject Changes' }));
    expect(await screen.findByText(QUOTATION_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/review'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Approve Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/review'))).toEqual({
        method: 'PATCH',
        url: `/api/crm/quotations/${hex(2)}/review`,
        body: { status: 'Approved' },
      }),
    );
    expect(await screen.findByText(QUOTATION_MESSAGES.reviewApproved)).toBeTruthy();
    await waitFor(() => expect(where.pathname).toBe('/admin/verifications/quotations'));
  });

  it('rejects with a reason', async () => {
    permissions = { quotation: ['verification', 'read'] };
    quotations = [quotation(2)];
    reviewAnswer = () => envelope(quotations[0], 200, 'OK');
    render(<App path={`/admin/verifications/quotations/${hex(2)}`} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Price too low' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/review'))?.body).toEqual({
        status: 'Rejected',
        reason: 'Price too low',
      }),
    );
    expect(await screen.findByText(QUOTATION_MESSAGES.reviewRejected)).toBeTruthy();
  });

  it("says 'Quotation not found for verification'", async () => {
    permissions = { quotation: ['verification'] };
    quotations = [];
    render(<App path={`/admin/verifications/quotations/${hex(9)}`} />);
    expect(await screen.findByText(QUOTATION_MESSAGES.notFoundForVerification)).toBeTruthy();
  });
});
