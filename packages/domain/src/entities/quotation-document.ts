// What the quotation's document prints beyond the version itself (issue 25, "The document"; spec 3 §2
// Preview): the HSN-wise tax summary, the default terms and declaration, and the company settings the
// header and the bank details read. Zod-free: the preview page and the server's PDF both use it; the
// settings' validation is in company-settings.ts.
import { formatRupees, GST_STATE_CODES, splitGst, toPaise } from '../common/money.ts';
import type { UserRef } from '../common/records.ts';
import type { QuotationVersionDto } from './quotation-list.ts';

/** Spec 3 §2 Preview: the Terms and Conditions, one a line, until an administrator sets others. */
export const DEFAULT_QUOTATION_TERMS = [
  'Prices are inclusive of all taxes.',
  'Transport and installation charges depend on the location.',
  '50% advance payment along with the order.',
  'The remaining 50% on the day of installation.',
  'Delivery within 10 days of payment.',
].join('\n');

/** The declaration printed above the signature, until an administrator sets another. */
export const DEFAULT_QUOTATION_DECLARATION =
  'We declare that this quotation shows the actual price of the goods described and that all particulars are true and correct.';

/** GET /admin/settings/company: what a document prints of the company (spec 3 §2; issue 25). */
export type CompanySettingsDto = {
  name: string;
  address: string;
  gstin: string | null;
  /** The state for GST (a name of GST_STATE_CODES): the place of supply is compared with it. */
  state: string;
  /** The logo, a stored file (url: /files/{id}), or null. */
  logo: { url: string; fileId: string } | null;
  bankAccountName: string;
  bankAccountNumber: string;
  ifsc: string;
  bankBranch: string;
  terms: string;
  declaration: string;
  /** The sales' invoice number series (company-settings.ts): 'INV/{FY}/'. */
  saleInvoiceSeries: string;
  updatedAt: string | null;
  updatedBy: UserRef | null;
};

export const COMPANY_SETTINGS_RESOURCE = 'company-settings';
export const COMPANY_SETTINGS_PATH = '/admin/settings/company';

/** The company's part of the document is missing when it has neither a name nor an address. */
export const companyDetailsMissing = (c: Pick<CompanySettingsDto, 'name' | 'address'> | null | undefined) =>
  !c?.name.trim() || !c.address.trim();
/** The bank details are missing when any of the account's name, number or IFSC is empty. */
export const accountDetailsMissing = (
  c: Pick<CompanySettingsDto, 'bankAccountName' | 'bankAccountNumber' | 'ifsc'> | null | undefined,
) => !c?.bankAccountName.trim() || !c.bankAccountNumber.trim() || !c.ifsc.trim();

/** One row of the HSN-wise summary: amounts in paise, rates in percent. */
export type HsnSummaryRow = {
  /** The HSN/SAC code as the lines froze it; '' when the lines had none. */
  hsn: string;
  gstRate: number;
  taxable: number;
  cgstRate: number;
  cgst: number;
  sgstRate: number;
  sgst: number;
  igstRate: number;
  igst: number;
  /** The row's GST (cgst + sgst + igst). */
  gst: number;
};
export type HsnSummary = {
  interState: boolean;
  rows: HsnSummaryRow[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; gst: number };
};

const paise = (rupees: number) => toPaise(rupees) ?? 0;

/**
 * The HSN-wise tax summary of a version (issue 25; odoo/odoo PR #111659): per HSN/SAC and GST rate, in the
 * order first met, the taxable value and its CGST and SGST (within the state) or IGST (between states, by
 * the version's frozen place of supply). Amounts are paise and add up exactly to the version's: the
 * taxable values to its taxable amount, the GST to totalGSTAmount, and the CGST / SGST of the rows to its
 * split (the CGST of the running total is halved down, so no paisa is lost between rows).
 */
