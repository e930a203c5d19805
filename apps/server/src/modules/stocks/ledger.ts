import { fromPaise, INITIAL_STOCK, newId, notEnoughStockMessage, type StockEntryKind } from '@karya/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems, productStocks, stockEntries } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The stock ledger (issue 12; decision 0011). Every purchase line, sale line and adjustment is an entry of
 * `stock_entries`; a stock row's figures are an aggregate of its active entries. Every change runs inside
 * the caller's transaction in the same order:
 *
 *   lockStocks        SELECT … FOR NO KEY UPDATE of the affected stock rows, in id order (no deadlocks)
 *   assertAvailable   the stock each row would have after the change, from the locked figures and the
 *                     change's own entries: any below zero → 400 'Not enough stock of …', nothing written
 *   (write, flip or delete the entries)
 *   moveStocks        (ledger-move.ts) one UPDATE that moves every figure by the entries that started or
 *                     stopped counting (sums by their quantities, the average from the priced sums kept on
 *                     the row, the latest purchase and sale from one index row each): its cost does not
 *                     grow with the item's history. The CHECK constraint current_stock >= 0 stays the last guard.
 *
 * recomputeStocks sets rows from all their entries (the demo data); verifyStocks recomputes every row the
 * same way and reports any difference (npm run stock:verify; the property tests hold moveStocks to it).
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

export type LockedStock = {
  id: string;
  itemId: string;
  itemName: string;
  currentStock: number;
  priceToShow: number;
};

type StocksBy = { stockIds?: readonly string[]; itemIds?: readonly string[] };

