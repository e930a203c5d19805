// The leave calls' request schemas (issue 28, decision 0023); the rules and types are in leave-days.ts.
import { z } from 'zod';
import { OBJECT_ID_RE } from '../ids.ts';
import { LEAVE_HALVES, LEAVE_MAX_DAYS, LEAVE_MESSAGES, LEAVE_TYPES } from './leave-days.ts';

const M = LEAVE_MESSAGES;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const day = (required: string) =>
  z.string({ error: required }).regex(DAY_RE, required).refine(isRealDay, required);
const reasonText = (required: string) =>
  z.string({ error: required }).trim().min(1, required).min(3, M.reasonTooShort).max(500, M.reasonTooLong);

/** POST /hrm/leaves: the caller's own application, Pending. */
export const leaveApplicationSchema = z
  .object({
    leaveType: z.enum(LEAVE_TYPES, { error: M.typeRequired }),
    from: day(M.fromRequired),
    to: day(M.toRequired),
    half: z
      .enum(LEAVE_HALVES, { error: M.halfInvalid })
      .nullish()
      .transform((h) => h ?? null),
    reason: reasonText(M.reasonRequired),
  })
  .superRefine((a, ctx) => {
    if (a.to < a.from) ctx.addIssue({ code: 'custom', message: M.toBeforeFrom, path: ['to'] });
    else if (a.from.slice(0, 4) !== a.to.slice(0, 4))
      ctx.addIssue({ code: 'custom', message: M.sameYear, path: ['to'] });
    if (a.half && a.from !== a.to) ctx.addIssue({ code: 'custom', message: M.halfOneDay, path: ['half'] });
  });
export type LeaveApplicationInput = z.infer<typeof leaveApplicationSchema>;

/** PATCH /hrm/leaves/{id}/decision: approve, or reject with a reason. */
export const leaveDecisionSchema = z
  .object({
    decision: z.enum(['Approved', 'Rejected'], { error: 'Decision must be Approved or Rejected' }),
    reason: z.string().trim().max(500, M.reasonTooLong).optional(),
  })
  .refine((d) => d.decision === 'Approved' || (d.reason?.length ?? 0) > 0, {
    message: M.rejectReasonRequired,
    path: ['reason'],
  });
export type LeaveDecision = z.infer<typeof leaveDecisionSchema>;

/** PATCH /hrm/leaves/{id}/cancel: a reason, which a manager cancelling someone's leave must give. */
export const leaveCancelSchema = z.object({
  reason: z.string().trim().max(500, M.reasonTooLong).optional(),
});
export type LeaveCancelInput = z.infer<typeof leaveCancelSchema>;

/** PUT /hrm/leaves/allocations: the year's allocations, all of them (what is not sent is removed). */
export const leaveAllocationsSchema = z
  .object({
    year: z
      .number({ error: M.yearInvalid })
      .int(M.yearInvalid)
      .min(2000, M.yearInvalid)
      .max(2100, M.yearInvalid),
    allocations: z
      .array(
        z
          .object({
            leaveType: z.enum(LEAVE_TYPES, { error: M.typeRequired }),
            roleId: z.string().regex(OBJECT_ID_RE, M.allocationTarget).nullish(),
            userId: z.string().regex(OBJECT_ID_RE, M.allocationTarget).nullish(),
            days: z
              .number({ error: M.daysInvalid })
              .min(0, M.daysInvalid)
              .max(LEAVE_MAX_DAYS, M.daysInvalid)
              .refine((d) => Number.isInteger(d * 2), M.daysInvalid),
          })
          .refine((a) => Boolean(a.roleId) !== Boolean(a.userId), M.allocationTarget),
        { error: 'Allocations must be a list' },
      )
      .max(2000, 'At most 2,000 allocations a year'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.allocations.forEach((a, i) => {
      const key = `${a.leaveType}:${a.roleId ?? ''}:${a.userId ?? ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: M.allocationDuplicate, path: ['allocations', i] });
      seen.add(key);
    });
  });
export type LeaveAllocationsInput = z.infer<typeof leaveAllocationsSchema>;
