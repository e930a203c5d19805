import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle, rupees, ts } from './columns.ts';
import { productItems } from './items.ts';

/**
 * One stock record per item, made with the item (spec 3 §3 "Stock"): current stock 0 and price to show 0
 * until purchases, sales and adjustments (a later issue) move them. Quantities are integers, prices rupees.
 */
export const productStocks = pgTable(
  'product_stocks',
  {
    id: id(),
    itemId: text('item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    totalPurchased: integer('total_purchased').notNull().default(0),
    totalSold: integer('total_sold').notNull().default(0),
    currentStock: integer('current_stock').notNull().default(0),
    lastPurchasedStock: integer('last_purchased_stock').notNull().default(0),
    lastSoldStock: integer('last_sold_stock').notNull().default(0),
    lastPurchasePrice: rupees('last_purchase_price').notNull().default(0),
    averagePurchasePrice: rupees('average_purchase_price').notNull().default(0),
    lastGst: integer('last_gst'),
    priceToShow: rupees('price_to_show').notNull().default(0),
    // The sums behind the average purchase price (purchases and priced Initial Stock): kept with the figures
    // so that every ledger write moves them by its own entries, whatever the item's history (decision 0011).
    pricedQuantity: integer('priced_quantity').notNull().default(0),
    pricedValue: numeric('priced_value', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    // How many active ledger entries it has: its history's count, read with the row rather than counted
    // over a fast mover's thousands of entries on every page.
    entryCount: integer('entry_count').notNull().default(0),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('product_stocks_item_idx').on(t.itemId),
    index('product_stocks_live_created_idx').on(t.isDeleted, t.createdAt),
    // The stock list (bench stocks-list): its sort by price to show, highest first with empties last, and
    // the current stock / average price ranges with their count, without a sequential scan.
    index('product_stocks_price_idx').on(sql`${t.priceToShow} desc nulls last`, sql`${t.id} desc`),
    index('product_stocks_stock_price_idx').on(t.currentStock, t.averagePurchasePrice),
    // The ledger's last guard (issue 12; decision 0011): stock never goes below zero.
    check('product_stocks_current_stock_nonnegative', sql`${t.currentStock} >= 0`),
  ],
);

/** Index columns for ORDER BY date DESC, created_at DESC, id DESC (PostgreSQL's default: nulls first). */
function newestFirst(t: { date: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn }): SQL[] {
  return [sql`${t.date} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`];
}

/**
 * The stock ledger (issue 12; decision 0011): every purchase line, sale line and adjustment is one entry;
 * a stock row's figures are an aggregate of its active entries, recomputed in the transaction that changes
 * them. A purchase or sale line is the entry itself (`document_id`, `line_no`); `active` is false while its
 * document is soft-deleted. `direction` is +1 (purchase, Found, Initial Stock) or -1 (sale, Damaged,
 * Expired, Stolen, Missing). Amounts are rupees computed in paise by the domain (lineAmounts).
 */
export const stockEntries = pgTable(
  'stock_entries',
  {
    id: id(),
    stockId: text('stock_id')
      .notNull()
      .references(() => productStocks.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    kind: text('kind').notNull(),
    documentId: text('document_id'),
    lineNo: integer('line_no').notNull().default(0),
    adjustmentType: text('adjustment_type'),
    reason: text('reason'),
    quantity: integer('quantity').notNull(),
    direction: integer('direction').notNull(),
    unitPrice: rupees('unit_price').notNull().default(0),
    gstPercent: integer('gst_percent'),
    taxableAmount: rupees('taxable_amount').notNull().default(0),
    gstAmount: rupees('gst_amount').notNull().default(0),
    totalAmount: rupees('total_amount').notNull().default(0),
    marginTier: text('margin_tier'),
    date: date('date', { mode: 'string' }).notNull(),
    invoiceNo: text('invoice_no'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    // A stock's history page, newest first, in index order (the id settles ties).
    // (Written as SQL: drizzle's .desc() adds NULLS LAST, which an ORDER BY … DESC (nulls first) cannot use.)
    index('stock_entries_stock_idx').on(t.stockId, t.active, ...newestFirst(t)),
    // The latest active purchase and sale of a stock: LIMIT 1 instead of a sort.
    index('stock_entries_latest_idx')
      .on(t.stockId, t.kind, ...newestFirst(t))
      .where(sql`${t.active}`),
    index('stock_entries_document_idx').on(t.documentId),
    check('stock_entries_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_entries_direction', sql`${t.direction} in (1, -1)`),
    check('stock_entries_kind', sql`${t.kind} in ('purchase', 'sale', 'adjustment')`),
  ],
);
