import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, Wrap, where } from '../../test/harness';
import { AttendancePage } from './attendance-page';
import { at, callsTo, day, monthDto, stubAttendanceNetwork, TODAY, teamDto } from './test-records';

const net = stubAttendanceNetwork();

const show = (path = '/hrm/attendances') =>
  render(
    <Wrap path={path} signedIn>
      <AttendancePage />
    </Wrap>,
  );
const monthCalls = () =>
  callsTo(net.calls, 'GET', '/hrm/attendances/month').map((c) => new URLSearchParams(c.url.split('?')[1]));

const OCTOBER = monthDto('2026-10', {
  '2026-10-01': {
    status: 'Present',
    firstIn: at('2026-10-01', '09:20'),
    lastOut: at('2026-10-01', '18:35'),
    workedMinutes: 555,
  },
  '2026-10-02': { status: 'Holiday', holiday: 'Gandhi Jayanti' },
  '2026-10-04': { status: 'Weekly Off' },
  '2026-10-05': {
    status: 'Half Day',
    firstIn: at('2026-10-05', '09:58'),
    lastOut: at('2026-10-05', '13:10'),
    workedMinutes: 192,
    late: true,
  },
  '2026-10-06': { status: 'Absent' },
  '2026-10-07': { status: 'On Leave' },
  '2026-10-08': { status: 'On Field', visits: 3 },
  '2026-10-09': { status: 'Present', firstIn: at('2026-10-09', '09:25'), missingCheckOut: true },
});

describe('attendance page: my month', () => {
  it("draws the month's statuses in a calendar from Monday, with the count per status", async () => {
    net.months['2026-10'] = OCTOBER;
    show('/hrm/attendances?month=2026-10');
    const table = await screen.findByRole('table', { name: 'Attendance, October 2026' });
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
        (d) => `${d.slice(0, 3)}${d}`,
      ),
    );
    // 1 October 2026 is a Thursday: three empty places before it.
    const firstWeek = within(table).getAllByRole('row')[1]!;
    expect(
      within(firstWeek)
        .getAllByRole('cell')
        .map((c) => c.querySelector('button')?.dataset.date ?? ''),
    ).toEqual(['', '', '', '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    expect(
      within(table).getByRole('button', {
        name: 'Thursday, 1 October 2026, Present, in 09:20 AM, out 06:35 PM',
      }),
    ).toBeTruthy();
    expect(
      within(table).getByRole('button', { name: 'Friday, 2 October 2026, Holiday, holiday: Gandhi Jayanti' }),
    ).toBeTruthy();
    expect(
      within(table).getByRole('button', {
        name: 'Monday, 5 October 2026, Half Day, in 09:58 AM, out 01:10 PM, late',
      }),
    ).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Tuesday, 6 October 2026, Absent' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Wednesday, 7 October 2026, On Leave' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Thursday, 8 October 2026, On Field' })).toBeTruthy();
    expect(
      within(table).getByRole('button', {
        name: 'Friday, 9 October 2026, Present, in 09:25 AM, check-out missing',
      }),
    ).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Sunday, 4 October 2026, Weekly Off' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Saturday, 31 October 2026, no status' })).toBeTruthy();
    // Each status's colour, and the short code a phone shows.
    const cell = within(table).getByRole('button', { name: /^Monday, 5 October 2026/ });
    expect(cell.textContent).toContain('HD');
    expect(cell.textContent).toContain('Half Day');
    expect(cell.textContent).toContain('Late');

    const summary = within(screen.getByRole('list', { name: 'Days by status' }));
    expect(summary.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'PPresent 2',
      'HDHalf Day 1',
      'AAbsent 1',
      'LOn Leave 1',
      'HHoliday 1',
      'WOWeekly Off 1',
      'FOn Field 1',
    ]);
  });

  it("opens a day's details by click and moves between days with the arrow keys", async () => {
    net.months['2026-10'] = OCTOBER;
    show('/hrm/attendances?month=2026-10');
    const table = await screen.findByRole('table', { name: 'Attendance, October 2026' });
    // One day in the tab order (the 1st, as today is not in October).
    expect(
      within(table)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0)
        .map((b) => b.dataset.date),
    ).toEqual(['2026-10-01']);
    fireEvent.click(within(table).getByRole('button', { name: /^Monday, 5 October 2026/ }));
    const details = screen.getByRole('region', { name: 'Details of Monday, 5 October 2026' });
    expect(details.textContent).toContain('3 h 12 min');
    expect(details.textContent).toContain('Late: the first check-in came after office start');

    fireEvent.keyDown(within(table).getByRole('button', { name: /^Monday, 5 October 2026/ }), {
      key: 'ArrowDown',
    });
    const next = screen.getByRole('region', { name: 'Details of Monday, 12 October 2026' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-10-12');
    expect(next.textContent).toContain('No status yet');
    fireEvent.click(within(next).getByRole('button', { name: 'Close day details' }));
    expect(screen.queryByRole('region', { name: /^Details of/ })).toBeNull();
  });

  it('outlines today, and the month buttons change the month in the URL', async () => {
    net.months['2026-11'] = monthDto('2026-11', { [TODAY]: { status: 'Present', open: true } });
    show();
    const table = await screen.findByRole('table', { name: 'Attendance, November 2026' });
    expect(within(table).getByRole('button', { current: 'date' }).dataset.date).toBe(TODAY);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await screen.findByRole('table', { name: 'Attendance, October 2026' });
    expect(where.search).toBe('?month=2026-10');
    expect(monthCalls().map((p) => p.get('month'))).toContain('2026-10');
    fireEvent.click(screen.getByRole('button', { name: 'Back to this month' }));
    await screen.findByRole('table', { name: 'Attendance, November 2026' });
    expect(where.search).toBe('');
  });

  it('a failed month says so and Retry asks again', async () => {
    let fail = true;
    net.months['2026-10'] = OCTOBER;
    net.answer = (method, url) =>
      fail && method === 'GET' && url.includes('month=2026-10')
        ? envelope(null, 500, 'Server error')
        : undefined;
    show('/hrm/attendances?month=2026-10');
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('Could not load');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Attendance, October 2026' })).toBeTruthy();
  });
});

