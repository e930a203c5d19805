import { EXPENSE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap, where } from '../../test/harness';
import { ExpenseDetailPage } from './detail-page';
import { ExpensesPage } from './expenses-page';
import { callsTo, claimId, detailDto, lineDto, RAVI, stubExpenseNetwork } from './test-records';

/** A lazy chunk's first load, or a re-render, in a test on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubExpenseNetwork();

const CUSTOMER = { _id: 'c'.repeat(24), name: 'Kalinga Public School', customerId: 'CI0003' };
const RECEIPT = {
  _id: `9${'1'.padStart(23, '0')}`,
  originalName: 'hotel.pdf',
  mimeType: 'application/pdf',
  size: 120_000,
};
const draft = detailDto({}, [
  lineDto({
    date: '2026-11-10',
    category: 'Travel',
    description: 'Bike to the school',
    amount: 189,
    distanceKm: 42,
    ratePerKm: 4.5,
    customer: CUSTOMER,
  }),
  lineDto({ date: '2026-11-11', category: 'Lodging', description: 'Hotel', amount: 1800, receipt: RECEIPT }),
  lineDto({ date: '2026-11-12', category: 'Food', description: 'Dinner', amount: 450 }),
]);
const ravis = detailDto({
  _id: claimId(2),
  claimNo: 2,
  claimId: 'EC0002',
  user: RAVI,
  title: 'Visits in Bhubaneswar',
  status: 'Submitted',
  submittedAt: '2026-11-13T05:00:00.000Z',
  canEdit: false,
  canSubmit: false,
  canDelete: false,
  canDecide: true,
});

const detail = (id: string) =>
  render(
    <Wrap path={`/hrm/expenses/${id}`} pattern="/hrm/expenses/:id" signedIn>
      <ExpenseDetailPage />
    </Wrap>,
  );
const listCalls = () =>
  callsTo(net.calls, 'GET', '/hrm/expenses').map((c) => new URLSearchParams(c.url.split('?')[1]));

describe('expenses: all claims and a claim’s page', { timeout: 60_000 }, () => {
  it('lists the claims in a table; the status chips filter it and a row opens the claim', async () => {
    net.claims = [draft, ravis];
    render(
      <Wrap path="/hrm/expenses?view=all" signedIn>
        <ExpensesPage />
      </Wrap>,
    );
    const table = await screen.findByRole('table', { name: 'All claims' }, { timeout: LAZY_CHUNK_MS });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Claim ID', 'Person', 'Purpose', 'Total', 'Status', 'Submitted On', 'Updated On']);
    const row = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(row.textContent).toContain('EC0002');
    expect(row.textContent).toContain('₹240.50');
    expect(row.textContent).toContain('Submitted');
    expect(row.textContent).toContain('13/11/2026');

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Status quick filters' })).getByRole('checkbox', {
        name: 'Draft',
      }),
    );
    await waitFor(() => expect(listCalls().at(-1)?.getAll('filters[status][]')).toEqual(['Draft']));
    const current = () => screen.getByRole('table', { name: 'All claims' });
    await waitFor(() => expect(within(current()).queryByRole('row', { name: /Ravi Kumar/ })).toBeNull(), {
      timeout: LAZY_CHUNK_MS,
    });
    fireEvent.click(within(current()).getByRole('row', { name: /Asha Admin/ }));
    await waitFor(() => expect(where.pathname).toBe(`/hrm/expenses/${draft._id}`));
  });

  it("offers the month's register to a manager and shows the server's refusal", async () => {
    net.answer = (method, url) =>
      method === 'GET' && url.startsWith('/api/hrm/expenses/register')
        ? envelope(null, 403, EXPENSE_MESSAGES.registerForbidden)
        : undefined;
    render(
      <Wrap path="/hrm/expenses?view=all" signedIn>
        <ExpensesPage />
      </Wrap>,
    );
    const month = await screen.findByRole('combobox', { name: 'Register month' }, { timeout: LAZY_CHUNK_MS });
    fireEvent.change(month, { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register (.xlsx)' }));
    expect(await screen.findByText(EXPENSE_MESSAGES.registerForbidden)).toBeTruthy();
    expect(callsTo(net.calls, 'GET', '/hrm/expenses/register')[0]!.url).toContain('month=2026-10');
  });

  it('shows a draft’s lines with km × rate, customer, receipt and total, the missing receipt, and its owner’s buttons', async () => {
    net.me = meWith({ expense: ['read', 'create', 'update', 'delete', 'upload-file'], customer: ['read'] });
    net.claims = [draft];
    detail(draft._id);
    expect(await screen.findByRole('heading', { name: 'EC0001: School visits in Cuttack' })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Expenses' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('10/11/2026');
    expect(rows[0]!.textContent).toContain('42 km × ₹4.50');
    expect(within(rows[0]!).getByRole('link', { name: 'Kalinga Public School' }).getAttribute('href')).toBe(
      `/crm/customers/${CUSTOMER._id}`,
    );
    const receipt = within(rows[1]!).getByRole('link', { name: /^View receipt/ });
    expect(receipt.getAttribute('href')).toBe(`/api/hrm/expenses/${draft._id}/receipts/${RECEIPT._id}`);
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(rows[2]!.textContent).toContain('Missing');
    expect(screen.getByText(EXPENSE_MESSAGES.receiptMissing(3, 30_000))).toBeTruthy();
    expect(screen.getByLabelText('Total ₹2,439.00')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(callsTo(net.calls, 'PATCH', `/hrm/expenses/${draft._id}/submit`)).toHaveLength(1),
    );
    expect(await screen.findByText(EXPENSE_MESSAGES.submitted)).toBeTruthy();
    // Asked again: submitted, the owner may do nothing more with it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('edits a draft in its form: the lines as saved, and PUT with the purpose changed', async () => {
    net.claims = [draft];
    detail(draft._id);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Edit claim EC0001' },
      { timeout: LAZY_CHUNK_MS },
    );
    const listed = within(within(dialog).getByRole('table', { name: 'Listed expenses' })).getAllByRole('row');
    expect(listed).toHaveLength(4);
    fireEvent.change(within(dialog).getByLabelText(/^Purpose/), {
      target: { value: 'School visits, Cuttack' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    const puts = () => callsTo(net.calls, 'PUT', `/hrm/expenses/${draft._id}`);
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0]!.body as { title: string; lines: Record<string, unknown>[] };
    expect(body.title).toBe('School visits, Cuttack');
    expect(body.lines).toEqual([
      {
        date: '2026-11-10',
        category: 'Travel',
        description: 'Bike to the school',
        amount: null,
        distanceKm: 42,
        customer: CUSTOMER._id,
        followUp: null,
        receipt: null,
      },
      {
        date: '2026-11-11',
        category: 'Lodging',
        description: 'Hotel',
        amount: 1800,
        distanceKm: null,
        customer: null,
        followUp: null,
        receipt: RECEIPT._id,
      },
      {
        date: '2026-11-12',
        category: 'Food',
        description: 'Dinner',
        amount: 450,
        distanceKm: null,
        customer: null,
        followUp: null,
        receipt: null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'EC0001: School visits, Cuttack' })).toBeTruthy();
  });

  it('offers a manager Approve and Reject, not Edit; Approve calls the decision', async () => {
    net.claims = [ravis];
    detail(ravis._id);
    expect(await screen.findByRole('heading', { name: 'EC0002: Visits in Bhubaneswar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Reject: Ravi Kumar/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Approve: Ravi Kumar/ }));
    await waitFor(() =>
      expect(callsTo(net.calls, 'PATCH', `/hrm/expenses/${ravis._id}/decision`)).toHaveLength(1),
    );
    expect(callsTo(net.calls, 'PATCH', `/hrm/expenses/${ravis._id}/decision`)[0]!.body).toEqual({
      decision: 'Approved',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull());
    expect(screen.getByText('Approved By')).toBeTruthy();
  });

  it('deletes a draft once confirmed and goes back to the expenses', async () => {
    net.claims = [draft];
    detail(draft._id);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete draft claim' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(net.calls, 'DELETE', `/hrm/expenses/${draft._id}`)).toHaveLength(1));
    await waitFor(() => expect(where.pathname).toBe('/hrm/expenses'));
  });

  it('says so when the claim does not exist (or is not the caller’s to see)', async () => {
    detail(claimId(9));
    expect(await screen.findByText(EXPENSE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to expenses' }).getAttribute('href')).toBe('/hrm/expenses');
  });
});
