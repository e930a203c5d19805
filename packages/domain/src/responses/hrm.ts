import { z } from 'zod';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_STATUSES,
  type ExpenseClaimDetailDto,
  type ExpenseClaimDto,
  type ExpenseReceiptDto,
  type ExpenseRules,
  type ExpenseTotalsDto,
} from '../entities/expense-claims.ts';
import {
  LEAVE_HALVES,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  type LeaveAllocationsDto,
  type LeaveBalance,
  type LeaveBalancesDto,
  type LeaveCalendarDto,
  type LeaveDto,
} from '../entities/leave-days.ts';
import { listAnswer } from './envelope.ts';
import type { Same } from './same.ts';

/** Answers of leave and expense claims. */
const text = z.string().nullable();
const ref = z.object({ _id: z.string(), name: z.string() });

export const leaveDtoSchema = z.object({
  _id: z.string(),
  user: ref,
  leaveType: z.enum(LEAVE_TYPES),
  from: z.string(),
  to: z.string(),
  half: z.enum(LEAVE_HALVES).nullable(),
  days: z.number(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  decidedBy: ref.nullable(),
  decidedAt: text,
  decisionReason: text,
  cancelledBy: ref.nullable(),
  cancelledAt: text,
  cancelReason: text,
  createdAt: z.string(),
  updatedAt: z.string(),
  canDecide: z.boolean(),
  canCancel: z.boolean(),
});
export const leaveListAnswerSchema = listAnswer('leaves', leaveDtoSchema);

export const expenseClaimDtoSchema = z.object({
  _id: z.string(),
  claimNo: z.number().int(),
  claimId: z.string(),
  title: z.string(),
  user: ref,
  status: z.enum(EXPENSE_STATUSES),
  total: z.number(),
  lineCount: z.number().int(),
  from: text,
  to: text,
  submittedAt: text,
  decidedBy: ref.nullable(),
  decidedAt: text,
  decisionReason: text,
  paidBy: ref.nullable(),
  paidAt: text,
  paidOn: text,
  paymentReference: text,
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
  canDelete: z.boolean(),
  canDecide: z.boolean(),
  canPay: z.boolean(),
});
export const expenseClaimListAnswerSchema = listAnswer('claims', expenseClaimDtoSchema);

export const expenseClaimDetailDtoSchema = expenseClaimDtoSchema.extend({
  lines: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      category: z.enum(EXPENSE_CATEGORIES),
      description: z.string(),
      amount: z.number(),
      distanceKm: z.number().nullable(),
      ratePerKm: z.number().nullable(),
      customer: z.object({ _id: z.string(), name: z.string(), customerId: z.string() }).nullable(),
      followUp: z.object({ _id: z.string(), date: z.string() }).nullable(),
      receipt: z
        .object({ _id: z.string(), originalName: z.string(), mimeType: z.string(), size: z.number() })
        .nullable(),
    }),
  ),
  missingReceipts: z.array(z.number().int()),
  rules: z.object({ ratePerKm: z.number(), receiptAbove: z.number() }),
});

export const leaveBalanceSchema = z.object({
  leaveType: z.enum(LEAVE_TYPES),
  limited: z.boolean(),
  allocated: z.number().describe('The year’s allocation in days'),
  taken: z.number().describe('Approved days'),
  pending: z.number().describe('Days waiting for a decision'),
  available: z.number().nullable().describe('allocated − taken − pending; null for an unlimited type'),
});
/** GET /hrm/leaves/balances. */
export const leaveBalancesDtoSchema = z.object({
  year: z.number().int(),
  user: ref,
  balances: z.array(leaveBalanceSchema),
});
/** GET /hrm/leaves/calendar: `team` false when only the caller's own leave is shown. */
export const leaveCalendarDtoSchema = z.object({
  month: z.string(),
  team: z.boolean(),
  leaves: z.array(leaveDtoSchema),
});
/** GET and PUT /hrm/leaves/allocations. */
export const leaveAllocationsDtoSchema = z.object({
  year: z.number().int(),
  allocations: z.array(
    z.object({
      leaveType: z.enum(LEAVE_TYPES),
      role: ref.nullable(),
      user: ref.nullable(),
      days: z.number(),
    }),
  ),
  defaults: z.record(z.enum(LEAVE_TYPES), z.number()).describe('What applies where nothing is allocated'),
});

/** GET /hrm/expenses/totals: rupees per month of the year. */
export const expenseTotalsDtoSchema = z.object({
  year: z.number().int(),
  user: ref,
  months: z.array(
    z.object({ month: z.string(), claimed: z.number(), approved: z.number(), paid: z.number() }),
  ),
});
/** GET and PUT /hrm/expenses/rules (rupees). */
export const expenseRulesDtoSchema = z.object({ ratePerKm: z.number(), receiptAbove: z.number() });
/** POST /hrm/expenses/receipts: the stored receipt, for a line to name. */
export const expenseReceiptDtoSchema = z.object({
  _id: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
/** DELETE /hrm/expenses/{id}: the id of the claim deleted. */
export const expenseClaimDeletedSchema = z.object({ _id: z.string() });

const checks: [
  Same<z.output<typeof leaveDtoSchema>, LeaveDto>,
  Same<z.output<typeof expenseClaimDtoSchema>, ExpenseClaimDto>,
  Same<z.output<typeof expenseClaimDetailDtoSchema>, ExpenseClaimDetailDto>,
  Same<z.output<typeof leaveBalanceSchema>, LeaveBalance>,
  Same<z.output<typeof leaveBalancesDtoSchema>, LeaveBalancesDto>,
  Same<z.output<typeof leaveCalendarDtoSchema>, LeaveCalendarDto>,
  Same<z.output<typeof leaveAllocationsDtoSchema>, LeaveAllocationsDto>,
  Same<z.output<typeof expenseTotalsDtoSchema>, ExpenseTotalsDto>,
  Same<z.output<typeof expenseRulesDtoSchema>, ExpenseRules>,
  Same<z.output<typeof expenseReceiptDtoSchema>, ExpenseReceiptDto>,
] = [true, true, true, true, true, true, true, true, true, true];
void checks;
