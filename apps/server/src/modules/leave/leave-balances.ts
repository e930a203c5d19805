import {
  entitledDays,
  LEAVE_MESSAGES,
  LEAVE_TYPE_INFO,
  LEAVE_TYPES,
  type LeaveAllocationsDto,
  type LeaveAllocationsInput,
  type LeaveBalance,
  type LeaveBalancesDto,
  type LeaveType,
  newId,
} from '@karya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leaveAllocations, leaves, roles, userRoles, users } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { holding, manages, mayViewAllLeave } from './leave-scope.ts';

const M = LEAVE_MESSAGES;

/** Each type's yearly days for a person, in halves: own allocation, else the largest of their roles', else the default. */
export const entitlements = async (db: Db, userId: string, year: number) => {
  const [own, byRole] = await Promise.all([
    db
      .select({ type: leaveAllocations.leaveType, halves: leaveAllocations.halves })
      .from(leaveAllocations)
      .where(and(eq(leaveAllocations.year, year), eq(leaveAllocations.userId, userId))),
    db
      .select({ type: leaveAllocations.leaveType, halves: leaveAllocations.halves })
      .from(leaveAllocations)
      .innerJoin(userRoles, eq(userRoles.roleId, leaveAllocations.roleId))
      .where(and(eq(leaveAllocations.year, year), eq(userRoles.userId, userId))),
  ]);
  const out = {} as Record<LeaveType, number>;
  for (const type of LEAVE_TYPES) {
    const mine = own.find((a) => a.type === type);
    const fromRoles = byRole.filter((a) => a.type === type).map((a) => a.halves / 2);
    out[type] = Math.round(entitledDays(type, mine ? mine.halves / 2 : undefined, fromRoles) * 2);
  }
  return out;
};

/** The halves a person's pending and approved leave hold in a year, per type and status. */
const heldHalves = async (db: Db, userId: string, year: number) => {
  const rows = await db
    .select({
      type: leaves.leaveType,
      status: leaves.status,
      halves: sql<number>`sum(${leaves.halves})::int`,
    })
    .from(leaves)
    .where(and(eq(leaves.userId, userId), eq(leaves.year, year), holding()))
    .groupBy(leaves.leaveType, leaves.status);
  return rows;
};

/** A person's balances of a year (the figures in days). */
export const balancesOf = async (db: Db, userId: string, year: number): Promise<LeaveBalance[]> => {
  const [allowed, held] = await Promise.all([entitlements(db, userId, year), heldHalves(db, userId, year)]);
  return LEAVE_TYPES.map((type) => {
    const of = (status: string) =>
      held.filter((h) => h.type === type && h.status === status).reduce((n, h) => n + Number(h.halves), 0);
    const taken = of('Approved');
    const pending = of('Pending');
    const limited = LEAVE_TYPE_INFO[type].limited;
    return {
      leaveType: type,
      limited,
      allocated: limited ? allowed[type] / 2 : 0,
      taken: taken / 2,
      pending: pending / 2,
      available: limited ? (allowed[type] - taken - pending) / 2 : null,
    };
  });
};

/** GET /hrm/leaves/balances: one's own, a managed member's, or anyone's with view-all. */
export const leaveBalances = async (
  db: Db,
  principal: Principal,
  q: { year: number; user?: string },
): Promise<LeaveBalancesDto> => {
  const userId = q.user ?? principal.user.id;
  if (
    userId !== principal.user.id &&
    !mayViewAllLeave(principal) &&
    !(await manages(db, principal.user.id, userId))
  )
    throw forbidden(M.notYourTeam);
  const [person] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound('User not found');
  return {
    year: q.year,
    user: { _id: person.id, name: person.name },
    balances: await balancesOf(db, userId, q.year),
  };
};

const defaults = () =>
  Object.fromEntries(LEAVE_TYPES.map((t) => [t, LEAVE_TYPE_INFO[t].defaultDays])) as Record<
    LeaveType,
    number
  >;

/** GET /hrm/leaves/allocations?year=: the year's allocations by role and by person. */
export const leaveAllocationsOf = async (db: Db, year: number): Promise<LeaveAllocationsDto> => {
  const rows = await db
    .select({
      leaveType: leaveAllocations.leaveType,
      roleId: leaveAllocations.roleId,
      roleName: roles.name,
      userId: leaveAllocations.userId,
      userName: users.name,
      halves: leaveAllocations.halves,
    })
    .from(leaveAllocations)
    .leftJoin(roles, eq(roles.id, leaveAllocations.roleId))
    .leftJoin(users, eq(users.id, leaveAllocations.userId))
    .where(eq(leaveAllocations.year, year))
    .orderBy(sql`${roles.name} nulls last`, users.name, leaveAllocations.leaveType);
  return {
    year,
    defaults: defaults(),
    allocations: rows.map((r) => ({
      leaveType: r.leaveType as LeaveType,
      role: r.roleId ? { _id: r.roleId, name: r.roleName ?? 'Unknown role' } : null,
      user: r.userId ? { _id: r.userId, name: r.userName ?? 'Unknown user' } : null,
      days: r.halves / 2,
    })),
  };
};

/** PUT /hrm/leaves/allocations: the year's whole list replaces the stored one, in one transaction. */
export const putLeaveAllocations = async (
  db: Db,
  principal: Principal,
  input: LeaveAllocationsInput,
  now: Date,
) => {
  const roleIds = [...new Set(input.allocations.flatMap((a) => (a.roleId ? [a.roleId] : [])))];
  const userIds = [...new Set(input.allocations.flatMap((a) => (a.userId ? [a.userId] : [])))];
  await db.transaction(async (tx) => {
    const [foundRoles, foundUsers] = await Promise.all([
      roleIds.length ? tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds)) : [],
      userIds.length
        ? tx
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, userIds), eq(users.isDeleted, false)))
        : [],
    ]);
    if (foundRoles.length !== roleIds.length) throw badRequest('One or more roles do not exist');
    if (foundUsers.length !== userIds.length) throw badRequest('One or more users do not exist');
    await tx.delete(leaveAllocations).where(eq(leaveAllocations.year, input.year));
    if (input.allocations.length)
      await tx.insert(leaveAllocations).values(
        input.allocations.map((a) => ({
          id: newId(now),
          year: input.year,
          leaveType: a.leaveType,
          roleId: a.roleId ?? null,
          userId: a.userId ?? null,
          halves: Math.round(a.days * 2),
          updatedAt: now,
          updatedBy: principal.user.id,
        })),
      );
  });
  return leaveAllocationsOf(db, input.year);
};
