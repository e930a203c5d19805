import {
  appDayOf,
  can,
  LEAVE_AHEAD_DAYS,
  LEAVE_MESSAGES,
  LEAVE_PAST_DAYS,
  LEAVE_TYPE_INFO,
  type LeaveApplicationInput,
  type LeaveCalendarDto,
  type LeaveCancelInput,
  type LeaveDecision,
  type LeaveDto,
  type LeaveHalf,
  type LeaveStatus,
  type LeaveType,
  type ListQuery,
  leaveHalves,
  leavesClash,
  leaveYear,
  recordMessages,
} from '@karya/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leaves, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, listPage, runList, updateStamps, userRefs } from '../../platform/records.ts';
import { getAttendanceRules } from '../attendance/attendance.service.ts';
import { listHolidays } from '../holidays/holidays.service.ts';
import { entitlements } from './leave-balances.ts';
import { mailApplied, mailCancelled, mailDecided } from './leave-mail.ts';
import { holding, leaveScope, managedBy, manages, mayViewAllLeave } from './leave-scope.ts';

const M = LEAVE_MESSAGES;
export const LEAVE = { ...recordMessages('leave'), ...M };
const DAY_MS = 24 * 60 * 60_000;
export type LeaveRow = typeof leaves.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>;

// ------------------------------------------------------------------------------------------------- dto

/** Whether the caller may approve or reject, and cancel (decision 0023). */
const rights = (principal: Principal, row: LeaveRow, managesPerson: boolean, today: string) => {
  const own = row.userId === principal.user.id;
  const decider =
    !own && can(principal.permissions, 'leave', 'update') && (managesPerson || mayViewAllLeave(principal));
  const open = row.status === 'Pending' || row.status === 'Approved';
  const canCancel =
    open &&
    can(principal.permissions, 'leave', 'delete') &&
    ((own && (row.status === 'Pending' || row.fromDate >= today)) || decider);
  return { canDecide: decider && row.status === 'Pending', canCancel, decider };
};

export const toLeaveDtos = async (
  db: Db,
  principal: Principal,
  rows: LeaveRow[],
  now: Date,
): Promise<LeaveDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.userId, r.decidedBy, r.cancelledBy]),
  );
  const ref = (id: string | null) => (id ? { _id: id, name: refs.get(id)?.name ?? 'Unknown user' } : null);
  // Whom the caller manages, in one query (view-all decides for everyone anyway).
  const managed =
    rows.length && !mayViewAllLeave(principal) ? await managedBy(db, principal.user.id) : new Set<string>();
  const today = appDayOf(now);
  return rows.map((r) => {
    const { canDecide, canCancel } = rights(principal, r, managed.has(r.userId), today);
    return {
      _id: r.id,
      user: ref(r.userId)!,
      leaveType: r.leaveType as LeaveType,
      from: r.fromDate,
      to: r.toDate,
      half: r.half as LeaveHalf | null,
      days: r.halves / 2,
      reason: r.reason,
      status: r.status as LeaveStatus,
      decidedBy: ref(r.decidedBy),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      cancelledBy: ref(r.cancelledBy),
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      cancelReason: r.cancelReason,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      canDecide,
      canCancel,
    };
  });
};

// ------------------------------------------------------------------------------------------------ reads

const leaveColumns: ListColumns = {
  filters: {
    status: { kind: 'in', on: leaves.status },
    leaveType: { kind: 'in', on: leaves.leaveType },
    user: { kind: 'in', on: leaves.userId },
    from: { kind: 'dayRange', on: leaves.fromDate },
    to: { kind: 'dayRange', on: leaves.toDate },
    createdAt: { kind: 'dateRange', on: leaves.createdAt },
    updatedAt: { kind: 'dateRange', on: leaves.updatedAt },
  },
  sort: {
    from: leaves.fromDate,
    to: leaves.toDate,
    status: leaves.status,
    leaveType: leaves.leaveType,
    days: leaves.halves,
    createdAt: leaves.createdAt,
    updatedAt: leaves.updatedAt,
  },
  id: leaves.id,
  defaultSort: { field: 'from', order: 'desc' },
};

/** GET /hrm/leaves: the list kit over the caller's scope. */
export const listLeaves = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  query: ListQuery,
) => {
  const { rows, total } = await runList<LeaveRow>({
    db: deps.db,
    table: leaves,
    columns: leaveColumns,
    query,
    scope: leaveScope(principal),
  });
  return listPage('leaves', await toLeaveDtos(deps.db, principal, rows, deps.clock.now()), total, query);
};

