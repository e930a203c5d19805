import { E_WAY_BILL_ABOVE_PAISE } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';
import { customers } from './customers.ts';
import { invoiceColumns, invoiceIndexes } from './invoices.ts';

/** Rupees above which a sale moves under an e-way bill, as SQL text (the filter and its index say it alike). */
export const E_WAY_BILL_THRESHOLD_SQL = String(E_WAY_BILL_ABOVE_PAISE / 100);

/**
 * Sales to customers (spec 3 §3 "Sale"): as purchases, with the customer and the place of supply (the
 * customer's state when the sale was written). A customer deleted for good leaves its sales without one.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    ...invoiceColumns(),
    /** Goods worth more than ₹50,000 move under an e-way bill (issue 27 §2): its number and the vehicle's. */
    eWayBillNo: text('e_way_bill_no'),
    vehicleNo: text('vehicle_no'),
    ...lifecycle(),
  },
  (t) => [
    ...invoiceIndexes('sales', t),
    index('sales_customer_idx').on(t.customerId),
    // One active sale per invoice number, trimmed and in any case (invoice-numbers.ts).
    uniqueIndex('sales_live_invoice_no_uq')
      .on(sql`lower(btrim(${t.invoiceNo}))`)
      .where(sql`${t.isDeleted} = false`),
    index('sales_total_gst_amount_idx').on(t.totalGstAmount),
    // The list's "needs an e-way bill and lacks it" filter (issue 27 §2): its page, newest first, and its
    // count read this index alone, never the whole table.
    index('sales_e_way_missing_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(
        sql`${t.isDeleted} = false and ${t.eWayBillNo} is null and ${t.totalAmount} > ${sql.raw(E_WAY_BILL_THRESHOLD_SQL)}`,
      ),
  ],
);
