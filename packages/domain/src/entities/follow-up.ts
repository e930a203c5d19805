import { z } from 'zod';
import { whenFieldsValid } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { isCalendarDay } from '../common/values.ts';
import { objectIdSchema } from '../ids.ts';
import {
  FOLLOW_UP_REASONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_TEXT_MAX,
  FOLLOW_UP_TYPES,
  type FollowUpReason,
  type FollowUpStatus,
  type FollowUpType,
  HH_MM_RE,
  FOLLOW_UP_MESSAGES as M,
} from './follow-up-list.ts';

/** An optional id: '' and null mean none. */
const optionalId = z
  .string()
  .regex(/^(?:[0-9a-f]{24})?$/, 'Invalid id')
  .nullish()
  .transform((v) => v || null);
const optionalText = oneLineText()
  .max(FOLLOW_UP_TEXT_MAX, M.textTooLong)
  .nullish()
  .transform((v) => v || null);
/** A response or remarks: several lines allowed. */
const optionalLongText = multiLineText()
  .max(FOLLOW_UP_TEXT_MAX, M.textTooLong)
  .nullish()
  .transform((v) => v || null);
const userIds = z
  .array(objectIdSchema)
  .max(50, 'At most 50 users')
  .nullish()
  .transform((ids) => [...new Set(ids ?? [])]);
const day = (message: string) =>
  oneLineText({ error: message })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && isCalendarDay(v), message)
    .transform((v) => v.slice(0, 10));

const nextFollowUpSchema = z.object({
  nextRequired: z.boolean().nullish(),
  type: z
    .enum([...FOLLOW_UP_TYPES, ''], { error: M.nextTypeRequired })
    .nullish()
    .transform((v) => (v || null) as FollowUpType | null),
  date: oneLineText().nullish(),
  time: oneLineText().nullish(),
  visitors: userIds,
  followUpBy: optionalId,
});

const fields = {
  customer: oneLineText({ error: M.customerRequired })
    .min(1, M.customerRequired)
    .regex(/^[0-9a-f]{24}$/, 'Invalid id'),
  type: z.enum(FOLLOW_UP_TYPES, { error: M.typeRequired }),
  reason: z.enum(FOLLOW_UP_REASONS, { error: M.reasonRequired }),
  requirement: optionalId,
  quotation: optionalId,
  project: optionalId,
  otherReason: optionalText,
  date: day(M.dateRequired),
  time: oneLineText({ error: M.timeRequired }).regex(HH_MM_RE, M.timeRequired),
  visitors: userIds,
  followUpBy: optionalId,
  status: z
    .enum([...FOLLOW_UP_STATUSES, ''], { error: M.statusInvalid })
    .nullish()
    .transform((v) => (v || null) as FollowUpStatus | null),
  response: optionalLongText,
  remarks: optionalLongText,
  followUpId: z
    .number({ error: M.followUpIdInvalid })
    .int(M.followUpIdInvalid)
    .positive(M.followUpIdInvalid)
    .nullish(),
  nextFollowUp: nextFollowUpSchema.nullish(),
};

type Parsed = {
  customer: string;
  type: FollowUpType;
  reason: FollowUpReason;
  requirement: string | null;
  quotation: string | null;
  project: string | null;
  otherReason: string | null;
  date: string;
  time: string;
  visitors: string[];
  followUpBy: string | null;
  status: FollowUpStatus | null;
  response: string | null;
  remarks: string | null;
  nextFollowUp?: z.infer<typeof nextFollowUpSchema> | null;
};

/** Spec 2 §5: a visit needs a visitor. */
const typeRule = (f: Parsed, ctx: z.RefinementCtx) => {
  if (f.type === 'Visit' && f.visitors.length === 0)
    ctx.addIssue({ code: 'custom', path: ['visitors'], message: M.visitorRequired });
};

/** Spec 2 §5: the reason's record or text; without a customer, 'Select a customer first.' (create). */
const reasonRule = (f: Parsed, ctx: z.RefinementCtx, creating: boolean) => {
  const needsCustomer = (f.reason === 'Requirement' || f.reason === 'Quotation') && !f.customer;
  const reasonField = {
    Requirement: 'requirement',
    Quotation: 'quotation',
    Project: 'project',
    Other: 'otherReason',
  }[f.reason] as 'requirement' | 'quotation' | 'project' | 'otherReason' | undefined;
  const reasonMessage = {
    Requirement: M.requirementRequired,
    Quotation: M.quotationRequired,
    Project: M.projectRequired,
    Other: M.otherReasonRequired,
  }[f.reason];
  if (reasonField && !f[reasonField])
    ctx.addIssue({
      code: 'custom',
      path: [reasonField],
      message: needsCustomer && creating ? M.selectCustomerFirst : reasonMessage,
    });
};

