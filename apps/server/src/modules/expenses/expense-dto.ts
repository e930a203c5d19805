import {
  type ExpenseCategory,
  type ExpenseClaimDetailDto,
  type ExpenseClaimDto,
  type ExpenseLineDto,
  type ExpenseStatus,
  formatClaimNo,
  formatCustomerId,
  fromPaise,
  needsReceipt,
} from '@karya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, type expenseClaims, expenseLines, files, followUps } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import { userRefs } from '../../platform/records.ts';
import { managedBy } from '../leave/leave-scope.ts';
import { claimRights, mayViewAllExpenses, rulesInPaise } from './expense-scope.ts';

export type ClaimRow = typeof expenseClaims.$inferSelect;
export type LineRow = typeof expenseLines.$inferSelect;

/** Claims as the API answers them: people by name, amounts in rupees, and what the caller may do. */
export const toClaimDtos = async (
  db: Db,
  principal: Principal,
  rows: ClaimRow[],
): Promise<ExpenseClaimDto[]> => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.userId, r.decidedBy, r.paidBy]),
  );
  const ref = (id: string | null) => (id ? { _id: id, name: refs.get(id)?.name ?? 'Unknown user' } : null);
  const others = rows.some((r) => r.userId !== principal.user.id);
  const managed =
    others && !mayViewAllExpenses(principal) ? await managedBy(db, principal.user.id) : new Set<string>();
  return rows.map((r) => {
    const { canEdit, canSubmit, canDelete, canDecide, canPay } = claimRights(
      principal,
      r,
      managed.has(r.userId),
    );
    return {
      _id: r.id,
      claimNo: r.claimNo,
      claimId: formatClaimNo(r.claimNo),
      title: r.title,
      user: ref(r.userId)!,
      status: r.status as ExpenseStatus,
      total: fromPaise(r.totalPaise),
      lineCount: r.lineCount,
      from: r.fromDate,
      to: r.toDate,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      decidedBy: ref(r.decidedBy),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      paidBy: ref(r.paidBy),
      paidAt: r.paidAt?.toISOString() ?? null,
      paidOn: r.paidOn,
      paymentReference: r.paymentReference,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      canEdit,
      canSubmit,
      canDelete,
      canDecide,
      canPay,
    };
  });
};

/** A claim's lines, in order, with their customer, visit and receipt. */
export const linesOf = async (
  db: Db,
  claimId: string,
): Promise<{ rows: LineRow[]; dtos: ExpenseLineDto[] }> => {
  const rows = await db
    .select()
    .from(expenseLines)
    .where(eq(expenseLines.claimId, claimId))
    .orderBy(asc(expenseLines.position));
  const ids = (pick: (r: LineRow) => string | null) => [
    ...new Set(rows.map(pick).filter((x): x is string => x !== null)),
  ];
  const [custs, visits, receipts] = await Promise.all([
    ids((r) => r.customerId).length
      ? db
          .select({ id: customers.id, name: customers.name, customerId: customers.customerId })
          .from(customers)
          .where(
            inArray(
              customers.id,
              ids((r) => r.customerId),
            ),
          )
      : [],
    ids((r) => r.followUpId).length
      ? db
          .select({ id: followUps.id, date: followUps.date })
          .from(followUps)
          .where(
            inArray(
              followUps.id,
              ids((r) => r.followUpId),
            ),
          )
      : [],
    ids((r) => r.receiptFileId).length
      ? db
          .select({
            id: files.id,
            originalName: files.originalName,
            mimeType: files.mimeType,
            size: files.size,
          })
          .from(files)
          .where(
            inArray(
              files.id,
              ids((r) => r.receiptFileId),
            ),
          )
      : [],
  ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const [c, v, f] = [byId(custs), byId(visits), byId(receipts)];
  const dtos = rows.map((r): ExpenseLineDto => {
    const customer = r.customerId ? c.get(r.customerId) : undefined;
    const visit = r.followUpId ? v.get(r.followUpId) : undefined;
    const receipt = r.receiptFileId ? f.get(r.receiptFileId) : undefined;
    return {
      _id: r.id,
      date: r.day,
      category: r.category as ExpenseCategory,
      description: r.description,
      amount: fromPaise(r.amountPaise),
      distanceKm: r.distanceTenths === null ? null : r.distanceTenths / 10,
      ratePerKm: r.ratePaise === null ? null : fromPaise(r.ratePaise),
      customer: customer
        ? { _id: customer.id, name: customer.name, customerId: formatCustomerId(customer.customerId) }
        : null,
      followUp: visit ? { _id: visit.id, date: visit.date } : null,
      receipt: receipt
        ? {
            _id: receipt.id,
            originalName: receipt.originalName,
            mimeType: receipt.mimeType,
            size: receipt.size,
          }
        : null,
    };
  });
  return { rows, dtos };
};

/** The positions (1-based) of lines that need a receipt and have none. */
export const missingReceiptsOf = (rows: LineRow[], receiptAbovePaise: number) =>
  rows.flatMap((r, i) =>
    !r.receiptFileId &&
    needsReceipt({ amountPaise: r.amountPaise, distanceKm: r.distanceTenths }, receiptAbovePaise)
      ? [i + 1]
      : [],
  );

/** One claim with its lines, what still lacks a receipt, and the rules the form prices travel with. */
export const toClaimDetail = async (
  db: Db,
  principal: Principal,
  row: ClaimRow,
): Promise<ExpenseClaimDetailDto> => {
  const [[dto], { rows, dtos }, rules] = await Promise.all([
    toClaimDtos(db, principal, [row]),
    linesOf(db, row.id),
    rulesInPaise(db),
  ]);
  return {
    ...dto!,
    lines: dtos,
    missingReceipts: missingReceiptsOf(rows, rules.receiptAbovePaise),
    rules: { ratePerKm: fromPaise(rules.ratePaise), receiptAbove: fromPaise(rules.receiptAbovePaise) },
  };
};
