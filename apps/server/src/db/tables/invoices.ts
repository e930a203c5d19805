import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, text } from 'drizzle-orm/pg-core';
import { rupees } from './columns.ts';

/**
 * What purchases and sales share: the invoice, the totals and the GST split (computed by the server from the
 * document's stock entries and stored for lists and filters), and the place of supply.
 */
export const invoiceColumns = () => ({
  invoiceNo: text('invoice_no').notNull(),
  invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
  notes: text('notes'),
  taxableAmount: rupees('taxable_amount').notNull().default(0),
  totalGstAmount: rupees('total_gst_amount').notNull().default(0),
  totalAmount: rupees('total_amount').notNull().default(0),
  cgst: rupees('cgst').notNull().default(0),
  sgst: rupees('sgst').notNull().default(0),
  igst: rupees('igst').notNull().default(0),
  supplyState: text('supply_state'),
});

type InvoiceTable = Record<
  | 'isDeleted'
  | 'createdAt'
  | 'updatedAt'
  | 'invoiceDate'
  | 'invoiceNo'
  | 'totalAmount'
  | 'createdBy'
  | 'deletedBy',
  AnyPgColumn
>;

/** The indexes both documents' lists use, named after their table (`purchases_live_created_idx`). */
export const invoiceIndexes = (table: string, t: InvoiceTable) => [
  index(`${table}_live_created_idx`).on(t.isDeleted, t.createdAt),
  index(`${table}_live_updated_idx`).on(t.isDeleted, t.updatedAt),
  index(`${table}_live_invoice_date_idx`).on(t.isDeleted, t.invoiceDate),
  index(`${table}_invoice_no_trgm_idx`).using('gin', sql`${t.invoiceNo} gin_trgm_ops`),
  index(`${table}_invoice_no_prefix_idx`).on(sql`lower(${t.invoiceNo}) text_pattern_ops`),
  index(`${table}_total_amount_idx`).on(t.totalAmount),
  index(`${table}_created_by_idx`).on(t.createdBy),
  index(`${table}_deleted_by_idx`).on(t.deletedBy),
];
