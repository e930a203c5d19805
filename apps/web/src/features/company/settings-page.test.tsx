import {
  type CompanySettingsDto,
  DEFAULT_QUOTATION_DECLARATION,
  DEFAULT_QUOTATION_TERMS,
  COMPANY_SETTINGS_MESSAGES as M,
} from '@karya/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { CompanySettingsPage } from './settings-page';

const settings: CompanySettingsDto = {
  name: 'Arrow Robotics',
  address: 'Plot 7, Cuttack',
  gstin: null,
  state: 'Odisha',
  logo: null,
  bankAccountName: '',
  bankAccountNumber: '',
  ifsc: '',
  bankBranch: '',
  terms: DEFAULT_QUOTATION_TERMS,
  declaration: DEFAULT_QUOTATION_DECLARATION,
  saleInvoiceSeries: 'INV/{FY}/',
  updatedAt: null,
  updatedBy: null,
};

let permissions: Record<string, string[]> = { 'company-settings': ['read', 'update'] };
const calls = stubNetwork(
  () => meWith(permissions),
  (method, url, body) => {
    if (!url.startsWith('/api/admin/settings/company')) return undefined;
    if (method === 'GET') return envelope(settings);
    const form = body as FormData;
    return envelope({ ...settings, ifsc: String(form.get('ifsc')), updatedAt: '2026-11-28T10:00:00.000Z' });
  },
);

const page = () =>
  render(
    <Wrap path="/admin/settings/company" signedIn>
      <CompanySettingsPage />
    </Wrap>,
  );
const change = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('company settings screen', () => {
  it('shows the settings and refuses a bad IFSC and account number before sending', async () => {
    permissions = { 'company-settings': ['read', 'update'] };
    page();
    expect(await screen.findByDisplayValue('Arrow Robotics')).toBeTruthy();
    change(/^IFSC/, 'SBIN1001234');
    change(/^Account Number/, '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.ifscInvalid)).toBeTruthy();
    expect(screen.getByText(M.accountNumberInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves the bank details as a multipart PATCH', async () => {
    permissions = { 'company-settings': ['read', 'update'] };
    page();
    await screen.findByDisplayValue('Arrow Robotics');
    change(/^IFSC/, 'SBIN0001234');
    change(/^Account Number/, '123456789012');
    change(/^Account Name/, 'Arrow Robotics Pvt Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as FormData;
    expect(sent.get('ifsc')).toBe('SBIN0001234');
    expect(sent.get('bankAccountNumber')).toBe('123456789012');
    expect(sent.get('name')).toBe('Arrow Robotics');
  });

  it('is read-only without update', async () => {
    permissions = { 'company-settings': ['read'] };
    page();
    expect(await screen.findByDisplayValue('Arrow Robotics')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText(/^Company Name/).matches(':disabled')).toBe(true);
  });
});
