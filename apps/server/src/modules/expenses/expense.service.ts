import {
  appDayOf,
  EXPENSE_MAX_LINES,
  EXPENSE_MESSAGES,
  type ExpenseClaimInput,
  type ExpenseDecision,
  type ExpensePaymentInput,
  formatClaimNo,
  type ListQuery,
  recordMessages,
  type VisitTravelInput,
} from '@karya/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { expenseClaims, expenseLines, files, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, listPage, runList, updateStamps } from '../../platform/records.ts';
import { manages } from '../leave/leave-scope.ts';
import { type ClaimRow, type LineRow, missingReceiptsOf, toClaimDetail, toClaimDtos } from './expense-dto.ts';
import {
  checkedLines,
  claimSnapshot,
  claimSums,
  visitClaimedIn,
  visitOf,
  writeLines,
} from './expense-lines.ts';
import { mailDecided, mailPaid, mailSubmitted } from './expense-mail.ts';
import { claimRights, expenseScope, mayViewAllExpenses, rulesInPaise } from './expense-scope.ts';

const M = EXPENSE_MESSAGES;
export const EXPENSE = { ...recordMessages('expense claim'), ...M };
type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'storage'>;

// ------------------------------------------------------------------------------------------------ reads

const claimColumns: ListColumns = {
  filters: {
    status: { kind: 'in', on: expenseClaims.status },
    user: { kind: 'in', on: expenseClaims.userId },
    claimNo: { kind: 'custom', build: (v) => eq(expenseClaims.claimNo, Number(v)) },
    submittedAt: { kind: 'dateRange', on: expenseClaims.submittedAt },
    createdAt: { kind: 'dateRange', on: expenseClaims.createdAt },
    updatedAt: { kind: 'dateRange', on: expenseClaims.updatedAt },
  },
  sort: {
    claimNo: expenseClaims.claimNo,
    status: expenseClaims.status,
    total: expenseClaims.totalPaise,
    submittedAt: expenseClaims.submittedAt,
    createdAt: expenseClaims.createdAt,
    updatedAt: expenseClaims.updatedAt,
  },
  id: expenseClaims.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** GET /hrm/expenses: the list kit over the caller's scope. */
export const listClaims = async (db: Db, principal: Principal, query: ListQuery) => {
  const { rows, total } = await runList<ClaimRow>({
    db,
    table: expenseClaims,
    columns: claimColumns,
    query,
    scope: expenseScope(principal),
  });
  return listPage('claims', await toClaimDtos(db, principal, rows), total, query);
};

const findClaim = async (db: Db, principal: Principal, id: string, lock = false) => {
  const scope = expenseScope(principal);
  const q = db
    .select()
    .from(expenseClaims)
    .where(and(eq(expenseClaims.id, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(M.notFound);
  return row;
};

/** GET /hrm/expenses/{id}: the claim with its lines. */
export const getClaim = async (db: Db, principal: Principal, id: string) =>
  toClaimDetail(db, principal, await findClaim(db, principal, id));

// ------------------------------------------------------------------------------------------------ writes

const titleOf = (r: ClaimRow, owner: string) => `${formatClaimNo(r.claimNo)}, ${owner}, ${r.title}`;

/** POST /hrm/expenses: a new draft of the caller's own. */
export const createClaim = async (deps: Deps, principal: Principal, input: ExpenseClaimInput) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const stamps = createStamps(principal, now);
    const id = stamps.id;
    const lines = await checkedLines(tx, principal.user.id, id, input.lines, appDayOf(now));
    const [inserted] = await tx
      .insert(expenseClaims)
      .values({
        ...stamps,
        userId: principal.user.id,
        title: input.title,
        status: 'Draft',
        ...claimSums(lines),
      })
      .returning();
    await writeLines(tx, id, lines);
    await recordChange(tx, principal, now, {
      entity: 'expense',
      recordId: id,
      title: titleOf(inserted!, principal.user.name),
      action: 'create',
      changes: diffSnapshots('expense', null, claimSnapshot(inserted!, lines)),
    });
    return inserted!;
  });
  return toClaimDetail(deps.db, principal, row);
};

/** Apply a change to a claim and write its history entry (the caller holds the row's lock). */
const change = async (
  tx: Db,
  principal: Principal,
  now: Date,
  before: ClaimRow,
  set: Partial<ClaimRow>,
  lines?: { before: LineRow[]; after: LineRow[] },
) => {
  const [after] = await tx
    .update(expenseClaims)
    .set({ ...set, ...updateStamps(principal, now) })
    .where(eq(expenseClaims.id, before.id))
    .returning();
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, before.userId));
  await recordUpdate(tx, principal, now, {
    entity: 'expense',
    recordId: before.id,
    title: titleOf(after!, owner?.name ?? ''),
    before: claimSnapshot(before, lines?.before),
    after: claimSnapshot(after!, lines?.after),
  });
  return after!;
};

