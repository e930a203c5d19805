import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';
import { invoiceColumns, invoiceIndexes } from './invoices.ts';
import { productVendors } from './vendors.ts';

/**
 * Purchases from vendors (spec 3 §3 "Purchase"; issue 12, decision 0011). The lines are the document's
 * entries in `stock_entries` (one source of truth); the totals and the GST split are computed by the
 * server from them and stored here for lists and filters. `supply_state` is the vendor's state when known
 * (CGST + SGST within the company's state, IGST otherwise). A vendor deleted for good leaves its purchases
 * without a vendor.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    vendorId: text('vendor_id').references(() => productVendors.id, { onDelete: 'set null' }),
    ...invoiceColumns(),
    ...lifecycle(),
  },
  (t) => [
    ...invoiceIndexes('purchases', t),
    index('purchases_vendor_idx').on(t.vendorId),
    // One active purchase per vendor and invoice number, trimmed and in any case (invoice-numbers.ts).
    uniqueIndex('purchases_live_vendor_invoice_no_uq')
      .on(t.vendorId, sql`lower(btrim(${t.invoiceNo}))`)
      .where(sql`${t.isDeleted} = false`),
  ],
);
