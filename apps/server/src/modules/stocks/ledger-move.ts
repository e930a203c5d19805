// moveStocks: a change's entries move the stock rows' figures in one statement (ledger.ts says the order).
import { toPaise } from '@karya/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productStocks, stockEntries } from '../../db/schema.ts';
import { type CountedEntry, isPriced, NEWEST, type Runner } from './ledger.ts';

/** A stored entry as the figures count it. */
export const counted = (e: typeof stockEntries.$inferSelect): CountedEntry => ({
  stockId: e.stockId,
  kind: e.kind,
  direction: e.direction,
  quantity: e.quantity,
  unitPaise: toPaise(e.unitPrice) ?? 0,
  adjustmentType: e.adjustmentType,
});

type Delta = {
  /** Entries that started counting less those that stopped. */
  entries: number;
  purchased: number;
  sold: number;
  current: number;
  pricedQuantity: number;
  pricedPaise: number;
  /** A purchase (a sale) moved: the row's last purchase (last sale) is read again. */
  purchases: boolean;
  sales: boolean;
};

/**
 * Move the figures of stock rows by the entries that started counting (`added`: written, or active again)
 * and those that stopped (`removed`: deleted, or inactive), in one statement, once the entries are as they
 * will stay: total purchased, total sold, current stock and the priced sums by the entries' quantities,
 * the average from those sums, the last purchase (quantity, price, GST) and the last sale's quantity from
 * the newest active entry of that kind (one row of an index), read only when such an entry moved.
 * `fillPrice`: the price to show of a row still at 0 becomes this price (rupees; decision 0011).
 *
 * The figures used to be recomputed from every entry of the item under its row lock (~4 ms at 3,600
 * entries, growing with each document, and every other write of the item waited for it); verifyStocks
 * and the ledger's property tests hold this to that full recompute.
 */
export const moveStocks = async (
  tx: Runner,
  moved: { added?: readonly CountedEntry[]; removed?: readonly CountedEntry[] },
  now: Date,
  userId: string,
  fillPrice: ReadonlyMap<string, number> = new Map(),
) => {
  const deltas = new Map<string, Delta>();
  const deltaOf = (stockId: string) => {
    let d = deltas.get(stockId);
    if (!d) {
      d = {
        entries: 0,
        purchased: 0,
        sold: 0,
        current: 0,
        pricedQuantity: 0,
        pricedPaise: 0,
        purchases: false,
        sales: false,
      };
      deltas.set(stockId, d);
    }
    return d;
  };
  const count = (entries: readonly CountedEntry[], sign: 1 | -1) => {
    for (const e of entries) {
      const d = deltaOf(e.stockId);
      const q = sign * e.quantity;
      d.entries += sign;
      d.current += e.direction * q;
      if (e.kind === 'purchase') {
        d.purchased += q;
        d.purchases = true;
      }
      if (e.kind === 'sale') {
        d.sold += q;
        d.sales = true;
      }
      if (isPriced(e)) {
        d.pricedQuantity += q;
        d.pricedPaise += q * (e.unitPaise ?? 0);
      }
    }
  };
  count(moved.added ?? [], 1);
  count(moved.removed ?? [], -1);
  for (const stockId of fillPrice.keys()) deltaOf(stockId);
  if (!deltas.size) return;
  const rows = [...deltas].map(
    ([stockId, d]) =>
      sql`(${stockId}, ${d.entries}::int, ${d.purchased}::int, ${d.sold}::int, ${d.current}::int, ${d.pricedQuantity}::int, ${d.pricedPaise}::bigint, ${d.purchases}::boolean, ${d.sales}::boolean, ${fillPrice.get(stockId) ?? 0}::numeric)`,
  );
  // Only the figures this change moves are set: the statement runs under the rows' locks, so every other
  // write of these items waits for it (a new sale sets three figures and reads one index row).
  const all = [...deltas.values()];
  const purchases = all.some((d) => d.purchases);
  const priced = all.some((d) => d.pricedQuantity !== 0 || d.pricedPaise !== 0);
  const set = [
    sql`current_stock = s.current_stock + d.current`,
    sql`entry_count = s.entry_count + d.entries`,
  ];
  if (purchases) set.push(sql`total_purchased = s.total_purchased + d.purchased`);
  if (all.some((d) => d.sales))
    set.push(
      sql`total_sold = s.total_sold + d.sold`,
      sql`last_sold_stock = case when d.sales then coalesce((
        select e.quantity from ${stockEntries} e
        where e.stock_id = s.id and e.active and e.kind = 'sale'
        ${NEWEST}
      ), 0) else s.last_sold_stock end`,
    );
  if (priced) {
    const value = sql`(s.priced_value + d.priced_paise / 100.0)`;
    set.push(
      sql`priced_quantity = s.priced_quantity + d.priced_quantity`,
      sql`priced_value = ${value}`,
      sql`average_purchase_price = coalesce(round(${value} / nullif(s.priced_quantity + d.priced_quantity, 0), 2), 0)`,
    );
  }
  if (purchases)
    set.push(
      sql`last_purchased_stock = case when d.purchases then coalesce(lp.quantity, 0) else s.last_purchased_stock end`,
      sql`last_purchase_price = case when d.purchases then coalesce(lp.unit_price, 0) else s.last_purchase_price end`,
      sql`last_gst = case when d.purchases then lp.gst_percent else s.last_gst end`,
    );
  if (fillPrice.size)
    set.push(
      sql`price_to_show = case when s.price_to_show = 0 and d.fill_price > 0 then d.fill_price else s.price_to_show end`,
    );
  set.push(sql`updated_at = ${now.toISOString()}::timestamptz`, sql`updated_by = ${userId}`);
  await (tx as Db).execute(sql`
    update ${productStocks} s set ${sql.join(set, sql`, `)}
    from (values ${sql.join(rows, sql`, `)})
        as d(stock_id, entries, purchased, sold, current, priced_quantity, priced_paise, purchases, sales, fill_price)
      ${
        purchases
          ? sql`left join lateral (
        select e.quantity, e.unit_price, e.gst_percent from ${stockEntries} e
        where d.purchases and e.stock_id = d.stock_id and e.active and e.kind = 'purchase'
        ${NEWEST}
      ) lp on true`
          : sql``
      }
    where s.id = d.stock_id`);
};