const ownEditable = (principal: Principal, row: ClaimRow) => {
  if (row.userId !== principal.user.id) throw forbidden(M.notOwn);
  if (row.status !== 'Draft' && row.status !== 'Rejected') throw badRequest(M.notEditable);
};

/** PUT /hrm/expenses/{id}: the purpose and all the lines, of one's own draft or rejected claim (a Draft again). */
export const updateClaim = async (deps: Deps, principal: Principal, id: string, input: ExpenseClaimInput) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await findClaim(tx, principal, id, true);
    ownEditable(principal, found);
    const before = await tx.select().from(expenseLines).where(eq(expenseLines.claimId, id));
    const lines = await checkedLines(tx, principal.user.id, id, input.lines, appDayOf(now));
    await writeLines(tx, id, lines);
    return change(
      tx,
      principal,
      now,
      found,
      {
        title: input.title,
        status: 'Draft',
        ...claimSums(lines),
        // A rejected claim changed is a new draft: the old decision stays in the history.
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
      },
      { before: before.sort((a, b) => a.position - b.position), after: lines },
    );
  });
  return toClaimDetail(deps.db, principal, row);
};

/** DELETE /hrm/expenses/{id}: one's own draft, with its lines and receipts (no one else ever saw it). */
export const deleteClaim = async (deps: Deps, principal: Principal, id: string) => {
  const now = deps.clock.now();
  const keys = await deps.db.transaction(async (tx) => {
    const found = await findClaim(tx, principal, id, true);
    if (found.userId !== principal.user.id) throw forbidden(M.notOwn);
    if (found.status !== 'Draft') throw badRequest(M.notDraft);
    const receipts = await tx
      .select({ id: files.id, key: files.storageKey })
      .from(expenseLines)
      .innerJoin(files, eq(files.id, expenseLines.receiptFileId))
      .where(eq(expenseLines.claimId, id));
    await tx.delete(expenseClaims).where(eq(expenseClaims.id, id));
    if (receipts.length) await tx.delete(files).where(sql`${files.id} in ${receipts.map((r) => r.id)}`);
    await recordChange(tx, principal, now, {
      entity: 'expense',
      recordId: id,
      title: titleOf(found, principal.user.name),
      action: 'delete',
      changes: [],
    });
    return receipts.map((r) => r.key);
  });
  // The bytes go once the rows are gone for good.
  for (const key of keys) await deps.storage.remove(key).catch(() => undefined);
  return { _id: id };
};

/** PATCH /hrm/expenses/{id}/submit: one's own draft, every receipt it needs attached. */
export const submitClaim = async (deps: Deps, principal: Principal, id: string) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await findClaim(tx, principal, id, true);
    if (found.userId !== principal.user.id) throw forbidden(M.notOwn);
    if (found.status !== 'Draft') throw badRequest(M.notDraft);
    if (found.lineCount === 0) throw badRequest(M.linesRequired);
    const lines = await tx
      .select()
      .from(expenseLines)
      .where(eq(expenseLines.claimId, id))
      .orderBy(expenseLines.position);
    const { receiptAbovePaise } = await rulesInPaise(tx);
    const missing = missingReceiptsOf(lines, receiptAbovePaise);
    if (missing.length) throw badRequest(M.receiptMissing(missing[0]!, receiptAbovePaise));
    return change(tx, principal, now, found, { status: 'Submitted', submittedAt: now });
  });
  await mailSubmitted(deps, row, principal.user.name);
  return toClaimDetail(deps.db, principal, row);
};

/** PATCH /hrm/expenses/{id}/decision: a manager of the owner's team, or view-all; never one's own; once. */
export const decideClaim = async (
  deps: Deps,
  principal: Principal,
  id: string,
  decision: ExpenseDecision,
) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await findClaim(tx, principal, id, true);
    if (found.userId === principal.user.id) throw forbidden(M.ownClaim);
    const managesOwner =
      mayViewAllExpenses(principal) || (await manages(tx, principal.user.id, found.userId));
    if (!claimRights(principal, found, managesOwner).decider) throw forbidden(M.notDecider);
    if (found.status !== 'Submitted')
      throw badRequest(found.status === 'Draft' ? M.notSubmitted : M.decidedAlready);
    return change(tx, principal, now, found, {
      status: decision.decision,
      decidedBy: principal.user.id,
      decidedAt: now,
      decisionReason: decision.reason || null,
    });
  });
  await mailDecided(deps, row, principal.user.name);
  return toClaimDetail(deps.db, principal, row);
};

