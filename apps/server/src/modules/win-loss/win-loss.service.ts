// What the wins and losses teach (issue 26; decision 0017): one statement that aggregates the won quotations
// (a live project: its quotation Approved) and the lost ones (a live rejection analysis) of a period, in
// the caller's quotation scope, optionally of one sales executive. Every figure is a GROUP BY in SQL; the
// answer is shaped from the grouped rows only (a few dozen), never from the quotations themselves.
import {
  APP_TIME_ZONE,
  DAYS_TO_APPROVAL_BUCKETS,
  type LostRow,
  type LostTo,
  monthsBetween,
  WIN_LOSS_MESSAGES,
  WIN_LOSS_TOP,
  type WinLoss,
  type WinLossMonth,
  type WinLossQuery,
  type WinRateRow,
  winLossRange,
  winRate,
} from '@karya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { quotationScopeOn } from '../quotations/quotation-dto.ts';
import { ORGANIZATION } from './outcome-snapshot.ts';
import { rememberedAnswer, VERSION_SQL } from './win-loss-cache.ts';

/** Districts shown one by one before the rest are summed (Odisha has 30). */
const DISTRICTS_TOP = 30;

const TZ = sql.raw(`'${APP_TIME_ZONE}'`);

/** Groups ranked by `rank`, the first `top` kept by name and the rest summed into 'Others'. */
const topped = (from: SQL, rank: SQL, top: number, sums: SQL) => sql`
  select case when n <= ${top} then key else ${WIN_LOSS_MESSAGES.others} end as key, ${sums}
  from (select g.*, row_number() over (order by ${rank} desc, key) as n from (${from}) g) ranked
  group by 1`;

/** Names grouped case-blind, each group named by its most used spelling (the first by sort on a tie). */
const spellingsCounted = (counted: SQL) => sql`
  select (array_agg(spelling order by n desc, spelling))[1] as key, sum(n) as count, sum(value) as value
  from ${counted} group by k`;

const winRateSums = sql`sum(won)::int as won, sum(lost)::int as lost`;
const lostSums = sql`sum(count)::int as count, round(sum(value), 2)::float8 as value`;

const bucketCase = sql.join(
  DAYS_TO_APPROVAL_BUCKETS.map((b) =>
    b.max === null ? sql`else ${b.key}` : sql`when days <= ${b.max} then ${b.key}`,
  ),
  sql` `,
);

type Answer = {
  months: WinLossMonth[];
  byType: WinRateRow[];
  byDistrict: WinRateRow[];
  competitors: LostRow[];
  reasons: LostRow[];
  lostTo: LostRow[];
  days: { count: number; median: number | null; average: number | null };
  buckets: { key: string; count: number }[];
};

/** GET /crm/win-loss. */
export const winLoss = async (
  db: Db,
  principal: Principal,
  query: WinLossQuery,
  today: string,
): Promise<WinLoss> => {
  const { from, to } = winLossRange(query, today);
  // The outcome's own copies of its quotation's maker and customer (outcome-snapshot.ts): no join.
  const scope = quotationScopeOn(principal, {
    createdBy: sql.raw('o.quotation_created_by'),
    customerId: sql.raw('o.customer_id'),
  });
  const filters = sql`${query.createdBy ? sql` and o.quotation_created_by = ${query.createdBy}` : sql``}${
    scope ? sql` and ${scope}` : sql``
  }`;
  const compute = async () => {
    const { answer, version } = await readOutcomes(db, from, to, filters);
    return { version, value: shape(answer, from, to, query.createdBy ?? null) };
  };
  // Without a row scope every caller with the same period and executive gets the same answer: kept while
  // the outcomes' version stands (win-loss-cache.ts). A scoped answer depends on the caller's customers too.
  if (scope) return (await compute()).value;
  return rememberedAnswer(db, `${from}|${to}|${query.createdBy ?? ''}`, compute);
};