/** Spec 2 §5: when another follow-up is required, its type, date, time and people. */
const nextRule = (f: Parsed, ctx: z.RefinementCtx) => {
  const next = f.nextFollowUp;
  if (!next?.nextRequired) return;
  if (!next.type)
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'type'], message: M.nextTypeRequired });
  if (!next.date || !/^\d{4}-\d{2}-\d{2}/.test(next.date) || !isCalendarDay(next.date))
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'date'], message: M.nextDateRequired });
  // The next contact cannot come before this one (decision 0007): compared as India's calendar days.
  else if (/^\d{4}-\d{2}-\d{2}$/.test(f.date) && next.date.slice(0, 10) < f.date)
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'date'], message: M.nextDateBeforeDate });
  if (!next.time || !HH_MM_RE.test(next.time))
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'time'], message: M.nextTimeRequired });
  if (next.type === 'Visit' && next.visitors.length === 0)
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'visitors'], message: M.nextVisitorRequired });
  if (next.type && next.type !== 'Visit' && !next.followUpBy)
    ctx.addIssue({ code: 'custom', path: ['nextFollowUp', 'followUpBy'], message: M.nextFollowUpByRequired });
};

/**
 * Each cross-field rule runs when the fields it reads parsed, whatever else failed (whenFieldsValid), so
 * the form shows every message at once.
 */
const withRules = <T extends z.ZodType>(schema: T, creating: boolean) =>
  schema
    .superRefine((f, ctx) => typeRule(f as Parsed, ctx), { when: whenFieldsValid('type', 'visitors') })
    .superRefine((f, ctx) => reasonRule(f as Parsed, ctx, creating), {
      when: whenFieldsValid('reason', 'requirement', 'quotation', 'project', 'otherReason'),
    })
    .superRefine((f, ctx) => nextRule(f as Parsed, ctx), { when: whenFieldsValid('nextFollowUp') });

/**
 * What a follow-up keeps (spec 2 §4): a visit has visitors and remarks, a call or mail followUpBy and a
 * response; only the reason's own record (or text) stays; no next follow-up unless one is required.
 */
const normalise = (f: Parsed) => {
  const visit = f.type === 'Visit';
  const next = f.nextFollowUp;
  const nextVisit = next?.type === 'Visit';
  return {
    customer: f.customer,
    type: f.type,
    reason: f.reason,
    requirement: f.reason === 'Requirement' ? f.requirement : null,
    quotation: f.reason === 'Quotation' ? f.quotation : null,
    project: f.reason === 'Project' ? f.project : null,
    otherReason: f.reason === 'Other' ? f.otherReason : null,
    date: f.date,
    time: f.time,
    visitors: visit ? f.visitors : [],
    followUpBy: visit ? null : f.followUpBy,
    status: f.status,
    response: visit ? null : f.response,
    remarks: visit ? f.remarks : null,
    nextFollowUp:
      next?.nextRequired && next.type
        ? {
            nextRequired: true,
            type: next.type,
            date: next.date ? next.date.slice(0, 10) : null,
            time: next.time ?? null,
            visitors: nextVisit ? next.visitors : [],
            followUpBy: nextVisit ? null : next.followUpBy,
          }
        : null,
  };
};

/** POST /crm/follow-ups and the create form (spec 2 §5 "Follow-up form"). */
export const followUpCreateSchema = withRules(z.object(fields), true).transform((f) =>
  normalise(f as unknown as Parsed),
);
export type FollowUpInput = z.infer<typeof followUpCreateSchema>;
export type FollowUpFormInput = z.input<typeof followUpCreateSchema>;

/**
 * PATCH /crm/follow-ups/{id}: the whole follow-up again. The customer may be left out (it cannot change:
 * a different one is refused); `expectedUpdatedAt`, when given, must equal the row's updatedAt or the
 * answer is 409 with the current follow-up (a replay of an offline edit must not overwrite a newer one).
 */
export const followUpUpdateSchema = withRules(
  z.object({
    ...fields,
    customer: oneLineText()
      .regex(/^[0-9a-f]{24}$/, 'Invalid id')
      .optional()
      .transform((v) => v ?? ''),
    expectedUpdatedAt: oneLineText({ error: M.expectedUpdatedAtInvalid })
      .refine(
        (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
        M.expectedUpdatedAtInvalid,
      )
      .optional(),
  }),
  false,
).transform((f) => ({
  ...normalise(f as unknown as Parsed),
  expectedUpdatedAt: (f as { expectedUpdatedAt?: string }).expectedUpdatedAt,
}));
export type FollowUpUpdateInput = z.infer<typeof followUpUpdateSchema>;

/** GET /crm/follow-ups/suggestion: by number (FI0012 or 12) or by customer name; at most 20. */
export const followUpSuggestionQuerySchema = z.object({
  customerName: oneLineText().max(100, 'Search text is too long').optional().default(''),
  followUpId: oneLineText()
    .regex(/^(?:FI)?\d{1,9}$/i, 'Invalid Follow-up ID')
    .optional()
    .transform((v) => (v ? Number(v.replace(/^FI/i, '')) : undefined)),
});
export type FollowUpSuggestionQuery = z.infer<typeof followUpSuggestionQuerySchema>;
