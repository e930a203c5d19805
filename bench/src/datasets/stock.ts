import { verifyStocks } from '../../../apps/server/src/modules/stocks/ledger.ts';
import { asDb, type Sql } from '../db.ts';
import { CUSTOMERS, customerIdSql } from './customers.ts';
import { ITEMS, itemProductSql } from './items.ts';
import { hash, idOf, idValue, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';
import { VENDORS } from './vendors.ts';

/**
 * The stock ledger at volume (issue 12; decision 0011): 200,000 purchases, 300,000 sales and adjustments,
 * about 2,000,000 ledger entries over the 50,000 bench items; then every stock row set from its ledger in
 * one statement (the ledger's recompute, set-based) and checked by the app's own consistency check.
 */
export const PURCHASES = 200_000;
export const SALES = 300_000;
export const LEDGER_ROWS = 2_000_000;

/** Table tags of idOf: purchases, sales, purchase lines, sale lines, adjustments. */
const PURCHASE_TAG = '20';
const SALE_TAG = '21';
const PURCHASE_LINE_TAG = '22';
const SALE_LINE_TAG = '23';
const ADJUSTMENT_TAG = '24';

/**
 * Items 1..10 are the store's fast movers: every 25th purchase and sale (never a deleted one) has a line of
 * one of them and purchase 1 is their opening bulk order (5,000 each), so they stay in stock through the
 * sale scenario.
 * Every other line names one of items 11..n.
 */
export const HOT_ITEMS = 10;
export const stockIdOf = (sku: number) => idValue('16', sku);
export const itemIdOf = (sku: number) => idValue('15', sku);
export const vendorIdOf = (n: number) => idValue('14', n);
/** Sale n (a live one unless n % 50 is 0). */
export const saleIdOf = (n: number) => idValue(SALE_TAG, n);

/**
 * SQL: how many lines documents 1..n-1 hold when document q holds 1 + q % cycle, so that line j of
 * document n is line number lineIndex + j of the whole ledger: consecutive line numbers name the items in
 * turn, and every item gets the same number of lines (± 1).
 */
const lineIndex = (n: string, cycle: number) => {
  const m = `((${n} - 1) % ${cycle})`;
  return `(${(cycle * (cycle + 1)) / 2}::bigint * ((${n} - 1) / ${cycle}) + ${m} + ${m} * (${m} + 1) / 2)`;
};
/**
 * SQL: how much of an item a purchase line brings, as a factor (3-17) of 3-7: stores keep a few of some
 * items and hundreds of others. At least 9 a line, so no item's sales (1-4 a line) outrun its purchases.
 */
const turnover = (sku: string) => `(3 + ${hash(sku, 630)} % 15)`;

const purchaseLines = (p: number) => 1 + (p % 7);
const saleLines = (s: number) => 1 + (s % 6);

/** Ledger rows the documents write at a scale; adjustments make up the rest of LEDGER_ROWS. */
const documentLines = (scale: number) => {
  const purchases = scaled(PURCHASES, scale);
  const sales = scaled(SALES, scale);
  let n = HOT_ITEMS; // purchase 1: the opening order
  for (let p = 2; p <= purchases; p++) n += purchaseLines(p) + (p % 25 === 7 ? 1 : 0);
  for (let s = 1; s <= sales; s++) n += saleLines(s) + (s % 25 === 7 ? 1 : 0);
  return n;
};
const adjustmentCount = (scale: number) => Math.max(10, scaled(LEDGER_ROWS, scale) - documentLines(scale));

/** Adjustment types (the first two add to stock) and a reason each. */
const ADJUSTMENTS: [string, string][] = [
  ['Initial Stock', 'Opening stock from the old register'],
  ['Found', 'Found during the monthly stock count'],
  ['Damaged', 'Broken in transit'],
  ['Expired', 'Past its shelf life'],
  ['Stolen', 'Missing after the science fair stall'],
  ['Missing', 'Not found at the year-end count'],
];
const textArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/** The shared tail of a document batch: its lines as ledger entries, then the documents with their totals. */
const documentBatch = (opts: {
  table: 'purchases' | 'sales';
  partyColumn: 'vendor_id' | 'customer_id';
  lineTag: string;
  kind: 'purchase' | 'sale';
  direction: 1 | -1;
  /** SELECT of the documents: p, party, invoice_no, day, created, creator, deleted. */
  docs: string;
  /** LATERAL over d: line_no, sku, qty, tier. */
  lines: string;
  /** The unit price of line x of document d (rupees, two decimals). */
  unit: string;
}) => `
  with d as materialized (${opts.docs}),
  l0 as materialized (
    select d.*, x.line_no, x.sku, x.qty, x.tier, ${itemProductSql(3, 'x.sku')}::int as gst, ${opts.unit} as unit
    from d, lateral (${opts.lines}) x
  ),
  -- Each line's money rounded once, half up, as the app's lineAmounts does.
  l as materialized (
    select l0.*, round(l0.qty * l0.unit, 2) as taxable, round(l0.qty * l0.unit * l0.gst / 100.0, 2) as gst_amount
    from l0
  ),
  entries as (
    insert into stock_entries (id, stock_id, item_id, kind, document_id, line_no, quantity, direction,
      unit_price, gst_percent, taxable_amount, gst_amount, total_amount, margin_tier, date, invoice_no, active,
      created_at, created_by)
    select ${idOf(opts.lineTag, 'l.p * 16 + l.line_no')}, ${idOf('16', 'l.sku')}, ${idOf('15', 'l.sku')},
      '${opts.kind}', l.id, l.line_no, l.qty, ${opts.direction}, l.unit, l.gst, l.taxable, l.gst_amount,
      l.taxable + l.gst_amount, l.tier, l.day, l.invoice_no, not l.deleted, l.created, l.creator
    from l
  )
  insert into ${opts.table} (id, ${opts.partyColumn}, invoice_no, invoice_date, notes, taxable_amount,
    total_gst_amount, total_amount, cgst, sgst, igst, supply_state, is_deleted, deleted_at, deleted_by,
    created_by, updated_by, created_at, updated_at)
  select d.id, d.party, d.invoice_no, d.day, null, t.taxable, t.gst, t.taxable + t.gst, t.cgst, t.gst - t.cgst,
    0, ${opts.kind === 'sale' ? "'Odisha'" : 'null'}, d.deleted,
    case when d.deleted then d.created + interval '3 days' end, case when d.deleted then d.creator end,
    d.creator, d.creator, d.created, case when d.deleted then d.created + interval '3 days' else d.created end
  from d join (
    select id, sum(taxable) as taxable, sum(gst_amount) as gst, sum(floor(gst_amount * 50) / 100) as cgst
    from l group by id
  ) t on t.id = d.id`;

/** A document's day within the last two years and a time on it in working hours (India). */
const dated = (n: string, salt: number) => `current_date - (${hash(n, salt)} % 730)::int`;
const createdOn = (n: string, salt: number) =>
  `(x.day::timestamp + interval '4 hours 30 minutes' + make_interval(mins => (${hash(n, salt)} % 480)::int)) at time zone 'UTC'`;

/**
 * Every stock row from its active entries, in one statement: the same figures as the ledger's recompute
 * (modules/stocks/ledger.ts computedFigures), set-based instead of row by row.
 */
export const RECOMPUTE_ALL = `
  update product_stocks s set
    total_purchased = c.total_purchased, total_sold = c.total_sold, current_stock = c.current_stock,
    last_purchased_stock = c.last_purchased_stock, last_sold_stock = c.last_sold_stock,
    last_purchase_price = c.last_purchase_price, average_purchase_price = c.average_purchase_price,
    last_gst = c.last_gst, priced_quantity = c.priced_quantity, priced_value = c.priced_value,
    entry_count = c.entry_count
  from (
    select st.id,
      coalesce(a.purchased, 0)::int as total_purchased, coalesce(a.sold, 0)::int as total_sold,
      coalesce(a.current, 0)::int as current_stock, coalesce(lp.quantity, 0)::int as last_purchased_stock,
      coalesce(ls.quantity, 0)::int as last_sold_stock,
      coalesce(lp.unit_price, 0)::numeric(14, 2) as last_purchase_price,
      coalesce(a.average_price, 0)::numeric(14, 2) as average_purchase_price, lp.gst_percent as last_gst,
      coalesce(a.priced_quantity, 0)::int as priced_quantity,
      coalesce(a.priced_value, 0)::numeric(18, 2) as priced_value,
      coalesce(a.entries, 0)::int as entry_count
    from product_stocks st
    left join (
      select stock_id, count(*) as entries,
        sum(quantity) filter (where kind = 'purchase') as purchased,
        sum(quantity) filter (where kind = 'sale') as sold,
        sum(direction * quantity) as current,
        sum(quantity) filter (where kind = 'purchase' or (adjustment_type = 'Initial Stock' and unit_price > 0))
          as priced_quantity,
        sum(quantity * unit_price) filter (where kind = 'purchase' or (adjustment_type = 'Initial Stock' and unit_price > 0))
          as priced_value,
        round(
          sum(quantity * unit_price) filter (where kind = 'purchase' or (adjustment_type = 'Initial Stock' and unit_price > 0))
          / nullif(sum(quantity) filter (where kind = 'purchase' or (adjustment_type = 'Initial Stock' and unit_price > 0)), 0),
          2) as average_price
      from stock_entries where active group by stock_id
    ) a on a.stock_id = st.id
    left join (
      select distinct on (stock_id) stock_id, quantity, unit_price, gst_percent from stock_entries
      where active and kind = 'purchase' order by stock_id, date desc, created_at desc, id desc
    ) lp on lp.stock_id = st.id
    left join (
      select distinct on (stock_id) stock_id, quantity from stock_entries
      where active and kind = 'sale' order by stock_id, date desc, created_at desc, id desc
    ) ls on ls.stock_id = st.id
  ) c
  where s.id = c.id`;

/** The app's consistency check (verifyStocks) over the bench driver: drizzle's SQL rendered, then run. */
export const verifyLedger = (sql: Sql) => verifyStocks(asDb(sql));

export const stock: Generator = {
  name: 'stock ledger (purchases, sales, adjustments)',
  rows: (scale) =>
    scaled(PURCHASES, scale) + scaled(SALES, scale) + documentLines(scale) + adjustmentCount(scale),
  async run(sql, scale, progress) {
    const items = scaled(ITEMS, scale);
    const regular = items - HOT_ITEMS;
    if (regular < 10) throw new Error('the stock ledger needs at least 20 items');
    const vendors = scaled(VENDORS, scale);
    const customers = scaled(CUSTOMERS, scale);
    const purchases = scaled(PURCHASES, scale);
    const sales = scaled(SALES, scale);
    const price = (sku: string) => `${itemProductSql(4, sku)}::numeric`;
    let done = 0;
    const tick = (n: number) => progress(done + n);

    // Purchases: 1-7 lines at 70-79% of the item's price, 20-60 each; purchase 1 the fast movers' opening order.
    await inBatches(
      sql,
      purchases,
      10_000,
      documentBatch({
        table: 'purchases',
        partyColumn: 'vendor_id',
        lineTag: PURCHASE_LINE_TAG,
        kind: 'purchase',
        direction: 1,
        docs: `select p, ${idOf(PURCHASE_TAG, 'p')} as id,
            ${idOf('14', `(v - (v % 50 = 0)::int)`)} as party,
            'PB/' || to_char(x.day, 'YYMM') || '/' || lpad(p::text, 6, '0') as invoice_no, x.day,
            ${createdOn('p', 601)} as created, ${userId(someUser('p', 602, scale))} as creator,
            p % 50 = 0 as deleted
          from generate_series($FROM, $TO) p,
            lateral (select case when p = 1 then current_date - 730 else ${dated('p', 603)} end as day,
              1 + ${hash('p', 604)} % ${vendors} as v) x`,
        lines: `select j as line_no, r.sku, (3 + ${hash('d.p * 8 + j', 605)} % 5) * ${turnover('r.sku')} as qty,
              null::text as tier
            from generate_series(0, d.p % 7) j,
              lateral (select ${HOT_ITEMS + 1} + ((${lineIndex('d.p', 7)} + j) % ${regular}) as sku) r
            where d.p <> 1
          union all
          select 7, 1 + (d.p / 25) % ${HOT_ITEMS}, 20 + ${hash('d.p', 606)} % 41, null
            where d.p % 25 = 7
          union all
          select j, 1 + j, 5000, null from generate_series(0, ${HOT_ITEMS - 1}) j where d.p = 1`,
        unit: `round(${price('x.sku')} * (70 + ${hash('d.p * 8 + x.line_no', 607)} % 10) / 100.0, 2)`,
      }),
      tick,
    );
    done += purchases;

    // Sales: 1-6 lines at 105-134% of the price, 1-4 each, to live customers, tiers t1-t3 or custom.
    await inBatches(
      sql,
      sales,
      10_000,
      documentBatch({
        table: 'sales',
        partyColumn: 'customer_id',
        lineTag: SALE_LINE_TAG,
        kind: 'sale',
        direction: -1,
        docs: `select p, ${idOf(SALE_TAG, 'p')} as id, ${customerIdSql('(c - (c % 40 = 0)::int)')} as party,
            'INV/' || to_char(x.day, 'YY') || '/' || lpad(p::text, 6, '0') as invoice_no, x.day,
            ${createdOn('p', 611)} as created, ${userId(someUser('p', 612, scale))} as creator,
            p % 50 = 0 as deleted
          from generate_series($FROM, $TO) p,
            lateral (select ${dated('p', 613)} as day, 1 + ${hash('p', 614)} % ${customers} as c) x`,
        lines: `select j as line_no, ${HOT_ITEMS + 1} + (((${lineIndex('d.p', 6)} + j) * 7919) % ${regular}) as sku,
              1 + ${hash('d.p * 8 + j', 615)} % 4 as qty,
              ${pick(['t1', 't2', 't3', 'custom'], 'd.p * 8 + j', 616)} as tier
            from generate_series(0, d.p % 6) j
          union all
          select 6, 1 + (d.p / 25) % ${HOT_ITEMS}, 1 + ${hash('d.p', 617)} % 4, 't1' where d.p % 25 = 7`,
        unit: `round(${price('x.sku')} * (105 + ${hash('d.p * 8 + x.line_no', 618)} % 30) / 100.0, 2)`,
      }),
      tick,
    );
    done += sales;

    // Adjustments: a sixth each of Initial Stock (priced), Found, Damaged, Expired, Stolen, Missing; 1-3 each.
    await inBatches(
      sql,
      adjustmentCount(scale),
      50_000,
      `insert into stock_entries (id, stock_id, item_id, kind, adjustment_type, reason, quantity, direction,
         unit_price, date, active, created_at, created_by)
       select ${idOf(ADJUSTMENT_TAG, 'a')}, ${idOf('16', 't.sku')}, ${idOf('15', 't.sku')}, 'adjustment', t.type,
         (${textArray(ADJUSTMENTS.map((a) => a[1]))})[t.k + 1],
         t.qty, case when t.k < 2 then 1 else -1 end,
         case when t.k = 0 then round(${price('t.sku')} * 0.7, 2) else 0 end,
         t.day, true, t.day::timestamp + interval '6 hours', ${userId(someUser('a', 621, scale))}
       from (
         select a, case when a % 100 = 0 then 1 + (a / 100) % ${HOT_ITEMS}
             else ${HOT_ITEMS + 1} + ${hash('a', 622)} % ${regular} end as sku,
           ${hash('a', 623)} % 6 as k,
           (${textArray(ADJUSTMENTS.map((a) => a[0]))})[1 + ${hash('a', 623)} % 6] as type,
           1 + ${hash('a', 624)} % 3 as qty, current_date - (${hash('a', 625)} % 730)::int as day
         from generate_series($FROM, $TO) a
       ) t`,
      (n) => tick(n),
    );
    done += adjustmentCount(scale);

    // E-way bills (issue 27 §2): a sale above Rs 50,000 has its bill and vehicle once the goods moved; only
    // the last two days' still lack them, as the list's "Missing" filter finds them on a working day.
    await sql.exec(`update sales set
        e_way_bill_no = lpad((abs(hashtext(id))::bigint % 1000000000000)::text, 12, '0'),
        vehicle_no = 'OD02AB' || lpad((abs(hashtext(id || 'v')) % 10000)::text, 4, '0')
      where total_amount > 50000 and invoice_date < current_date - 2`);

    // Every stock row from its ledger, in one statement; then the app's own consistency check.
    await sql.exec(RECOMPUTE_ALL);
    // Fresh statistics first: without them the planner joins the kind index into every row's lookup.
    await sql.exec('analyze stock_entries, product_stocks, purchases, sales');
    const differences = await verifyLedger(sql);
    if (differences.length)
      throw new Error(
        `the generated ledger and its stock rows differ (${differences.length}): ${JSON.stringify(differences.slice(0, 5))}`,
      );
    progress(done + documentLines(scale));
  },
};
