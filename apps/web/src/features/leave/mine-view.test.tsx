import { LEAVE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, meWith, Wrap, where } from '../../test/harness';
import { LeavePage } from './leave-page';
import { callsTo, leaveDto, leaveId, MEERA, RAVI, stubLeaveNetwork } from './test-records';

/** A lazy chunk's first load in a test (the form kit, the calendar) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubLeaveNetwork();

const show = (path = '/hrm/leaves') =>
  render(
    <Wrap path={path} signedIn>
      <LeavePage />
    </Wrap>,
  );
const posts = () => callsTo(net.calls, 'POST', '/hrm/leaves');
/** The Idempotency-Key of each application sent. */
const keysSent = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => url === '/api/hrm/leaves' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key']);

/** The date pickers arrive in their own chunk: until then a read-only stand-in shows the date. */
const dateInput = async (dialog: HTMLElement, label: RegExp) => {
  await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>(label).readOnly).toBe(false));
  return within(dialog).getByLabelText<HTMLInputElement>(label);
};
const setDate = async (dialog: HTMLElement, label: RegExp, ddmmyyyy: string) =>
  fireEvent.change(await dateInput(dialog, label), { target: { value: ddmmyyyy } });
const openApply = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Apply for leave' }));
  return screen.findByRole('dialog', { name: 'Apply for leave' }, { timeout: LAZY_CHUNK_MS });
};
const pickType = async (dialog: HTMLElement, option: RegExp) => {
  fireEvent.click(within(dialog).getByRole('textbox', { name: /^Leave type/ }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const typeReason = (dialog: HTMLElement, text: string) =>
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: text } });

