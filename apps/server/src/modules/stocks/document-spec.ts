import { type GstRate, type LineMarginTier, type RecordMessages, recordMessages } from '@karya/domain';
import type { Db } from '../../db/client.ts';
import type { purchases, sales } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Tx } from './ledger.ts';

/**
 * Purchases and sales as documents of the stock ledger (issue 12; decision 0011): one engine for both, the
 * modules (purchases/, sales/) give it their table, party and words. A document's lines are its ledger
 * entries; every create, update, soft delete, restore and permanent delete locks the stock rows it touches,
 * checks that none goes below zero, writes or flips the entries and recomputes the rows — one transaction.
 * Prices and totals are computed from the lines (document-pricing.ts), in paise (packages/domain money.ts);
 * GST is split CGST + SGST when the party's state (placeOfSupplyCode: its GSTIN's state code, else its
 * address state) is the company's (COMPANY_STATE), IGST when it is another state, CGST + SGST when unknown.
 */

export type DocRow = typeof purchases.$inferSelect & {
  customerId?: string | null;
  vendorId?: string | null;
  /** A sale's transport (issue 27 §2). */
  eWayBillNo?: string | null;
  vehicleNo?: string | null;
};
type DocTable = typeof purchases | typeof sales;

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The other party of a document: who it is, its GSTIN and address state (the place of supply, by
 * placeOfSupplyCode), and its name for history.
 */
export type Party = {
  id: string;
  name: string;
  gstin: string | null;
  state: string | null;
  /** The party as the module's answer shows it, when the look-up read enough for that. */
  ref?: unknown;
};

export type LineInput = {
  item: string;
  quantity: number;
  pricePerUnit?: number;
  gst: GstRate;
  marginTier?: LineMarginTier;
};

export type DocInput = {
  party: string;
  invoiceNo: string;
  invoiceDate: string;
  notes?: string | null;
  items: LineInput[];
  /** A sale's e-way bill and vehicle numbers (issue 27 §2); a purchase has none. */
  eWayBillNo?: string | null;
  vehicleNo?: string | null;
};

export type DocSpec = {
  kind: 'purchase' | 'sale';
  table: DocTable;
  /** The column of the other party: vendor_id or customer_id. */
  partyKey: 'vendorId' | 'customerId';
  /** +1: a purchase adds to stock; −1: a sale takes from it. */
  direction: 1 | -1;
  resource: string;
  messages: RecordMessages;
  /** The party, live and visible to the caller, or the error to answer. */
  findParty: (tx: Db | Tx, principal: Principal, id: string) => Promise<Party>;
  /** What history calls the party field. */
  partyField: 'vendor' | 'customer';
};

export const documentMessages = (noun: string, notFoundText: string) => ({
  ...recordMessages(noun),
  notFound: notFoundText,
});
