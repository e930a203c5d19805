import { z } from 'zod';
import { emailSchema, hasAtMostTwoDecimals, PHONE_MESSAGE, PHONE_RE } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { isCalendarDay, numberFromText } from '../common/values.ts';
import { todayInAppZone } from '../dates.ts';
import { objectIdSchema } from '../ids.ts';
import {
  LOST_TO,
  REJECTION_MESSAGES as M,
  REJECTION_AMOUNT_MAX,
  REJECTION_NAME_MAX,
  REJECTION_REASON_MAX,
  REJECTION_REASONS_MAX,
  REJECTION_TEXT_MAX,
} from './rejection-analysis-list.ts';

/**
 * The rejection-analysis form (spec 2 §5 "Rejection analysis form"; issue 26; decision 0016), shared by the
 * form and the API. Optional text must show something if given; blank optional text is dropped (null).
 */

/** Optional text: blank is dropped; text that is there must be within its bound. */
const optional = (label: string, max: number, kind = oneLineText) =>
  kind()
    .max(max, max === REJECTION_NAME_MAX ? M.nameMax(label) : M.textMax(label))
    .nullish()
    .transform((v) => (v ? v : null));

export const rejectionReasonSchema = oneLineText({ error: M.reasonEmpty })
  .min(1, M.reasonEmpty)
  .max(REJECTION_REASON_MAX, M.reasonMax);

const rejectionDateSchema = oneLineText({ error: M.dateRequired })
  .min(1, M.dateRequired)
  .refine((v) => /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(v) && isCalendarDay(v.slice(0, 10)), M.dateRequired)
  .transform((v) => v.slice(0, 10))
  .refine((v) => v <= todayInAppZone(), M.dateFuture);

const fields = {
  rejectionDate: rejectionDateSchema,
  rejectionReasons: z
    .array(rejectionReasonSchema, { error: M.reasonsRequired })
    .min(1, M.reasonsRequired)
    .max(REJECTION_REASONS_MAX, M.reasonsTooMany)
    .superRefine((reasons, ctx) => {
      const seen = new Set<string>();
      reasons.forEach((r, i) => {
        const key = r.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: M.reasonDuplicate });
        seen.add(key);
      });
    }),
  detailedReason: optional('Detailed reason', REJECTION_TEXT_MAX, multiLineText),
  lostTo: z.enum(LOST_TO, { error: M.lostToInvalid }).optional(),
  competitor: z
    .object({
      name: optional('Competitor name', REJECTION_NAME_MAX),
      offeredAmount: z
        .preprocess(
          numberFromText,
          z
            .number({ error: M.offeredAmountPositive })
            .finite(M.offeredAmountPositive)
            .positive(M.offeredAmountPositive)
            .max(REJECTION_AMOUNT_MAX, M.offeredAmountMax)
            .refine(hasAtMostTwoDecimals, M.offeredAmountDecimals)
            .nullish(),
        )
        .transform((v) => v ?? null),
    })
    .nullish()
    .transform((c) => ({ name: c?.name ?? null, offeredAmount: c?.offeredAmount ?? null })),
  customerFeedback: optional('Customer feedback', REJECTION_TEXT_MAX, multiLineText),
  rejectedPerson: z
    .object({
      name: optional('Name', REJECTION_NAME_MAX),
      designation: optional('Designation', REJECTION_NAME_MAX),
      email: z
        .preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), emailSchema.nullish())
        .transform((v) => v ?? null),
      phone: z
        .preprocess(
          (v) => (typeof v === 'string' && !v.trim() ? null : v),
          oneLineText().regex(PHONE_RE, PHONE_MESSAGE).nullish(),
        )
        .transform((v) => v ?? null),
    })
    .nullish()
    .transform((p) => ({
      name: p?.name ?? null,
      designation: p?.designation ?? null,
      email: p?.email ?? null,
      phone: p?.phone ?? null,
    })),
};

/**
 * Lost to a competitor or to no decision: given, or read from the competitor (a name or an offer means a
 * competitor). A competitor loss names its competitor.
 */
const withLostTo = <
  T extends {
    lostTo?: (typeof LOST_TO)[number];
    competitor: { name: string | null; offeredAmount: number | null };
  },
>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.lostTo === 'Competitor' && !v.competitor.name)
    ctx.addIssue({ code: 'custom', path: ['competitor', 'name'], message: M.competitorNeeded });
};

/** POST /crm/rejection-analysis (spec 2 §7): the quotation and the version it rejects, and the analysis. */
export const rejectionAnalysisCreateSchema = z
  .object({
    quotation: z.string({ error: M.quotationRequired }).min(1, M.quotationRequired).pipe(objectIdSchema),
    quotationVersionId: z.string({ error: M.versionRequired }).min(1, M.versionRequired).pipe(objectIdSchema),
    ...fields,
  })
  .superRefine(withLostTo);
export type RejectionAnalysisInput = z.infer<typeof rejectionAnalysisCreateSchema>;

/** PATCH /crm/rejection-analysis/{_id}: the analysis (the quotation and version never change). */
export const rejectionAnalysisUpdateSchema = z.object(fields).superRefine(withLostTo);
export type RejectionAnalysisUpdateInput = z.infer<typeof rejectionAnalysisUpdateSchema>;

/** The stored answer to "lost to": what was said, else a competitor when one is named or priced. */
export const lostToOf = (v: {
  lostTo?: (typeof LOST_TO)[number] | null;
  competitor: { name: string | null; offeredAmount: number | null };
}) => v.lostTo ?? (v.competitor.name || v.competitor.offeredAmount !== null ? 'Competitor' : 'No Decision');
