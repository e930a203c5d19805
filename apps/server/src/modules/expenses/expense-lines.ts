import {
  EXPENSE_MAX_LINES,
  EXPENSE_MESSAGES,
  EXPENSE_PAST_DAYS,
  type ExpenseLineInput,
  formatClaimNo,
  formatRupees,
  newId,
  toPaise,
  travelPaise,
} from '@karya/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, expenseClaims, expenseLines, files, followUps } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import type { ClaimRow, LineRow } from './expense-dto.ts';
import { rulesInPaise } from './expense-scope.ts';

// A claim's lines as the server checks and writes them (decision 0025). Nothing a client sends as an amount
// for travel priced per km is kept, and a claim's total and line count are written with its lines.

const M = EXPENSE_MESSAGES;
const DAY_MS = 24 * 60 * 60_000;
const at = (i: number) => `Expense ${i + 1}: `;

/** A completed visit that the user made (a visitor, or the follow-up's owner), not deleted. */
export const visitOf = async (db: Db, userId: string, followUpId: string) => {
  const [visit] = await db
    .select({ id: followUps.id, date: followUps.date, customerId: followUps.customerId })
    .from(followUps)
    .where(
      and(
        eq(followUps.id, followUpId),
        eq(followUps.isDeleted, false),
        eq(followUps.type, 'Visit'),
        eq(followUps.status, 'Completed'),
        sql`(${userId} = any(${followUps.visitors}) or ${followUps.followUpBy} = ${userId})`,
      ),
    );
  return visit ?? null;
};

/** The claim (other than `claimId`) in which the user already claimed this visit, if any. */
export const visitClaimedIn = async (db: Db, userId: string, followUpId: string, claimId: string | null) => {
  const [row] = await db
    .select({ claimNo: expenseClaims.claimNo })
    .from(expenseLines)
    .innerJoin(expenseClaims, eq(expenseClaims.id, expenseLines.claimId))
    .where(
      and(
        eq(expenseLines.followUpId, followUpId),
        eq(expenseLines.userId, userId),
        claimId ? ne(expenseLines.claimId, claimId) : undefined,
      ),
    )
    .limit(1);
  return row ? formatClaimNo(row.claimNo) : null;
};

/**
 * The rows of a claim's lines, checked against the database: dates within the window, customers that exist,
 * visits the user made and has not claimed elsewhere, receipts the user uploaded and attached nowhere else.
 */
export const checkedLines = async (
  db: Db,
  userId: string,
  claimId: string,
  lines: ExpenseLineInput[],
  today: string,
): Promise<LineRow[]> => {
  if (lines.length > EXPENSE_MAX_LINES) throw badRequest(M.tooManyLines);
  const { ratePaise } = await rulesInPaise(db);
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - EXPENSE_PAST_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const wanted = (pick: (l: ExpenseLineInput) => string | null) => [
    ...new Set(lines.map(pick).filter((x): x is string => x !== null)),
  ];
  const customerIds = wanted((l) => l.customer);
  const receiptIds = wanted((l) => l.receipt);
  const [custs, receipts, taken] = await Promise.all([
    customerIds.length
      ? db
          .select({ id: customers.id })
          .from(customers)
          .where(and(inArray(customers.id, customerIds), eq(customers.isDeleted, false)))
      : [],
    receiptIds.length
      ? db
          .select({ id: files.id })
          .from(files)
          .where(and(inArray(files.id, receiptIds), eq(files.ownerId, userId), eq(files.private, true)))
      : [],
    receiptIds.length
      ? db
          .select({ id: expenseLines.receiptFileId })
          .from(expenseLines)
          .where(and(inArray(expenseLines.receiptFileId, receiptIds), ne(expenseLines.claimId, claimId)))
      : [],
  ]);
  const liveCustomers = new Set(custs.map((c) => c.id));
  const ownReceipts = new Set(receipts.map((r) => r.id));
  const takenReceipts = new Set(taken.map((r) => r.id));
  const rows: LineRow[] = [];
  for (const [i, l] of lines.entries()) {
    if (l.date > today) throw badRequest(at(i) + M.dateInFuture);
    if (l.date < oldest) throw badRequest(at(i) + M.dateTooOld);
    let customerId = l.customer;
    if (customerId && !liveCustomers.has(customerId)) throw badRequest(at(i) + M.customerNotFound);
    if (l.receipt && (!ownReceipts.has(l.receipt) || takenReceipts.has(l.receipt)))
      throw badRequest(at(i) + M.receiptNotYours);
    if (l.followUp) {
      const visit = await visitOf(db, userId, l.followUp);
      if (!visit) throw badRequest(at(i) + M.visitNotFound);
      const claimed = await visitClaimedIn(db, userId, l.followUp, claimId);
      if (claimed) throw badRequest(at(i) + M.visitClaimedAlready(claimed));
      customerId = visit.customerId;
    }
    const tenths = l.distanceKm === null ? null : Math.round(l.distanceKm * 10);
    const amountPaise = tenths === null ? toPaise(l.amount ?? 0)! : travelPaise(tenths / 10, ratePaise);
    if (amountPaise <= 0) throw badRequest(at(i) + M.amountInvalid);
    rows.push({
      id: newId(),
      claimId,
      userId,
      position: i,
      day: l.date,
      category: l.category,
      description: l.description,
      amountPaise,
      distanceTenths: tenths,
      ratePaise: tenths === null ? null : ratePaise,
      customerId,
      followUpId: l.followUp,
      receiptFileId: l.receipt,
      createdAt: new Date(),
    });
  }
  return rows;
};

/** A claim's total, line count and first and last day, from its lines. */
export const claimSums = (rows: Pick<LineRow, 'amountPaise' | 'day'>[]) => {
  const days = rows.map((r) => r.day).sort();
  return {
    totalPaise: rows.reduce((s, r) => s + r.amountPaise, 0),
    lineCount: rows.length,
    fromDate: days[0] ?? null,
    toDate: days.at(-1) ?? null,
  };
};

/** Replace a claim's lines (inside the caller's transaction). */
export const writeLines = async (tx: Db, claimId: string, rows: LineRow[]) => {
  await tx.delete(expenseLines).where(eq(expenseLines.claimId, claimId));
  if (rows.length) await tx.insert(expenseLines).values(rows);
};

/** The tracked fields of a claim for its history; the lines as one readable text. */
export const claimSnapshot = (
  r: ClaimRow,
  lines?: Pick<LineRow, 'day' | 'category' | 'amountPaise' | 'distanceTenths'>[],
): Snapshot => ({
  title: r.title,
  status: r.status,
  total: formatRupees(r.totalPaise),
  lineCount: r.lineCount,
  ...(lines
    ? {
        lines: lines
          .map(
            (l) =>
              `${l.day} ${l.category}${l.distanceTenths === null ? '' : ` ${l.distanceTenths / 10} km`} ${formatRupees(l.amountPaise)}`,
          )
          .join('; '),
      }
    : {}),
  decisionReason: r.decisionReason,
  paidOn: r.paidOn,
  paymentReference: r.paymentReference,
});
