import type { HolidayDto, HrmDashboard, TaskDto } from '@karya/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { HrmDashboardPage } from './hrm-dashboard-page';

const withTasks: Record<string, string[]> = { task: ['read'], profile: ['read'] };
const asha = { name: 'Asha Das' };
let me = meWith(withTasks, asha);

const task = (id: string, over: Partial<TaskDto>): TaskDto =>
  ({
    _id: id.padStart(24, '0'),
    title: `Task ${id}`,
    description: null,
    status: 'Scheduled',
    priority: 'Medium',
    date: '2030-01-01',
    time: null,
    deadline: null,
    reason: null,
    assignedTo: [],
    assignedBy: null,
    createdBy: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    isDeleted: false,
    deletedAt: null,
    deletedBy: null,
    ...over,
  }) as TaskDto;

const holiday = (id: string, over: Partial<HolidayDto>): HolidayDto => ({
  _id: id.padStart(24, '0'),
  date: '2030-01-26',
  name: 'Republic Day',
  kind: 'National',
  region: 'IN',
  ...over,
});

const full: HrmDashboard = {
  tasks: {
    visible: true,
    openCount: 7,
    overdue: [
      task('1', {
        title: 'Submit the expense report',
        deadline: '2020-01-02',
        priority: 'High',
        status: 'Pending',
      }),
    ],
    upcoming: [
      task('2', { title: 'Visit the school in Cuttack', date: '2030-02-01', status: 'In Progress' }),
    ],
  },
  holidays: [
    holiday('3', {}),
    holiday('4', { date: '2030-04-01', name: 'Utkala Dibasa', kind: 'State', region: 'OD' }),
  ],
  attendance: { visible: false, today: null, team: null, pendingCorrections: 0 },
  leave: { visible: false, balances: [], myPending: 0, pendingApprovals: 0 },
  expenses: { visible: false, myOpen: 0, myOpenAmount: 0, pendingApprovals: 0, toPay: 0 },
};
const NO_ATTENDANCE = { visible: false, today: null, team: null, pendingCorrections: 0 };
const NO_LEAVE = { visible: false, balances: [], myPending: 0, pendingApprovals: 0 };
const NO_EXPENSES = { visible: false, myOpen: 0, myOpenAmount: 0, pendingApprovals: 0, toPay: 0 };

let dashboard: HrmDashboard | null = full;

stubNetwork(
  () => me,
  (method, url) => {
    if (method !== 'GET' || url !== '/api/hrm/dashboard') return undefined;
    return dashboard ? envelope(dashboard) : envelope(null, 500, 'Internal server error');
  },
);

const open = (data: HrmDashboard | null, permissions = withTasks) => {
  dashboard = data;
  me = meWith(permissions, asha);
  render(
    <Wrap path="/hrm">
      <HrmDashboardPage />
    </Wrap>,
  );
};

