import { CUSTOMER_DETAIL_ROW, CUSTOMERS, customerIdSql } from './customers.ts';
import { ITEMS } from './items.ts';
import { REQUIREMENTS, requirementIdSql } from './requirements.ts';
import { hash, idOf, idValue, lit, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const QUOTATIONS = 100_000;
/** Every quotation has this many versions (0, 1, 2; the last active) and each version this many lines. */
const VERSIONS = 3;
const LINES = 5;
const QUOTATION_TAG = '1c';
const VERSION_TAG = '1d';
const LINE_TAG = '1e';
/** The id of generated quotation n (1-based, also its ARR number). */
export const quotationId = (n: number) => idValue(QUOTATION_TAG, n);
/** The quotation the detail scenario reads (live: every 50th is deleted). */
export const QUOTATION_DETAIL_ROW = 7;
/** Lines of the one long quotation (numbered after the others) that the PDF scenario will print (issue 25). */
export const LONG_QUOTATION_LINES = 50;
/** The long quotation's number at a scale. */
export const longQuotationRow = (scale: number) => scaled(QUOTATIONS, scale) + 1;

const WHAT = [
  'Atal Tinkering Lab setup',
  'Smart classroom upgrade',
  'Robotics kits for Class VIII',
  'Physics lab equipment',
  'Chemistry lab glassware',
  'Interactive flat panels',
  'Computer lab refresh',
  '3D printer and filament',
  'Biology models and charts',
  'Science fair project kits',
];

/**
 * The last version's status, by the row's draw: 64% Draft, 20% Approved (the projects dataset's 20,000
 * projects), 16% Rejected (a fifth of the rest: the rejection analyses). The project detail scenario's row
 * is Approved whatever its draw.
 */
export const PROJECT_DETAIL_ROW = 11;
const STATUS = `case when q.i = ${PROJECT_DETAIL_ROW} then 'Approved' when q.s < 64 then 'Draft' when q.s < 84 then 'Approved' else 'Rejected' end`;

/** Version v's margin on the price to show: t2 at first, t1 on the first re-quotation, then a custom 7.5 %. */
const TIER = `(array['t2','t1','custom'])[1 + l.v]`;
const PERCENT = `(array[10, 8, 7.5]::numeric[])[1 + l.v]`;

/**
 * Quotations over three years, one per even-numbered bench requirement (for its customer, made by the
 * requirement's maker a day after it; the requirement records it), each with three versions of five frozen
 * lines: version 0 at the t2 price, re-quoted at t1 (approved), re-quoted again at a custom price. The last
 * version is active: mostly Draft, a fifth Approved, some Rejected (STATUS); 5% of the drafts wait for review (the
 * verification queue). Lines are snapshots of bench items and their prices to show; every total is the sum
 * of its lines, a tenth of the customers across the border (IGST). 2% deleted. One INSERT per batch writes
 * the quotations, their versions and lines and marks the requirements (data-modifying CTEs run to
 * completion whether read or not; the foreign keys are checked at the statement's end).
 */
export const quotations: Generator = {
  name: 'quotations (3 versions × 5 lines)',
  rows: (scale) => scaled(QUOTATIONS, scale) * (1 + VERSIONS + VERSIONS * LINES) + 2 + LONG_QUOTATION_LINES,
  async run(sql, scale, progress) {
    const customers = scaled(CUSTOMERS, scale);
    const requirements = scaled(REQUIREMENTS, scale);
    const items = scaled(ITEMS, scale);
    const total = scaled(QUOTATIONS, scale);
    const vid = (expr: string) => idOf(VERSION_TAG, expr);
    await inBatches(
      sql,
      total,
      5_000,
      `with q as (
         select i, t.r, t.s, t.inter, t.u,
           least(now() - interval '1 hour', t.req_created + interval '1 day') as created,
           ${pick(WHAT, 'coalesce(t.r, i)', 400)} as what
         from generate_series($FROM, $TO) i,
           lateral (select case when 2 * i <= ${requirements} then 2 * i end as r,
             ${hash('i', 701)} % 100 as s, ${hash('i', 702)} % 10 = 0 as inter,
             ${someUser('2 * i', 407, scale)} as u,
             now() - make_interval(secs => (${hash('2 * i', 406)} % ${1095 * 86400})::double precision)
               as req_created) t
       ),
       l as (
         select q.i, l.v, l.k, (q.i - 1) * ${VERSIONS} + l.v + 1 as vn, it.id as item_id, it.name, it.sku,
           it.modal_no, it.hsn_code, b.name as brand_name, it.description, coalesce(it.gst, 18) as gst,
           1 + ${hash('q.i * 8 + l.k', 602)} % 20 + l.v as quantity, ${TIER} as tier, ${PERCENT} as pct,
           p.base, round(p.base * (100 + ${PERCENT}) / 100, 2) as unit
         from q cross join lateral (select v, k from generate_series(0, ${VERSIONS - 1}) v,
             generate_series(1, ${LINES}) k) l
           join product_items it on it.id = ${idOf('15', `1 + ${hash('q.i * 8 + l.k', 601)} % ${items}`)}
           left join product_brands b on b.id = it.brand_id
           cross join lateral (select greatest(coalesce(s.price_to_show, 0), 100)::numeric as base
             from product_stocks s where s.item_id = it.id) p
       ),
       priced as (
         select l.*, l.unit * l.quantity as taxable, round(l.unit * l.quantity * l.gst / 100, 2) as gst_amount
         from l
       ),
       v as (
         select q.i, p.v, p.vn, q.created + make_interval(days => 3 * p.v) as at,
           sum(p.taxable) as taxable, sum(p.gst_amount) as gst, sum(p.taxable + p.gst_amount) as total,
           max(p.name) filter (where p.k = 1) as first_item,
           max(p.quantity) filter (where p.k = 1) as first_quantity
         from priced p join q using (i) group by q.i, q.created, p.v, p.vn
       ),
       versions as (
         insert into quotation_versions (id, quotation_id, version_number, title, status, valid_until, notes,
           taxable_amount, total_gst_amount, total_price, cgst, sgst, igst, supply_code, supply_state,
           inter_state, previous_version_id, next_version_id, is_main, changes, review_status, review_reason,
           reviewed_by, reviewed_at, created_by, updated_by, created_at, updated_at)
         select ${vid('v.vn')}, ${idOf(QUOTATION_TAG, 'q.i')}, v.v,
           case when v.v = 0 then 'Quotation for ' else 'Re-Quotation for ' end || q.what || ' #' || q.i,
           case when v.v < ${VERSIONS - 1} then 'ReQuoted' else ${STATUS} end,
           (v.at + make_interval(days => 30))::date,
           case when q.i % 4 = 0 then 'Delivery and installation within 15 days of the order.' end,
           v.taxable, v.gst, v.total,
           case when q.inter then 0 else round(v.gst / 2, 2) end,
           case when q.inter then 0 else v.gst - round(v.gst / 2, 2) end,
           case when q.inter then v.gst else 0 end,
           case when q.inter then '20' else '21' end, case when q.inter then 'Jharkhand' else 'Odisha' end,
           q.inter,
           case when v.v > 0 then ${vid('v.vn - 1')} end,
           case when v.v < ${VERSIONS - 1} then ${vid('v.vn + 1')} end,
           v.v = 0,
           case when v.v = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('type', 'Quantity Changed',
             'item', v.first_item, 'description',
             'Quantity changed from ' || (v.first_quantity - 1) || ' to ' || v.first_quantity)) end,
           case when v.v = 0 then null when v.v < ${VERSIONS - 1} or q.s >= 5 then 'Approved' else 'Pending' end,
           null,
           case when v.v > 0 and (v.v < ${VERSIONS - 1} or q.s >= 5) then ${userId('q.u')} end,
           case when v.v > 0 and (v.v < ${VERSIONS - 1} or q.s >= 5) then v.at + interval '4 hours' end,
           ${userId('q.u')}, ${userId('q.u')}, v.at, v.at
         from v join q using (i)
       ),
       lines as (
         insert into quotation_lines (id, version_id, line_no, item_id, name, sku, modal_no, hsn, brand_name,
           description, quantity, gst, base_price, unit_price, margin_tier, margin_percentage, gst_per_unit,
           taxable_amount, gst_amount, total_price)
         select ${idOf(LINE_TAG, `(p.vn - 1) * ${LINES} + p.k`)}, ${vid('p.vn')}, p.k - 1, p.item_id, p.name,
           p.sku, p.modal_no, p.hsn_code, p.brand_name, p.description, p.quantity, p.gst, p.base, p.unit, p.tier,
           p.pct, round(p.unit * p.gst / 100, 2), p.taxable, p.gst_amount, p.taxable + p.gst_amount
         from priced p
       ),
       marked as (
         update requirements set quotation_id = ${idOf(QUOTATION_TAG, 'q.i')}
         from q where q.r is not null and requirements.id = ${requirementIdSql('q.r')}
       )
       insert into quotations (id, quotation_id, customer_id, requirement_id, active_version_id, version_count,
         title, status, review_status, total_price, valid_until, is_deleted, deleted_at, deleted_by, created_by,
         updated_by, created_at, updated_at)
       select ${idOf(QUOTATION_TAG, 'q.i')}, q.i,
         ${customerIdSql(`1 + ${hash('coalesce(q.r, q.i)', 401)} % ${customers}`)},
         case when q.r is not null then ${requirementIdSql('q.r')} end,
         ${vid('v.vn')}, ${VERSIONS}, 'Re-Quotation for ' || q.what || ' #' || q.i,
         ${STATUS},
         case when q.s < 5 then 'Pending' else 'Approved' end,
         v.total, (v.at + make_interval(days => 30))::date,
         q.i % 50 = 0, case when q.i % 50 = 0 then v.at end, case when q.i % 50 = 0 then ${userId('q.u')} end,
         ${userId('q.u')}, ${userId('q.u')}, q.created, v.at
       from q join v on v.i = q.i and v.v = ${VERSIONS - 1}`,
      (done) => progress(done * (1 + VERSIONS + VERSIONS * LINES)),
    );
    await sql.exec(longQuotation(scale));
    await sql.exec(`select setval('quotation_id_seq', (select max(quotation_id) from quotations))`);
  },
};

/**
 * One live Draft quotation of 50 lines (version 0, items 1..50 at t2, for the detail scenario's customer),
 * for the 50-line PDF scenario; its totals are the sums of its lines.
 */
const longQuotation = (scale: number) => {
  const n = longQuotationRow(scale);
  const items = scaled(ITEMS, scale);
  const version = idValue(VERSION_TAG, n * VERSIONS + 1);
  return `with l as (
      select k, it.id as item_id, it.name, it.sku, it.modal_no, it.hsn_code, b.name as brand_name, it.description,
        coalesce(it.gst, 18) as gst, 1 + k % 7 as quantity, p.base, round(p.base * 1.1, 2) as unit
      from generate_series(1, ${LONG_QUOTATION_LINES}) k
        join product_items it on it.id = ${idOf('15', `1 + (k - 1) % ${items}`)}
        left join product_brands b on b.id = it.brand_id
        cross join lateral (select greatest(coalesce(s.price_to_show, 0), 100)::numeric as base
          from product_stocks s where s.item_id = it.id) p
    ),
    priced as (
      select l.*, l.unit * l.quantity as taxable, round(l.unit * l.quantity * l.gst / 100, 2) as gst_amount from l
    ),
    t as (select sum(taxable) as taxable, sum(gst_amount) as gst, sum(taxable + gst_amount) as total from priced),
    q as (
      insert into quotations (id, quotation_id, customer_id, active_version_id, version_count, title, status,
        total_price, valid_until, created_by, updated_by, created_at, updated_at)
      select ${lit(quotationId(n))}, ${n}, ${customerIdSql(String(CUSTOMER_DETAIL_ROW))}, ${lit(version)}, 1,
        'Quotation for a district-wide ATL rollout (50 items)', 'Draft', t.total,
        current_date + 30, ${userId('1')}, ${userId('1')}, now() - interval '1 day', now() - interval '1 day'
      from t
    ),
    v as (
      insert into quotation_versions (id, quotation_id, version_number, title, status, valid_until,
        taxable_amount, total_gst_amount, total_price, cgst, sgst, igst, supply_code, supply_state, inter_state,
        is_main, created_by, updated_by, created_at, updated_at)
      select ${lit(version)}, ${lit(quotationId(n))}, 0, 'Quotation for a district-wide ATL rollout (50 items)',
        'Draft', current_date + 30, t.taxable, t.gst, t.total, round(t.gst / 2, 2), t.gst - round(t.gst / 2, 2), 0,
        '21', 'Odisha', false, true, ${userId('1')}, ${userId('1')}, now() - interval '1 day', now() - interval '1 day'
      from t
    )
    insert into quotation_lines (id, version_id, line_no, item_id, name, sku, modal_no, hsn, brand_name,
      description, quantity, gst, base_price, unit_price, margin_tier, margin_percentage, gst_per_unit,
      taxable_amount, gst_amount, total_price)
    select ${idOf(LINE_TAG, `${n * VERSIONS * LINES} + p.k`)}, ${lit(version)}, p.k - 1, p.item_id, p.name, p.sku,
      p.modal_no, p.hsn_code, p.brand_name, p.description, p.quantity, p.gst, p.base, p.unit, 't2', 10,
      round(p.unit * p.gst / 100, 2), p.taxable, p.gst_amount, p.taxable + p.gst_amount
    from priced p`;
};
