import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, ME_ID, meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { FollowUpForm } from './follow-up-form';

const CUSTOMER = 'c'.repeat(24);
const QUOTATION = 'e'.repeat(24);
const calls = stubNetwork(
  () =>
    meWith({
      'follow-up': ['create', 'read'],
      customer: ['suggestion'],
      user: ['suggestion'],
      quotation: ['suggestion'],
    }),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/quotations/suggestion')
      return envelope([
        {
          _id: QUOTATION,
          quotationId: 3,
          title: 'Smart class quotation',
          versionNumber: 1,
          status: 'Draft',
          customer: { _id: CUSTOMER, name: 'DAV Public School' },
        },
      ]);
    if (method === 'POST' && u.pathname === '/api/crm/follow-ups')
      return envelope({ _id: 'd'.repeat(24), ...recordStamps }, 201, 'Follow-up created successfully');
    return undefined;
  },
);

const select = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

describe('follow-up form: reason Quotation', () => {
  it("picks one of the chosen customer's quotations by number and sends it", async () => {
    render(
      <Wrap path="/crm/follow-ups/create" signedIn>
        <FollowUpForm
          prefill={{
            customerId: CUSTOMER,
            names: { [CUSTOMER]: 'CI0003 · DAV Public School' },
            followUpType: 'Call',
            followUpBy: ME_ID,
            date: '2026-11-20',
            time: '10:30',
          }}
        />
      </Wrap>,
    );
    await screen.findByRole('combobox', { name: 'Reason' });
    select('Reason', 'Quotation');
    const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Quotation' });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: '3' } });
    // The customer's quotations are offered at once; the typed number searches after the debounce.
    await waitFor(() => expect(calls.some((c) => c.url.includes('quotationId=3'))).toBe(true), {
      timeout: 5000,
    });
    fireEvent.click(
      await screen.findByRole('option', { name: 'ARR/0003/R1 · Smart class quotation' }, { timeout: 5000 }),
    );
    const search = calls.find(
      (c) => c.url.startsWith('/api/crm/quotations/suggestion') && c.url.includes('quotationId'),
    );
    const params = new URLSearchParams(search?.url.split('?')[1]);
    expect(params.get('customerId')).toBe(CUSTOMER);
    expect(params.get('quotationId')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Create Follow Up' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/follow-ups/${'d'.repeat(24)}`));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ customer: CUSTOMER, reason: 'Quotation', quotation: QUOTATION });
  });
});
