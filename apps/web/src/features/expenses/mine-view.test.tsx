import { EXPENSE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, Wrap, where } from '../../test/harness';
import { ExpensesPage } from './expenses-page';
import { callsTo, claimDto, claimId, MEERA, RAVI, stubExpenseNetwork } from './test-records';

const net = stubExpenseNetwork();

const show = (path = '/hrm/expenses') =>
  render(
    <Wrap path={path} signedIn>
      <ExpensesPage />
    </Wrap>,
  );

describe('expenses: my claims', { timeout: 60_000 }, () => {
  it("shows the year's totals by month: claimed, approved and paid, with the year's total", async () => {
    show();
    const totals = await screen.findByRole('table', { name: 'Totals 2026' });
    expect(
      within(totals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Claimed', 'Approved', 'Paid']);
    expect(within(totals).getByRole('rowheader', { name: 'Sep' })).toBeTruthy();
    const nov = within(totals).getByRole('row', { name: /Nov/ });
    expect(nov.textContent).toBe('Nov₹845.50₹240.50₹0.00');
    const total = within(totals).getByRole('row', { name: /Total/ });
    expect(total.textContent).toBe('Total₹2,045.50₹1,440.50₹1,200.00');
    // Only the months with any claim.
    expect(within(totals).queryByRole('rowheader', { name: 'Oct' })).toBeNull();
    expect(callsTo(net.calls, 'GET', '/hrm/expenses/totals')[0]!.url).toContain('year=2026');

    // Another year: its totals are asked for, and the URL keeps it.
    net.months = [];
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    expect(await screen.findByText('Nothing claimed in 2027.')).toBeTruthy();
    expect(where.search).toBe('?year=2027');
    expect(callsTo(net.calls, 'GET', '/hrm/expenses/totals').at(-1)!.url).toContain('year=2027');
  });

  it('lists my claims newest first with id, purpose, total, status, dates and the decision', async () => {
    net.claims = [
      { ...claimDto(), lines: [], missingReceipts: [], rules: { ratePerKm: 4.5, receiptAbove: 300 } },
      {
        ...claimDto({
          _id: claimId(2),
          claimNo: 2,
          claimId: 'EC0002',
          title: 'Travel to Puri',
          status: 'Rejected',
          total: 1250,
          lineCount: 3,
          from: '2026-11-02',
          to: '2026-11-05',
          decidedBy: MEERA,
          decisionReason: 'Add the bus tickets',
        }),
        lines: [],
        missingReceipts: [],
        rules: { ratePerKm: 4.5, receiptAbove: 300 },
      },
      {
        ...claimDto({ _id: claimId(3), claimId: 'EC0003', user: RAVI, title: 'Not mine' }),
        lines: [],
        missingReceipts: [],
        rules: { ratePerKm: 4.5, receiptAbove: 300 },
      },
    ];
    show();
    const mine = await screen.findByRole('list', { name: 'My claims' });
    const items = within(mine).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'EC0001, School visits in Cuttack',
      'EC0002, Travel to Puri',
    ]);
    expect(items[0]!.textContent).toContain('₹240.50');
    expect(items[0]!.textContent).toContain('12/11/2026 · 1 expense');
    expect(within(items[0]!).getByText('Draft')).toBeTruthy();
    expect(
      within(items[0]!).getByRole('link', { name: 'EC0001 · School visits in Cuttack' }).getAttribute('href'),
    ).toBe(`/hrm/expenses/${claimId(1)}`);
    expect(items[1]!.textContent).toContain('₹1,250.00');
    expect(items[1]!.textContent).toContain('02/11/2026 – 05/11/2026 · 3 expenses');
    expect(items[1]!.textContent).toContain('Rejected by Meera Manager: Add the bus tickets');
    const asked = new URLSearchParams(callsTo(net.calls, 'GET', '/hrm/expenses')[0]!.url.split('?')[1]);
    expect(asked.getAll('filters[user][]')).toEqual(['a'.repeat(24)]);
    expect(asked.get('sortBy')).toBe('createdAt');
  });

  it('says so when I have no claims, and offers New claim only with create on expense', async () => {
    show();
    expect(await screen.findByText(/You have no expense claims yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New claim' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New claim' }));
    await waitFor(() => expect(where.hash).toBe('#new-claim'));
  });

  it('offers only My claims to someone who may only read, without New claim', async () => {
    net.me = meWith({ expense: ['read'] });
    show('/hrm/expenses?view=team');
    await screen.findByRole('table', { name: 'Totals 2026' });
    expect(screen.queryByRole('button', { name: 'New claim' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Waiting for you' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'All claims' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Rules' })).toBeNull();
  });

  it('offers the rules to whoever may update the company settings, checked by the schema and saved with PUT', async () => {
    net.me = meWith({ expense: ['read'], 'company-settings': ['read', 'update'] });
    show('/hrm/expenses?view=rules');
    const form = await screen.findByRole('form', { name: 'Expense rules' }, { timeout: 15_000 });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Rules' }).checked).toBe(true);
    const rate = within(form).getByLabelText<HTMLInputElement>(/^Rate per km/);
    expect(rate.value).toBe('4.5');
    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(EXPENSE_MESSAGES.rateInvalid)).toBeTruthy();
    expect(callsTo(net.calls, 'PUT', '/hrm/expenses/rules')).toHaveLength(0);

    fireEvent.change(rate, { target: { value: '5.25' } });
    fireEvent.change(within(form).getByLabelText(/^Receipt needed above/), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(net.calls, 'PUT', '/hrm/expenses/rules')).toHaveLength(1));
    expect(callsTo(net.calls, 'PUT', '/hrm/expenses/rules')[0]!.body).toEqual({
      ratePerKm: 5.25,
      receiptAbove: 500,
    });
    expect(await screen.findByText(EXPENSE_MESSAGES.rulesSaved)).toBeTruthy();
  });
});
