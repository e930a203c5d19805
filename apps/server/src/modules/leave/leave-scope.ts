import { can, LEAVE_HOLDING } from '@karya/domain';
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leaves, teamMembers, teams, users } from '../../db/schema.ts';
import { idArray } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';

// Who sees and decides whose leave (decision 0023), and the approved leave that attendance reads. Kept apart
// from leave.service.ts so that attendance can read leave without importing the leave module's writes.

/** The roles in a team that manage its members (as for attendance, decision 0022). */
export const MANAGING_ROLES = ['manager', 'admin'] as const;

export const mayViewAllLeave = (p: Principal) => can(p.permissions, 'leave', 'view-all');

/** The ids of the members of the live teams a user manages (a subquery). */
export const managedIds = (managerId: string) => sql`(
  select m.user_id from ${teamMembers} me
  join ${teams} t on t.id = me.team_id and t.is_deleted = false
  join ${teamMembers} m on m.team_id = me.team_id
  where me.user_id = ${managerId} and me.role in (${sql.join(
    MANAGING_ROLES.map((r) => sql`${r}`),
    sql`, `,
  )}))`;

/** Rows of leaves the caller sees: their own, their managed teams' members', or all with view-all. */
export const leaveScope = (principal: Principal): Scope =>
  mayViewAllLeave(principal)
    ? undefined
    : or(eq(leaves.userId, principal.user.id), sql`${leaves.userId} in ${managedIds(principal.user.id)}`);

/** The managers (manager or admin of a live team) of a person's teams, but not the person. */
export const managersOf = async (db: Db, userId: string) => {
  const rows = await db.execute(sql`
    select distinct me.user_id from ${teamMembers} m
    join ${teams} t on t.id = m.team_id and t.is_deleted = false
    join ${teamMembers} me on me.team_id = m.team_id
    where m.user_id = ${userId} and me.user_id <> ${userId} and me.role in (${sql.join(
      MANAGING_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})`);
  return (rows as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
};

/** The members of the live teams a user manages (one query, for a page of leave). */
export const managedBy = async (db: Db, managerId: string) => {
  const rows = await db.execute(sql`select distinct user_id from ${managedIds(managerId)} as m(user_id)`);
  return new Set((rows as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id));
};

/** Whether `managerId` manages a team that `userId` is in. */
export const manages = async (db: Db, managerId: string, userId: string) =>
  (await managersOf(db, userId)).includes(managerId);

/**
 * Approved leave per `user|day` over a range (attendance's On Leave): 'full', or 'half' for a one-day
 * leave of a half. Every day of the leave's range is listed; attendance passes it on only for working days.
 */
export const approvedLeaveDays = async (db: Db, userIds: string[], from: string, to: string) => {
  const out = new Map<string, 'full' | 'half'>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: leaves.userId, from: leaves.fromDate, to: leaves.toDate, half: leaves.half })
    .from(leaves)
    .where(
      and(
        sql`${leaves.userId} = any(${idArray(userIds)})`,
        eq(leaves.status, 'Approved'),
        lte(leaves.fromDate, to),
        gte(leaves.toDate, from),
      ),
    );
  const DAY_MS = 24 * 60 * 60_000;
  for (const r of rows) {
    const start = Math.max(Date.parse(`${r.from}T00:00:00Z`), Date.parse(`${from}T00:00:00Z`));
    const end = Math.min(Date.parse(`${r.to}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`));
    for (let t = start; t <= end; t += DAY_MS) {
      const key = `${r.userId}|${new Date(t).toISOString().slice(0, 10)}`;
      // A full day wins over a half (two halves of one day make a full one).
      out.set(key, r.half && !out.has(key) ? 'half' : 'full');
    }
  }
  return out;
};

/** The statuses that hold days, as SQL values. */
export const holding = () => inArray(leaves.status, [...LEAVE_HOLDING]);

/** Of these users, those who can receive mail now (live and Active): whom leave and expense mail goes to. */
export const mailableUsers = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as { id: string; email: string; name: string }[])
    : db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isDeleted, false), eq(users.status, 'Active')));
