import type { CrmDashboard, FollowUpSummary } from '@karya/domain';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { CrmDashboardPage, FOLLOW_UPS_DUE_CHART } from './crm-dashboard-page';

const id = (n: number) => String(n).padStart(24, '0');
const followUp = (n: number, over: Partial<FollowUpSummary>): FollowUpSummary => ({
  _id: id(n),
  followUpId: n,
  customer: { _id: id(100 + n), name: `Customer ${n}` },
  type: 'Call',
  reason: 'Requirement',
  date: '2026-03-12',
  time: '10:30',
  status: 'Scheduled',
  planned: false,
  ...over,
});
const perDay = Array.from({ length: 8 }, (_, i) => ({
  date: `2026-03-${String(11 + i).padStart(2, '0')}`,
  count: [3, 0, 5, 1][i] ?? 0,
}));

const full: CrmDashboard = {
  customers: {
    total: 1234,
    new: 2,
    newCustomers: [
      { _id: id(1), customerId: 42, name: 'DAV Public School', type: 'Organization', email: 'dav@school.in' },
      { _id: id(2), customerId: 43, name: 'Prakash Nayak', type: 'Individual', email: null },
    ],
  },
  followUps: {
    total: 321,
    // Agreeing with the chart: today's bar is dueToday, the other days add up to upcoming.
    upcoming: 6,
    upcomingFollowUps: [
      followUp(7, { customer: { _id: id(107), name: 'Stewart School' } }),
      followUp(9, { date: '2026-03-13', type: 'Visit', status: 'Completed', planned: true }),
    ],
    noResponseFollowUps: [followUp(8, { date: '2026-03-09', status: 'Completed', type: 'Visit' })],
    overdue: 4,
    dueToday: 3,
    perDay,
  },
  requirements: {
    newRequirements: 3,
    new: 11,
    open: 17,
    closed: 8,
    total: 25,
    byStatus: [
      { status: 'Open', count: 11 },
      { status: 'In Progress', count: 6 },
      { status: 'Completed', count: 1 },
      { status: 'Closed', count: 7 },
    ],
  },
  productItems: { totalCount: 50, verifiedCount: 40, unverifiedCount: 8 },
  quotations: { total: 9, new: 2, draft: 5, pendingReview: 3, approved: 3, rejected: 1, draftValue: 125000 },
};

let answer: CrmDashboard | null = full;
const calls = stubNetwork(
  () => meWith({ crm: ['read'] }),
  (method, url) =>
    method === 'GET' && url === '/api/crm/dashboard'
      ? answer
        ? envelope(answer)
        : envelope(null, 500, 'Internal server error')
      : undefined,
);

const open = (data: CrmDashboard | null) => {
  answer = data;
  render(
    <Wrap path="/crm">
      <CrmDashboardPage />
    </Wrap>,
  );
};

