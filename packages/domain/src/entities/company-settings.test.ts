import { describe, expect, it } from 'vitest';
import {
  companyGstinStateProblem,
  companySettingsSchema,
  companySettingsUpdateSchema,
  financialYearOf,
  COMPANY_SETTINGS_MESSAGES as M,
  saleInvoiceNumber,
} from './company-settings.ts';

const good = {
  name: 'Arrow Furniture',
  address: 'Plot 5\nCuttack',
  gstin: '21AAAAA0000A1Z9',
  state: 'odisha',
  logo: null,
  bankAccountName: 'Arrow Furniture',
  bankAccountNumber: '1234 5678 9012',
  ifsc: 'sbin0001234',
  bankBranch: 'Cuttack',
  terms: 'Terms',
  declaration: 'Declared',
};
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('company settings', () => {
  it('normalises a valid form', () => {
    const r = companySettingsSchema.safeParse({ ...good, gstin: null });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ state: 'Odisha', ifsc: 'SBIN0001234', bankAccountNumber: '123456789012' });
  });
  it('refuses bad IFSC, account numbers, states and names', () => {
    expect(firstError(companySettingsUpdateSchema.safeParse({ ifsc: 'SBIN1001234' }))).toBe(M.ifscInvalid);
    expect(firstError(companySettingsUpdateSchema.safeParse({ bankAccountNumber: '12ab' }))).toBe(
      M.accountNumberInvalid,
    );
    expect(firstError(companySettingsUpdateSchema.safeParse({ state: 'Atlantis' }))).toBe(M.stateInvalid);
    expect(firstError(companySettingsUpdateSchema.safeParse({ name: ' ' }))).toBe(M.nameRequired);
    expect(companySettingsUpdateSchema.safeParse({ ifsc: '', bankAccountNumber: '' }).success).toBe(true);
  });
  it('takes an invoice series that fits 16 characters with its number, and makes its numbers', () => {
    const series = (v: string) => companySettingsUpdateSchema.safeParse({ saleInvoiceSeries: v }).success;
    expect(series('INV/{FY}/')).toBe(true);
    expect(series('KAR/{fy}/')).toBe(true);
    expect(series('KARYA-ROBOTICS/{FY}/')).toBe(false);
    expect(series('INV {FY}')).toBe(false);
    expect(saleInvoiceNumber('KAR/{fy}/', '2027-03-31', 12)).toBe('KAR/26-27/0012');
    expect(saleInvoiceNumber('INV/{FY}/', '2027-04-01', 1)).toBe('INV/2027-28/0001');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
  });
  it('checks the GSTIN and its state', () => {
    expect(companySettingsUpdateSchema.safeParse({ gstin: '21AAAAA0000A1Z0' }).success).toBe(false);
    expect(companyGstinStateProblem({ gstin: '20AAAAA0000A1Z9', state: 'Odisha' })).toBe(M.gstinState);
    expect(companyGstinStateProblem({ gstin: null, state: 'Odisha' })).toBeNull();
  });
});