describe('leave: my balances and applications', { timeout: 60_000 }, () => {
  it('shows each type’s balance: what is left of the allocation, taken and pending; unpaid has no limit', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Balances 2026' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Casual leave: 8 of 12 days left, 2 days taken, 2 days pending',
      'Sick leave: 11 of 12 days left, 1 day taken',
      'Earned leave: 15 of 15 days left',
      'Leave without pay: no limit',
    ]);
    expect(cards[0]!.textContent).toContain('8 of 12 left');
    expect(cards[0]!.textContent).toContain('2 days taken · 2 days pending');
    expect(cards[3]!.textContent).toContain('No limit');
    expect(callsTo(net.calls, 'GET', '/hrm/leaves/balances')[0]!.url).toContain('year=2026');

    // Another year: the balances of that year are asked for, and the URL keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    await screen.findByRole('list', { name: 'Balances 2027' });
    expect(where.search).toBe('?year=2027');
    expect(callsTo(net.calls, 'GET', '/hrm/leaves/balances').at(-1)!.url).toContain('year=2027');
  });

  it('lists my applications newest first with status, DD/MM/YYYY dates, days and the decision', async () => {
    net.leaves = [
      leaveDto(),
      leaveDto({
        _id: leaveId(2),
        leaveType: 'Sick',
        from: '2026-11-02',
        to: '2026-11-02',
        half: 'second',
        days: 0.5,
        reason: 'Fever',
        status: 'Rejected',
        decidedBy: MEERA,
        decisionReason: 'Month-end closing that afternoon',
        canCancel: false,
      }),
      leaveDto({ _id: leaveId(3), user: RAVI, reason: 'Not mine' }),
    ];
    show();
    const mine = await screen.findByRole('list', { name: 'My applications' });
    const items = within(mine).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('aria-label')).toBe('19/11/2026 – 20/11/2026');
    expect(items[0]!.textContent).toContain('2 days');
    expect(items[0]!.textContent).toContain('Family function in Cuttack');
    expect(within(items[0]!).getByText('Pending')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: /^Cancel leave/ })).toBeTruthy();
    expect(items[1]!.textContent).toContain('02/11/2026, second half');
    expect(items[1]!.textContent).toContain('half a day');
    expect(within(items[1]!).getByText('Rejected')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Rejected by Meera Manager: Month-end closing that afternoon');
    expect(within(items[1]!).queryByRole('button', { name: /^Cancel leave/ })).toBeNull();
    const asked = new URLSearchParams(callsTo(net.calls, 'GET', '/hrm/leaves')[0]!.url.split('?')[1]);
    expect(asked.getAll('filters[user][]')).toEqual(['a'.repeat(24)]);
    expect(asked.get('sortBy')).toBe('createdAt');
  });

  it('offers Apply only with create on leave', async () => {
    net.me = meWith({ leave: ['read'] });
    show();
    await screen.findByRole('list', { name: 'Balances 2026' });
    expect(screen.queryByRole('button', { name: 'Apply for leave' })).toBeNull();
  });

  it('cancels my leave: PATCH …/cancel, and the days return', async () => {
    net.leaves = [leaveDto()];
    show();
    const mine = await screen.findByRole('list', { name: 'My applications' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Cancel leave: 19/11/2026 – 20/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel leave' });
    expect(dialog.textContent).toContain('Casual leave (CL), 19/11/2026 – 20/11/2026 (2 days)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    await waitFor(() =>
      expect(callsTo(net.calls, 'PATCH', `/hrm/leaves/${leaveId(1)}/cancel`)).toHaveLength(1),
    );
    const patch = callsTo(net.calls, 'PATCH', `/hrm/leaves/${leaveId(1)}/cancel`)[0]!;
    expect(patch.body).toEqual({});
    expect(await screen.findByText(LEAVE_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(within(mine).getByText('Cancelled')).toBeTruthy());
    expect(within(mine).queryByRole('button', { name: /^Cancel leave/ })).toBeNull();
  });

  it("shows the server's refusal of a cancel in the dialog, and sends the reason given", async () => {
    net.leaves = [leaveDto({ status: 'Approved', from: '2026-11-16', to: '2026-11-17' })];
    let refused = false;
    net.answer = (method, url, body) => {
      if (method !== 'PATCH' || !url.endsWith('/cancel') || refused) return undefined;
      if ((body as { reason?: string }).reason) return undefined;
      refused = true;
      return envelope(null, 400, LEAVE_MESSAGES.cancelReasonRequired);
    };
    show();
    const mine = await screen.findByRole('list', { name: 'My applications' });
    fireEvent.click(within(mine).getByRole('button', { name: /^Cancel leave/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel leave' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      LEAVE_MESSAGES.cancelReasonRequired,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: '  Back early  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    await waitFor(() =>
      expect(callsTo(net.calls, 'PATCH', `/hrm/leaves/${leaveId(1)}/cancel`)).toHaveLength(2),
    );
    expect(callsTo(net.calls, 'PATCH', `/hrm/leaves/${leaveId(1)}/cancel`)[1]!.body).toEqual({
      reason: 'Back early',
    });
  });
});

describe('leave: applying', { timeout: 60_000 }, () => {
  it('shows what is left of each type, counts the working days, and POSTs the application', async () => {
    show();
    const dialog = await openApply();
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Leave type/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Casual leave (CL): 8 days left',
      'Sick leave (SL): 11 days left',
      'Earned leave (EL): 15 days left',
      'Leave without pay (LWP): no limit',
    ]);
    fireEvent.click(screen.getByRole('option', { name: /^Earned leave/ }));

    // Nothing filled in: the schema's messages, and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(LEAVE_MESSAGES.fromRequired)).toBeTruthy();
    expect(within(dialog).getByText(LEAVE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(posts()).toHaveLength(0);

    // Friday 20 to Monday 23 November over a Sunday: three working days.
    await setDate(dialog, /^From/, '20/11/2026');
    await setDate(dialog, /^To/, '23/11/2026');
    expect(await within(dialog).findByText('3 working days')).toBeTruthy();
    // A range of more than one day has no half-day choice.
    expect(within(dialog).queryByRole('radio', { name: 'First half' })).toBeNull();
    typeReason(dialog, '  Visiting my parents in Puri  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      leaveType: 'Earned',
      from: '2026-11-20',
      to: '2026-11-23',
      half: null,
      reason: 'Visiting my parents in Puri',
    });
    expect(await screen.findByText(LEAVE_MESSAGES.applied)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Apply for leave' })).toBeNull());
    const mine = await screen.findByRole('list', { name: 'My applications' });
    await waitFor(() => expect(within(mine).getByLabelText('20/11/2026 – 23/11/2026')).toBeTruthy());
  });

  it("keeps the server's refusal in the form, and the key of a retry after a lost answer", async () => {
    let answers = 0;
    net.answer = (method, url) => {
      if (method !== 'POST' || url !== '/api/hrm/leaves') return undefined;
      answers += 1;
      if (answers === 1) return envelope(null, 503, 'Service unavailable');
      return envelope(null, 400, LEAVE_MESSAGES.notEnough('Casual', 8, 10));
    };
    show();
    const dialog = await openApply();
    await pickType(dialog, /^Casual leave/);
    await setDate(dialog, /^From/, '23/11/2026');
    await setDate(dialog, /^To/, '03/12/2026');
    typeReason(dialog, 'Wedding in the family');
    // Ten working days, more than the eight left: said before sending; the server decides.
    expect(await within(dialog).findByText('10 working days')).toBeTruthy();
    expect(within(dialog).getByText('Only 8 days of casual leave left.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Not enough casual leave: 8 days left, 10 days asked for',
    );
    expect(screen.getByRole('dialog', { name: 'Apply for leave' })).toBeTruthy();
    // The 503 kept the key: the retry carried the same one.
    const keys = keysSent();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('offers the half-day choice only for a one-day leave, and sends the half', async () => {
    show();
    const dialog = await openApply();
    await pickType(dialog, /^Sick leave/);
    await setDate(dialog, /^From/, '18/11/2026');
    // The To date follows an earlier or empty one.
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>(/^To/).value).toBe('18/11/2026'),
    );
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Full day' }).checked).toBe(true);
    expect(await within(dialog).findByText('1 working day')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^First half/ }));
    expect(await within(dialog).findByText('Half a working day')).toBeTruthy();

    await setDate(dialog, /^To/, '19/11/2026');
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /^First half/ })).toBeNull());
    expect(await within(dialog).findByText('2 working days')).toBeTruthy();
    await setDate(dialog, /^To/, '18/11/2026');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /^Second half/ }));
    typeReason(dialog, 'Doctor in the afternoon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      leaveType: 'Sick',
      from: '2026-11-18',
      to: '2026-11-18',
      half: 'second',
      reason: 'Doctor in the afternoon',
    });
  });

  it('warns that a Sunday alone has no working day', async () => {
    show();
    const dialog = await openApply();
    await setDate(dialog, /^From/, '22/11/2026');
    expect(await within(dialog).findByText(LEAVE_MESSAGES.noWorkingDays)).toBeTruthy();
  });

  it('says the working days are counted on applying without read on attendance', async () => {
    net.me = meWith({ leave: ['read', 'create'] });
    show();
    const dialog = await openApply();
    await setDate(dialog, /^From/, '22/11/2026');
    expect(await within(dialog).findByText('Working days are counted when you apply.')).toBeTruthy();
    expect(callsTo(net.calls, 'GET', '/hrm/attendances/rules')).toHaveLength(0);
  });
});
