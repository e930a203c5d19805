// The quotation's document as text, once for the preview page and the server's PDF (issue 25, "The
// document"; spec 3 §2 Preview): both lay out exactly these lines, so the printed page and the PDF say the
// same thing. Zod-free.
import { amountInWords } from '../common/amount-words.ts';
import { formatRupees, toPaise } from '../common/money.ts';
import { todayInAppZone } from '../dates.ts';
import { type CustomerAddress, formatCustomerId } from './customer-list.ts';
import {
  accountDetailsMissing,
  bankDetails,
  type CompanySettingsDto,
  companyDetailsMissing,
  hsnSummary,
  hsnTable,
  placeOfSupplyText,
} from './quotation-document.ts';
import {
  formatQuotationId,
  mayBeSent,
  QUOTATION_MESSAGES,
  type QuotationDto,
  type QuotationVersionDto,
} from './quotation-list.ts';

/** Spec 3 §2 Preview's items table, with HSN/SAC (issue 25). */
export const QUOTATION_ITEM_COLUMNS = [
  'SL No',
  'Item Name',
  'Description',
  'Brand',
  'HSN/SAC',
  'Qty',
  'Unit Price',
  'GST Rate',
  'GST Per Unit',
  'Total Price',
] as const;

export type LabelledValue = { label: string; value: string };

export type QuotationDocument = {
  number: string;
  title: string;
  date: string;
  validUntil: string;
  /** Not for sending until its review passed (mayBeSent): the band's text, else null. */
  band: string | null;
  company: {
    name: string;
    lines: string[];
    logoUrl: string | null;
  };
  companyMissing: boolean;
  customer: { name: string; lines: string[] };
  placeOfSupply: string;
  /** One row per line, in QUOTATION_ITEM_COLUMNS order. */
  rows: string[][];
  hsn: { columns: string[]; rows: string[][]; total: string[] };
  totals: LabelledValue[];
  grandTotal: LabelledValue;
  amountInWords: string;
  terms: string[];
  bank: LabelledValue[];
  accountMissing: boolean;
  declaration: string;
  signatureFor: string;
  notes: string | null;
};

const paiseOf = (rupees: number) => toPaise(rupees) ?? 0;
const money = (rupees: number) => formatRupees(paiseOf(rupees));
const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}%`;
/** 'DD/MM/YYYY' of a day ('2026-12-05') or an instant (its day in India). */
export const documentDay = (value: string) => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayInAppZone(new Date(value));
  return day.split('-').reverse().join('/');
};

const addressLines = (a: CustomerAddress | null) => {
  if (!a) return [];
  const street = a.street?.trim();
  const place = [a.city, a.district, a.state]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(', ');
  const country = [a.country?.trim(), a.zipCode?.trim()].filter(Boolean).join(' ');
  return [street, place, country].filter((x): x is string => Boolean(x));
};

/**
 * The document of one version of a quotation (the active one unless given), with the company settings
 * (null: not loaded, printed as missing).
 */
export const quotationDocument = (
  q: QuotationDto,
  company: CompanySettingsDto | null,
  version: QuotationVersionDto = q.activeVersion,
): QuotationDocument => {
  const summary = hsnSummary(version);
  const inter = summary.interState;
  const c = q.customer;
  const customerLines = c
    ? [
        formatCustomerId(c.customerId),
        ...addressLines(c.address ?? null),
        ...(c.gstin ? [`GSTIN: ${c.gstin}`] : []),
        ...(c.phone ? [`Phone: ${c.phone}`] : []),
        ...(c.email ? [`Email: ${c.email}`] : []),
      ]
    : [];
  const companyLines = company
    ? [
        ...company.address
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        ...(company.gstin ? [`GSTIN: ${company.gstin}`] : []),
        `State: ${company.state}`,
      ]
    : [];
  const t = summary.totals;
  const totals: LabelledValue[] = [
    { label: 'Taxable Amount', value: money(version.taxableAmount) },
    ...(inter
      ? [{ label: 'IGST', value: formatRupees(t.igst) }]
      : [
          { label: 'CGST', value: formatRupees(t.cgst) },
          { label: 'SGST', value: formatRupees(t.sgst) },
        ]),
    { label: 'Total GST', value: money(version.totalGSTAmount) },
  ];
  return {
    number: formatQuotationId(q.quotationId, version.versionNumber),
    title: version.title,
    date: documentDay(version.createdAt),
    validUntil: documentDay(version.validUntil.slice(0, 10)),
    band: mayBeSent(version) ? null : QUOTATION_MESSAGES.awaitingReview,
    company: {
      name: company?.name ?? '',
      lines: companyLines,
      logoUrl: company?.logo?.url ?? null,
    },
    companyMissing: companyDetailsMissing(company),
    customer: { name: c?.name ?? '', lines: customerLines },
    placeOfSupply: placeOfSupplyText(version.placeOfSupply),
    rows: version.items.map((l, i) => [
      String(i + 1),
      l.name,
      l.description ?? '',
      l.brand ?? '',
      l.hsn ?? '',
      String(l.quantity),
      money(l.unitPrice),
      (l.gst === 0 && l.gstZeroKind) || percent(l.gst),
      money(l.gstPerUnit),
      money(l.totalPrice),
    ]),
    hsn: hsnTable(summary),
    totals,
    grandTotal: { label: 'Grand Total', value: money(version.totalAmount) },
    amountInWords: amountInWords(paiseOf(version.totalAmount)),
    terms: (company?.terms ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    bank: bankDetails(company),
    accountMissing: accountDetailsMissing(company),
    declaration: company?.declaration ?? '',
    signatureFor: company?.name ?? '',
    notes: version.notes?.trim() || null,
  };
};
