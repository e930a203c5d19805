import { LEAVE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Wrap, where } from '../../test/harness';
import { LeaveDetailPage } from './detail-page';
import { LeavePage } from './leave-page';
import { callsTo, leaveDto, leaveId, MEERA, RAVI, stubLeaveNetwork } from './test-records';

/** A lazy chunk's first load, or a re-render, in a test on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubLeaveNetwork();

const ravi = leaveDto({ _id: leaveId(1), user: RAVI, canDecide: true, canCancel: true });
const approved = leaveDto({
  _id: leaveId(2),
  leaveType: 'Earned',
  from: '2026-12-21',
  to: '2026-12-24',
  days: 4,
  status: 'Approved',
  decidedBy: MEERA,
  decidedAt: '2026-11-12T06:00:00.000Z',
  decisionReason: 'Enjoy',
});
const listCalls = () =>
  callsTo(net.calls, 'GET', '/hrm/leaves').map((c) => new URLSearchParams(c.url.split('?')[1]));

describe('leave: all leave and a leave’s page', { timeout: 60_000 }, () => {
  it('lists the leave in a table; the status chips filter it and a row opens the leave', async () => {
    net.leaves = [ravi, approved];
    render(
      <Wrap path="/hrm/leaves?view=all" signedIn>
        <LeavePage />
      </Wrap>,
    );
    // All leave is a lazy chunk: its first load in a test takes a moment.
    const table = await screen.findByRole('table', { name: 'All leave' }, { timeout: LAZY_CHUNK_MS });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All leave' }).checked).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Person', 'Type', 'From', 'To', 'Days', 'Status', 'Applied On']);
    const row = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(row.textContent).toContain('19/11/2026');
    expect(row.textContent).toContain('20/11/2026');
    expect(row.textContent).toContain('2 days');
    expect(row.textContent).toContain('Pending');

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Status quick filters' })).getByRole('checkbox', {
        name: 'Approved',
      }),
    );
    await waitFor(() => expect(listCalls().at(-1)?.getAll('filters[status][]')).toEqual(['Approved']));
    // The table as it is now (the kit may draw a new one for the new answer), given time on a busy machine.
    const current = () => screen.getByRole('table', { name: 'All leave' });
    await waitFor(() => expect(within(current()).queryByRole('row', { name: /Ravi Kumar/ })).toBeNull(), {
      timeout: LAZY_CHUNK_MS,
    });
    expect(where.search).toContain('view=all');

    fireEvent.click(within(current()).getByRole('row', { name: /Asha Admin/ }));
    await waitFor(() => expect(where.pathname).toBe(`/hrm/leaves/${approved._id}`));
  });

  it('drops the list’s parameters when going back to My leave', async () => {
    render(
      <Wrap path="/hrm/leaves?view=all&limit=30&filters[status][]=Pending" signedIn>
        <LeavePage />
      </Wrap>,
    );
    expect(await screen.findByText('No leave found', {}, { timeout: LAZY_CHUNK_MS })).toBeTruthy();
    expect(listCalls()[0]!.getAll('filters[status][]')).toEqual(['Pending']);
    fireEvent.click(screen.getByRole('radio', { name: 'My leave' }));
    await screen.findByRole('list', { name: 'Balances 2026' });
    expect(where.search).toBe('');
  });

  it("shows a leave's fields and decision, and Approve / Reject / Cancel only as the server allows", async () => {
    net.leaves = [ravi, approved];
    const { unmount } = render(
      <Wrap path={`/hrm/leaves/${approved._id}`} pattern="/hrm/leaves/:id" signedIn>
        <LeaveDetailPage />
      </Wrap>,
    );
    expect(await screen.findByRole('heading', { name: 'Asha Admin: Earned leave' })).toBeTruthy();
    const main = document.body.textContent ?? '';
    expect(main).toContain('21/12/2026');
    expect(main).toContain('24/12/2026');
    expect(main).toContain('4 days');
    expect(main).toContain('Meera Manager');
    expect(main).toContain('Enjoy');
    expect(screen.getByRole('button', { name: 'Cancel leave' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();
    unmount();

    render(
      <Wrap path={`/hrm/leaves/${ravi._id}`} pattern="/hrm/leaves/:id" signedIn>
        <LeaveDetailPage />
      </Wrap>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(net.calls, 'PATCH', `/hrm/leaves/${ravi._id}/decision`)).toHaveLength(1),
    );
    expect(await screen.findByText(LEAVE_MESSAGES.approved)).toBeTruthy();
    // The page asks for the leave again: decided, it offers no decision any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
  });

  it('says so when the leave does not exist (or is not the caller’s to see)', async () => {
    render(
      <Wrap path={`/hrm/leaves/${leaveId(9)}`} pattern="/hrm/leaves/:id" signedIn>
        <LeaveDetailPage />
      </Wrap>,
    );
    expect(await screen.findByText(LEAVE_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to leave' }).getAttribute('href')).toBe(
      '/hrm/leaves?view=all',
    );
  });
});
