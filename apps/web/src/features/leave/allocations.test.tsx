import { LEAVE_MESSAGES, type LeaveAllocationsDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, Wrap } from '../../test/harness';
import { LeavePage } from './leave-page';
import { callsTo, RAVI, SUNITA, stubLeaveNetwork } from './test-records';

/** A lazy chunk's first load in a test (the form kit, the calendar) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubLeaveNetwork();

const SALES = { _id: '5'.repeat(24), name: 'Sales' };
const FIELD = { _id: '6'.repeat(24), name: 'Field staff' };
const DEFAULTS = { Casual: 12, Sick: 12, Earned: 15, Unpaid: 0 };
const STORED: LeaveAllocationsDto = {
  year: 2026,
  allocations: [
    { leaveType: 'Casual', role: SALES, user: null, days: 10 },
    { leaveType: 'Earned', role: SALES, user: null, days: 18 },
    { leaveType: 'Casual', role: null, user: RAVI, days: 14 },
  ],
  defaults: DEFAULTS,
};

const show = () =>
  render(
    <Wrap path="/hrm/leaves?view=allocations" signedIn>
      <LeavePage />
    </Wrap>,
  );
const puts = () => callsTo(net.calls, 'PUT', '/hrm/leaves/allocations');
const cell = (form: HTMLElement, name: string) =>
  within(form).getByRole<HTMLInputElement>('textbox', { name });
const change = (form: HTMLElement, name: string, value: string) =>
  fireEvent.change(cell(form, name), { target: { value } });

describe('leave: allocations', { timeout: 60_000 }, () => {
  it('are offered only with allocate on leave', async () => {
    net.me = meWith({ leave: ['read'] });
    show();
    await screen.findByRole('list', { name: 'Balances 2026' });
    expect(screen.queryByRole('radio', { name: 'Allocations' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Leave allocations' })).toBeNull();
  });

  it("show the year's allocations by role and by person; rows are added and removed; Save PUTs the whole list", async () => {
    net.me = meWith({ leave: ['read', 'allocate'], role: ['suggestion'], user: ['suggestion'] });
    net.allocations = STORED;
    net.answer = (method, url, body) => {
      if (method === 'GET' && url.startsWith('/api/admin/roles/suggestion')) return envelope([FIELD]);
      if (method === 'GET' && url.startsWith('/api/admin/users/suggestion'))
        return envelope([{ ...SUNITA, email: 'sunita@example.com' }]);
      if (method === 'PUT' && url === '/api/hrm/leaves/allocations') {
        const sent = body as {
          allocations: { leaveType: string; roleId?: string; userId?: string; days: number }[];
        };
        const named = (id?: string) => [SALES, FIELD, RAVI, SUNITA].find((x) => x._id === id) ?? null;
        return envelope(
          {
            year: 2026,
            allocations: sent.allocations.map((a) => ({
              leaveType: a.leaveType,
              role: a.roleId ? named(a.roleId) : null,
              user: a.userId ? named(a.userId) : null,
              days: a.days,
            })),
            defaults: DEFAULTS,
          },
          200,
          LEAVE_MESSAGES.allocationsSaved,
        );
      }
      return undefined;
    };
    show();
    const form = await screen.findByRole('form', { name: 'Leave allocations' }, { timeout: LAZY_CHUNK_MS });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Allocations' }).checked).toBe(true);
    expect(form.textContent).toContain(
      'Where nothing is allocated: Casual leave 12 · Sick leave 12 · Earned leave 15.',
    );
    const byRole = within(form).getByRole('list', { name: 'By role' });
    const byPerson = within(form).getByRole('list', { name: 'By person' });
    expect(
      within(byRole)
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Sales']);
    expect(
      within(byPerson)
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Ravi Kumar']);
    expect(cell(form, 'Casual leave, Sales').value).toBe('10');
    expect(cell(form, 'Sick leave, Sales').value).toBe('');
    // An empty cell shows the default that applies.
    expect(cell(form, 'Sick leave, Sales').placeholder).toBe('12');
    expect(cell(form, 'Earned leave, Sales').value).toBe('18');
    expect(cell(form, 'Casual leave, Ravi Kumar').value).toBe('14');

    // Halves only: a third of a day is refused under its cell, and nothing is sent.
    change(form, 'Casual leave, Sales', '10.5');
    change(form, 'Sick leave, Ravi Kumar', '1.3');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(LEAVE_MESSAGES.daysInvalid)).toBeTruthy();
    expect(cell(form, 'Sick leave, Ravi Kumar').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
    change(form, 'Sick leave, Ravi Kumar', '13');
    await waitFor(() => expect(within(form).queryByText(LEAVE_MESSAGES.daysInvalid)).toBeNull());

    // A role and a person added with their pickers.
    fireEvent.click(within(form).getByRole('textbox', { name: 'Add a role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Field staff' }));
    await within(byRole).findByRole('listitem', { name: 'Field staff' });
    change(form, 'Earned leave, Field staff', '20');
    fireEvent.click(within(form).getByRole('textbox', { name: 'Add a person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sunita Rao' }));
    await within(byPerson).findByRole('listitem', { name: 'Sunita Rao' });
    change(form, 'Casual leave, Sunita Rao', '0');
    // And one removed.
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Ravi Kumar' }));
    expect(within(byPerson).queryByRole('listitem', { name: 'Ravi Kumar' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      year: 2026,
      allocations: [
        { leaveType: 'Casual', roleId: SALES._id, days: 10.5 },
        { leaveType: 'Earned', roleId: SALES._id, days: 18 },
        { leaveType: 'Earned', roleId: FIELD._id, days: 20 },
        { leaveType: 'Casual', userId: SUNITA._id, days: 0 },
      ],
    });
    expect(await screen.findByText(LEAVE_MESSAGES.allocationsSaved)).toBeTruthy();
    // Saved: the form shows what the server keeps, and there is nothing to undo.
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Undo changes' }).hasAttribute('disabled')).toBe(true),
    );
    expect(
      within(byRole)
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Field staff', 'Sales']);
  });
});
