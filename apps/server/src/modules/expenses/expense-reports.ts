import {
  EXPENSE_MESSAGES,
  type ExpenseTotalsDto,
  formatClaimNo,
  formatCustomerId,
  fromPaise,
  type SheetCellValue,
} from '@karya/domain';
import { and, asc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, expenseClaims, expenseLines, users } from '../../db/schema.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { SheetSpec } from '../../platform/xlsx-stream.ts';
import { managedBy } from '../leave/leave-scope.ts';
import { expenseScope, mayViewAllExpenses } from './expense-scope.ts';

const M = EXPENSE_MESSAGES;

/**
 * GET /hrm/expenses/totals?year=&user=: a person's claimed, approved and paid rupees per month of the year,
 * by the lines' dates. The caller's own, a managed member's, or anyone's with view-all; else 403.
 */
export const expenseTotals = async (
  db: Db,
  principal: Principal,
  opts: { year: number; user?: string },
): Promise<ExpenseTotalsDto> => {
  const userId = opts.user ?? principal.user.id;
  if (
    userId !== principal.user.id &&
    !mayViewAllExpenses(principal) &&
    !(await managedBy(db, principal.user.id)).has(userId)
  )
    throw forbidden(M.totalsForbidden);
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const rows = (await db.execute(sql`
    select to_char(l.day, 'YYYY-MM') as month,
      coalesce(sum(l.amount_paise), 0)::bigint as claimed,
      coalesce(sum(l.amount_paise) filter (where c.status in ('Approved', 'Paid')), 0)::bigint as approved,
      coalesce(sum(l.amount_paise) filter (where c.status = 'Paid'), 0)::bigint as paid
    from ${expenseLines} l join ${expenseClaims} c on c.id = l.claim_id
    where l.user_id = ${userId} and c.status in ('Submitted', 'Approved', 'Paid')
      and l.day between ${`${opts.year}-01-01`} and ${`${opts.year}-12-31`}
    group by 1`)) as unknown as {
    rows: { month: string; claimed: string; approved: string; paid: string }[];
  };
  const found = new Map(rows.rows.map((r) => [r.month, r]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${opts.year}-${String(i + 1).padStart(2, '0')}`;
    const r = found.get(month);
    return {
      month,
      claimed: fromPaise(Number(r?.claimed ?? 0)),
      approved: fromPaise(Number(r?.approved ?? 0)),
      paid: fromPaise(Number(r?.paid ?? 0)),
    };
  });
  return { year: opts.year, user: { _id: userId, name: person?.name ?? 'Unknown user' }, months };
};

const BATCH = 2000;

/** One batch of the register's lines, after the last one read (by day, then id). */
const registerPage = (
  db: Db,
  range: { first: string; last: string },
  scope: ReturnType<typeof and>,
  after: { day: string; id: string } | null,
) =>
  db
    .select({
      id: expenseLines.id,
      day: expenseLines.day,
      category: expenseLines.category,
      description: expenseLines.description,
      amountPaise: expenseLines.amountPaise,
      distanceTenths: expenseLines.distanceTenths,
      ratePaise: expenseLines.ratePaise,
      receipt: expenseLines.receiptFileId,
      claimNo: expenseClaims.claimNo,
      status: expenseClaims.status,
      paidOn: expenseClaims.paidOn,
      reference: expenseClaims.paymentReference,
      owner: users.name,
      email: users.email,
      customerName: customers.name,
      customerNo: customers.customerId,
    })
    .from(expenseLines)
    .innerJoin(expenseClaims, eq(expenseClaims.id, expenseLines.claimId))
    .innerJoin(users, eq(users.id, expenseClaims.userId))
    .leftJoin(customers, eq(customers.id, expenseLines.customerId))
    .where(
      and(
        gte(expenseLines.day, range.first),
        lte(expenseLines.day, range.last),
        scope,
        after
          ? or(
              gt(expenseLines.day, after.day),
              and(eq(expenseLines.day, after.day), gt(expenseLines.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(expenseLines.day), asc(expenseLines.id))
    .limit(BATCH);

const daysOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { first: `${month}-01`, last: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
};

/**
 * The month's register (.xlsx): every expense dated in the month of the submitted, approved, rejected and
 * paid claims the caller sees (the teams they manage; everyone's with view-all), read in batches.
 */
export const expenseRegister = async (db: Db, principal: Principal, month: string): Promise<SheetSpec> => {
  if (!mayViewAllExpenses(principal) && (await managedBy(db, principal.user.id)).size === 0)
    throw forbidden(M.registerForbidden);
  const { first, last } = daysOf(month);
  const scope = and(expenseScope(principal), sql`${expenseClaims.status} <> 'Draft'`);
  async function* batches(): AsyncIterable<SheetCellValue[][]> {
    let after: { day: string; id: string } | null = null;
    for (;;) {
      const page = await registerPage(db, { first, last }, scope, after);
      if (page.length === 0) return;
      yield page.map((r) => [
        formatClaimNo(r.claimNo),
        r.owner,
        r.email,
        r.day,
        r.category,
        r.description,
        r.customerName ? `${formatCustomerId(r.customerNo ?? 0)} ${r.customerName}` : '',
        r.distanceTenths === null ? null : r.distanceTenths / 10,
        r.ratePaise === null ? null : fromPaise(r.ratePaise),
        fromPaise(r.amountPaise),
        r.receipt ? 'Yes' : 'No',
        r.status,
        r.paidOn ?? '',
        r.reference ?? '',
      ]);
      if (page.length < BATCH) return;
      const lastRow = page.at(-1)!;
      after = { day: lastRow.day, id: lastRow.id };
    }
  }
  return {
    sheetName: `Expenses ${month}`,
    preamble: [[`Expense register, ${month}`]],
    headers: [
      'Claim',
      'Name',
      'Email',
      'Date',
      'Category',
      'Description',
      'Customer',
      'Km',
      'Rate per km',
      'Amount',
      'Receipt',
      'Status',
      'Paid on',
      'Payment reference',
    ],
    rows: batches(),
    money: [8, 9],
  };
};
