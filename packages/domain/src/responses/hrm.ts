import { z } from 'zod';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_STATUSES,
  type ExpenseClaimDetailDto,
  type ExpenseClaimDto,
} from '../entities/expense-claims.ts';
import { LEAVE_HALVES, LEAVE_STATUSES, LEAVE_TYPES, type LeaveDto } from '../entities/leave-days.ts';
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

const checks: [
  Same<z.output<typeof leaveDtoSchema>, LeaveDto>,
  Same<z.output<typeof expenseClaimDtoSchema>, ExpenseClaimDto>,
  Same<z.output<typeof expenseClaimDetailDtoSchema>, ExpenseClaimDetailDto>,
] = [true, true, true];
void checks;
