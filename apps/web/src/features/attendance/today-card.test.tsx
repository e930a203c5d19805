import { ATTENDANCE_MESSAGES } from '@karya/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../lib/outbox';
import { envelope, ME_ID, meWith, Wrap } from '../../test/harness';
import { AttendancePage } from './attendance-page';
import { at, callsTo, monthDto, NOW, punchDto, stubAttendanceNetwork, TODAY } from './test-records';

const net = stubAttendanceNetwork();

const show = () =>
  render(
    <Wrap path="/hrm/attendances" signedIn>
      <AttendancePage />
    </Wrap>,
  );
const posts = () => callsTo(net.calls, 'POST', '/hrm/attendances/punches');

/** The device's location as the browser gives it (jsdom has none). */
const giveLocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: answer },
  });
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

describe('today card', () => {
  it('Check in sends a punch with the moment of the tap and the location, then offers Check out', async () => {
    giveLocation((ok) => ok({ coords: { latitude: 20.2961, longitude: 85.8245, accuracy: 12.4 } } as never));
    show();
    expect(await screen.findByText('Not checked in yet')).toBeTruthy();
    expect(screen.getByText('Today, Monday, 16 November 2026')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));

    expect(await screen.findByRole('button', { name: 'Check out' })).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([
      { kind: 'in', at: NOW.toISOString(), latitude: 20.2961, longitude: 85.8245, accuracy: 12 },
    ]);
    expect(screen.getByRole('heading', { name: 'Checked in at 09:42 AM' })).toBeTruthy();
    expect(await screen.findByText(ATTENDANCE_MESSAGES.checkedIn)).toBeTruthy();
    expect(screen.getByText('Worked so far: 0 min')).toBeTruthy();
  });

  it('a refused location does not hold the punch back: it goes without one', async () => {
    giveLocation((_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 } as never));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([{ kind: 'in', at: NOW.toISOString() }]);
    expect(screen.getByText(/location was not available/)).toBeTruthy();
  });

  it('shows a check-in the server has, with the time worked so far', async () => {
    const checkIn = at(TODAY, '09:05');
    net.months['2026-11'] = monthDto(
      '2026-11',
      {},
      { today: { date: TODAY, punches: [punchDto('in', checkIn)], open: true } },
    );
    show();
    expect(await screen.findByRole('heading', { name: 'Checked in at 09:05 AM' })).toBeTruthy();
    expect(screen.getByText('Worked so far: 37 min')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeTruthy();
  });

  it('offline: the punch waits in the outbox, the button flips, and a check-out queues behind it', async () => {
    net.punch = () => {
      throw new TypeError('Failed to fetch');
    };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));

    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(screen.getByText('Check-in at 09:42 AM')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Checked in at 09:42 AM' })).toBeTruthy();
    expect(outbox.list(ME_ID)).toMatchObject([
      {
        label: 'Check-in at 09:42 AM',
        state: 'waiting',
        method: 'POST',
        path: '/hrm/attendances/punches',
        body: { kind: 'in', at: NOW.toISOString() },
      },
    ]);

    // Eight hours later, still without signal: the check-out waits behind the check-in, never sent before it.
    vi.setSystemTime(new Date(NOW.getTime() + 8 * 3600_000));
    fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));
    await waitFor(() =>
      expect(outbox.list(ME_ID).map((e) => e.label)).toEqual([
        'Check-in at 09:42 AM',
        'Check-out at 05:42 PM',
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeTruthy();
    expect(screen.getAllByText('Waiting to send')).toHaveLength(2);
    expect(posts().some((c) => (c.body as { kind: string }).kind === 'out')).toBe(false);

    // The connection returns: both go, in order, with the times they were tapped.
    net.punch = () => undefined;
    await act(() => outbox.flush());
    expect(
      posts()
        .slice(-2)
        .map((c) => c.body),
    ).toEqual([
      { kind: 'in', at: NOW.toISOString() },
      { kind: 'out', at: new Date(NOW.getTime() + 8 * 3600_000).toISOString() },
    ]);
    expect(outbox.list(ME_ID)).toEqual([]);
    await waitFor(() => expect(screen.queryByText('Waiting to send')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Checked out at 05:42 PM' })).toBeTruthy();
  });

  it('a refused punch says why and keeps Check in', async () => {
    net.punch = () => envelope(null, 400, ATTENDANCE_MESSAGES.alreadyIn);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ATTENDANCE_MESSAGES.alreadyIn);
    expect(screen.getByRole('button', { name: 'Check in' })).toBeTruthy();
    expect(outbox.list(ME_ID)).toEqual([]);
  });

  it('offers no button without create on attendance', async () => {
    net.me = meWith({ attendance: ['read'] });
    show();
    expect(await screen.findByText('Not checked in yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });
});
