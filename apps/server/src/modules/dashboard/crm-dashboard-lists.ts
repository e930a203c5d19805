import { DASHBOARD_LIST_SIZE, dashboardClock, type FollowUpSummary } from '@karya/domain';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { customers, followUpSilent, followUps, followUpWork } from '../../db/schema.ts';
import { customersOf } from '../customers/customer-scope.ts';
import { followUpDueRules } from '../follow-ups/follow-up-due-sql.ts';
import type { KeptScope } from './kept-figures.ts';

// The CRM dashboard's three short lists as prepared statements (issue 29): planned once per connection, not
// on every poll. Planning these joins cost more than running them (5 to 7 ms against 1 to 3 at the
// benchmark's scale, on a table with many indexes). Each comes in two shapes: everyone's, and one user's
// row scope, written here with the user as a placeholder: the rule of customer-scope.ts for customers, and
// for follow-ups the people the writes keep with them (decision 0026).

const ME = sql.placeholder('me');
const mineAsCustomer = customersOf(ME);
const summary = {
  _id: followUps.id,
  followUpId: followUps.followUpId,
  customerId: customers.id,
  customerName: customers.name,
  type: followUps.type,
  reason: followUps.reason,
  date: followUps.date,
  time: followUps.time,
  status: followUps.status,
};
type Row = Omit<FollowUpSummary, 'customer' | 'planned'> & {
  customerId: string;
  customerName: string;
  planned?: boolean;
};
const toSummary = ({ customerId, customerName, planned, ...f }: Row): FollowUpSummary => ({
  ...f,
  customer: { _id: customerId, name: customerName },
  planned: planned ?? false,
});

// This week's new customers, newest first; the week's bounds are India's days, as dateRangeSql reads them.
const newCustomersOf = (mine: boolean) =>
  preparedPerDb((db) =>
    db
      .select({
        _id: customers.id,
        customerId: customers.customerId,
        name: customers.name,
        type: customers.type,
        email: customers.email,
      })
      .from(customers)
      .where(
        and(
          eq(customers.isDeleted, false),
          sql`${customers.createdAt} >= ((${sql.placeholder('start')}::date)::timestamp at time zone 'Asia/Kolkata')`,
          sql`${customers.createdAt} < ((${sql.placeholder('end')}::date + 1)::timestamp at time zone 'Asia/Kolkata')`,
          mine ? mineAsCustomer : undefined,
        ),
      )
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(DASHBOARD_LIST_SIZE)
      .prepare(mine ? 'karya_dashboard_new_customers_mine' : 'karya_dashboard_new_customers'),
  );

// The upcoming work, soonest first, from the work the writes keep with its due day and time: a planned
// next follow-up shows the plan's day, time and type (the rules' expressions do not depend on the day).
const rules = followUpDueRules(new Date(0));
const upcomingOf = (mine: boolean) =>
  preparedPerDb((db) =>
    db
      .select({
        ...summary,
        type: rules.dueType,
        date: sql<string>`to_char(${followUpWork.dueDay}, 'YYYY-MM-DD')`,
        time: followUpWork.dueTime,
        planned: rules.isPlanned,
      })
      .from(followUpWork)
      .innerJoin(followUps, eq(followUps.id, followUpWork.followUpId))
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .where(
        and(
          gt(followUpWork.dueDay, sql`${sql.placeholder('day')}::date`),
          lte(followUpWork.dueDay, sql`${sql.placeholder('lastDay')}::date`),
          mine ? sql`${followUpWork.people} @> array[${ME}]::text[]` : undefined,
        ),
      )
      .orderBy(asc(followUpWork.dueDay), asc(followUpWork.dueTime), asc(followUpWork.followUpId))
      .limit(DASHBOARD_LIST_SIZE)
      .prepare(mine ? 'karya_dashboard_upcoming_mine' : 'karya_dashboard_upcoming'),
  );

// The most recent without a response first: the ones still worth a call. From the follow-ups the writes keep
// without a response (migration 0047), latest first up to now: everyone's by walking their index back from
// now; one user's from their own, found through the people kept with each (a GIN index) and then sorted.
// The subquery's OFFSET 0 keeps the planner from walking everyone's index back and testing each row's people
// instead: that walk reads every silent follow-up newer than the user's fifth (about 5 ms for a Sales
// Executive at the benchmark's scale, against 0.3 ms from their own). A user's own are at most their work.
const upTo = sql`(silent.date, silent.time) <= (${sql.placeholder('day')}::date, ${sql.placeholder('time')}::text)`;
const silentOf = (mine: boolean) =>
  mine
    ? sql`(select silent.follow_up_id, silent.date, silent.time from ${followUpSilent} as silent
        where silent.people @> array[${ME}]::text[] and ${upTo} offset 0) as silent`
    : sql`${followUpSilent} as silent`;
const noResponseOf = (mine: boolean) =>
  preparedPerDb((db) =>
    db
      .select(summary)
      .from(silentOf(mine))
      .innerJoin(followUps, eq(followUps.id, sql`silent.follow_up_id`))
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .where(mine ? undefined : upTo)
      .orderBy(sql`silent.date desc, silent.time desc, silent.follow_up_id desc`)
      .limit(DASHBOARD_LIST_SIZE)
      .prepare(mine ? 'karya_dashboard_no_response_mine' : 'karya_dashboard_no_response'),
  );

const statements = {
  newCustomers: { all: newCustomersOf(false), mine: newCustomersOf(true) },
  upcoming: { all: upcomingOf(false), mine: upcomingOf(true) },
  noResponse: { all: noResponseOf(false), mine: noResponseOf(true) },
};
const pick = <T>(shapes: { all: T; mine: T }, scope: KeptScope) => (scope === '*' ? shapes.all : shapes.mine);
const me = (scope: KeptScope) => (scope && scope !== '*' ? scope.user : '');

/** The dashboard's lists in the callers' scopes: customers' for new customers, follow-ups' for the rest. */
export const crmDashboardLists = async (
  db: Db,
  scopes: { customer: KeptScope; followUp: KeptScope },
  now: Date,
  week: { start: string; end: string },
) => {
  const { day, time } = dashboardClock(now);
  const { lastDay } = followUpDueRules(now);
  const [newCustomers, upcoming, noResponse] = await Promise.all([
    scopes.customer === null
      ? []
      : pick(statements.newCustomers, scopes.customer)(db).execute({ ...week, me: me(scopes.customer) }),
    scopes.followUp === null
      ? []
      : pick(statements.upcoming, scopes.followUp)(db).execute({ day, lastDay, me: me(scopes.followUp) }),
    scopes.followUp === null
      ? []
      : pick(statements.noResponse, scopes.followUp)(db).execute({ day, time, me: me(scopes.followUp) }),
  ]);
  return {
    newCustomers,
    upcomingFollowUps: (upcoming as Row[]).map(toSummary),
    noResponseFollowUps: (noResponse as Row[]).map(toSummary),
  };
};