export const hsnSummary = (version: Pick<QuotationVersionDto, 'items' | 'placeOfSupply'>): HsnSummary => {
  const interState = version.placeOfSupply.interState;
  const groups = new Map<string, { hsn: string; gstRate: number; taxable: number; gst: number }>();
  for (const line of version.items) {
    const hsn = line.hsn?.trim() ?? '';
    const key = `${hsn}\u0000${line.gst}`;
    const g = groups.get(key) ?? { hsn, gstRate: line.gst, taxable: 0, gst: 0 };
    g.taxable += paise(line.taxableAmount);
    g.gst += paise(line.gstAmount);
    groups.set(key, g);
  }
  let running = 0;
  let cgstSoFar = 0;
  const rows: HsnSummaryRow[] = [...groups.values()].map((g) => {
    running += g.gst;
    const split = splitGst(g.gst, !interState);
    let { cgst, sgst } = split;
    if (!interState) {
      // CGST of the running total, halved down, less what the rows before took: the rows sum to the split.
      const upTo = Math.floor(running / 2);
      cgst = upTo - cgstSoFar;
      cgstSoFar = upTo;
      sgst = g.gst - cgst;
    }
    const half = g.gstRate / 2;
    return {
      hsn: g.hsn,
      gstRate: g.gstRate,
      taxable: g.taxable,
      cgstRate: interState ? 0 : half,
      cgst,
      sgstRate: interState ? 0 : half,
      sgst,
      igstRate: interState ? g.gstRate : 0,
      igst: split.igst,
      gst: g.gst,
    };
  });
  const totals = rows.reduce(
    (t, r) => ({
      taxable: t.taxable + r.taxable,
      cgst: t.cgst + r.cgst,
      sgst: t.sgst + r.sgst,
      igst: t.igst + r.igst,
      gst: t.gst + r.gst,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, gst: 0 },
  );
  return { interState, rows, totals };
};

const percentText = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}%`;

/** The HSN summary as a printed table (quotations and tax invoices): CGST and SGST, or IGST between states. */
export const hsnTable = (summary: HsnSummary) => {
  const inter = summary.interState;
  const money = formatRupees;
  const columns = inter
    ? ['HSN/SAC', 'Taxable Value', 'IGST Rate', 'IGST Amount', 'Total Tax']
    : ['HSN/SAC', 'Taxable Value', 'CGST Rate', 'CGST Amount', 'SGST Rate', 'SGST Amount', 'Total Tax'];
  const rows = summary.rows.map((r) =>
    inter
      ? [r.hsn || '—', money(r.taxable), percentText(r.igstRate), money(r.igst), money(r.gst)]
      : [
          r.hsn || '—',
          money(r.taxable),
          percentText(r.cgstRate),
          money(r.cgst),
          percentText(r.sgstRate),
          money(r.sgst),
          money(r.gst),
        ],
  );
  const t = summary.totals;
  const total = inter
    ? ['Total', money(t.taxable), '', money(t.igst), money(t.gst)]
    : ['Total', money(t.taxable), '', money(t.cgst), '', money(t.sgst), money(t.gst)];
  return { columns, rows, total };
};

/** The bank details a document prints: the company's account fields that are set. */
export const bankDetails = (company: CompanySettingsDto | null) =>
  company
    ? [
        { label: 'Account Name', value: company.bankAccountName },
        { label: 'Account Number', value: company.bankAccountNumber },
        { label: 'IFSC', value: company.ifsc },
        { label: 'Branch', value: company.bankBranch },
      ].filter((b) => b.value.trim())
    : [];

/** 'Odisha (21)': a place of supply as the document prints it; '' when unknown. */
export const placeOfSupplyText = (p: QuotationVersionDto['placeOfSupply']) => {
  const state = p.state ?? (p.code ? GST_STATE_CODES[p.code] : null);
  if (!state) return '';
  return p.code ? `${state} (${p.code})` : state;
};

/** Send (issue 25): e-mail a version's PDF to one of the customer's contacts. */
export const QUOTATION_SEND_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  notAContact: 'The e-mail must be one of the customer’s contacts',
  noCustomer: 'The quotation has no customer to send it to',
  sent: (email: string) => `Quotation sent to ${email}`,
} as const;
