import { dashboardClock } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { followUpDueDays, followUpDueTimes } from '../../db/schema.ts';

/**
 * The follow-up work as the writes keep it (issue 29; decision 0026): migration 0043's triggers keep, in the
 * writing transaction, one row per piece of work (follow_up_work) and its counts per scope and due day and
 * time. Reading a count is a handful of index entries, whatever the number of follow-ups; midnight moves
 * nothing (the counts are by day, and which days are past is decided when read). The rules are those of
 * follow-up-due-sql.ts; follow-up-work.test.ts holds the two to each other.
 */

/** Whose counts: everyone's ('*'), one user's (their id), or none (no read on follow-ups). */
export type FollowUpWorkScope = '*' | { user: string } | null;

const EVERYONE = '*';
const keyOf = (scope: Exclude<FollowUpWorkScope, null>) => (scope === EVERYONE ? EVERYONE : scope.user);

/**
 * A scope's due work as rows (what, day, n): one 'overdue' (every day before today, and today's work at or
 * before now), then 'ahead' per day: today's after now, and each later day up to `throughDay`. Written
 * with the placeholders `dueScope` (null: none), `day`, `time` and `throughDay`, so that the CRM dashboard
 * reads it in the same statement as its other counts (kept-figures.ts): one round trip, not three.
 */
const scope = sql.placeholder('dueScope');
const day = sql`${sql.placeholder('day')}::date`;
const time = sql`${sql.placeholder('time')}::text`;
const todaysTimes = sql`from ${followUpDueTimes} where ${followUpDueTimes.scope} = ${scope} and ${followUpDueTimes.day} = ${day}`;
export const dueRowsSql = sql`
  select 'overdue'::text as what, null::date as day, (
      coalesce((select sum(${followUpDueDays.n}) from ${followUpDueDays}
        where ${followUpDueDays.scope} = ${scope} and ${followUpDueDays.day} < ${day}), 0)
    + coalesce((select sum(${followUpDueTimes.n}) ${todaysTimes} and ${followUpDueTimes.time} <= ${time}), 0))::int as n
  union all
  select 'ahead', ${day}, coalesce((select sum(${followUpDueTimes.n}) ${todaysTimes} and ${followUpDueTimes.time} > ${time}), 0)::int
  union all
  select 'ahead', ${followUpDueDays.day}::date, ${followUpDueDays.n} from ${followUpDueDays}
    where ${followUpDueDays.scope} = ${scope} and ${followUpDueDays.day} > ${day}
      and ${followUpDueDays.day} <= ${sql.placeholder('throughDay')}::date`;

export type DueRow = { what: string; day: string | null; n: number };
export type KeptDue = { overdue: number; aheadOn: (day: string) => number };
/** Overdue and what is ahead per day, from dueRowsSql's rows. */
export const dueFromRows = (rows: DueRow[]): KeptDue => {
  let overdue = 0;
  const ahead = new Map<string, number>();
  for (const r of rows) {
    if (r.what === 'overdue') overdue += r.n;
    else if (r.day) ahead.set(r.day, (ahead.get(r.day) ?? 0) + r.n);
  }
  return { overdue, aheadOn: (d: string) => ahead.get(d) ?? 0 };
};
/** The placeholders' values for a scope, now and a last day. */
export const dueParams = (scope: FollowUpWorkScope, now: Date, throughDay: string) => {
  const { day, time } = dashboardClock(now);
  return { dueScope: scope === null ? null : keyOf(scope), day, time, throughDay };
};

const dueQuery = preparedPerDb((db) =>
  db
    .select({
      what: sql<string>`what`,
      day: sql<string | null>`to_char(day, 'YYYY-MM-DD')`,
      n: sql<number>`n`,
    })
    .from(sql`(${dueRowsSql}) due`)
    .prepare('karya_follow_up_due'),
);

/**
 * Overdue, and per day what is still ahead (today: later today) up to the end of `throughDay`, in a scope:
 * the same answer as countFollowUpDue over the scope's follow-ups.
 */
export const keptFollowUpDue = async (
  db: Db,
  scope: FollowUpWorkScope,
  now: Date,
  throughDay: string,
): Promise<KeptDue> => {
  if (scope === null) return dueFromRows([]);
  return dueFromRows(await dueQuery(db).execute(dueParams(scope, now, throughDay)));
};
