import { EXPENSE_MESSAGES, type FollowUpDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, Wrap, where } from '../../test/harness';
import { FollowUpDetailPage } from '../follow-ups/detail-page';
import { callsTo, claimId, detailDto, lineDto, ME, stubExpenseNetwork } from './test-records';

/** A lazy chunk's first load in a test (the dialog with zod) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const VISIT = 'd'.repeat(24);
const CUSTOMER = 'c'.repeat(24);
const visit = (over: Partial<FollowUpDto> = {}): FollowUpDto => ({
  _id: VISIT,
  followUpId: 12,
  customer: { _id: CUSTOMER, customerId: 3, name: 'DAV Public School' },
  type: 'Visit',
  reason: 'Other',
  requirement: null,
  quotation: null,
  project: null,
  otherReason: 'Demo of the smart class',
  date: '2026-11-12',
  time: '10:30',
  visitors: [ME],
  followUpBy: null,
  status: 'Completed',
  response: null,
  remarks: 'Went well',
  nextFollowUp: null,
  updatedBy: null,
  createdBy: ME,
  ...recordStamps,
  ...over,
});

const net = stubExpenseNetwork();
let followUp = visit();
const travels = () => callsTo(net.calls, 'POST', '/hrm/expenses/visit-travel');

const show = () =>
  render(
    <Wrap path={`/crm/follow-ups/${VISIT}`} pattern="/crm/follow-ups/:id" signedIn>
      <FollowUpDetailPage />
    </Wrap>,
  );
const withVisit = (answer: (body: unknown) => Response) => {
  net.answer = (method, url, body) => {
    if (method === 'GET' && url === `/api/crm/follow-ups/${VISIT}`) return envelope(followUp);
    if (method === 'POST' && url === '/api/hrm/expenses/visit-travel') return answer(body);
    return undefined;
  };
};
const CAN = { 'follow-up': ['read'], crm: ['read'], expense: ['read', 'create'] };

describe('follow-ups: claim travel for a visit', { timeout: 60_000 }, () => {
  it('asks the distance, posts visit-travel, and links the claim it went to', async () => {
    net.me = meWith(CAN);
    followUp = visit();
    const claim = detailDto(
      { _id: claimId(7), claimNo: 7, claimId: 'EC0007', title: 'Travel, November 2026' },
      [lineDto({ category: 'Travel', amount: 189, distanceKm: 42, ratePerKm: 4.5 })],
    );
    withVisit(() => envelope(claim, 201, EXPENSE_MESSAGES.visitClaimed));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim travel for this visit' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Claim travel for this visit' },
      { timeout: LAZY_CHUNK_MS },
    );
    expect(dialog.textContent).toContain('Visit to DAV Public School on 12/11/2026');
    // Nothing typed: the schema's message, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to my claim' }));
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.distanceInvalid)).toBeTruthy();
    expect(travels()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Distance \(km\)/), { target: { value: '42' } });
    expect(await within(dialog).findByText('42 km × ₹4.50 = ₹189.00')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Bike, both ways' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to my claim' }));
    await waitFor(() => expect(travels()).toHaveLength(1));
    expect(travels()[0]!.body).toEqual({ followUp: VISIT, distanceKm: 42, description: 'Bike, both ways' });
    const link = await screen.findByRole('link', { name: 'Open claim' });
    expect(link.getAttribute('href')).toBe(`/hrm/expenses/${claim._id}`);
    expect(screen.getByText(/Travel for this visit added to your draft claim \(EC0007\)/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Claim travel for this visit' })).toBeNull(),
    );
    fireEvent.click(link);
    await waitFor(() => expect(where.pathname).toBe(`/hrm/expenses/${claim._id}`));
  });

  it("sends an amount instead (a bus fare), and shows the server's refusal in the dialog", async () => {
    net.me = meWith(CAN);
    followUp = visit();
    withVisit(() => envelope(null, 400, EXPENSE_MESSAGES.visitClaimedAlready('EC0003')));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim travel for this visit' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Claim travel for this visit' },
      { timeout: LAZY_CHUNK_MS },
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /^By amount/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '85' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to my claim' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Travel for this visit is already claimed in EC0003',
    );
    expect(travels()[0]!.body).toEqual({ followUp: VISIT, amount: 85 });
    expect(screen.getByRole('dialog', { name: 'Claim travel for this visit' })).toBeTruthy();
  });

  it('is offered only for a completed visit, and only with create on expense', async () => {
    net.me = meWith(CAN);
    followUp = visit({ status: 'Scheduled' });
    withVisit(() => envelope(null, 404, EXPENSE_MESSAGES.visitNotFound));
    const { unmount } = show();
    await screen.findByText('Went well');
    expect(screen.queryByRole('button', { name: 'Claim travel for this visit' })).toBeNull();
    unmount();

    net.me = meWith({ 'follow-up': ['read'], crm: ['read'], expense: ['read'] });
    followUp = visit();
    show();
    await screen.findByText('Went well');
    expect(screen.queryByRole('button', { name: 'Claim travel for this visit' })).toBeNull();
  });
});
