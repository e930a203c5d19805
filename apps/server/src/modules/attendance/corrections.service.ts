import {
  appDayOf,
  appInstant,
  CORRECTION_MAX_DAYS,
  CORRECTION_MESSAGES,
  type CorrectionDecision,
  type CorrectionDto,
  type CorrectionInput,
  type CorrectionStatus,
  can,
  newId,
  type PunchKind,
} from '@karya/domain';
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { attendanceCorrections, attendancePunches, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { managedMembers, mayViewAll } from './attendance.service.ts';

const C = CORRECTION_MESSAGES;
const DAY_MS = 24 * 60 * 60_000;
const LIST_SIZE = 100;

type Row = typeof attendanceCorrections.$inferSelect;

/** Who the caller may decide for: everyone (view-all), else the members of the teams they manage. */
const decidable = async (deps: Pick<AppDeps, 'db'>, principal: Principal) =>
  mayViewAll(principal) ? 'all' : new Set((await managedMembers(deps.db, principal.user.id)).keys());

const mayDecide = (principal: Principal, scope: 'all' | Set<string>, userId: string) =>
  userId !== principal.user.id &&
  can(principal.permissions, 'attendance', 'update') &&
  (scope === 'all' || scope.has(userId));

const toDtos = async (
  deps: Pick<AppDeps, 'db'>,
  principal: Principal,
  rows: Row[],
  scope?: 'all' | Set<string>,
): Promise<CorrectionDto[]> => {
  const ids = [...new Set(rows.flatMap((r) => [r.userId, r.decidedBy ?? '']).filter(Boolean))];
  const names = new Map(
    ids.length
      ? (
          await deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
        ).map((u) => [u.id, u.name])
      : [],
  );
  const who = scope ?? (await decidable(deps, principal));
  const ref = (id: string) => ({ _id: id, name: names.get(id) ?? 'Unknown user' });
  return rows.map((r) => ({
    _id: r.id,
    user: ref(r.userId),
    date: r.day,
    kind: r.kind as PunchKind,
    at: r.at.toISOString(),
    reason: r.reason,
    status: r.status as CorrectionStatus,
    decidedBy: r.decidedBy ? ref(r.decidedBy) : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionReason: r.decisionReason,
    createdAt: r.createdAt.toISOString(),
    canDecide: r.status === 'Pending' && mayDecide(principal, who, r.userId),
  }));
};

/** POST /hrm/attendances/corrections: the caller's own request, Pending. */
export const requestCorrection = async (deps: AppDeps, principal: Principal, input: CorrectionInput) => {
  const now = deps.clock.now();
  const today = appDayOf(now);
  const parsed = Date.parse(`${input.date}T00:00:00Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== input.date)
    throw badRequest(C.dateRequired);
  if (input.date > today) throw badRequest(C.dateFuture);
  if (Date.parse(`${today}T00:00:00Z`) - parsed > CORRECTION_MAX_DAYS * DAY_MS)
    throw badRequest(C.dateTooOld);
  const at = appInstant(input.date, input.time);
  if (at.getTime() > now.getTime()) throw badRequest(C.timeFuture);
  const [row] = await deps.db
    .insert(attendanceCorrections)
    .values({
      id: newId(),
      userId: principal.user.id,
      day: input.date,
      kind: input.kind,
      at,
      reason: input.reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest(C.alreadyPending);
  return (await toDtos(deps, principal, [row]))[0]!;
};

/**
 * GET /hrm/attendances/corrections: the caller's own requests and those they may decide, newest first; a
 * status narrows them, and `mine` keeps the caller's own.
 */
export const listCorrections = async (
  deps: AppDeps,
  principal: Principal,
  status?: CorrectionStatus,
  /** Only the caller's own requests. */
  mine = false,
) => {
  const scope = await decidable(deps, principal);
  const mineOrDecidable: SQL[] = [eq(attendanceCorrections.userId, principal.user.id)];
  if (!mine && can(principal.permissions, 'attendance', 'update')) {
    if (scope === 'all') mineOrDecidable.push(sql`true`);
    else if (scope.size) mineOrDecidable.push(inArray(attendanceCorrections.userId, [...scope]));
  }
  const since = new Date(deps.clock.now().getTime() - CORRECTION_MAX_DAYS * 2 * DAY_MS);
  const rows = await deps.db
    .select()
    .from(attendanceCorrections)
    .where(
      and(
        or(...mineOrDecidable),
        status ? eq(attendanceCorrections.status, status) : undefined,
        // Pending ones always; decided ones of the last two months.
        or(eq(attendanceCorrections.status, 'Pending'), gte(attendanceCorrections.createdAt, since)),
      ),
    )
    .orderBy(desc(attendanceCorrections.createdAt), desc(attendanceCorrections.id))
    .limit(LIST_SIZE);
  return { corrections: await toDtos(deps, principal, rows, scope) };
};

/**
 * PATCH /hrm/attendances/corrections/{id}: approve (the punch is added, at the time asked for, counting for
 * the day asked for) or reject with a reason. One decision: the row is locked, and a decided one is refused.
 */
export const decideCorrection = async (
  deps: AppDeps,
  principal: Principal,
  id: string,
  decision: CorrectionDecision,
) => {
  const now = deps.clock.now();
  const scope = await decidable(deps, principal);
  const row = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(attendanceCorrections)
      .where(eq(attendanceCorrections.id, id))
      .for('update');
    if (!found) throw notFound(C.notFound);
    if (found.userId === principal.user.id) throw forbidden(C.ownRequest);
    if (!mayDecide(principal, scope, found.userId)) {
      // Someone who may not see the request does not learn that it exists.
      if (scope !== 'all' && !scope.has(found.userId)) throw notFound(C.notFound);
      throw forbidden(C.notYours);
    }
    if (found.status !== 'Pending') throw badRequest(C.notPending);
    let punchId: string | null = null;
    if (decision.decision === 'Approved') {
      const [punch] = await tx
        .insert(attendancePunches)
        .values({
          id: newId(),
          userId: found.userId,
          kind: found.kind,
          at: found.at,
          day: found.day,
          device: `Correction approved by ${principal.user.name}`.slice(0, 200),
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: attendancePunches.id });
      if (!punch) throw badRequest(C.clash);
      punchId = punch.id;
    }
    const [updated] = await tx
      .update(attendanceCorrections)
      .set({
        status: decision.decision,
        decidedBy: principal.user.id,
        decidedAt: now,
        decisionReason: decision.reason || null,
        punchId,
      })
      .where(eq(attendanceCorrections.id, id))
      .returning();
    return updated!;
  });
  return (await toDtos(deps, principal, [row], scope))[0]!;
};

/** How many corrections wait for the caller's decision (the HRM dashboard's pending approvals). */
export const pendingCorrectionsFor = async (deps: Pick<AppDeps, 'db'>, principal: Principal) => {
  if (!can(principal.permissions, 'attendance', 'update')) return 0;
  const scope = await decidable(deps, principal);
  if (scope !== 'all' && scope.size === 0) return 0;
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceCorrections)
    .where(
      and(
        eq(attendanceCorrections.status, 'Pending'),
        sql`${attendanceCorrections.userId} <> ${principal.user.id}`,
        scope === 'all' ? undefined : inArray(attendanceCorrections.userId, [...scope]),
      ),
    );
  return row?.n ?? 0;
};