describe('HRM dashboard', () => {
  it("shows the user's overdue and upcoming tasks and the coming holidays", async () => {
    open(full);
    const overdue = await screen.findByRole('region', { name: 'Overdue tasks' });
    const overdueLink = within(overdue).getByRole('link', { name: 'Submit the expense report' });
    expect(overdueLink.getAttribute('href')).toBe(`/hrm/tasks/${'1'.padStart(24, '0')}`);
    expect(within(overdue).getByText('Deadline: 02/01/2020')).toBeTruthy();
    expect(within(overdue).getByText('High')).toBeTruthy();
    expect(within(overdue).getByText('Pending')).toBeTruthy();

    const upcoming = screen.getByRole('region', { name: 'Upcoming tasks' });
    expect(within(upcoming).getByRole('link', { name: 'Visit the school in Cuttack' })).toBeTruthy();
    expect(within(upcoming).getByText('Date: 01/02/2030')).toBeTruthy();
    expect(within(upcoming).getByText('Medium')).toBeTruthy();
    expect(within(upcoming).getByText('In Progress')).toBeTruthy();

    expect(screen.getByText('My open tasks')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all tasks' }).getAttribute('href')).toBe('/hrm/tasks');

    const holidays = screen.getByRole('region', { name: 'Holidays' });
    const items = within(holidays).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Republic Day')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('26/01/2030, Saturday')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('National')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Utkala Dibasa')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('01/04/2030, Monday')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Odisha')).toBeTruthy();
    expect(screen.queryByTitle(/calendar/i)).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says so when there is nothing to show', async () => {
    open({
      tasks: { visible: true, openCount: 0, overdue: [], upcoming: [] },
      holidays: [],
      attendance: NO_ATTENDANCE,
      leave: NO_LEAVE,
      expenses: NO_EXPENSES,
    });
    const overdue = await screen.findByRole('region', { name: 'Overdue tasks' });
    expect(within(overdue).getByText('No overdue tasks')).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Upcoming tasks' });
    expect(within(upcoming).getByText('No upcoming tasks')).toBeTruthy();
    const holidays = screen.getByRole('region', { name: 'Holidays' });
    expect(within(holidays).getByText('No upcoming holidays')).toBeTruthy();
  });

  it('shows nothing about tasks to a user who may not read them', async () => {
    open(
      {
        tasks: { visible: false, openCount: 0, overdue: [], upcoming: [] },
        holidays: full.holidays,
        attendance: NO_ATTENDANCE,
        leave: NO_LEAVE,
        expenses: NO_EXPENSES,
      },
      {
        profile: ['read'],
      },
    );
    const holidays = await screen.findByRole('region', { name: 'Holidays' });
    expect(within(holidays).getByText('Republic Day')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Overdue tasks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Upcoming tasks' })).toBeNull();
    expect(screen.queryByText('My open tasks')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View all tasks' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Tasks/ })).toBeNull();
  });

  it('keeps the greeting and offers a retry when the dashboard cannot load', async () => {
    open(null);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the dashboard')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Good (morning|afternoon|evening), Asha$/ })).toBeTruthy();
  });

  it('shows my day with the way to check in, and my team’s day to a manager (issue 28)', async () => {
    open({
      ...full,
      attendance: {
        visible: true,
        today: {
          date: '2030-01-02',
          status: 'Present',
          firstIn: '2030-01-02T04:12:00.000Z',
          lastOut: null,
          workedMinutes: 90,
          late: true,
          missingCheckOut: false,
          open: true,
          holiday: null,
          visits: 0,
        },
        team: { total: 6, counts: { Present: 3, 'On Field': 1, 'Not in yet': 2 } },
        pendingCorrections: 2,
      },
    });
    const mine = await screen.findByRole('region', { name: 'My attendance today' });
    // India time, wherever the phone is (attendance is counted in India time).
    expect(within(mine).getByText('Checked in at 09:42 AM')).toBeTruthy();
    expect(within(mine).getByText('Late')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe(
      '/hrm/attendances',
    );
    expect(screen.getByText('My team today')).toBeTruthy();
    expect(screen.getByText('at work of 6')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Not in yet: 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Corrections waiting for you: 2' })).toBeTruthy();
  });

  it('shows my leave balances, and links a manager to the applications waiting for them (issue 28)', async () => {
    open({
      ...full,
      leave: {
        visible: true,
        balances: [
          { leaveType: 'Casual', limited: true, allocated: 12, taken: 3, pending: 1, available: 8 },
          { leaveType: 'Sick', limited: true, allocated: 12, taken: 0, pending: 0, available: 12 },
          { leaveType: 'Earned', limited: true, allocated: 15, taken: 15, pending: 0, available: 0 },
          { leaveType: 'Unpaid', limited: false, allocated: 0, taken: 2, pending: 0, available: null },
        ],
        myPending: 1,
        pendingApprovals: 3,
      },
    });
    const card = await screen.findByRole('region', { name: 'My leave this year' });
    const rows = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Casual leave8 of 12 days left',
      'Sick leave12 of 12 days left',
      'Earned leave0 of 15 days left',
      'Leave without payNo limit',
    ]);
    expect(within(card).getByText('One of your applications waits for a decision')).toBeTruthy();
    const waiting = within(card).getByRole('link', { name: '3 leave applications wait for you' });
    expect(waiting.getAttribute('href')).toBe('/hrm/leaves?view=team');
    expect(within(card).getByRole('link', { name: 'My leave' }).getAttribute('href')).toBe('/hrm/leaves');
  });

  it('says nothing of approvals when none wait, and nothing of leave without read on it', async () => {
    open({
      ...full,
      leave: {
        visible: true,
        balances: [
          { leaveType: 'Casual', limited: true, allocated: 12, taken: 0, pending: 0, available: 12 },
        ],
        myPending: 0,
        pendingApprovals: 0,
      },
    });
    const card = await screen.findByRole('region', { name: 'My leave this year' });
    expect(within(card).queryByRole('link', { name: /wait for you|waits for you/ })).toBeNull();
    expect(within(card).queryByText(/waits? for a decision/)).toBeNull();
    cleanup();

    open(full);
    await screen.findByRole('region', { name: 'Holidays' });
    expect(screen.queryByRole('region', { name: 'My leave this year' })).toBeNull();
  });

  it('shows my open claims and their amount, and links what waits for my decision or payment (issue 28)', async () => {
    open(
      {
        ...full,
        expenses: { visible: true, myOpen: 2, myOpenAmount: 1840.5, pendingApprovals: 3, toPay: 1 },
      },
      { ...withTasks, expense: ['read', 'update', 'pay'] },
    );
    const card = await screen.findByRole('region', { name: 'Expenses' });
    expect(within(card).getByText('₹1,840.50')).toBeTruthy();
    expect(within(card).getByText('In 2 open claims of yours')).toBeTruthy();
    const waiting = within(card).getByRole('link', { name: '3 claims wait for your decision' });
    expect(waiting.getAttribute('href')).toBe('/hrm/expenses?view=team');
    const toPay = within(card).getByRole('link', { name: '1 approved claim to pay' });
    expect(toPay.getAttribute('href')).toBe('/hrm/expenses?view=team');
    expect(within(card).getByRole('link', { name: 'My claims' }).getAttribute('href')).toBe('/hrm/expenses');
  });

  it('says nothing of claims to pay without pay, and nothing of expenses without read on them', async () => {
    open(
      {
        ...full,
        expenses: { visible: true, myOpen: 0, myOpenAmount: 0, pendingApprovals: 0, toPay: 4 },
      },
      { ...withTasks, expense: ['read'] },
    );
    const card = await screen.findByRole('region', { name: 'Expenses' });
    expect(within(card).getByText('No open claims of yours')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /to pay|for your decision/ })).toBeNull();
    cleanup();

    open(full);
    await screen.findByRole('region', { name: 'Holidays' });
    expect(screen.queryByRole('region', { name: 'Expenses' })).toBeNull();
  });
});
