import {
  type PrintedDocument,
  QUOTATION_ITEM_COLUMNS,
  QUOTATION_MESSAGES,
  type QuotationDocument,
} from '@karya/domain';
import { renderDocumentPdf } from './document-pdf.ts';

/** The quotation's columns' widths (points at A4, 1 cm margins), in QUOTATION_ITEM_COLUMNS order. */
const ITEM_WIDTHS = [20, 92, 100, 48, 40, 26, 56, 30, 54, 72.59];
const ITEM_NUMERIC = [5, 6, 7, 8, 9];

/** The quotation's document model (what the preview prints) as the PDF engine draws it. */
export const printedQuotation = (q: QuotationDocument): PrintedDocument => ({
  heading: 'QUOTATION',
  number: q.number,
  meta: [`No: ${q.number}`, `Date: ${q.date}`, `Valid Until: ${q.validUntil}`],
  band: q.band,
  title: q.title,
  company: { name: q.company.name, lines: q.company.lines },
  companyMissing: q.companyMissing ? QUOTATION_MESSAGES.companyMissing : null,
  party: { heading: 'TO', name: q.customer.name, lines: q.customer.lines },
  aside: [
    { heading: 'SUBJECT', lines: [q.title] },
    { heading: 'PLACE OF SUPPLY', lines: [q.placeOfSupply || '—'] },
  ],
  items: { columns: QUOTATION_ITEM_COLUMNS, widths: ITEM_WIDTHS, numeric: ITEM_NUMERIC, rows: q.rows },
  hsn: q.hsn,
  totals: q.totals,
  grandTotal: q.grandTotal,
  amountInWords: q.amountInWords,
  notes: q.notes,
  terms: q.terms,
  bank: q.bank,
  accountMissing: q.accountMissing ? QUOTATION_MESSAGES.accountMissing : null,
  declaration: q.declaration,
  signatureFor: q.signatureFor,
});

/** The quotation's PDF (issue 25): its document model drawn by the one PDF engine. */
export const renderQuotationPdf = ({ doc, logo }: { doc: QuotationDocument; logo: Buffer | null }) =>
  renderDocumentPdf({ doc: printedQuotation(doc), logo });
