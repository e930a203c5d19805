import { todayInAppZone, type WinLoss, winLossDefaultFrom } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, pick, stubNetwork, Wrap } from '../../test/harness';
import { winLossFileName, winLossSheets } from './export-win-loss';
import { WinLossPage } from './win-loss-page';

const seller = { _id: 'b'.repeat(24), name: 'Priya Mohanty', email: 'priya@karya.test', image: null };

const answer: WinLoss = {
  from: '2026-01-01',
  to: '2026-03-31',
  createdBy: null,
  totals: { month: '2026-01..2026-03', won: 3, lost: 2, wonValue: 300000, lostValue: 150000, winRate: 0.6 },
  months: [
    { month: '2026-01', won: 1, lost: 0, wonValue: 100000, lostValue: 0 },
    { month: '2026-02', won: 0, lost: 2, wonValue: 0, lostValue: 150000 },
    { month: '2026-03', won: 2, lost: 0, wonValue: 200000, lostValue: 0 },
  ],
  byInstitutionType: [
    { key: 'School', won: 2, lost: 1, winRate: 2 / 3 },
    { key: 'Private Company', won: 1, lost: 1, winRate: 0.5 },
  ],
  byDistrict: [{ key: 'Cuttack', won: 3, lost: 2, winRate: 0.6 }],
  lostByCompetitor: [{ key: 'Kalinga Digital', count: 1, value: 100000 }],
  lostByReason: [
    { key: 'Price too high', count: 2, value: 150000 },
    { key: 'Delivery in 8 weeks', count: 1, value: 100000 },
  ],
  lostTo: [
    { key: 'Competitor', count: 1, value: 100000 },
    { key: 'No Decision', count: 1, value: 50000 },
  ],
  daysToApproval: {
    count: 3,
    median: 12,
    average: 14.3,
    buckets: [
      { key: '0-7', label: 'Within a week', count: 1 },
      { key: '8-30', label: '8 to 30 days', count: 2 },
      { key: '31-60', label: '31 to 60 days', count: 0 },
      { key: '61-90', label: '61 to 90 days', count: 0 },
      { key: '91+', label: 'Over 90 days', count: 0 },
    ],
  },
};

let failing = false;
const calls = stubNetwork(
  () => meWith({ 'rejection-analysis': ['read'], quotation: ['read'], user: ['suggestion'] }),
  (method, url) => {
    if (method === 'GET' && url.startsWith('/api/crm/win-loss'))
      return failing ? envelope(null, 500, 'Internal server error') : envelope(answer);
    if (method === 'GET' && url.startsWith('/api/admin/users/suggestion')) return envelope([seller]);
    return undefined;
  },
);

const open = () =>
  render(
    <Wrap path="/admin/wins-and-losses" signedIn>
      <WinLossPage />
    </Wrap>,
  );

const winLossCalls = () => calls.filter((c) => c.url.startsWith('/api/crm/win-loss')).map((c) => c.url);

describe('wins and losses page', () => {
  it('asks for the last 12 months and shows the totals', async () => {
    open();
    expect(await screen.findByText('of 5 decisions')).toBeTruthy();
    expect(winLossCalls()[0]).toBe(`/api/crm/win-loss?from=${winLossDefaultFrom()}&to=${todayInAppZone()}`);
    expect(screen.getByText('of 5 decisions')).toBeTruthy();
    expect(screen.getByText('median; average 14.3')).toBeTruthy();
  });

  it('puts every chart’s numbers in a table named like the chart', async () => {
    open();
    const months = await screen.findByRole('table', { name: 'Won and lost per month' });
    const rows = within(months).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MonthWonLostWon valueLost value',
      'Jan 202610₹1,00,000.00₹0.00',
      'Feb 202602₹0.00₹1,50,000.00',
      'Mar 202620₹2,00,000.00₹0.00',
    ]);
    expect(within(months).getByRole('rowheader', { name: 'Feb 2026' })).toBeTruthy();
    const types = screen.getByRole('table', { name: 'Win rate by institution type' });
    expect(within(types).getByRole('row', { name: /School/ }).textContent).toBe('School2166.7%');
    const reasons = screen.getByRole('table', { name: 'Lost value by reason' });
    expect(within(reasons).getByRole('row', { name: /Price too high/ }).textContent).toBe(
      'Price too high2₹1,50,000.00',
    );
    const competitors = screen.getByRole('table', { name: 'Lost value by competitor' });
    expect(within(competitors).getByText('Kalinga Digital')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Lost to a competitor or to no decision' })).toBeTruthy();
    const days = screen.getByRole('table', { name: 'Days from requirement to approval' });
    expect(within(days).getByRole('row', { name: /8 to 30 days/ }).textContent).toBe('8 to 30 days2');
    // Each chart is drawn for the eye; its table is what assistive technology reads.
    for (const section of screen.getAllByRole('region'))
      expect(section.querySelector('[aria-hidden="true"]')).toBeTruthy();
  });

  it('asks again for one sales executive', async () => {
    open();
    await screen.findByText('of 5 decisions');
    // The filters arrive in their own chunk.
    await screen.findByRole('textbox', { name: 'Sales executive' });
    await pick('Sales executive', 'Priya Mohanty');
    await waitFor(() => expect(winLossCalls().at(-1)).toContain(`createdBy=${seller._id}`));
  });

  it('exports every table as a sheet, numbers as numbers', () => {
    const sheets = winLossSheets(answer, 'Priya Mohanty');
    expect(winLossFileName(answer)).toBe('Wins_and_Losses_2026-01-01_2026-03-31.xlsx');
    expect(sheets.map((s) => s.name)).toEqual([
      'Summary',
      'Months',
      'Institution types',
      'Districts',
      'Competitors',
      'Reasons',
      'Lost to',
      'Days to approval',
    ]);
    expect(sheets[0]!.rows).toContainEqual(['Win rate (%)', 60]);
    expect(sheets[0]!.rows).toContainEqual(['Sales executive', 'Priya Mohanty']);
    expect(sheets[1]!.rows[1]).toEqual(['Feb 2026', 0, 2, 0, 150000]);
    expect(sheets[2]!.rows[0]).toEqual(['School', 2, 1, 66.7]);
  });

  it('says when the figures cannot be loaded, and asks again on Try again', async () => {
    failing = true;
    open();
    expect(await screen.findByText('The figures could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('of 5 decisions')).toBeTruthy();
  });
});