/** Lock the stock rows of these ids (or of these items), in id order; returns them by id. */
export const lockStocks = async (tx: Runner, by: StocksBy): Promise<Map<string, LockedStock>> => {
  const stockIds = [...new Set(by.stockIds ?? [])];
  const itemIds = [...new Set(by.itemIds ?? [])];
  const out = new Map<string, LockedStock>();
  if (!stockIds.length && !itemIds.length) return out;
  const conditions = [];
  if (stockIds.length) conditions.push(inArray(productStocks.id, stockIds));
  if (itemIds.length) conditions.push(inArray(productStocks.itemId, itemIds));
  const query = (tx as Db)
    .select({
      id: productStocks.id,
      itemId: productStocks.itemId,
      itemName: productItems.name,
      currentStock: productStocks.currentStock,
      priceToShow: productStocks.priceToShow,
    })
    .from(productStocks)
    .innerJoin(productItems, eq(productItems.id, productStocks.itemId))
    .where(conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`)
    .orderBy(asc(productStocks.id));
  // NO KEY UPDATE, not UPDATE: it still queues every writer of these rows, but not the key-share locks a new
  // ledger entry's foreign key takes, so a document may write its entries before it locks the rows (with
  // FOR UPDATE, two sales doing so would each wait for the other's key share: a deadlock).
  const rows = await query.for('no key update', { of: productStocks });
  for (const r of rows) out.set(r.id, r);
  return out;
};

/** A change to the ledger as the stock sees it: +quantity in, −quantity out, per stock row. */
export type StockMove = { stockId: string; delta: number };

/**
 * Refuse the change when any stock would go below zero, naming the item, what is available (the stock now
 * plus what the change itself gives back) and what it needs.
 */
export const assertAvailable = (locked: Map<string, LockedStock>, moves: readonly StockMove[]) => {
  const added = new Map<string, number>();
  const taken = new Map<string, number>();
  for (const m of moves) {
    const into = m.delta >= 0 ? added : taken;
    into.set(m.stockId, (into.get(m.stockId) ?? 0) + Math.abs(m.delta));
  }
  for (const [stockId, need] of taken) {
    const stock = locked.get(stockId);
    if (!stock) throw new Error(`stock ${stockId} was not locked`);
    const available = stock.currentStock + (added.get(stockId) ?? 0);
    if (available - need < 0) throw badRequest(notEnoughStockMessage(stock.itemName, available, need));
  }
};

/** An entry as the figures count it (amounts in paise). */
export type CountedEntry = {
  stockId: string;
  kind: string;
  direction: number;
  quantity: number;
  unitPaise?: number;
  adjustmentType?: string | null;
};

/** The entries that make the average purchase price: purchases, and Initial Stock with a price. */
const PRICED = sql.raw(
  `e.kind = 'purchase' or (e.adjustment_type = '${INITIAL_STOCK}' and e.unit_price > 0)`,
);
export const isPriced = (e: CountedEntry) =>
  e.kind === 'purchase' || (e.adjustmentType === INITIAL_STOCK && (e.unitPaise ?? 0) > 0);

/** The newest entry first, as the history lists them (a back-dated invoice is not the latest). */
export const NEWEST = sql.raw('order by e.date desc, e.created_at desc, e.id desc limit 1');

/** The figures of stock rows computed from their active entries (one statement; `ids` null = all). */
const computedFigures = (ids: readonly string[] | null) => sql`
  select st.id as stock_id,
    coalesce(a.purchased, 0)::int as total_purchased,
    coalesce(a.sold, 0)::int as total_sold,
    coalesce(a.current, 0)::int as current_stock,
    coalesce(lp.quantity, 0)::int as last_purchased_stock,
    coalesce(ls.quantity, 0)::int as last_sold_stock,
    coalesce(lp.unit_price, 0)::numeric(14, 2) as last_purchase_price,
    coalesce(a.average_price, 0)::numeric(14, 2) as average_purchase_price,
    lp.gst_percent as last_gst,
    coalesce(a.priced_quantity, 0)::int as priced_quantity,
    coalesce(a.priced_value, 0)::numeric(18, 2) as priced_value,
    coalesce(a.entries, 0)::int as entry_count
  from ${productStocks} st
  left join lateral (
    select
      sum(e.quantity) filter (where e.kind = 'purchase') as purchased,
      sum(e.quantity) filter (where e.kind = 'sale') as sold,
      sum(e.direction * e.quantity) as current,
      count(*) as entries,
      sum(e.quantity) filter (where ${PRICED}) as priced_quantity,
      sum(e.quantity * e.unit_price) filter (where ${PRICED}) as priced_value,
      round(
        sum(e.quantity * e.unit_price) filter (where ${PRICED}) / nullif(sum(e.quantity) filter (where ${PRICED}), 0),
        2) as average_price
    from ${stockEntries} e where e.stock_id = st.id and e.active
  ) a on true
  left join lateral (
    select e.quantity, e.unit_price, e.gst_percent from ${stockEntries} e
    where e.stock_id = st.id and e.active and e.kind = 'purchase'
    ${NEWEST}
  ) lp on true
  left join lateral (
    select e.quantity from ${stockEntries} e
    where e.stock_id = st.id and e.active and e.kind = 'sale'
    ${NEWEST}
  ) ls on true
  ${
    ids
      ? sql`where st.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``
  }`;

/** Set every figure of these stock rows from all their active entries, in one statement (the demo data). */
export const recomputeStocks = async (tx: Runner, stockIds: readonly string[], now: Date, userId: string) => {
  const ids = [...new Set(stockIds)];
  if (!ids.length) return;
  await (tx as Db).execute(sql`
    update ${productStocks} s set
      ${sql.join(
        FIGURES.map((f) => sql`${sql.raw(f)} = c.${sql.raw(f)}`),
        sql`, `,
      )},
      updated_at = ${now.toISOString()}::timestamptz,
      updated_by = ${userId}
    from (${computedFigures(ids)}) c
    where s.id = c.stock_id`);
};

/** An entry to write (amounts in paise; stored as rupees). */
export type NewEntry = {
  stockId: string;
  itemId: string;
  kind: StockEntryKind;
  direction: 1 | -1;
  quantity: number;
  date: string;
  documentId?: string | null;
  lineNo?: number;
  invoiceNo?: string | null;
  adjustmentType?: string | null;
  reason?: string | null;
  unitPaise?: number;
  gstPercent?: number | null;
  taxablePaise?: number;
  gstPaise?: number;
  totalPaise?: number;
  marginTier?: string | null;
  active?: boolean;
};

/** Writes the entries; answers the rows written, in the order given. */
export const insertEntries = async (tx: Runner, entries: readonly NewEntry[], now: Date, userId: string) => {
  if (!entries.length) return [];
  return (tx as Db)
    .insert(stockEntries)
    .values(
      entries.map((e) => ({
        id: newId(now),
        stockId: e.stockId,
        itemId: e.itemId,
        kind: e.kind,
        documentId: e.documentId ?? null,
        lineNo: e.lineNo ?? 0,
        adjustmentType: e.adjustmentType ?? null,
        reason: e.reason ?? null,
        quantity: e.quantity,
        direction: e.direction,
        unitPrice: fromPaise(e.unitPaise ?? 0),
        gstPercent: e.gstPercent ?? null,
        taxableAmount: fromPaise(e.taxablePaise ?? 0),
        gstAmount: fromPaise(e.gstPaise ?? 0),
        totalAmount: fromPaise(e.totalPaise ?? 0),
        marginTier: e.marginTier ?? null,
        date: e.date,
        invoiceNo: e.invoiceNo ?? null,
        active: e.active ?? true,
        createdAt: now,
        createdBy: userId,
      })),
    )
    .returning();
};

export type StockDifference = {
  stockId: string;
  itemId: string;
  field: string;
  stored: string | null;
  ledger: string | null;
};

const FIGURES = [
  'total_purchased',
  'total_sold',
  'current_stock',
  'last_purchased_stock',
  'last_sold_stock',
  'last_purchase_price',
  'average_purchase_price',
  'last_gst',
  'priced_quantity',
  'priced_value',
  'entry_count',
] as const;

/**
 * The consistency check: every stock row recomputed from its ledger and compared with what is stored
 * (npm run stock:verify; tests). Returns one difference per field that differs; none when consistent.
 */
export const verifyStocks = async (db: Db): Promise<StockDifference[]> => {
  const differs = sql.join(
    FIGURES.map((f) => sql`s.${sql.raw(f)} is distinct from c.${sql.raw(f)}`),
    sql` or `,
  );
  const result = await db.execute(sql`
    select s.id as stock_id, s.item_id,
      ${sql.join(
        FIGURES.map(
          (f) =>
            sql`s.${sql.raw(f)}::text as ${sql.raw(`stored_${f}`)}, c.${sql.raw(f)}::text as ${sql.raw(`ledger_${f}`)}`,
        ),
        sql`, `,
      )}
    from ${productStocks} s join (${computedFigures(null)}) c on c.stock_id = s.id
    where ${differs}
    order by s.id`);
  const rows = (result as unknown as { rows: Record<string, string | null>[] }).rows;
  const out: StockDifference[] = [];
  for (const r of rows)
    for (const f of FIGURES)
      if (r[`stored_${f}`] !== r[`ledger_${f}`])
        out.push({
          stockId: r.stock_id as string,
          itemId: r.item_id as string,
          field: f,
          stored: r[`stored_${f}`] ?? null,
          ledger: r[`ledger_${f}`] ?? null,
        });
  return out;
};
