import { EXPENSE_MESSAGES, type ExpenseClaimDetailDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, Wrap } from '../../test/harness';
import { ExpensesPage } from './expenses-page';
import { callsTo, claimId, detailDto, RAVI, SUNITA, stubExpenseNetwork, TODAY } from './test-records';

/** A lazy chunk's first load in a test (the view, the dialogs) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubExpenseNetwork();

const show = () =>
  render(
    <Wrap path="/hrm/expenses?view=team" signedIn>
      <ExpensesPage />
    </Wrap>,
  );

const submitted = (n: number, over: Partial<ExpenseClaimDetailDto>) =>
  detailDto({
    _id: claimId(n),
    claimNo: n,
    claimId: `EC000${n}`,
    status: 'Submitted',
    submittedAt: '2026-11-13T05:00:00.000Z',
    canEdit: false,
    canSubmit: false,
    canDelete: false,
    canDecide: true,
    ...over,
  });
const ravi = submitted(1, { user: RAVI, title: 'Visits in Bhubaneswar' });
const sunita = submitted(2, { user: SUNITA, title: 'Exhibition in Puri' });
// Mine: never mine to decide.
const mine = submitted(3, { canDecide: false, title: 'My own' });
const approved = detailDto({
  _id: claimId(4),
  claimNo: 4,
  claimId: 'EC0004',
  user: SUNITA,
  title: 'Training in Rourkela',
  status: 'Approved',
  canEdit: false,
  canSubmit: false,
  canDelete: false,
  canPay: true,
});
const decisions = (id: string) => callsTo(net.calls, 'PATCH', `/hrm/expenses/${id}/decision`);

describe('expenses: waiting for you', { timeout: 60_000 }, () => {
  it('lists the claims I may decide; Approve sends it in one tap and the list refreshes', async () => {
    net.claims = [ravi, sunita, mine, approved];
    show();
    const list = await screen.findByRole(
      'list',
      { name: 'Claims waiting for you' },
      { timeout: LAZY_CHUNK_MS },
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Waiting for you' }).checked).toBe(true);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Ravi Kumar, EC0001, Visits in Bhubaneswar',
      'Sunita Rao, EC0002, Exhibition in Puri',
    ]);
    expect(screen.getByRole('heading', { name: 'Waiting for your decision (2)' })).toBeTruthy();
    // Without pay, nothing to pay is offered.
    expect(screen.queryByRole('heading', { name: /^To pay/ })).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Approve: Ravi Kumar/ }));
    await waitFor(() => expect(decisions(ravi._id)).toHaveLength(1));
    expect(decisions(ravi._id)[0]!.body).toEqual({ decision: 'Approved' });
    expect(await screen.findByText(EXPENSE_MESSAGES.approved)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('Reject asks why: without a reason nothing is sent, with one it is', async () => {
    net.claims = [ravi, sunita];
    show();
    const list = await screen.findByRole(
      'list',
      { name: 'Claims waiting for you' },
      { timeout: LAZY_CHUNK_MS },
    );
    const item = within(list).getByRole('listitem', { name: /^Sunita Rao/ });
    fireEvent.click(within(item).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim' }, { timeout: LAZY_CHUNK_MS });
    expect(dialog.textContent).toContain('Sunita Rao: EC0002, Exhibition in Puri, ₹240.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.rejectReasonRequired)).toBeTruthy();
    expect(decisions(sunita._id)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: 'Attach the hotel bill' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions(sunita._id)).toHaveLength(1));
    expect(decisions(sunita._id)[0]!.body).toEqual({ decision: 'Rejected', reason: 'Attach the hotel bill' });
    expect(await screen.findByText(EXPENSE_MESSAGES.rejected)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('with pay, lists the approved claims to pay; Mark paid sends the reference and the day', async () => {
    net.me = meWith({ expense: ['read', 'pay'] });
    net.claims = [ravi, approved];
    show();
    const list = await screen.findByRole('list', { name: 'Claims to pay' }, { timeout: LAZY_CHUNK_MS });
    // Without update, no decisions are offered.
    expect(screen.queryByRole('heading', { name: /^Waiting for your decision/ })).toBeNull();
    const item = within(list).getByRole('listitem', { name: 'Sunita Rao, EC0004, Training in Rourkela' });
    fireEvent.click(
      within(item).getByRole('button', { name: 'Mark paid: Sunita Rao, EC0004, Training in Rourkela' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark claim paid' }, { timeout: LAZY_CHUNK_MS });
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>(/^Paid on/).value).toBe('16/11/2026'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.referenceRequired)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Payment reference/), {
      target: { value: ' UTR 4521 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    const payments = () => callsTo(net.calls, 'PATCH', `/hrm/expenses/${approved._id}/payment`);
    await waitFor(() => expect(payments()).toHaveLength(1));
    expect(payments()[0]!.body).toEqual({ reference: 'UTR 4521', paidOn: TODAY });
    expect(await screen.findByText(EXPENSE_MESSAGES.paid)).toBeTruthy();
    expect(await screen.findByText('No approved claims wait for payment')).toBeTruthy();
  });
});