const findLeave = async (db: Db, principal: Principal, id: string, lock = false) => {
  const scope = leaveScope(principal);
  const q = db
    .select()
    .from(leaves)
    .where(scope ? and(eq(leaves.id, id), scope) : eq(leaves.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(M.notFound);
  return row;
};

/** GET /hrm/leaves/{id}. */
export const getLeave = async (deps: Pick<AppDeps, 'db' | 'clock'>, principal: Principal, id: string) =>
  (await toLeaveDtos(deps.db, principal, [await findLeave(deps.db, principal, id)], deps.clock.now()))[0]!;

/** GET /hrm/leaves/calendar?month=: approved and pending leave overlapping the month, of whom the caller sees. */
export const leaveCalendar = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  month: string,
): Promise<LeaveCalendarDto> => {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const scope = leaveScope(principal);
  const rows = await deps.db
    .select()
    .from(leaves)
    .where(and(holding(), lte(leaves.fromDate, last), gte(leaves.toDate, first), scope))
    .orderBy(asc(leaves.fromDate), asc(leaves.id))
    .limit(2000);
  const team =
    mayViewAllLeave(principal) ||
    (
      (await deps.db.execute(
        sql`select 1 from team_members where user_id = ${principal.user.id} and role in ('manager', 'admin') limit 1`,
      )) as unknown as { rows: unknown[] }
    ).rows.length > 0;
  return { month, team, leaves: await toLeaveDtos(deps.db, principal, rows, deps.clock.now()) };
};

// ----------------------------------------------------------------------------------------------- write

const snapshot = (r: LeaveRow): Snapshot => ({
  leaveType: r.leaveType,
  from: r.fromDate,
  to: r.toDate,
  half: r.half,
  days: r.halves / 2,
  reason: r.reason,
  status: r.status,
  decisionReason: r.decisionReason,
  cancelReason: r.cancelReason,
});
const titleOf = (r: LeaveRow, name: string) =>
  `${LEAVE_TYPE_INFO[r.leaveType as LeaveType].label}, ${name}, ${r.fromDate}${r.toDate === r.fromDate ? '' : ` to ${r.toDate}`}`;

/** The working days of an application, in halves, from the attendance rules' weekly off and the holidays. */
export const halvesOf = async (db: Db, input: Pick<LeaveApplicationInput, 'from' | 'to' | 'half'>) => {
  const [rules, holidays] = await Promise.all([
    getAttendanceRules(db),
    listHolidays(db, { from: input.from, to: input.to }),
  ]);
  return leaveHalves(input, rules.weeklyOff, new Set(holidays.map((h) => h.date))).halves;
};

/**
 * POST /hrm/leaves: the caller's own application. The person's row is locked while overlaps and the
 * balance are checked, so two applications sent at once cannot both pass.
 */
export const applyLeave = async (deps: Deps, principal: Principal, input: LeaveApplicationInput) => {
  const now = deps.clock.now();
  const today = Date.parse(`${appDayOf(now)}T00:00:00Z`);
  if (today - Date.parse(`${input.from}T00:00:00Z`) > LEAVE_PAST_DAYS * DAY_MS) throw badRequest(M.tooOld);
  if (Date.parse(`${input.to}T00:00:00Z`) - today > LEAVE_AHEAD_DAYS * DAY_MS) throw badRequest(M.tooFar);
  const halves = await halvesOf(deps.db, input);
  if (halves === 0) throw badRequest(M.noWorkingDays);
  const userId = principal.user.id;
  const year = leaveYear(input.from);
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const mine = await tx
      .select()
      .from(leaves)
      .where(
        and(
          eq(leaves.userId, userId),
          holding(),
          lte(leaves.fromDate, input.to),
          gte(leaves.toDate, input.from),
        ),
      );
    const clash = mine.find((l) =>
      leavesClash({ from: l.fromDate, to: l.toDate, half: l.half as LeaveHalf | null }, input),
    );
    if (clash) throw badRequest(M.overlap(clash.fromDate > input.from ? clash.fromDate : input.from));
    if (LEAVE_TYPE_INFO[input.leaveType].limited) {
      const allowed = (await entitlements(tx, userId, year))[input.leaveType];
      const [held] = await tx
        .select({ n: sql<number>`coalesce(sum(${leaves.halves}), 0)::int` })
        .from(leaves)
        .where(
          and(
            eq(leaves.userId, userId),
            eq(leaves.year, year),
            eq(leaves.leaveType, input.leaveType),
            holding(),
          ),
        );
      const left = allowed - Number(held?.n ?? 0);
      if (halves > left) throw badRequest(M.notEnough(input.leaveType, Math.max(0, left) / 2, halves / 2));
    }
    const [inserted] = await tx
      .insert(leaves)
      .values({
        ...createStamps(principal, now),
        userId,
        leaveType: input.leaveType,
        fromDate: input.from,
        toDate: input.to,
        half: input.half,
        halves,
        year,
        reason: input.reason,
        status: 'Pending',
      })
      .returning();
    await recordChange(tx, principal, now, {
      entity: 'leave',
      recordId: inserted!.id,
      title: titleOf(inserted!, principal.user.name),
      action: 'create',
      changes: diffSnapshots('leave', null, snapshot(inserted!)),
    });
    return inserted!;
  });
  await mailApplied(deps, row, principal.user.name);
  return (await toLeaveDtos(deps.db, principal, [row], now))[0]!;
};

