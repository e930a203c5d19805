import {
  dashboardClock,
  dayPlus,
  FOLLOW_UP_DUE,
  type FollowUpDue,
  OPEN_FOLLOW_UP_STATUSES,
  UPCOMING_FOLLOW_UP_DAYS,
} from '@karya/domain';
import { and, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { followUps } from '../../db/schema.ts';

// The follow-up work rules of packages/domain/src/entities/follow-up-due.ts as SQL, written ONCE here and
// read by every surface that counts or lists due work: the CRM dashboard's cards, chart and upcoming list,
// the menu badge (modules/dashboard) and the follow-up list's `due` filter and chips (this module).
// Decision 0007 "Due"; a server test holds all of them to each other and to the pure rule.

const LATER = 'later_follow_up';
const later = alias(followUps, LATER);

/**
 * The rules at `now` (India's day and minute). A follow-up stands for at most one piece of work:
 * `own` (open: Scheduled, Pending or Postponed; at its date and time) or `planned` (Completed, with a next
 * follow-up required and dated, not taken up by a later follow-up of the customer; at the plan's date and
 * time). Both branches keep their range on a plain column or a text expression so an index can serve them:
 * the open one on (is_deleted, status, date, time), the planned one on (next_follow_up->>'date').
 */
export const followUpDueRules = (now: Date) => {
  const { day, time } = dashboardClock(now);
  const lastDay = dayPlus(day, UPCOMING_FOLLOW_UP_DAYS);
  // The plan's day and time as stored: 'YYYY-MM-DD' and 'HH:mm' text, which compare as they sort.
  const nextDate = sql`(${followUps.nextFollowUp}->>'date')`;
  const nextTime = sql`coalesce(${followUps.nextFollowUp}->>'time', '')`;

  const own = inArray(followUps.status, [...OPEN_FOLLOW_UP_STATUSES]);
  // Through the (customer_id, date) index: does the customer have a live follow-up after this one?
  const takenUp = sql`exists (select 1 from ${followUps} ${sql.identifier(LATER)} where ${later.customerId} = ${followUps.customerId}
    and ${later.isDeleted} = false and (${later.date}, ${later.time}) > (${followUps.date}, ${followUps.time}))`;
  const planned = and(
    eq(followUps.status, 'Completed'),
    sql`(${followUps.nextFollowUp}->>'nextRequired') = 'true'`,
    sql`${nextDate} is not null`,
    sql`not ${takenUp}`,
  ) as SQL;

  const ownPassed = sql`(${followUps.date}, ${followUps.time}) <= (${day}::date, ${time}::text)`;
  const planPassed = sql`(${nextDate}, ${nextTime}) <= (${day}::text, ${time}::text)`;
  const bucket: Record<FollowUpDue, SQL> = {
    Overdue: or(and(own, ownPassed), and(planned, planPassed)) as SQL,
    'Due today': or(
      and(own, eq(followUps.date, day), sql`${followUps.time} > ${time}`),
      and(planned, sql`${nextDate} = ${day}`, sql`${nextTime} > ${time}`),
    ) as SQL,
    Upcoming: or(
      and(own, gt(followUps.date, day), lte(followUps.date, lastDay)),
      and(planned, sql`${nextDate} > ${day}`, sql`${nextDate} <= ${lastDay}`),
    ) as SQL,
  };
  /** Every piece of work up to the end of `throughDay` (overdue included): the counts' one range. */
  const dueThrough = (throughDay: string) =>
    or(and(own, lte(followUps.date, throughDay)), and(planned, sql`${nextDate} <= ${throughDay}`)) as SQL;

  return {
    day,
    lastDay,
    own,
    planned,
    bucket,
    dueThrough,
    /** The work's day (YYYY-MM-DD text), time and type: the follow-up's own, or its plan's. */
    dueDay: sql<string>`(case when ${own} then to_char(${followUps.date}, 'YYYY-MM-DD') else ${nextDate} end)`,
    dueTime: sql<string>`(case when ${own} then ${followUps.time} else ${nextTime} end)`,
    dueType: sql<string>`(case when ${own} then ${followUps.type} else ${followUps.nextFollowUp}->>'type' end)`,
    isPlanned: sql<boolean>`(not ${own})`,
  };
};

/** The list's `due` filter: follow-ups whose work is in any of the chosen buckets. */
export const followUpDueFilter = (now: Date, value: unknown): SQL | undefined => {
  const chosen = (Array.isArray(value) ? value : [value]).filter((v): v is FollowUpDue =>
    (FOLLOW_UP_DUE as readonly unknown[]).includes(v),
  );
  if (!chosen.length) return undefined;
  const { bucket } = followUpDueRules(now);
  return or(...chosen.map((b) => bucket[b]));
};

/**
 * Counts of the work up to the end of `throughDay` among the follow-ups `where` selects (live and in the
 * caller's scope): overdue, and per day what is still ahead (today's entry is Due today). One scan, one
 * answer for the dashboard's cards and chart and for the badge.
 */
export const countFollowUpDue = async (db: Db, where: SQL | undefined, now: Date, throughDay: string) => {
  const rules = followUpDueRules(now);
  const rows = await db
    .select({
      day: rules.dueDay,
      overdue: sql<number>`(count(*) filter (where ${rules.bucket.Overdue}))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(followUps)
    .where(and(eq(followUps.isDeleted, false), where, rules.dueThrough(throughDay)))
    // By position: the day's expression carries parameters, so written again it would not match the select.
    .groupBy(sql`1`);
  const ahead = new Map(rows.map((r) => [r.day, r.total - r.overdue]));
  return {
    overdue: rows.reduce((n, r) => n + r.overdue, 0),
    /** Work not yet passed on a day (today: later today). */
    aheadOn: (day: string) => ahead.get(day) ?? 0,
  };
};

/**
 * isNoResponseFollowUp (packages/domain) as SQL, for the list's noResponse filter: date and time at or
 * before now (India), not Cancelled, neither a response nor remarks written. The dashboard's list reads the
 * same rule as the writes keep it (follow_up_silent, migration 0047, held to this by follow-up-work.test.ts).
 */
export const followUpNoResponseSql = (now: Date): SQL => {
  const { day, time } = dashboardClock(now);
  return sql`((${followUps.date}, ${followUps.time}) <= (${day}::date, ${time}::text)
    and ${followUps.status} <> 'Cancelled'
    and (${followUps.response} is null or btrim(${followUps.response}) = '')
    and (${followUps.remarks} is null or btrim(${followUps.remarks}) = ''))`;
};
