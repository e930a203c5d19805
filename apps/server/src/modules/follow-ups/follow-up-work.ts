import { dashboardClock } from '@karya/domain';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
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

// Overdue: every day before today, and today's work at or before now; due today: today's after now.
const todayQuery = preparedPerDb((db) =>
  db
    .select({
      overdue: sql<number>`(
        coalesce((select sum(${followUpDueDays.n}) from ${followUpDueDays}
          where ${followUpDueDays.scope} = ${sql.placeholder('scope')} and ${followUpDueDays.day} < ${sql.placeholder('day')}::date), 0)
        + coalesce(sum(${followUpDueTimes.n}) filter (where ${followUpDueTimes.time} <= ${sql.placeholder('time')}::text), 0))::int`,
      ahead: sql<number>`(coalesce(sum(${followUpDueTimes.n}) filter (where ${followUpDueTimes.time} > ${sql.placeholder('time')}::text), 0))::int`,
    })
    .from(followUpDueTimes)
    .where(
      and(
        eq(followUpDueTimes.scope, sql.placeholder('scope')),
        eq(followUpDueTimes.day, sql`${sql.placeholder('day')}::date`),
      ),
    )
    .prepare('karya_follow_up_due_today'),
);

const laterQuery = preparedPerDb((db) =>
  db
    .select({ day: followUpDueDays.day, n: followUpDueDays.n })
    .from(followUpDueDays)
    .where(
      and(
        eq(followUpDueDays.scope, sql.placeholder('scope')),
        gt(followUpDueDays.day, sql`${sql.placeholder('day')}::date`),
        lte(followUpDueDays.day, sql`${sql.placeholder('throughDay')}::date`),
      ),
    )
    .prepare('karya_follow_up_due_later'),
);

/**
 * Overdue, and per day what is still ahead (today: later today) up to the end of `throughDay`, in a scope:
 * the same answer as countFollowUpDue over the scope's follow-ups.
 */
export const keptFollowUpDue = async (db: Db, scope: FollowUpWorkScope, now: Date, throughDay: string) => {
  if (scope === null) return { overdue: 0, aheadOn: (_day: string) => 0 };
  const { day, time } = dashboardClock(now);
  const key = keyOf(scope);
  const [[today], later] = await Promise.all([
    todayQuery(db).execute({ scope: key, day, time }),
    throughDay > day ? laterQuery(db).execute({ scope: key, day, throughDay }) : Promise.resolve([]),
  ]);
  const ahead = new Map(later.map((r) => [r.day, r.n]));
  ahead.set(day, today?.ahead ?? 0);
  return { overdue: today?.overdue ?? 0, aheadOn: (d: string) => ahead.get(d) ?? 0 };
};
