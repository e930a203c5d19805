import { CORRECTION_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap } from '../../test/harness';
import { AttendancePage } from './attendance-page';
import { at, callsTo, correctionDto, monthDto, stubAttendanceNetwork, TODAY, teamDto } from './test-records';

const net = stubAttendanceNetwork();

const show = (path = '/hrm/attendances') =>
  render(
    <Wrap path={path} signedIn>
      <AttendancePage />
    </Wrap>,
  );
const CORRECTIONS = '/hrm/attendances/corrections';
const change = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** November 2026: a full day on Thursday the 12th, a check-out missing on Friday the 13th. */
const NOVEMBER = monthDto('2026-11', {
  '2026-11-12': {
    status: 'Present',
    firstIn: at('2026-11-12', '09:20'),
    lastOut: at('2026-11-12', '18:35'),
    workedMinutes: 555,
  },
  '2026-11-13': { status: 'Half Day', firstIn: at('2026-11-13', '09:25'), missingCheckOut: true },
});
const openDay = async (name: RegExp) => {
  const table = await screen.findByRole('table', { name: 'Attendance, November 2026' });
  fireEvent.click(within(table).getByRole('button', { name }));
  return screen.getByRole('region', { name: /^Details of/ });
};

describe('attendance corrections: asking', () => {
  it('the day panel offers "Ask for a correction" on a missing check-out, not on a Present day', async () => {
    net.months['2026-11'] = NOVEMBER;
    show();
    const present = await openDay(/^Thursday, 12 November 2026/);
    expect(within(present).queryByRole('button', { name: 'Ask for a correction' })).toBeNull();
    const missing = await openDay(/^Friday, 13 November 2026/);
    expect(within(missing).getByRole('button', { name: 'Ask for a correction' })).toBeTruthy();
  });

  it("checks the form with correctionSchema's messages, then POSTs the request", async () => {
    net.months['2026-11'] = NOVEMBER;
    show();
    const panel = await openDay(/^Friday, 13 November 2026/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ask for a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a correction' });
    // A missing check-out: Check-out is chosen.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Check-out' }).checked).toBe(true);

    change(dialog, /^Reason/, 'x');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CORRECTION_MESSAGES.reasonTooShort)).toBeTruthy();
    expect(within(dialog).getByText(CORRECTION_MESSAGES.timeRequired)).toBeTruthy();
    expect(callsTo(net.calls, 'POST', CORRECTIONS)).toHaveLength(0);

    change(dialog, /^Time/, '18:45');
    change(dialog, /^Reason/, '  Forgot to check out when leaving  ');
    expect(within(dialog).queryByText(CORRECTION_MESSAGES.reasonTooShort)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(net.calls, 'POST', CORRECTIONS)).toHaveLength(1));
    expect(callsTo(net.calls, 'POST', CORRECTIONS)[0]!.body).toEqual({
      date: '2026-11-13',
      kind: 'out',
      time: '18:45',
      reason: 'Forgot to check out when leaving',
    });
    expect(await screen.findByText(CORRECTION_MESSAGES.requested)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask for a correction' })).toBeNull());

    // The request shows in the day's details and in My corrections.
    const mine = await screen.findByRole('region', { name: 'My corrections' });
    expect(mine.textContent).toContain('Fri 13 Nov · Check-out at 06:45 PM');
    expect(within(panel).getByText('Correction: Check-out at 06:45 PM')).toBeTruthy();
    expect(within(panel).getByText('Waiting for a decision')).toBeTruthy();
  });

  it("an Absent day asks for a check-in by default; the server's refusal stays in the form", async () => {
    net.months['2026-11'] = monthDto('2026-11', { '2026-11-11': { status: 'Absent' } });
    net.answer = (method, url) =>
      method === 'POST' && url === `/api${CORRECTIONS}`
        ? envelope(null, 400, CORRECTION_MESSAGES.alreadyPending)
        : undefined;
    show();
    const panel = await openDay(/^Wednesday, 11 November 2026/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ask for a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a correction' });
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Check-in' }).checked).toBe(true);
    change(dialog, /^Time/, '09:30');
    change(dialog, /^Reason/, 'Phone was off');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      CORRECTION_MESSAGES.alreadyPending,
    );
    expect(screen.getByRole('dialog', { name: 'Ask for a correction' })).toBeTruthy();
    expect(callsTo(net.calls, 'POST', CORRECTIONS).map((c) => c.body)).toEqual([
      { date: '2026-11-11', kind: 'in', time: '09:30', reason: 'Phone was off' },
    ]);
  });

  it('a time today that has not come yet is refused before anything is sent', async () => {
    net.months['2026-11'] = monthDto('2026-11', {
      [TODAY]: { status: 'Present', firstIn: at(TODAY, '08:00'), missingCheckOut: true },
    });
    show();
    const panel = await openDay(/^Monday, 16 November 2026/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ask for a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a correction' });
    change(dialog, /^Time/, '18:30');
    change(dialog, /^Reason/, 'Left early, forgot');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CORRECTION_MESSAGES.timeFuture)).toBeTruthy();
    expect(callsTo(net.calls, 'POST', CORRECTIONS)).toHaveLength(0);
  });

  it('is not offered without create on attendance', async () => {
    net.months['2026-11'] = NOVEMBER;
    net.me = meWith({ attendance: ['read'] });
    show();
    const panel = await openDay(/^Friday, 13 November 2026/);
    expect(within(panel).queryByRole('button', { name: 'Ask for a correction' })).toBeNull();
  });

  it("is not offered on a team member's month", async () => {
    const RAVI = 'e'.repeat(24);
    net.answer = (method, url) =>
      method === 'GET' && url.includes(`user=${RAVI}`)
        ? envelope({ ...NOVEMBER, user: { _id: RAVI, name: 'Ravi Kumar' } })
        : undefined;
    show(`/hrm/attendances?user=${RAVI}`);
    await screen.findByText('Ravi Kumar', { selector: 'strong' });
    const panel = await openDay(/^Friday, 13 November 2026/);
    expect(within(panel).queryByRole('button', { name: 'Ask for a correction' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'My corrections' })).toBeNull();
  });
});