const change = async (tx: Db, principal: Principal, now: Date, before: LeaveRow, set: Partial<LeaveRow>) => {
  const [after] = await tx
    .update(leaves)
    .set({ ...set, ...updateStamps(principal, now) })
    .where(eq(leaves.id, before.id))
    .returning();
  const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, before.userId));
  await recordUpdate(tx, principal, now, {
    entity: 'leave',
    recordId: before.id,
    title: titleOf(after!, person?.name ?? ''),
    before: snapshot(before),
    after: snapshot(after!),
  });
  return after!;
};

/** PATCH /hrm/leaves/{id}/decision: approve, or reject with a reason; once (the row is locked). */
export const decideLeave = async (deps: Deps, principal: Principal, id: string, decision: LeaveDecision) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await findLeave(tx, principal, id, true);
    if (found.userId === principal.user.id) throw forbidden(M.ownLeave);
    const managesPerson = await manages(tx, principal.user.id, found.userId);
    if (!rights(principal, found, managesPerson, appDayOf(now)).decider) throw forbidden(M.notYours);
    if (found.status !== 'Pending') throw badRequest(M.notPending);
    return change(tx, principal, now, found, {
      status: decision.decision,
      decidedBy: principal.user.id,
      decidedAt: now,
      decisionReason: decision.reason || null,
    });
  });
  await mailDecided(deps, row, principal.user.name);
  return (await toLeaveDtos(deps.db, principal, [row], now))[0]!;
};

/**
 * PATCH /hrm/leaves/{id}/cancel: one's own pending leave any time and approved leave until its first day;
 * a decider's (with a reason) any time while pending or approved. The days return to the balance.
 */
export const cancelLeave = async (deps: Deps, principal: Principal, id: string, input: LeaveCancelInput) => {
  const now = deps.clock.now();
  const today = appDayOf(now);
  const row = await deps.db.transaction(async (tx) => {
    const found = await findLeave(tx, principal, id, true);
    if (found.status !== 'Pending' && found.status !== 'Approved') throw badRequest(M.notCancellable);
    const own = found.userId === principal.user.id;
    const managesPerson = own ? false : await manages(tx, principal.user.id, found.userId);
    const r = rights(principal, found, managesPerson, today);
    if (!r.canCancel) {
      if (own) throw badRequest(M.startedCancel);
      throw forbidden(M.notYours);
    }
    const byOwnerInTime = own && (found.status === 'Pending' || found.fromDate >= today);
    if (!byOwnerInTime && !input.reason) throw badRequest(M.cancelReasonRequired);
    return change(tx, principal, now, found, {
      status: 'Cancelled',
      cancelledBy: principal.user.id,
      cancelledAt: now,
      cancelReason: input.reason || null,
    });
  });
  await mailCancelled(deps, row, principal);
  return (await toLeaveDtos(deps.db, principal, [row], now))[0]!;
};

/** How many applications wait for the caller's decision (the HRM dashboard's pending approvals). */
export const pendingLeaveFor = async (db: Db, principal: Principal) => {
  if (!can(principal.permissions, 'leave', 'update')) return 0;
  const scope = leaveScope(principal);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leaves)
    .where(and(eq(leaves.status, 'Pending'), sql`${leaves.userId} <> ${principal.user.id}`, scope));
  return Number(row?.n ?? 0);
};

/** The caller's own applications still waiting. */
export const myPendingLeave = async (db: Db, principal: Principal) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leaves)
    .where(and(eq(leaves.status, 'Pending'), eq(leaves.userId, principal.user.id)));
  return Number(row?.n ?? 0);
};
