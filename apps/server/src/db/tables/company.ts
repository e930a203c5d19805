import type { LedgerNames } from '@karya/domain';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { type StoredImage, ts } from './columns.ts';

/**
 * The company settings (issue 25, "The document"): one row (id 'company'), what a quotation prints of the company
 * and its bank, and the company's state for GST. Made on first read from the COMPANY_* environment values.
 */
export const companySettings = pgTable('company_settings', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  gstin: text('gstin'),
  state: text('state').notNull(),
  logo: jsonb('logo').$type<StoredImage>(),
  bankAccountName: text('bank_account_name').notNull().default(''),
  bankAccountNumber: text('bank_account_number').notNull().default(''),
  ifsc: text('ifsc').notNull().default(''),
  bankBranch: text('bank_branch').notNull().default(''),
  terms: text('terms').notNull(),
  declaration: text('declaration').notNull(),
  /** The sales' invoice number series (issue 27 §2): a prefix with {FY} or {fy}, then a running number. */
  saleInvoiceSeries: text('sale_invoice_series').notNull().default('INV/{FY}/'),
  /** The Tally export's ledger names (issue 27 §3); null: the defaults (DEFAULT_LEDGER_NAMES). */
  ledgerNames: jsonb('ledger_names').$type<LedgerNames>(),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});