describe('attendance page: team', () => {
  const RAVI = 'e'.repeat(24);
  const members = [
    {
      user: { _id: RAVI, name: 'Ravi Kumar' },
      teams: ['Sales East'],
      day: day(TODAY, {
        status: 'Present' as const,
        firstIn: at(TODAY, '09:50'),
        workedMinutes: 0,
        late: true,
      }),
    },
    { user: { _id: 'f'.repeat(24), name: 'Sunita Rao' }, teams: ['Sales East'], day: day(TODAY) },
  ];

  it('offers no team view when the user manages no team', async () => {
    net.team = teamDto(false);
    show();
    await screen.findByRole('table', { name: 'Attendance, November 2026' });
    await waitFor(() => expect(callsTo(net.calls, 'GET', '/hrm/attendances/team')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('radio', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it("a manager sees the team's day, and a member opens their month", async () => {
    net.team = teamDto(true, members);
    net.months['2026-11'] = monthDto('2026-11');
    show();
    fireEvent.click(await screen.findByRole('radio', { name: 'Team' }));
    expect(where.search).toBe('?view=team');
    const list = within(await screen.findByRole('list', { name: 'Team members' }));
    expect(list.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Ravi Kumar: Present, In 09:50 AM, Worked 0 min, late. Open their month',
      'Sunita Rao: no status yet. Open their month',
    ]);
    expect(screen.getByRole('heading', { name: 'Today, Monday, 16 November 2026' })).toBeTruthy();

    net.answer = (method, url) =>
      method === 'GET' && url.includes(`user=${RAVI}`)
        ? envelope(monthDto('2026-11', {}, { user: { _id: RAVI, name: 'Ravi Kumar' } }))
        : undefined;
    fireEvent.click(list.getByRole('link', { name: /^Ravi Kumar/ }));
    await waitFor(() => expect(where.search).toBe(`?user=${RAVI}&month=2026-11`));
    await waitFor(() => expect(monthCalls().some((p) => p.get('user') === RAVI)).toBe(true));
    expect(
      (await screen.findByText('Ravi Kumar', { selector: 'strong' })).closest('div')?.textContent,
    ).toContain('Attendance of Ravi Kumar');
    fireEvent.click(screen.getByRole('button', { name: 'Back to my attendance' }));
    await waitFor(() => expect(where.search).toBe('?month=2026-11'));
  });

  it('a team call that fails leaves my month as it is, without a team view', async () => {
    net.answer = (method, url) =>
      method === 'GET' && url.startsWith('/api/hrm/attendances/team')
        ? envelope(null, 500, 'Server error')
        : undefined;
    show();
    expect(await screen.findByRole('table', { name: 'Attendance, November 2026' })).toBeTruthy();
    await waitFor(() => expect(callsTo(net.calls, 'GET', '/hrm/attendances/team')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: 'Team' })).toBeNull();
  });
});
