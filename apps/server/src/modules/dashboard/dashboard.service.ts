import {
  type AdminDashboard,
  CLOSED_REQUIREMENT_STATUSES,
  CRM_CHART_DAYS,
  type CrmDashboard,
  CUSTOMER_RESOURCE,
  can,
  DASHBOARD_LIST_SIZE,
  dashboardClock,
  dayPlus,
  type FollowUpCounts,
  type FollowUpSummary,
  OPEN_REQUIREMENT_STATUSES,
  QUOTATION_RESOURCE,
  quickDateRange,
  REQUIREMENT_STATUS_ORDER,
  todayInAppZone,
  UPCOMING_FOLLOW_UP_DAYS,
} from '@karya/domain';
import { and, asc, type Column, desc, eq, gt, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, followUps, followUpWork, roles, teams, users } from '../../db/schema.ts';
import { dateRangeSql } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { followUpDueRules, followUpNoResponseSql } from '../follow-ups/follow-up-due-sql.ts';
import { type FollowUpWorkScope, keptFollowUpDue } from '../follow-ups/follow-up-work.ts';
import { quotationVerifications } from '../quotations/quotation-verifications.ts';
import { itemVerifications } from './admin-verifications.ts';
import { quotationFigures } from './crm-quotations.ts';
import { type KeptFigure, type KeptKind, type KeptScope, keptFigures } from './kept-figures.ts';

const FOLLOW_UP = 'follow-up';
const REQUIREMENT = 'requirement';

const LIST_SIZE = 10;
/** An update within a second of creation is the insert itself, not an edit. */
const EDIT_GAP = sql`interval '1 second'`;

const count = async (query: Promise<{ n: number }[]>) => {
  const [row] = await query;
  return row?.n ?? 0;
};

