import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../test/harness';
import {
  CUSTOMER,
  createFollowUp,
  pickRecord,
  reasonNetwork,
  renderReasonForm,
  select,
} from './follow-up-reason-test-kit';

const QUOTATION = 'e'.repeat(24);
const calls = reasonNetwork({ quotation: ['suggestion'] }, (method, url) => {
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
  return undefined;
});

describe('follow-up form: reason Quotation', () => {
  it("picks one of the chosen customer's quotations by number and sends it", async () => {
    await renderReasonForm();
    select('Reason', 'Quotation');
    const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Quotation' });
    // The customer's quotations are offered at once; the typed number searches after the debounce.
    const params = await pickRecord(calls, picker, {
      path: '/api/crm/quotations/suggestion',
      text: '3',
      param: 'quotationId',
      value: '3',
      option: 'ARR/0003/R1 · Smart class quotation',
    });
    expect(params.get('customerId')).toBe(CUSTOMER);
    expect(params.get('quotationId')).toBe('3');

    expect(await createFollowUp(calls)).toMatchObject({
      customer: CUSTOMER,
      reason: 'Quotation',
      quotation: QUOTATION,
    });
  });
});
