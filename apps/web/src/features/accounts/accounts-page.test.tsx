import { ACCOUNTS_MESSAGES, DEFAULT_LEDGER_NAMES, type MeDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { AccountsPage } from './accounts-page';
import { defaultGstr1Month, financialYear, quickRange, recentMonths } from './periods';

let me: MeDto = meWith({ accounts: ['read', 'export-tally', 'export-gstr1', 'export-registers', 'update'] });
const calls = stubNetwork(
  () => me,
  (method, url, body) => {
    if (url === '/api/admin/accounts/ledgers')
      return envelope(method === 'PATCH' ? body : DEFAULT_LEDGER_NAMES);
    return undefined;
  },
);

const open = () =>
  render(
    <Wrap path="/admin/accounts" signedIn>
      <AccountsPage />
    </Wrap>,
  );

describe('accounts page', () => {
  it('offers each export only with its own action; ledger names read-only without update', async () => {
    me = meWith({ accounts: ['read', 'export-registers'] });
    open();
    expect(await screen.findByRole('button', { name: 'Sales register' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export to Tally' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download GSTR-1 workbook' })).toBeNull();
    expect(((await screen.findByLabelText(/Output CGST/)) as HTMLInputElement).value).toBe('Output CGST');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('refuses a range the wrong way round with the server’s message, before asking', async () => {
    me = meWith({ accounts: ['read', 'export-tally', 'export-gstr1', 'export-registers', 'update'] });
    open();
    fireEvent.change(await screen.findByLabelText(/From/), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText(/To/), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export to Tally' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNTS_MESSAGES.order);
    expect(calls.some((c) => c.url.includes('/admin/accounts/tally'))).toBe(false);
  });

  it('saves the ledger names, all ten, and refuses two ledgers alike', async () => {
    me = meWith({ accounts: ['read', 'update'] });
    open();
    const sales = (await screen.findByLabelText(/Sales \(within the state\)/)) as HTMLInputElement;
    fireEvent.change(sales, { target: { value: 'Purchase @ {rate}%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNTS_MESSAGES.ledgerDistinct)).toBeTruthy();
    fireEvent.change(sales, { target: { value: 'Local Sales {rate}%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!;
    expect(sent.body).toEqual({ ...DEFAULT_LEDGER_NAMES, sales: 'Local Sales {rate}%' });
  });
});

describe('periods', () => {
  it('months and financial years in one tap', () => {
    expect(financialYear('2027-02-10')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(quickRange('Last month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quickRange('This month', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(quickRange('This financial year', '2026-03-15')).toEqual({ from: '2025-04-01', to: '2026-03-15' });
    expect(quickRange('Last financial year', '2026-04-02')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(defaultGstr1Month('2026-01-05')).toBe('2025-12');
    expect(recentMonths('2026-01-05', 2)).toEqual([
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });
});
