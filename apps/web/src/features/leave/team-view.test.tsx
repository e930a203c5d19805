import { LEAVE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Wrap, where } from '../../test/harness';
import { LeavePage } from './leave-page';
import { callsTo, leaveDto, leaveId, RAVI, SUNITA, stubLeaveNetwork } from './test-records';

/** A lazy chunk's first load in a test (the form kit, the calendar) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubLeaveNetwork();

const show = (path = '/hrm/leaves?view=team') =>
  render(
    <Wrap path={path} signedIn>
      <LeavePage />
    </Wrap>,
  );

const ravi = leaveDto({ _id: leaveId(1), user: RAVI, canDecide: true, canCancel: true });
const sunita = leaveDto({
  _id: leaveId(2),
  user: SUNITA,
  leaveType: 'Sick',
  from: '2026-11-18',
  to: '2026-11-18',
  half: 'first',
  days: 0.5,
  reason: 'Dentist in the morning',
  canDecide: true,
  canCancel: true,
});
// Mine (never mine to decide), and an approved one of Ravi's in December.
const mine = leaveDto({ _id: leaveId(3), from: '2026-11-25', to: '2026-11-25', days: 1 });
const later = leaveDto({
  _id: leaveId(4),
  user: RAVI,
  leaveType: 'Earned',
  from: '2026-11-30',
  to: '2026-12-02',
  days: 3,
  status: 'Approved',
  canCancel: true,
});
const decisions = (id: string) => callsTo(net.calls, 'PATCH', `/hrm/leaves/${id}/decision`);

describe('leave: the team view', { timeout: 60_000 }, () => {
  it('is offered only when the calendar says the caller has a team', async () => {
    net.team = false;
    show('/hrm/leaves');
    await screen.findByRole('list', { name: 'Balances 2026' });
    await waitFor(() => expect(callsTo(net.calls, 'GET', '/hrm/leaves/calendar').length).toBeGreaterThan(0));
    expect(screen.queryByRole('radio', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'All leave' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Allocations' })).toBeNull();
  });

  it('lists what waits for my decision; Approve sends it in one tap and the lists refresh', async () => {
    net.team = true;
    net.leaves = [ravi, sunita, mine, later];
    show();
    const list = await screen.findByRole(
      'list',
      { name: 'Leave waiting for you' },
      { timeout: LAZY_CHUNK_MS },
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Team' }).checked).toBe(true);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Ravi Kumar, 19/11/2026 – 20/11/2026',
      'Sunita Rao, 18/11/2026, first half',
    ]);
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Dentist in the morning');
    expect(items[1]!.textContent).toContain('half a day');

    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(decisions(ravi._id)).toHaveLength(1));
    expect(decisions(ravi._id)[0]!.body).toEqual({ decision: 'Approved' });
    expect(await screen.findByText(LEAVE_MESSAGES.approved)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('Reject asks why: without a reason nothing is sent, with one it is', async () => {
    net.team = true;
    net.leaves = [ravi, sunita];
    show();
    const list = await screen.findByRole(
      'list',
      { name: 'Leave waiting for you' },
      { timeout: LAZY_CHUNK_MS },
    );
    const item = within(list).getByRole('listitem', { name: /^Sunita Rao/ });
    fireEvent.click(within(item).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject leave' });
    expect(dialog.textContent).toContain('Sunita Rao: Sick leave (SL), 18/11/2026, first half (half a day).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(LEAVE_MESSAGES.rejectReasonRequired)).toBeTruthy();
    expect(decisions(sunita._id)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: 'Audit that morning; please take the afternoon' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions(sunita._id)).toHaveLength(1));
    expect(decisions(sunita._id)[0]!.body).toEqual({
      decision: 'Rejected',
      reason: 'Audit that morning; please take the afternoon',
    });
    expect(await screen.findByText(LEAVE_MESSAGES.rejected)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem', { name: /^Ravi Kumar/ })).toBeTruthy();
  });

  it("draws the month's leave by day on a phone, pending marked, and moves by month in the URL", async () => {
    net.team = true;
    net.leaves = [ravi, sunita, mine, later, leaveDto({ _id: leaveId(5), user: SUNITA, status: 'Rejected' })];
    show();
    const calendar = await screen.findByRole(
      'list',
      { name: 'Team leave, November 2026' },
      { timeout: LAZY_CHUNK_MS },
    );
    const days = within(calendar)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === calendar);
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Wednesday, 18 November 2026',
      'Thursday, 19 November 2026',
      'Friday, 20 November 2026',
      'Wednesday, 25 November 2026',
      'Monday, 30 November 2026',
    ]);
    expect(days[0]!.textContent).toContain('Sunita Rao, first half');
    expect(within(days[0]!).getByText('Pending')).toBeTruthy();
    expect(within(days[4]!).queryByText('Pending')).toBeNull();
    expect(days[4]!.textContent).toContain('Ravi Kumar');

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('list', { name: 'Team leave, December 2026' });
    expect(where.search).toBe('?view=team&month=2026-12');
    expect(callsTo(net.calls, 'GET', '/hrm/leaves/calendar').at(-1)!.url).toContain('month=2026-12');
  });

  it('draws a timeline on a wide screen: a row per person, each day of leave marked with its code', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('min-width: 48em'),
    })) as typeof window.matchMedia;
    try {
      net.team = true;
      net.leaves = [ravi, sunita];
      show();
      const table = await screen.findByRole(
        'table',
        { name: 'Team leave, November 2026' },
        { timeout: LAZY_CHUNK_MS },
      );
      const rows = within(table).getAllByRole('row');
      expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? 'head')).toEqual([
        'head',
        'Ravi Kumar',
        'Sunita Rao',
      ]);
      const cells = within(rows[2]!).getAllByRole('cell');
      expect(cells[17]!.textContent).toBe('SLSick leave, pending, first half');
      expect(cells[18]!.textContent).toBe('');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
