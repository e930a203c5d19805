import {
  DASHBOARD_LIST_SIZE,
  dashboardClock,
  type FollowUpSummary,
  type NewCustomerSummary,
} from '@karya/domain';
import { and, asc, desc, eq, gt, lte, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { customers, followUpSilent, followUps, followUpWork } from '../../db/schema.ts';
import { customersOf } from '../customers/customer-scope.ts';
import { followUpDueRules } from '../follow-ups/follow-up-due-sql.ts';
import type { KeptScope } from './kept-figures.ts';

// The CRM dashboard's three short lists as one prepared statement (issue 29): planned once per connection,
// not on every poll (planning these joins cost more than running them: 5 to 7 ms against 1 to 3 at the
// benchmark's scale), and one round trip, not three: each list comes back as a JSON array, its keys named
// here. Each list comes in two shapes: everyone's, and one user's row scope, written with the user as a
// placeholder: the rule of customer-scope.ts for customers, and for follow-ups the people the writes keep
// with them (decision 0026).

// The caller, in the customers' scope and in the follow-ups' (the same user where either is theirs alone).
const ME = sql.placeholder('me');
const FOLLOWER = sql.placeholder('follower');
const mineAsCustomer = customersOf(ME);
/** Each column under its answer's key, as the list's JSON names it. */
const named = (columns: Record<string, SQLWrapper>) =>
  Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql`${column}`.as(key)]));
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
const newCustomersOf = (db: Db, mine: boolean) =>
  db
    .select(
      named({
        _id: customers.id,
        customerId: customers.customerId,
        name: customers.name,
        type: customers.type,
        email: customers.email,
      }),
    )
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
    .limit(DASHBOARD_LIST_SIZE);

// The upcoming work, soonest first, from the work the writes keep with its due day and time: a planned
// next follow-up shows the plan's day, time and type (the rules' expressions do not depend on the day).
const rules = followUpDueRules(new Date(0));
const upcomingOf = (db: Db, mine: boolean) =>
  db
    .select(
      named({
        ...summary,
        type: rules.dueType,
        date: sql<string>`to_char(${followUpWork.dueDay}, 'YYYY-MM-DD')`,
        time: followUpWork.dueTime,
        planned: rules.isPlanned,
      }),
    )
    .from(followUpWork)
    .innerJoin(followUps, eq(followUps.id, followUpWork.followUpId))
    .innerJoin(customers, eq(customers.id, followUps.customerId))
    .where(
      and(
        gt(followUpWork.dueDay, sql`${sql.placeholder('day')}::date`),
        lte(followUpWork.dueDay, sql`${sql.placeholder('lastDay')}::date`),
        mine ? sql`${followUpWork.people} @> array[${FOLLOWER}]::text[]` : undefined,
      ),
    )
    .orderBy(asc(followUpWork.dueDay), asc(followUpWork.dueTime), asc(followUpWork.followUpId))
    .limit(DASHBOARD_LIST_SIZE);

// The most recent without a response first: the ones still worth a call. From the follow-ups the writes keep
// without a response (migration 0047), latest first up to now: everyone's by walking their index back from
// now; one user's from their own, found through the people kept with each (a GIN index), sorted, and only
// the first few joined to their follow-up and customer. The inner subquery's OFFSET 0 keeps the planner from
// walking everyone's index back and testing each row's people instead: that walk reads every silent
// follow-up newer than the user's fifth (about 5 ms for a Sales Executive at the benchmark's scale, against
// 0.4 ms from their own); sorting before the joins spares joining all of the user's (2.9 ms).
const upTo = sql`(silent.date, silent.time) <= (${sql.placeholder('day')}::date, ${sql.placeholder('time')}::text)`;
const silentOf = (mine: boolean) =>
  mine
    ? sql`(select * from (select silent.follow_up_id, silent.date, silent.time from ${followUpSilent} as silent
          where silent.people @> array[${FOLLOWER}]::text[] and ${upTo} offset 0) silent
        order by silent.date desc, silent.time desc, silent.follow_up_id desc
        limit ${sql.raw(String(DASHBOARD_LIST_SIZE))}) as silent`
    : sql`${followUpSilent} as silent`;
const noResponseOf = (db: Db, mine: boolean) =>
  db
    .select(named(summary))
    .from(silentOf(mine))
    .innerJoin(followUps, eq(followUps.id, sql`silent.follow_up_id`))
    .innerJoin(customers, eq(customers.id, followUps.customerId))
    .where(mine ? undefined : upTo)
    .orderBy(sql`silent.date desc, silent.time desc, silent.follow_up_id desc`)
    .limit(DASHBOARD_LIST_SIZE);

type Shape = 'none' | 'all' | 'mine';
const shapeOf = (scope: KeptScope): Shape => (scope === null ? 'none' : scope === '*' ? 'all' : 'mine');
const me = (scope: KeptScope) => (scope && scope !== '*' ? scope.user : '');
// A list as a JSON array of its rows (in their order), or an empty one where the caller has no read.
const asJson = (shape: Shape, list: (mine: boolean) => SQLWrapper) =>
  shape === 'none'
    ? sql`'[]'::json`
    : sql`coalesce((select json_agg(l) from (${list(shape === 'mine')}) l), '[]'::json)`;

// One statement per shape of the two scopes (customers', follow-ups'): nine, each built and prepared on a
// connection the first time it is used there (preparedPerDb).
const listsOf = (customer: Shape, followUp: Shape) =>
  preparedPerDb((db) =>
    db
      .select({
        newCustomers: sql<NewCustomerSummary[]>`${asJson(customer, (mine) => newCustomersOf(db, mine))}`,
        upcoming: sql<Row[]>`${asJson(followUp, (mine) => upcomingOf(db, mine))}`,
        noResponse: sql<Row[]>`${asJson(followUp, (mine) => noResponseOf(db, mine))}`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(`karya_dashboard_lists_${customer}_${followUp}`),
  );
const SHAPES: Shape[] = ['none', 'all', 'mine'];
const statements = Object.fromEntries(
  SHAPES.flatMap((c) => SHAPES.map((f) => [`${c}_${f}`, listsOf(c, f)] as const)),
) as Record<`${Shape}_${Shape}`, ReturnType<typeof listsOf>>;
const statementFor = (customer: Shape, followUp: Shape) => statements[`${customer}_${followUp}`];

/** The dashboard's lists in the callers' scopes: customers' for new customers, follow-ups' for the rest. */
export const crmDashboardLists = async (
  db: Db,
  scopes: { customer: KeptScope; followUp: KeptScope },
  now: Date,
  week: { start: string; end: string },
) => {
  const { day, time } = dashboardClock(now);
  const { lastDay } = followUpDueRules(now);
  const [lists] = await statementFor(
    shapeOf(scopes.customer),
    shapeOf(scopes.followUp),
  )(db).execute({
    ...week,
    day,
    time,
    lastDay,
    me: me(scopes.customer),
    follower: me(scopes.followUp),
  });
  return {
    newCustomers: lists?.newCustomers ?? [],
    upcomingFollowUps: (lists?.upcoming ?? []).map(toSummary),
    noResponseFollowUps: (lists?.noResponse ?? []).map(toSummary),
  };
};
