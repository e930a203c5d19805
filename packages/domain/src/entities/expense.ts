// The expense calls' request schemas (issue 28, decision 0025); the rules and types are in expense-claims.ts.
import { z } from 'zod';
import { hasAtMostTwoDecimals, isCalendarDay } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { numberFromText } from '../common/values.ts';
import { objectIdSchema } from '../ids.ts';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_LINE_MAX_RUPEES,
  EXPENSE_MAX_KM,
  EXPENSE_MAX_LINES,
  EXPENSE_MESSAGES,
} from './expense-claims.ts';

const M = EXPENSE_MESSAGES;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (required: string) =>
  z
    .string({ error: required })
    .regex(DAY_RE, required)
    .refine((d) => isCalendarDay(d), required);
const optionalId = objectIdSchema.nullish().transform((v) => v ?? null);

const amountSchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.amountRequired })
    .finite(M.amountInvalid)
    .gt(0, M.amountInvalid)
    .max(EXPENSE_LINE_MAX_RUPEES, M.amountInvalid)
    .refine(hasAtMostTwoDecimals, M.amountInvalid),
);
const distanceSchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.distanceInvalid })
    .finite(M.distanceInvalid)
    .gt(0, M.distanceInvalid)
    .max(EXPENSE_MAX_KM, M.distanceInvalid)
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e5), M.distanceInvalid),
);

/**
 * One expense. Travel with a distance is priced by the company's rate per km (the amount sent is ignored);
 * anything else needs its amount. A visit (`followUp`) is claimed once, as travel.
 */
export const expenseLineSchema = z
  .object({
    date: day(M.dateRequired),
    category: z.enum(EXPENSE_CATEGORIES, { error: M.categoryRequired }),
    description: multiLineText({ error: M.descriptionTooLong }, 'Description')
      .max(300, M.descriptionTooLong)
      .optional()
      .transform((v) => v ?? ''),
    amount: amountSchema.nullish().transform((v) => v ?? null),
    distanceKm: distanceSchema.nullish().transform((v) => v ?? null),
    customer: optionalId,
    followUp: optionalId,
    receipt: optionalId,
  })
  .superRefine((l, ctx) => {
    if (l.distanceKm !== null && l.category !== 'Travel')
      ctx.addIssue({ code: 'custom', path: ['distanceKm'], message: M.distanceOnlyTravel });
    if (l.followUp !== null && l.category !== 'Travel')
      ctx.addIssue({ code: 'custom', path: ['followUp'], message: M.visitOnlyTravel });
    if (l.distanceKm === null && l.amount === null)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: M.amountRequired });
  });
export type ExpenseLineInput = z.infer<typeof expenseLineSchema>;

const titleSchema = oneLineText({ error: M.titleRequired }, 'Purpose')
  .min(1, M.titleRequired)
  .min(3, M.titleTooShort)
  .max(150, M.titleTooLong);

/** POST /hrm/expenses, PUT /hrm/expenses/{id}: the claim's purpose and all its lines (a PUT replaces them). */
export const expenseClaimSchema = z
  .object({
    title: titleSchema,
    lines: z
      .array(expenseLineSchema, { error: M.linesRequired })
      .min(1, M.linesRequired)
      .max(EXPENSE_MAX_LINES, M.tooManyLines),
  })
  .superRefine((c, ctx) => {
    const receipts = new Set<string>();
    const visits = new Set<string>();
    c.lines.forEach((l, i) => {
      if (l.receipt) {
        if (receipts.has(l.receipt))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'receipt'], message: M.receiptTwice });
        receipts.add(l.receipt);
      }
      if (l.followUp) {
        if (visits.has(l.followUp))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'followUp'], message: M.visitTwice });
        visits.add(l.followUp);
      }
    });
  });
export type ExpenseClaimInput = z.infer<typeof expenseClaimSchema>;

/** POST /hrm/expenses/visit-travel: the travel of a completed visit, added to the caller's newest draft. */
export const visitTravelSchema = z
  .object({
    followUp: objectIdSchema,
    distanceKm: distanceSchema.nullish().transform((v) => v ?? null),
    amount: amountSchema.nullish().transform((v) => v ?? null),
    description: oneLineText({ error: M.descriptionTooLong }, 'Description')
      .max(300, M.descriptionTooLong)
      .optional()
      .transform((v) => v ?? ''),
  })
  .refine((v) => v.distanceKm !== null || v.amount !== null, {
    message: M.distanceOrAmount,
    path: ['distanceKm'],
  });
export type VisitTravelInput = z.infer<typeof visitTravelSchema>;

/** PATCH /hrm/expenses/{id}/decision: approve, or reject with a reason. */
export const expenseDecisionSchema = z
  .object({
    decision: z.enum(['Approved', 'Rejected'], { error: 'Decision must be Approved or Rejected' }),
    reason: z.string().trim().max(500, M.reasonTooLong).optional(),
  })
  .refine((d) => d.decision === 'Approved' || (d.reason?.length ?? 0) > 0, {
    message: M.rejectReasonRequired,
    path: ['reason'],
  });
export type ExpenseDecision = z.infer<typeof expenseDecisionSchema>;

/** PATCH /hrm/expenses/{id}/payment: accounts mark an approved claim paid. */
export const expensePaymentSchema = z.object({
  reference: oneLineText({ error: M.referenceRequired }, 'Payment reference')
    .min(1, M.referenceRequired)
    .max(100, M.referenceTooLong),
  paidOn: day(M.paidOnRequired),
});
export type ExpensePaymentInput = z.infer<typeof expensePaymentSchema>;

/** PUT /hrm/expenses/rules. */
export const expenseRulesSchema = z.object({
  ratePerKm: z.preprocess(
    numberFromText,
    z
      .number({ error: M.rateInvalid })
      .min(0.01, M.rateInvalid)
      .max(100, M.rateInvalid)
      .refine(hasAtMostTwoDecimals, M.rateInvalid),
  ),
  receiptAbove: z.preprocess(
    numberFromText,
    z
      .number({ error: M.receiptAboveInvalid })
      .min(0, M.receiptAboveInvalid)
      .max(100_000, M.receiptAboveInvalid)
      .refine(hasAtMostTwoDecimals, M.receiptAboveInvalid),
  ),
});
