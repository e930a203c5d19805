// Tests only: the set-up the follow-up form's reason tests share (a Quotation or Project follow-up made for
// a prefilled customer): the network, the form at its create page, and picking the reason's record.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type Answer,
  type Call,
  envelope,
  ME_ID,
  meWith,
  recordStamps,
  stubNetwork,
  Wrap,
  where,
} from '../../test/harness';
import { FollowUpForm } from './follow-up-form';

export const CUSTOMER = 'c'.repeat(24);
/** The id the create call answers with. */
export const SAVED = 'd'.repeat(24);

/**
 * stubNetwork for a user who may create follow-ups and search customers, users and `more`; `answer` first,
 * then POST /crm/follow-ups answers SAVED.
 */
export const reasonNetwork = (more: Record<string, string[]>, answer: Answer) =>
  stubNetwork(
    () =>
      meWith({
        'follow-up': ['create', 'read'],
        customer: ['suggestion'],
        user: ['suggestion'],
        ...more,
      }),
    (method, url, body) => {
      const answered = answer(method, url, body);
      if (answered) return answered;
      if (method === 'POST' && new URL(url, 'http://x').pathname === '/api/crm/follow-ups')
        return envelope({ _id: SAVED, ...recordStamps }, 201, 'Follow-up created successfully');
      return undefined;
    },
  );

export const select = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

/** The create form for CUSTOMER, a Call by the user, with its date and time; resolves once it is shown. */
export const renderReasonForm = async () => {
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
};

/**
 * Types `text` into the reason's picker, waits for the search by `param` (`param=value`) and picks `option`;
 * answers the search's query parameters.
 */
export const pickRecord = async (
  calls: { url: string }[],
  picker: HTMLInputElement,
  search: { path: string; text: string; param: string; value: string; option: string },
) => {
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: search.text } });
  await waitFor(
    () => expect(calls.some((c) => c.url.includes(`${search.param}=${search.value}`))).toBe(true),
    { timeout: 5000 },
  );
  fireEvent.click(await screen.findByRole('option', { name: search.option }, { timeout: 5000 }));
  const sent = calls.find((c) => c.url.startsWith(search.path) && c.url.includes(search.param));
  return new URLSearchParams(sent?.url.split('?')[1]);
};

/** Create Follow Up, then the saved follow-up's page opens; answers what the create call sent. */
export const createFollowUp = async (calls: Call[]) => {
  fireEvent.click(screen.getByRole('button', { name: 'Create Follow Up' }));
  await waitFor(() => expect(where.pathname).toBe(`/crm/follow-ups/${SAVED}`));
  return calls.find((c) => c.method === 'POST')?.body;
};