describe('attendance corrections: my corrections', () => {
  it('lists my pending and recently decided requests with the decision reason; hidden when none', async () => {
    net.corrections = [
      correctionDto(),
      correctionDto({
        _id: `c2${'0'.repeat(22)}`,
        date: '2026-11-09',
        kind: 'in',
        at: at('2026-11-09', '09:15'),
        reason: 'The app would not open',
        status: 'Rejected',
        decidedBy: { _id: 'b'.repeat(24), name: 'Meera Manager' },
        decidedAt: at('2026-11-10', '11:00'),
        decisionReason: 'The office log shows 10:40',
        createdAt: at('2026-11-09', '20:00'),
      }),
      // Someone else's, waiting for me: not mine.
      correctionDto({
        _id: `c3${'0'.repeat(22)}`,
        user: { _id: 'e'.repeat(24), name: 'Ravi Kumar' },
        canDecide: true,
      }),
      // Decided more than 31 days ago.
      correctionDto({
        _id: `c4${'0'.repeat(22)}`,
        date: '2026-10-01',
        status: 'Approved',
        decidedAt: at('2026-10-02', '10:00'),
        createdAt: at('2026-10-01', '20:00'),
      }),
    ];
    show();
    const mine = await screen.findByRole('region', { name: 'My corrections' });
    const rows = within(mine).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Fri 13 Nov · Check-out at 06:30 PM');
    expect(rows[0]!.textContent).toContain('Forgot to check out');
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Mon 9 Nov · Check-in at 09:15 AM');
    expect(within(rows[1]!).getByText('Rejected')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Rejected by Meera Manager: The office log shows 10:40');
  });

  it('is hidden when there are none', async () => {
    show();
    await screen.findByRole('table', { name: 'Attendance, November 2026' });
    await waitFor(() => expect(callsTo(net.calls, 'GET', CORRECTIONS).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'My corrections' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading corrections' })).toBeNull();
  });
});

describe('attendance corrections: waiting for you', () => {
  const RAVI = { _id: 'e'.repeat(24), name: 'Ravi Kumar' };
  const SUNITA = { _id: 'f'.repeat(24), name: 'Sunita Rao' };
  const ravi = correctionDto({ _id: `d1${'0'.repeat(22)}`, user: RAVI, canDecide: true });
  const sunita = correctionDto({
    _id: `d2${'0'.repeat(22)}`,
    user: SUNITA,
    date: '2026-11-12',
    kind: 'in',
    at: at('2026-11-12', '09:30'),
    reason: 'Phone battery died',
    canDecide: true,
  });
  // Mine, and one I may not decide: neither waits for me.
  const others = [
    correctionDto({ _id: `d3${'0'.repeat(22)}` }),
    correctionDto({ _id: `d4${'0'.repeat(22)}`, user: { _id: 'c'.repeat(24), name: 'Kiran Other' } }),
  ];
  const waitingList = () => screen.findByRole('list', { name: 'Corrections waiting for you' });
  const patches = () =>
    callsTo(net.calls, 'PATCH', `${CORRECTIONS}/${ravi._id}`).concat(
      callsTo(net.calls, 'PATCH', `${CORRECTIONS}/${sunita._id}`),
    );

  it('lists only what I may decide; Approve sends the decision and the attendance refreshes', async () => {
    net.team = teamDto(true, []);
    net.corrections = [ravi, sunita, ...others];
    show('/hrm/attendances?view=team');
    const list = await waitingList();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Ravi Kumar, Friday, 13 November 2026',
      'Sunita Rao, Thursday, 12 November 2026',
    ]);
    expect(cards[1]!.textContent).toContain('Check-in at 09:30 AM');
    expect(cards[1]!.textContent).toContain('Phone battery died');
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeTruthy();

    const teamCalls = callsTo(net.calls, 'GET', '/hrm/attendances/team').length;
    fireEvent.click(within(cards[0]!).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.url).toBe(`/api${CORRECTIONS}/${ravi._id}`);
    expect(patches()[0]!.body).toEqual({ decision: 'Approved' });
    expect(await screen.findByText(CORRECTION_MESSAGES.approved)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(net.calls, 'GET', '/hrm/attendances/team').length).toBeGreaterThan(teamCalls);
  });

  it('Reject asks why: without a reason nothing is sent, with one it is', async () => {
    net.team = teamDto(true, []);
    net.corrections = [ravi, sunita];
    show('/hrm/attendances?view=team');
    const list = await waitingList();
    const card = within(list).getByRole('listitem', { name: /^Sunita Rao/ });
    fireEvent.click(within(card).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject correction' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(CORRECTION_MESSAGES.rejectReasonRequired)).toBeTruthy();
    expect(patches()).toHaveLength(0);

    change(dialog, /^Reason/, 'The office log shows 10:40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.url).toBe(`/api${CORRECTIONS}/${sunita._id}`);
    expect(patches()[0]!.body).toEqual({ decision: 'Rejected', reason: 'The office log shows 10:40' });
    expect(await screen.findByText(CORRECTION_MESSAGES.rejected)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem', { name: /^Ravi Kumar/ })).toBeTruthy();
  });

  it('is hidden when nothing waits for me', async () => {
    net.team = teamDto(true, []);
    net.corrections = others;
    show('/hrm/attendances?view=team');
    await screen.findByText('No team members to show');
    await waitFor(() =>
      expect(callsTo(net.calls, 'GET', CORRECTIONS).some((c) => c.url.includes('status=Pending'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'Corrections waiting for you' })).toBeNull();
  });
});