describe('CRM dashboard', () => {
  it('shows the figures, the queue and the lists with links', async () => {
    open(full);
    expect(await screen.findByText('1,234')).toBeTruthy();
    const followUps = screen.getByText('Follow-ups').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(followUps).getByText('321')).toBeTruthy();
    // Each opens the follow-up list on its due chip.
    for (const [label, value] of [
      ['Overdue', '4'],
      ['Due today', '3'],
      ['Upcoming (next 7 days)', '6'],
    ])
      expect(
        within(followUps)
          .getByRole('link', { name: `${label}: ${value}` })
          .getAttribute('href'),
      ).toBe('/crm/follow-ups');
    // Requirements by status, as the chart names them: no two words for one thing.
    const requirements = screen.getByText('Requirements').closest('.mantine-Paper-root') as HTMLElement;
    for (const text of ['Open: 11', 'In progress: 6', 'Completed or closed: 8'])
      expect(within(requirements).getByText(text.split(':')[0]!, { exact: false }).textContent).toBe(text);
    // Quotations: by the active version's status and the review queue.
    const quotations = screen.getByText('Quotations').closest('.mantine-Paper-root') as HTMLElement;
    for (const text of ['Draft: 5', 'Waiting for review: 3', 'Approved: 3', 'Rejected: 1'])
      expect(within(quotations).getByText(text.split(':')[0]!, { exact: false }).textContent).toBe(text);
    // A planned next follow-up says so beside the follow-up that planned it.
    expect(screen.getByText('· next visit', { exact: false })).toBeTruthy();

    const customerLink = screen.getByRole('link', { name: 'CI0042' });
    expect(customerLink.getAttribute('href')).toBe(`/crm/customers/${id(1)}`);
    expect(screen.getByText('—')).toBeTruthy(); // the individual without an e-mail

    expect(screen.getByRole('link', { name: 'FI0007' }).getAttribute('href')).toBe(
      `/crm/follow-ups/${id(7)}`,
    );
    expect(screen.getByRole('link', { name: 'Stewart School' }).getAttribute('href')).toBe(
      `/crm/customers/${id(107)}`,
    );
    expect(screen.getByText('12/03/2026 10:30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FI0008' })).toBeTruthy();
    expect(screen.getByText('09/03/2026 10:30')).toBeTruthy();
  });

  it('draws the follow-ups per day and the requirements by status as charts with accessible labels', async () => {
    open(full);
    const days = await screen.findByRole('img', { name: FOLLOW_UPS_DUE_CHART });
    const said = days.getAttribute('aria-describedby');
    const description = document.getElementById(said ?? '')?.textContent ?? '';
    expect(description).toContain(
      'Overdue: 4 follow-ups; Today (still ahead), Wednesday 11 March: 3 follow-ups',
    );
    expect(description).toContain('Thursday 12 March: 0 follow-ups');
    expect(description).toContain('Friday 13 March: 5 follow-ups');
    expect(description).toContain('Saturday 14 March: 1 follow-up;');
    expect(description).toMatch(/Wednesday 18 March: 0 follow-ups$/);
    expect(days.querySelectorAll('rect')).toHaveLength(9);
    // Bars are as tall as their share of the largest: 5 is the full height, 0 draws nothing.
    const heights = [...days.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(heights[3]).toBe(Math.max(...heights));
    expect(heights[1]).toBe(Math.round((3 / 5) * heights[3]!));
    expect(heights[2]).toBe(0);

    const statuses = screen.getByRole('img', { name: 'Requirements by status' });
    const text = document.getElementById(statuses.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(text).toBe(
      'Open: 11 requirements; In Progress: 6 requirements; Completed: 1 requirement; Closed: 7 requirements',
    );
    expect(within(statuses as unknown as HTMLElement).getByText('In Progress')).toBeTruthy();
  });

  it('says there is nothing to show on an empty database', async () => {
    open({
      ...full,
      customers: { total: 0, new: 0, newCustomers: [] },
      followUps: {
        ...full.followUps,
        upcomingFollowUps: [],
        noResponseFollowUps: [],
        overdue: 0,
        perDay: perDay.map((d) => ({ ...d, count: 0 })),
      },
    });
    expect(await screen.findByText('Nothing to show yet.')).toBeTruthy();
    expect(screen.getAllByText('No data available')).toHaveLength(3);
  });

  it('refreshes on window focus, on reconnect and every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open(full);
      await screen.findByText('1,234');
      const loads = () => calls.filter((c) => c.url === '/api/crm/dashboard').length;
      expect(loads()).toBe(1);
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(loads()).toBe(2));
      act(() => {
        onlineManager.setOnline(false);
        onlineManager.setOnline(true);
      });
      await waitFor(() => expect(loads()).toBe(3));
      await act(() => vi.advanceTimersByTimeAsync(59_000));
      expect(loads()).toBe(3);
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(loads()).toBe(4));
    } finally {
      focusManager.setFocused(undefined);
      vi.useRealTimers();
    }
  });

  it('offers a retry when the dashboard cannot load', async () => {
    open(null);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