/** The one statement: every figure grouped, and the outcomes' version it read them at. */
const readOutcomes = async (
  db: Db,
  from: string,
  to: string,
  filters: SQL,
): Promise<{ answer: Answer; version: number }> => {
  const result = await db.execute(sql`
    with won as materialized (
      select o.customer_kind as kind, o.customer_district as district, o.total_price as value,
        date_trunc('month', o.created_at at time zone ${TZ}) as month, o.days_to_approval as days
      from projects o
      where not o.is_deleted
        and o.created_at >= (${from}::date::timestamp at time zone ${TZ})
        and o.created_at < ((${to}::date + 1)::timestamp at time zone ${TZ})
        ${filters}
    ), lost as materialized (
      select o.customer_kind as kind, o.customer_district as district, o.quoted_amount as value,
        date_trunc('month', o.rejection_date::timestamp) as month, o.lost_to,
        nullif(btrim(o.competitor_name), '') as competitor, o.rejection_reasons
      from rejection_analyses o
      where not o.is_deleted and o.rejection_date >= ${from}::date and o.rejection_date <= ${to}::date
        ${filters}
    ), grouped as (
      select coalesce(kind, ${ORGANIZATION}) as type,
        coalesce(district, ${WIN_LOSS_MESSAGES.noDistrict}) as district, won, lost
      from (select kind, district, 1 as won, 0 as lost from won
            union all select kind, district, 0, 1 from lost) d
    ), reasons as (
      select lower(r.reason) as k, r.reason as spelling, count(*) as n, sum(lost.value) as value
      from lost, jsonb_array_elements_text(lost.rejection_reasons) as r(reason) group by 1, 2
    ), competitors as (
      select lower(competitor) as k, competitor as spelling, count(*) as n, sum(value) as value
      from lost where lost_to = 'Competitor' and competitor is not null group by 1, 2
    )
    select json_build_object(
      'months', (select coalesce(json_agg(m), '[]') from (
        select to_char(month, 'YYYY-MM') as month, sum(won)::int as won, sum(lost)::int as lost,
          round(sum(won_value), 2)::float8 as "wonValue", round(sum(lost_value), 2)::float8 as "lostValue"
        from (select month, 1 as won, 0 as lost, value as won_value, 0 as lost_value from won
              union all select month, 0, 1, 0, value from lost) o
        group by month) m),
      'byType', (select coalesce(json_agg(t), '[]') from (${topped(
        sql`select type as key, sum(won) as won, sum(lost) as lost from grouped group by type`,
        sql`won + lost`,
        WIN_LOSS_TOP,
        winRateSums,
      )}) t),
      'byDistrict', (select coalesce(json_agg(t), '[]') from (${topped(
        sql`select district as key, sum(won) as won, sum(lost) as lost from grouped group by district`,
        sql`won + lost`,
        DISTRICTS_TOP,
        winRateSums,
      )}) t),
      'competitors', (select coalesce(json_agg(t), '[]') from (${topped(
        spellingsCounted(sql`competitors`),
        sql`value`,
        WIN_LOSS_TOP,
        lostSums,
      )}) t),
      'reasons', (select coalesce(json_agg(t), '[]') from (${topped(
        spellingsCounted(sql`reasons`),
        sql`value`,
        WIN_LOSS_TOP,
        lostSums,
      )}) t),
      'lostTo', (select coalesce(json_agg(t), '[]') from (
        select lost_to as key, count(*)::int as count, round(sum(value), 2)::float8 as value
        from lost group by lost_to) t),
      'days', (select json_build_object('count', count(days)::int,
          'median', percentile_cont(0.5) within group (order by days),
          'average', round(avg(days), 1)::float8) from won where days is not null),
      'buckets', (select coalesce(json_agg(t), '[]') from (
        select case ${bucketCase} end as key, count(*)::int as count
        from won where days is not null group by 1) t)
    ) as answer, ${sql.raw(VERSION_SQL)} as version`);
  const [row] = (result as unknown as { rows: { answer: Answer | string; version: number | string }[] }).rows;
  const answer: Answer = typeof row!.answer === 'string' ? JSON.parse(row!.answer) : row!.answer;
  return { answer, version: Number(row!.version) };
};

const byWeight =
  <T extends { key: string }>(weight: (r: T) => number) =>
  (a: T, b: T) =>
    Number(a.key === WIN_LOSS_MESSAGES.others) - Number(b.key === WIN_LOSS_MESSAGES.others) ||
    weight(b) - weight(a) ||
    a.key.localeCompare(b.key);

/** The grouped rows as the page reads them: every month of the range, rates, the fixed orders. */
const shape = (a: Answer, from: string, to: string, createdBy: string | null): WinLoss => {
  const found = new Map(a.months.map((m) => [m.month, m]));
  const months = monthsBetween(from, to).map(
    (month) => found.get(month) ?? { month, won: 0, lost: 0, wonValue: 0, lostValue: 0 },
  );
  const sum = (f: (m: WinLossMonth) => number) =>
    Math.round(months.reduce((n, m) => n + f(m), 0) * 100) / 100;
  const totals = {
    month: `${from.slice(0, 7)}..${to.slice(0, 7)}`,
    won: sum((m) => m.won),
    lost: sum((m) => m.lost),
    wonValue: sum((m) => m.wonValue),
    lostValue: sum((m) => m.lostValue),
  };
  const rated = (rows: WinRateRow[]) =>
    rows.map((r) => ({ ...r, winRate: winRate(r.won, r.lost) })).sort(byWeight((r) => r.won + r.lost));
  const buckets = new Map(a.buckets.map((b) => [b.key, b.count]));
  return {
    from,
    to,
    createdBy,
    totals: { ...totals, winRate: winRate(totals.won, totals.lost) },
    months,
    byInstitutionType: rated(a.byType),
    byDistrict: rated(a.byDistrict),
    lostByCompetitor: a.competitors.sort(byWeight((r) => r.value)),
    lostByReason: a.reasons.sort(byWeight((r) => r.value)),
    lostTo: (['Competitor', 'No Decision'] as const).map((key: LostTo) => {
      const r = a.lostTo.find((l) => l.key === key);
      return { key, count: r?.count ?? 0, value: r?.value ?? 0 };
    }),
    daysToApproval: {
      count: a.days.count,
      median: a.days.median,
      average: a.days.average,
      buckets: DAYS_TO_APPROVAL_BUCKETS.map((b) => ({
        key: b.key,
        label: b.label,
        count: buckets.get(b.key) ?? 0,
      })),
    },
  };
};
