// The company settings' rules (issue 25, "The document"): the form and PATCH /admin/settings/company share
// them. What a document prints of the company is in quotation-document.ts.
import { z } from 'zod';
import { clearable, gstinSchema } from '../common/fields.ts';
import { GST_STATE_CODES, gstStateCode } from '../common/money.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { SALE_INVOICE_NO_MAX } from './sale-list.ts';

export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 1000;
export const COMPANY_TERMS_MAX = 5000;
export const COMPANY_DECLARATION_MAX = 2000;
/**
 * The sales' invoice number series (issue 27 §2): a prefix with {FY} ('2026-27') or {fy} ('26-27') for the
 * financial year, followed by a four-digit running number: 'INV/{FY}/' gives INV/2026-27/0001. With the number
 * it must fit rule 46's 16 characters.
 */
export const DEFAULT_SALE_INVOICE_SERIES = 'INV/{FY}/';
export const SALE_INVOICE_SERIES_RE = /^[A-Za-z0-9/-]*(\{FY\}|\{fy\})?[A-Za-z0-9/-]*$/;
/** Indian Financial System Code: four letters (the bank), 0, six letters or digits (the branch). */
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const BANK_ACCOUNT_RE = /^\d{9,18}$/;

export const COMPANY_SETTINGS_MESSAGES = {
  nameRequired: 'Company name is required',
  nameMax: `Company name must not exceed ${COMPANY_NAME_MAX} characters`,
  addressMax: `Address must not exceed ${COMPANY_ADDRESS_MAX} characters`,
  stateInvalid: 'State must be an Indian state or union territory',
  gstinState: 'GSTIN must begin with the code of the company’s state',
  ifscInvalid: 'IFSC must be 11 characters: four letters, 0 and six letters or digits (e.g. SBIN0001234)',
  accountNumberInvalid: 'Account number must be 9 to 18 digits',
  accountNameMax: 'Account name must not exceed 200 characters',
  branchMax: 'Branch must not exceed 200 characters',
  termsMax: `Terms must not exceed ${COMPANY_TERMS_MAX} characters`,
  declarationMax: `Declaration must not exceed ${COMPANY_DECLARATION_MAX} characters`,
  seriesInvalid:
    'Invoice series may hold letters, digits, / and -, and {FY} or {fy} for the financial year; with a four-digit number it must fit 16 characters',
  updated: 'Company settings updated successfully',
  fetched: 'Company settings fetched successfully',
} as const;
const M = COMPANY_SETTINGS_MESSAGES;

/** An optional text that may be cleared: blank is ''. */
const optionalLine = (max: number, message: string) => oneLineText().max(max, message);

export const companySettingsSchema = z.object(
  {
    name: oneLineText({ error: M.nameRequired }).min(1, M.nameRequired).max(COMPANY_NAME_MAX, M.nameMax),
    address: multiLineText({ error: 'Address must be text' }, 'Address').max(
      COMPANY_ADDRESS_MAX,
      M.addressMax,
    ),
    gstin: clearable(gstinSchema),
    state: oneLineText({ error: M.stateInvalid })
      .refine((v) => gstStateCode(v) !== null, M.stateInvalid)
      .transform((v) => GST_STATE_CODES[gstStateCode(v) as string] as string),
    bankAccountName: optionalLine(200, M.accountNameMax),
    bankAccountNumber: oneLineText({ error: M.accountNumberInvalid }, 'Account number')
      .transform((v) => v.replace(/\s+/g, ''))
      .refine((v) => v === '' || BANK_ACCOUNT_RE.test(v), M.accountNumberInvalid),
    ifsc: oneLineText({ error: M.ifscInvalid }, 'IFSC')
      .toUpperCase()
      .refine((v) => v === '' || IFSC_RE.test(v), M.ifscInvalid),
    bankBranch: optionalLine(200, M.branchMax),
    terms: multiLineText({ error: 'Terms must be text' }, 'Terms').max(COMPANY_TERMS_MAX, M.termsMax),
    declaration: multiLineText({ error: 'Declaration must be text' }, 'Declaration').max(
      COMPANY_DECLARATION_MAX,
      M.declarationMax,
    ),
    // Optional: a client that does not know the series (it came with issue 27) keeps the stored one.
    saleInvoiceSeries: oneLineText({ error: M.seriesInvalid }, 'Invoice series')
      .refine(
        (v) =>
          SALE_INVOICE_SERIES_RE.test(v) &&
          saleInvoiceNumber(v, '2026-04-01', 1).length <= SALE_INVOICE_NO_MAX,
        M.seriesInvalid,
      )
      .optional(),
  },
  { error: 'The company settings must be an object' },
);
/** PATCH: any of the fields; the merged settings are checked again (the GSTIN against the state). */
export const companySettingsUpdateSchema = companySettingsSchema
  .partial()
  .extend({ deleteLogo: z.boolean({ error: 'deleteLogo must be true or false' }).optional() });
/** The logo: JPEG or PNG (by content), at most 1 MB; sent in the multipart field `logo`. */
export const COMPANY_LOGO_MAX_BYTES = 1024 * 1024;
export const COMPANY_LOGO_TOO_LARGE = 'Logo must be at most 1 MB';
export const COMPANY_LOGO_WRONG_TYPE = 'Logo must be a JPEG or PNG image';
export type CompanySettingsInput = z.infer<typeof companySettingsSchema>;
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

/** The Indian financial year (April to March) of a day ('2026-11-29' → '2026-27'). */
export const financialYearOf = (day: string) => {
  const year = Number(day.slice(0, 4)) - (Number(day.slice(5, 7)) < 4 ? 1 : 0);
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
};

/** The series' prefix in a day's financial year: 'KAR/{fy}/' → 'KAR/26-27/'. */
export const saleInvoicePrefix = (series: string, day: string) => {
  const fy = financialYearOf(day);
  return series.replace('{FY}', fy).replace('{fy}', fy.slice(2));
};

/** The n-th number of the series in a day's financial year: 'KAR/26-27/0001'. */
export const saleInvoiceNumber = (series: string, day: string, n: number) =>
  `${saleInvoicePrefix(series, day)}${String(n).padStart(4, '0')}`;

/** A GSTIN registered in another state than the company's: the message, else null. */
export const companyGstinStateProblem = (s: { gstin: string | null; state: string }) =>
  s.gstin && s.gstin.slice(0, 2) !== gstStateCode(s.state) ? M.gstinState : null;
