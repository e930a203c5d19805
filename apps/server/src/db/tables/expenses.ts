import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle, ts } from './columns.ts';
import { customers } from './customers.ts';
import { files } from './files.ts';
import { followUps } from './follow-ups.ts';
import { users } from './users.ts';

export const expenseClaimNoSeq = pgSequence('expense_claim_no_seq', { startWith: 1 });

/**
 * Expense claims (issue 28, decision 0025). Amounts are exact paise; the total and the line count are kept
 * by the writes that change the lines, in the same transaction, so lists never sum lines. A draft that is
 * deleted goes with its lines (no one else ever saw it); anything submitted is never deleted.
 */
export const expenseClaims = pgTable(
  'expense_claims',
  {
    id: id(),
    claimNo: integer('claim_no').notNull().default(sql`nextval('expense_claim_no_seq')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('Draft'),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    submittedAt: ts('submitted_at'),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    paidBy: text('paid_by'),
    paidAt: ts('paid_at'),
    paidOn: date('paid_on', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('expense_claims_claim_no_uq').on(t.claimNo),
    index('expense_claims_user_created_idx').on(t.userId, t.createdAt),
    index('expense_claims_status_submitted_idx').on(t.status, t.submittedAt),
    index('expense_claims_created_idx').on(t.createdAt, t.id),
    check('expense_claims_total_ck', sql`${t.totalPaise} >= 0`),
  ],
);

/**
 * A claim's lines, in order. `userId` is the claim's owner, kept here so that one visit is claimed once per
 * person (the unique index) and the register reads lines by month without the claim. Travel priced per km
 * keeps the distance (tenths of a km) and the rate it was priced at.
 */
export const expenseLines = pgTable(
  'expense_lines',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => expenseClaims.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    position: integer('position').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    amountPaise: integer('amount_paise').notNull(),
    distanceTenths: integer('distance_tenths'),
    ratePaise: integer('rate_paise'),
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    followUpId: text('follow_up_id').references(() => followUps.id, { onDelete: 'set null' }),
    receiptFileId: text('receipt_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('expense_lines_claim_idx').on(t.claimId, t.position),
    index('expense_lines_day_idx').on(t.day, t.claimId),
    // A person's year of totals (GET /hrm/expenses/totals) reads their lines by day.
    index('expense_lines_user_day_idx').on(t.userId, t.day),
    uniqueIndex('expense_lines_visit_uq').on(t.followUpId, t.userId).where(sql`${t.followUpId} is not null`),
    uniqueIndex('expense_lines_receipt_uq').on(t.receiptFileId).where(sql`${t.receiptFileId} is not null`),
    check('expense_lines_amount_ck', sql`${t.amountPaise} > 0`),
  ],
);

/** The company's expense rules (one row): the rate per km of travel and the receipt limit, in paise. */
export const expenseRules = pgTable('expense_rules', {
  id: text('id').primaryKey(),
  ratePaisePerKm: integer('rate_paise_per_km').notNull(),
  receiptAbovePaise: integer('receipt_above_paise').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