/** PATCH /hrm/expenses/{id}/payment: accounts (pay) mark an approved claim paid, with its reference. */
export const payClaim = async (deps: Deps, principal: Principal, id: string, input: ExpensePaymentInput) => {
  const now = deps.clock.now();
  if (input.paidOn > appDayOf(now)) throw badRequest(M.paidOnInFuture);
  const row = await deps.db.transaction(async (tx) => {
    const found = await findClaim(tx, principal, id, true);
    if (found.userId === principal.user.id) throw forbidden(M.ownClaim);
    if (found.status !== 'Approved') throw badRequest(M.notApproved);
    if (found.decidedAt && input.paidOn < appDayOf(found.decidedAt)) throw badRequest(M.paidBeforeApproval);
    return change(tx, principal, now, found, {
      status: 'Paid',
      paidBy: principal.user.id,
      paidAt: now,
      paidOn: input.paidOn,
      paymentReference: input.reference,
    });
  });
  await mailPaid(deps, row);
  return toClaimDetail(deps.db, principal, row);
};

/**
 * POST /hrm/expenses/visit-travel: the travel of a completed visit the caller made, as a line of their
 * newest draft (a new draft, "Travel, November 2026", when they have none). The caller's row is locked, so
 * two taps make one line, and the visit is claimed once (the unique index says so too).
 */
export const claimVisitTravel = async (deps: Deps, principal: Principal, input: VisitTravelInput) => {
  const now = deps.clock.now();
  const userId = principal.user.id;
  const visit = await visitOf(deps.db, userId, input.followUp);
  if (!visit) throw notFound(M.visitNotFound);
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const claimed = await visitClaimedIn(tx, userId, input.followUp, null);
    if (claimed) throw badRequest(M.visitClaimedAlready(claimed));
    const [draft] = await tx
      .select()
      .from(expenseClaims)
      .where(and(eq(expenseClaims.userId, userId), eq(expenseClaims.status, 'Draft')))
      .orderBy(desc(expenseClaims.createdAt))
      .limit(1)
      .for('update');
    const line = {
      date: visit.date,
      category: 'Travel' as const,
      description: input.description,
      amount: input.amount,
      distanceKm: input.distanceKm,
      customer: visit.customerId,
      followUp: visit.id,
      receipt: null,
    };
    if (!draft) {
      const month = new Intl.DateTimeFormat('en-IN', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${visit.date}T00:00:00Z`));
      const stamps = createStamps(principal, now);
      const id = stamps.id;
      const lines = await checkedLines(tx, userId, id, [line], appDayOf(now));
      const [inserted] = await tx
        .insert(expenseClaims)
        .values({ ...stamps, userId, title: `Travel, ${month}`, ...claimSums(lines) })
        .returning();
      await writeLines(tx, id, lines);
      await recordChange(tx, principal, now, {
        entity: 'expense',
        recordId: id,
        title: titleOf(inserted!, principal.user.name),
        action: 'create',
        changes: diffSnapshots('expense', null, claimSnapshot(inserted!, lines)),
      });
      return inserted!;
    }
    const before = await tx
      .select()
      .from(expenseLines)
      .where(eq(expenseLines.claimId, draft.id))
      .orderBy(expenseLines.position);
    const [added] = await checkedLines(tx, userId, draft.id, [line], appDayOf(now));
    const next = { ...added!, position: before.length };
    const after = [...before, next];
    if (after.length > EXPENSE_MAX_LINES) throw badRequest(M.tooManyLines);
    await tx.insert(expenseLines).values(next);
    return change(tx, principal, now, draft, claimSums(after), { before, after });
  });
  return toClaimDetail(deps.db, principal, row);
};

/** The caller's own claims submitted or approved but not yet paid, and their total (the HRM dashboard). */
export const myOpenClaims = async (db: Db, principal: Principal) => {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      paise: sql<number>`coalesce(sum(${expenseClaims.totalPaise}), 0)::bigint`,
    })
    .from(expenseClaims)
    .where(
      and(
        eq(expenseClaims.userId, principal.user.id),
        sql`${expenseClaims.status} in ('Submitted', 'Approved')`,
      ),
    );
  return { n: Number(row?.n ?? 0), paise: Number(row?.paise ?? 0) };
};

/** Claims waiting for the caller's decision, or (with pay) approved claims the caller can pay. */
export const claimsWaitingFor = async (db: Db, principal: Principal, status: 'Submitted' | 'Approved') => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(expenseClaims)
    .where(
      and(
        eq(expenseClaims.status, status),
        sql`${expenseClaims.userId} <> ${principal.user.id}`,
        expenseScope(principal),
      ),
    );
  return Number(row?.n ?? 0);
};
