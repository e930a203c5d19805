import { can, DEFAULT_EXPENSE_RULES, type ExpenseRules, fromPaise, toPaise } from '@karya/domain';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { expenseClaims, expenseRules } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/records.ts';
import { managedIds } from '../leave/leave-scope.ts';

// Who sees and decides whose claims (decision 0025), and the company's expense rules. Managing is as for
// attendance and leave: a team role manager or admin manages the team's members.

export const mayViewAllExpenses = (p: Principal) => can(p.permissions, 'expense', 'view-all');

/**
 * Claims the caller sees: their own (drafts included), and the others' once submitted: of the members of
 * the teams they manage, or everyone's with view-all. Someone else's draft is nobody's business.
 */
export const expenseScope = (principal: Principal): Scope => {
  const own = eq(expenseClaims.userId, principal.user.id);
  const notDraft = ne(expenseClaims.status, 'Draft');
  if (mayViewAllExpenses(principal)) return or(own, notDraft);
  return or(own, and(notDraft, sql`${expenseClaims.userId} in ${managedIds(principal.user.id)}`));
};

type ClaimState = { userId: string; status: string; lineCount: number };

/** What the caller may do with a claim, given whether they manage its owner (decision 0025). */
export const claimRights = (principal: Principal, row: ClaimState, managesOwner: boolean) => {
  const own = row.userId === principal.user.id;
  const has = (action: 'create' | 'update' | 'delete' | 'pay') =>
    can(principal.permissions, 'expense', action);
  const decider = !own && has('update') && (managesOwner || mayViewAllExpenses(principal));
  return {
    own,
    decider,
    canEdit: own && has('update') && (row.status === 'Draft' || row.status === 'Rejected'),
    canSubmit: own && has('create') && row.status === 'Draft' && row.lineCount > 0,
    canDelete: own && has('delete') && row.status === 'Draft',
    canDecide: decider && row.status === 'Submitted',
    canPay: !own && has('pay') && row.status === 'Approved',
  };
};

// ------------------------------------------------------------------------------------------------- rules

const RULES_ID = 'company';

/** The rules in paise, as the writes use them. */
export const rulesInPaise = async (db: Db) => {
  const [row] = await db.select().from(expenseRules).where(eq(expenseRules.id, RULES_ID));
  return row
    ? { ratePaise: row.ratePaisePerKm, receiptAbovePaise: row.receiptAbovePaise }
    : {
        ratePaise: toPaise(DEFAULT_EXPENSE_RULES.ratePerKm)!,
        receiptAbovePaise: toPaise(DEFAULT_EXPENSE_RULES.receiptAbove)!,
      };
};

/** GET /hrm/expenses/rules: in rupees. */
export const getExpenseRules = async (db: Db): Promise<ExpenseRules> => {
  const r = await rulesInPaise(db);
  return { ratePerKm: fromPaise(r.ratePaise), receiptAbove: fromPaise(r.receiptAbovePaise) };
};

/** PUT /hrm/expenses/rules: a new rate prices travel added from now on; lines already made keep theirs. */
export const putExpenseRules = async (db: Db, principal: Principal, rules: ExpenseRules, now: Date) => {
  const values = {
    ratePaisePerKm: toPaise(rules.ratePerKm)!,
    receiptAbovePaise: toPaise(rules.receiptAbove)!,
    updatedAt: now,
    updatedBy: principal.user.id,
  };
  await db
    .insert(expenseRules)
    .values({ id: RULES_ID, ...values })
    .onConflictDoUpdate({ target: expenseRules.id, set: values });
  return getExpenseRules(db);
};
