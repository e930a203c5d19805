import { z } from 'zod';
import { clearable, hasAtMostTwoDecimals, isCalendarDay } from '../common/fields.ts';
import { GST_RATES, LINE_MARGIN_TIERS } from '../common/money.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { numberFromText } from '../common/values.ts';
import { todayInAppZone } from '../dates.ts';
import { objectIdSchema } from '../ids.ts';
import { TRADE_PRICE_MAX } from './purchase-list.ts';
import {
  QUOTATION_MESSAGES as M,
  QUOTATION_ITEMS_MAX,
  QUOTATION_NOTES_MAX,
  QUOTATION_QUANTITY_MAX,
  QUOTATION_REASON_MAX,
  QUOTATION_TITLE_MAX,
  QUOTATION_TITLE_MIN,
} from './quotation-list.ts';

/**
 * Quotation rules (spec 3 §5 "Quotation item", "Quotation version", "Quotation"; issue 25; decision 0015).
 * The form and the API share them. Totals, the margin percentage and the snapshot of each item are never
 * read from a request: the server computes them (fields outside these schemas are dropped).
 */

export const quotationTitleSchema = oneLineText({ error: M.titleMin })
  .min(QUOTATION_TITLE_MIN, M.titleMin)
  .max(QUOTATION_TITLE_MAX, M.titleMax);

/** A day after today in India (spec 3 §5: 'Valid until must be in the future'). */
export const isValidUntilAllowed = (day: string, today: string = todayInAppZone()) => day > today;

export const validUntilSchema = oneLineText({ error: M.validUntilRequired })
  .min(1, M.validUntilRequired)
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(v) && isCalendarDay(v.slice(0, 10)),
    M.validUntilRequired,
  )
  .transform((v) => v.slice(0, 10))
  .refine((v) => isValidUntilAllowed(v), M.validUntilFuture);

/**
 * One line (spec 3 §5 "Quotation item"). For a tier other than custom the server prices it from the tier and
 * a price sent is ignored, so it may be left out (as on a sale line); a custom line needs its price.
 */
export const quotationLineSchema = z
  .object(
    {
      item: z.string({ error: M.itemRequired }).min(1, M.itemRequired).pipe(objectIdSchema),
      quantity: z.preprocess(
        numberFromText,
        z
          .number({ error: M.quantityRequired })
          .int(M.quantityInteger)
          .positive(M.quantityPositive)
          .max(QUOTATION_QUANTITY_MAX, M.quantityMax),
      ),
      marginTier: z.enum(LINE_MARGIN_TIERS, { error: M.marginTierRequired }),
      gst: z.preprocess(
        numberFromText,
        z
          .number({ error: M.gstRequired })
          // A rate of some period (0 for nil-rated and exempt goods); the server checks it is in force on
          // the version's date (gst-slabs.ts).
          .refine((v) => GST_RATES.includes(v), M.gstRequired),
      ),
      unitPrice: z
        .preprocess(
          numberFromText,
          z
            .number({ error: M.unitPriceRequired })
            .finite(M.unitPriceRequired)
            .positive(M.unitPricePositive)
            .max(TRADE_PRICE_MAX, M.unitPriceMax)
            .refine(hasAtMostTwoDecimals, M.unitPriceDecimals)
            // An empty field is no price: a tier line's price comes from the tier.
            .optional(),
        )
        .optional(),
    },
    { error: M.itemRequired },
  )
  .superRefine((l, ctx) => {
    if (l.marginTier === 'custom' && l.unitPrice === undefined)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: M.unitPriceRequired });
  });
export type QuotationLineInput = z.infer<typeof quotationLineSchema>;

export const quotationLinesSchema = z
  .array(quotationLineSchema, { error: M.itemsRequired })
  .min(1, M.itemsRequired)
  .max(QUOTATION_ITEMS_MAX, M.itemsTooMany)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      if (seen.has(l.item)) ctx.addIssue({ code: 'custom', path: [i, 'item'], message: M.itemDuplicate });
      seen.add(l.item);
    });
  });

const versionFields = {
  title: quotationTitleSchema,
  validUntil: validUntilSchema,
  notes: clearable(multiLineText().max(QUOTATION_NOTES_MAX, M.notesMax)).optional(),
  items: quotationLinesSchema,
};

/** PATCH /crm/quotations/{id}/re-quotation: the new version (spec 3 §7 "body: new version"). */
export const quotationVersionSchema = z.object(versionFields);
export type QuotationVersionInput = z.infer<typeof quotationVersionSchema>;

/** POST /crm/quotations: the quotation and its version 0. */
export const quotationCreateSchema = z.object({
  customer: z.string({ error: M.customerRequired }).min(1, M.customerRequired).pipe(objectIdSchema),
  requirement: z.string({ error: M.requirementRequired }).min(1, M.requirementRequired).pipe(objectIdSchema),
  ...versionFields,
});
export type QuotationInput = z.infer<typeof quotationCreateSchema>;

/** PATCH /crm/quotations/{id}: the active version's fields sent replace the stored ones (it must be Draft). */
export const quotationUpdateSchema = z.object(versionFields).partial();
export type QuotationUpdateInput = z.infer<typeof quotationUpdateSchema>;

/** PATCH /crm/quotations/{id}/review (the path is ours: decision 0015): Approve or Reject Changes. */
export const quotationReviewSchema = z
  .object({
    status: z.enum(['Approved', 'Rejected'], { error: M.reviewStatusInvalid }),
    reason: clearable(multiLineText().max(QUOTATION_REASON_MAX, M.reasonMax)).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'Rejected' && !r.reason?.trim())
      ctx.addIssue({ code: 'custom', path: ['reason'], message: M.reasonRequired });
  });
export type QuotationReviewInput = z.infer<typeof quotationReviewSchema>;
