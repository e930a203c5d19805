import { type AdminDashboard, type CrmDashboard, quickDateRange, todayInAppZone } from '@karya/domain';
import { and, type Column, desc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems, roles, teams, users } from '../../db/schema.ts';
import { dateRangeSql } from '../../platform/list-sql.ts';
import { userRefs } from '../../platform/records.ts';

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

/**
 * Items awaiting verification (Unverified) or suggested, newest first, and their counts: total is what waits
 * for a verifier (unverified + suggested + quotations), new the unverified items created this week.
 */
const itemVerifications = async (db: Db, inWeek: (c: Column) => SQL) => {
  const liveItem = eq(productItems.isDeleted, false);
  const waiting = (state: string) =>
    db
      .select({
        name: productItems.name,
        createdAt: productItems.createdAt,
        createdBy: productItems.createdBy,
        preferredBrand: productItems.preferredBrand,
      })
      .from(productItems)
      .where(and(liveItem, eq(productItems.state, state)))
      .orderBy(desc(productItems.createdAt), desc(productItems.id))
      .limit(LIST_SIZE);
  const [[counts], unverified, suggested] = await Promise.all([
    db
      .select({
        unverified: sql<number>`(count(*) filter (where ${productItems.state} = 'Unverified'))::int`,
        suggested: sql<number>`(count(*) filter (where ${productItems.state} = 'Suggested'))::int`,
        new: sql<number>`(count(*) filter (where ${productItems.state} = 'Unverified' and ${inWeek(productItems.createdAt)}))::int`,
      })
      .from(productItems)
      .where(liveItem),
    waiting('Unverified'),
    waiting('Suggested'),
  ]);
  const refs = await userRefs(
    db,
    [...unverified, ...suggested].map((i) => i.createdBy),
  );
  const ref = (id: string | null) => {
    const u = id ? refs.get(id) : undefined;
    return u ? { _id: u._id, name: u.name } : null;
  };
  return {
    verifications: {
      total: (counts?.unverified ?? 0) + (counts?.suggested ?? 0),
      new: counts?.new ?? 0,
      unverified: counts?.unverified ?? 0,
      quotation: 0,
    },
    unVerifiedItems: unverified.map((i) => ({
      name: i.name,
      createdAt: i.createdAt.toISOString(),
      createdBy: ref(i.createdBy),
    })),
    suggestedItems: suggested.map((i) => ({
      name: i.name,
      createdAt: i.createdAt.toISOString(),
      createdBy: ref(i.createdBy),
      preferredBrand: i.preferredBrand,
    })),
  };
};

/**
 * The admin dashboard from real records only. Quotations arrive in a later issue; until their table exists
 * their parts are zeros and empty lists, never sample values.
 */
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
      itemVerifications(db, inWeek),
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
    unVerifiedQuotations: [],
    teams: { total: teamsTotal, newTeams: teamsNew },
  };
};

/**
 * Customers, follow-ups and requirements arrive in later issues: zeros until then. Product items are real:
 * live items, and of them Verified and Unverified (Suggested ones count in the total only).
 */
export const crmDashboard = async (db: Db): Promise<CrmDashboard> => {
  const [items] = await db
    .select({
      total: sql<number>`count(*)::int`,
      verified: sql<number>`(count(*) filter (where ${productItems.state} = 'Verified'))::int`,
      unverified: sql<number>`(count(*) filter (where ${productItems.state} = 'Unverified'))::int`,
    })
    .from(productItems)
    .where(eq(productItems.isDeleted, false));
  return {
    customers: { total: 0, new: 0, newCustomers: [] },
    followUps: { total: 0, upcoming: 0, upcomingFollowUps: [], noResponseFollowUps: [] },
    requirements: { newRequirements: 0, new: 0, open: 0, closed: 0, total: 0 },
    productItems: {
      totalCount: items?.total ?? 0,
      verifiedCount: items?.verified ?? 0,
      unverifiedCount: items?.unverified ?? 0,
    },
  };
};
