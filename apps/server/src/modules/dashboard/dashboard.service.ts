import {
  type AdminDashboard,
  CLOSED_REQUIREMENT_STATUSES,
  CRM_CHART_DAYS,
  type CrmDashboard,
  CUSTOMER_RESOURCE,
  can,
  dashboardClock,
  dayPlus,
  type FollowUpCounts,
  OPEN_REQUIREMENT_STATUSES,
  QUOTATION_RESOURCE,
  quickDateRange,
  REQUIREMENT_STATUS_ORDER,
  todayInAppZone,
  UPCOMING_FOLLOW_UP_DAYS,
} from '@karya/domain';
import { and, type Column, desc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, teams, users } from '../../db/schema.ts';
import { dateRangeSql } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { followUpDueRules } from '../follow-ups/follow-up-due-sql.ts';
import { type FollowUpWorkScope, keptFollowUpDue } from '../follow-ups/follow-up-work.ts';
import { quotationVerifications } from '../quotations/quotation-verifications.ts';
import { itemVerifications } from './admin-verifications.ts';
import { crmDashboardLists } from './crm-dashboard-lists.ts';
import { quotationFigures } from './crm-quotations.ts';
import { type KeptFigure, type KeptKind, type KeptScope, keptCounts } from './kept-figures.ts';

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
 * What a caller may count (decision 0010; the rules of customerScope, followUpScope, requirementScope and
 * quotationScope in their modules): nothing without read; everything with view-all (or view-all on
 * customers); else what they created, or are the caller or a visitor of (follow-ups), or whose customer is in
 * their customer scope. As the kept counts name it (decision 0026): null, '*', or the user.
 */
const may = (principal: Principal, resource: string, action: string) =>
  can(principal.permissions, resource, action);

/** The follow-ups' scope (follow-ups/follow-up-work.ts): the kept work's people are its user's. */
const followUpWorkScope = (principal: Principal): FollowUpWorkScope => {
  if (!may(principal, FOLLOW_UP, 'read')) return null;
  if (may(principal, FOLLOW_UP, 'view-all') || !customerScope(principal)) return '*';
  return { user: principal.user.id };
};

/** Whose kept counts each kind reads (kept-figures.ts). */
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

/**
 * GET /crm/dashboard/follow-up-counts: overdue and due today, in the caller's follow-up scope, by the same
 * rule as the dashboard's cards, from the counts the writes keep (follow-ups/follow-up-work.ts).
 */
export const followUpCounts = async (db: Db, principal: Principal, now: Date): Promise<FollowUpCounts> => {
  const { day } = dashboardClock(now);
  const due = await keptFollowUpDue(db, followUpWorkScope(principal), now, day);
  return { overdue: due.overdue, dueToday: due.aheadOn(day) };
};

/**
 * The CRM dashboard from real records, each part in the caller's scope (decision 0010). "New" is this week
 * as the lists' This Week chip counts it (Monday to Sunday in India), as on the admin dashboard.
 */
export const crmDashboard = async (db: Db, principal: Principal, now: Date): Promise<CrmDashboard> => {
  const thisWeek = quickDateRange('This Week', now);
  const rules = followUpDueRules(now);
  const scopes = keptScopes(principal);
  const [{ figures: kept, due }, lists] = await Promise.all([
    // Customers, follow-ups, requirements, quotations and items: totals and this week's, as the writes keep
    // them; and overdue, due today, upcoming and the chart: the work the writes keep counted. One statement.
    keptCounts(db, scopes, thisWeek, { scope: scopes['follow-up'], now, throughDay: rules.lastDay }),
    // This week's new customers, the upcoming work and the follow-ups without a response.
    crmDashboardLists(db, { customer: scopes.customer, followUp: scopes['follow-up'] }, now, thisWeek),
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
      newCustomers: lists.newCustomers,
    },
    followUps: {
      total: sum(kept['follow-up'], (f) => f.total),
      upcoming: Array.from({ length: UPCOMING_FOLLOW_UP_DAYS }, (_, i) =>
        due.aheadOn(dayPlus(rules.day, i + 1)),
      ).reduce((n, c) => n + c, 0),
      upcomingFollowUps: lists.upcomingFollowUps,
      noResponseFollowUps: lists.noResponseFollowUps,
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