const roleSummary = {
  _id: roles.id,
  name: roles.name,
  createdAt: roles.createdAt,
  expiresAt: roles.expiresAt,
};
const toSummary = (r: { _id: string; name: string; createdAt: Date; expiresAt: string | null }) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** The admin dashboard from real records only. */
export const adminDashboard = async (db: Db, now: Date): Promise<AdminDashboard> => {
  // "New" is this week exactly as a list filtered by its This Week chip counts it (Monday to Sunday in
  // India: quickDateRange in packages/domain, read by the lists' dateRangeSql), not a rolling seven days.
  const thisWeek = quickDateRange('This Week', now);
  const inWeek = (column: Column) => dateRangeSql(column, thisWeek) as SQL;
  // Same calendar-day rule as isRoleExpired in packages/domain (the day in India).
  const today = todayInAppZone(now);
  const live = eq(users.isDeleted, false);
  const newUser = and(live, inWeek(users.createdAt));
  const liveTeam = eq(teams.isDeleted, false);

  // Independent reads, issued together (a pool runs them side by side); each count pair is one scan.
  const quotes = await quotationVerifications(db, LIST_SIZE);
  const [userCounts, newThisWeek, rolesTotal, newRoles, updatedRoles, expiredRoles, teamCounts, items] =
    await Promise.all([
      db
        .select({
          total: sql<number>`count(*)::int`,
          new: sql<number>`(count(*) filter (where ${inWeek(users.createdAt)}))::int`,
        })
        .from(users)
        .where(live),
      db
        .select({ _id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(newUser)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(LIST_SIZE),
      count(db.select({ n: sql<number>`count(*)::int` }).from(roles)),
      db
        .select(roleSummary)
        .from(roles)
        .where(inWeek(roles.createdAt))
        .orderBy(desc(roles.createdAt), desc(roles.id))
        .limit(LIST_SIZE),
      db
        .select(roleSummary)
        .from(roles)
        .where(and(inWeek(roles.updatedAt), sql`${roles.updatedAt} > ${roles.createdAt} + ${EDIT_GAP}`))
        .orderBy(desc(roles.updatedAt), desc(roles.id))
        .limit(LIST_SIZE),
      db
        .select(roleSummary)
        .from(roles)
        .where(and(isNotNull(roles.expiresAt), lte(roles.expiresAt, today)))
        .orderBy(desc(roles.expiresAt), desc(roles.id))
        .limit(LIST_SIZE),
      db
        .select({
          total: sql<number>`count(*)::int`,
          new: sql<number>`(count(*) filter (where ${inWeek(teams.createdAt)}))::int`,
        })
        .from(teams)
        .where(liveTeam),
      itemVerifications(db, inWeek, quotes.count, now),
    ]);
  const usersTotal = userCounts[0]?.total ?? 0;
  const usersNew = userCounts[0]?.new ?? 0;
  const teamsTotal = teamCounts[0]?.total ?? 0;
  const teamsNew = teamCounts[0]?.new ?? 0;

  return {
    users: {
      new: usersNew,
      total: usersTotal,
      newThisWeek: newThisWeek.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    },
    roles: {
      total: rolesTotal,
      newRoles: newRoles.map(toSummary),
      updatedRoles: updatedRoles.map(toSummary),
      expiredRoles: expiredRoles.map(toSummary),
    },
    ...items,
    unVerifiedQuotations: quotes.list,
    teams: { total: teamsTotal, newTeams: teamsNew },
  };
};

// ------------------------------------------------------------------------------------------------ CRM

/**
 * What a caller may count of follow-ups and requirements: the rules of followUpScope and requirementScope in
 * their modules (decision 0010; a test holds the dashboard's totals to their lists' counts):
 * nothing without read; without view-all, a follow-up they created, are followUpBy or a visitor of, or whose
 * customer is in their customer scope; a requirement they created or whose customer is in their customer
 * scope. `undefined` means everything. The customer scope is written `customer_id = any(array(...))` so
 * the planner reads it through the (customer_id, …) index of the table instead of a join.
 */
const NOTHING = sql`false`;
const may = (principal: Principal, resource: string, action: string) =>
  can(principal.permissions, resource, action);

const inCustomerScope = (principal: Principal, column: Column): Scope => {
  const scope = customerScope(principal);
  return scope
    ? sql`${column} = any(array(select ${customers.id} from ${customers} where ${scope}))`
    : undefined;
};

const followUpCountScope = (principal: Principal): Scope => {
  if (!may(principal, FOLLOW_UP, 'read')) return NOTHING;
  if (may(principal, FOLLOW_UP, 'view-all')) return undefined;
  const me = principal.user.id;
  const ofCustomer = inCustomerScope(principal, followUps.customerId);
  if (!ofCustomer) return undefined;
  return or(
    eq(followUps.createdBy, me),
    eq(followUps.followUpBy, me),
    sql`${followUps.visitors} @> array[${me}]::text[]`,
    ofCustomer,
  );
};

/** The same scope as followUpCountScope, as the kept counts name it (follow-ups/follow-up-work.ts). */
const followUpWorkScope = (principal: Principal): FollowUpWorkScope => {
  if (!may(principal, FOLLOW_UP, 'read')) return null;
  if (may(principal, FOLLOW_UP, 'view-all') || !customerScope(principal)) return '*';
  return { user: principal.user.id };
};

/** Whose kept counts each kind reads: the same rules as the count scopes above (kept-figures.ts). */
const keptScopes = (principal: Principal): Record<KeptKind, KeptScope> => {
  const me = { user: principal.user.id };
  const seesAllCustomers = !customerScope(principal);
  const of = (resource: string): KeptScope =>
    !may(principal, resource, 'read')
      ? null
      : may(principal, resource, 'view-all') || seesAllCustomers
        ? '*'
        : me;
  return {
    customer: of(CUSTOMER_RESOURCE),
    'follow-up': followUpWorkScope(principal),
    requirement: of(REQUIREMENT),
    quotation: of(QUOTATION_RESOURCE),
    // The catalogue's figures, for everyone who sees the dashboard (as they were counted before).
    item: '*',
  };
};

const customerCountScope = (principal: Principal): Scope =>
  may(principal, CUSTOMER_RESOURCE, 'read') ? customerScope(principal) : NOTHING;

/**
 * GET /crm/dashboard/follow-up-counts: overdue and due today, in the caller's follow-up scope, by the same
 * rule as the dashboard's cards, from the counts the writes keep (follow-ups/follow-up-work.ts).
 */
export const followUpCounts = async (db: Db, principal: Principal, now: Date): Promise<FollowUpCounts> => {
  const { day } = dashboardClock(now);
  const due = await keptFollowUpDue(db, followUpWorkScope(principal), now, day);
  return { overdue: due.overdue, dueToday: due.aheadOn(day) };
};

const followUpSummary = {
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
type FollowUpRow = { [K in keyof typeof followUpSummary]: K extends 'followUpId' ? number : string } & {
  planned?: boolean;
};
const toFollowUpSummary = ({ customerId, customerName, planned, ...f }: FollowUpRow): FollowUpSummary => ({
  ...f,
  customer: { _id: customerId, name: customerName },
  planned: planned ?? false,
});

/**
 * The CRM dashboard from real records, each part in the caller's scope (decision 0010). "New" is this week
 * as the lists' This Week chip counts it (Monday to Sunday in India), as on the admin dashboard.
 */
export const crmDashboard = async (db: Db, principal: Principal, now: Date): Promise<CrmDashboard> => {
  const thisWeek = quickDateRange('This Week', now);
  const inWeek = (column: Column) => dateRangeSql(column, thisWeek) as SQL;
  const rules = followUpDueRules(now);
  const customerWhere = and(eq(customers.isDeleted, false), customerCountScope(principal));
  const followUpScopeWhere = followUpCountScope(principal);
  const followUpWhere = and(eq(followUps.isDeleted, false), followUpScopeWhere);
  const followUpList = (where: SQL | undefined) =>
    db
      .select(followUpSummary)
      .from(followUps)
      .innerJoin(customers, eq(customers.id, followUps.customerId))
      .where(and(followUpWhere, where));

  const workScope = followUpWorkScope(principal);
  const [kept, newCustomers, due, upcomingFollowUps, noResponseFollowUps] = await Promise.all([
    // Customers, follow-ups, requirements and quotations: totals and this week's, as the writes keep them.
    keptFigures(db, keptScopes(principal), thisWeek),
    db
      .select({
        _id: customers.id,
        customerId: customers.customerId,
        name: customers.name,
        type: customers.type,
        email: customers.email,
      })
      .from(customers)
      .where(and(customerWhere, inWeek(customers.createdAt)))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(DASHBOARD_LIST_SIZE),
    // Overdue, due today, upcoming and the chart: the work the writes keep counted.
    keptFollowUpDue(db, workScope, now, rules.lastDay),
    // The upcoming work, soonest first, from the work the writes keep with its due day and time (decision
    // 0026): a planned next follow-up shows the plan's day, time and type.
    workScope === null
      ? Promise.resolve([])
      : db
          .select({
            ...followUpSummary,
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
              gt(followUpWork.dueDay, rules.day),
              lte(followUpWork.dueDay, rules.lastDay),
              workScope === '*' ? undefined : sql`${followUpWork.people} @> array[${workScope.user}]::text[]`,
            ),
          )
          .orderBy(asc(followUpWork.dueDay), asc(followUpWork.dueTime), asc(followUpWork.followUpId))
          .limit(DASHBOARD_LIST_SIZE),
    // The most recent first: the ones still worth a call.
    followUpList(followUpNoResponseSql(now))
      .orderBy(desc(followUps.date), desc(followUps.time), desc(followUps.id))
      .limit(DASHBOARD_LIST_SIZE),
  ]);
  const byStatus = kept.requirement.map((f) => ({ status: f.bucket, count: f.total, new: f.made }));
  const sum = (figures: KeptFigure[], of: (f: KeptFigure) => number) =>
    figures.reduce((n, f) => n + of(f), 0);

  const statusCount = (statuses: readonly string[]) =>
    byStatus.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + r.count, 0);
  return {
    customers: {
      total: sum(kept.customer, (f) => f.total),
      new: sum(kept.customer, (f) => f.made),
      newCustomers,
    },
    followUps: {
      total: sum(kept['follow-up'], (f) => f.total),
      upcoming: Array.from({ length: UPCOMING_FOLLOW_UP_DAYS }, (_, i) =>
        due.aheadOn(dayPlus(rules.day, i + 1)),
      ).reduce((n, c) => n + c, 0),
      upcomingFollowUps: upcomingFollowUps.map(toFollowUpSummary),
      noResponseFollowUps: noResponseFollowUps.map(toFollowUpSummary),
      overdue: due.overdue,
      dueToday: due.aheadOn(rules.day),
      perDay: Array.from({ length: CRM_CHART_DAYS }, (_, i) => {
        const date = dayPlus(rules.day, i);
        return { date, count: due.aheadOn(date) };
      }),
    },
    requirements: {
      newRequirements: byStatus.reduce((n, r) => n + r.new, 0),
      new: statusCount(['Open']),
      open: statusCount(OPEN_REQUIREMENT_STATUSES),
      closed: statusCount(CLOSED_REQUIREMENT_STATUSES),
      total: byStatus.reduce((n, r) => n + r.count, 0),
      byStatus: REQUIREMENT_STATUS_ORDER.map((status) => ({ status, count: statusCount([status]) })),
    },
    productItems: {
      totalCount: sum(kept.item, (f) => f.total),
      verifiedCount: sum(kept.item, (f) => (f.bucket === 'Verified' ? f.total : 0)),
      unverifiedCount: sum(kept.item, (f) => (f.bucket === 'Unverified' ? f.total : 0)),
    },
    quotations: quotationFigures(kept.quotation),
  };
};
