// What the server's A4 PDF draws (apps/server/src/modules/quotation-document/document-pdf.ts), whatever the
// document: a quotation (quotation-document-model.ts) or a sale's tax invoice (tax-invoice.ts). Both say
// their lines once here, so the PDF engine is one. Zod-free.
import type { LabelledValue } from './quotation-document-model.ts';

export type PrintedDocument = {
  /** The document's name, top right in capitals: 'QUOTATION', 'TAX INVOICE'. */
  heading: string;
  /** Its number, also in every page's foot. */
  number: string;
  /** The lines under the heading: number, dates. */
  meta: string[];
  /** A band on every page (a version not for sending), else null. */
  band: string | null;
  title: string;
  company: { name: string; lines: string[] };
  /** The company's settings lack what the document must say: printed in red instead of the company. */
  companyMissing: string | null;
  /** The party's block on the left ('TO', 'BILL TO'). */
  party: { heading: string; name: string; lines: string[] };
  /** Blocks on the right beside the party: subject, place of supply, reverse charge… */
  aside: { heading: string; lines: string[] }[];
  /** The items table: columns, their relative widths, which are right-aligned numbers, the rows. */
  items: {
    columns: readonly string[];
    widths: readonly number[];
    numeric: readonly number[];
    rows: string[][];
  };
  hsn: { columns: string[]; rows: string[][]; total: string[] };
  totals: LabelledValue[];
  grandTotal: LabelledValue;
  amountInWords: string;
  notes: string | null;
  terms: string[];
  bank: LabelledValue[];
  /** The bank details are missing: this text in red instead. */
  accountMissing: string | null;
  declaration: string;
  signatureFor: string;
};
