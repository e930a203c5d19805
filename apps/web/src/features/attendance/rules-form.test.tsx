import { ATTENDANCE_MESSAGES, type AttendanceRules } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap } from '../../test/harness';
import { AttendancePage } from './attendance-page';
import { callsTo, stubAttendanceNetwork } from './test-records';

const net = stubAttendanceNetwork();

const show = () =>
  render(
    <Wrap path="/hrm/attendances?view=rules" signedIn>
      <AttendancePage />
    </Wrap>,
  );
const change = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const puts = () => callsTo(net.calls, 'PUT', '/hrm/attendances/rules');

describe('attendance rules', () => {
  it('are offered only to whoever may update the company settings', async () => {
    net.me = meWith({ attendance: ['read', 'create'], 'company-settings': ['read'] });
    show();
    await screen.findByRole('table', { name: 'Attendance, November 2026' });
    expect(screen.queryByRole('radio', { name: 'Rules' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Attendance rules' })).toBeNull();
  });

  it("refuse an office end before its start with the schema's message, then save with PUT", async () => {
    net.me = meWith({ attendance: ['read', 'create'], 'company-settings': ['read', 'update'] });
    net.answer = (method, url, body) =>
      method === 'PUT' && url === '/api/hrm/attendances/rules'
        ? envelope(body, 200, ATTENDANCE_MESSAGES.rulesUpdated)
        : undefined;
    show();
    const form = await screen.findByRole('form', { name: 'Attendance rules' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Rules' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>(/^Office start/).value).toBe('09:30');
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Sunday' }).checked).toBe(true);

    change(/^Office start/, '10:00');
    change(/^Office end/, '09:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Office end must be after office start')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    change(/^Office end/, '19:00');
    change(/^Grace period/, '10');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      officeStart: '10:00',
      officeEnd: '19:00',
      graceMinutes: 10,
      halfDayBelowMinutes: 240,
      weeklyOff: [0, 6],
    } satisfies AttendanceRules);
    expect(await screen.findByText(ATTENDANCE_MESSAGES.rulesUpdated)).toBeTruthy();
  });

  it('an empty grace period is refused with its message', async () => {
    net.me = meWith({ attendance: ['read'], 'company-settings': ['read', 'update'] });
    show();
    const form = await screen.findByRole('form', { name: 'Attendance rules' });
    change(/^Grace period/, '');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Grace period must be a number of minutes')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});
