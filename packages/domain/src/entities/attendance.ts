// The attendance calls' request schemas (issue 28); the rules and types are in attendance-day.ts.
import { z } from 'zod';
import { ATTENDANCE_MESSAGES, CORRECTION_MESSAGES, PUNCH_KINDS } from './attendance-day.ts';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const attendanceRulesSchema = z
  .object({
    officeStart: z.string().regex(TIME_RE, 'Office start must be a time as HH:MM'),
    officeEnd: z.string().regex(TIME_RE, 'Office end must be a time as HH:MM'),
    graceMinutes: z
      .number({ error: 'Grace period must be a number of minutes' })
      .int('Grace period must be whole minutes')
      .min(0, 'Grace period must not be negative')
      .max(240, 'Grace period must be at most 240 minutes'),
    halfDayBelowMinutes: z
      .number({ error: 'Half-day threshold must be a number of minutes' })
      .int('Half-day threshold must be whole minutes')
      .min(0, 'Half-day threshold must not be negative')
      .max(1440, 'Half-day threshold must be at most 24 hours'),
    weeklyOff: z
      .array(z.number().int().min(0).max(6), { error: 'Weekly off must be days of the week' })
      .max(6, 'At least one day of the week must be a working day')
      .transform((days) => [...new Set(days)].sort()),
  })
  .refine((r) => r.officeStart < r.officeEnd, {
    message: 'Office end must be after office start',
    path: ['officeEnd'],
  });

/**
 * POST /hrm/attendances/punches. `at` is when the user tapped, on their device: a punch made without signal
 * is sent later with its own time. The location is the device's, when it gave one.
 */
export const punchSchema = z.object({
  kind: z.enum(PUNCH_KINDS, { error: 'Kind must be in or out' }),
  at: z.iso.datetime({ offset: true, error: ATTENDANCE_MESSAGES.atInvalid }),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  accuracy: z.number().min(0).max(100_000).nullish(),
});
export type PunchInput = z.infer<typeof punchSchema>;

const C = CORRECTION_MESSAGES;
const reasonText = (required: string) =>
  z.string({ error: required }).trim().min(1, required).min(3, C.reasonTooShort).max(500, C.reasonTooLong);

/** POST /hrm/attendances/corrections: a check-in or check-out the user forgot, for a manager to approve. */
export const correctionSchema = z.object({
  date: z.string({ error: C.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, C.dateRequired),
  kind: z.enum(PUNCH_KINDS, { error: 'Kind must be in or out' }),
  time: z.string({ error: C.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, C.timeRequired),
  reason: reasonText(C.reasonRequired),
});
export type CorrectionInput = z.infer<typeof correctionSchema>;

/** PATCH /hrm/attendances/corrections/{id}: approve, or reject with a reason. */
export const correctionDecisionSchema = z
  .object({
    decision: z.enum(['Approved', 'Rejected'], { error: 'Decision must be Approved or Rejected' }),
    reason: z.string().trim().max(500, C.reasonTooLong).optional(),
  })
  .refine((d) => d.decision === 'Approved' || (d.reason?.length ?? 0) > 0, {
    message: C.rejectReasonRequired,
    path: ['reason'],
  });
export type CorrectionDecision = z.infer<typeof correctionDecisionSchema>;
