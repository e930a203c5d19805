import { z } from 'zod';
import { hasAtMostTwoDecimals, isCalendarDay } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { numberFromText } from '../common/values.ts';
import { todayInAppZone } from '../dates.ts';
import {
  INITIAL_STOCK,
  STOCK_LEDGER_MESSAGES as M,
  STOCK_ADJUSTMENT_QUANTITY_MAX,
  STOCK_ADJUSTMENT_REASON_MAX,
  STOCK_ADJUSTMENT_TYPES,
} from './stock-list.ts';

/** Form text arrives as text: read it as a number; an empty one is missing. */
/** A calendar day (YYYY-MM-DD, or a timestamp cut to its day). */
export const ledgerDaySchema = (required: string, invalid = required) =>
  oneLineText({ error: required })
    .min(1, required)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v),
      invalid,
    )
    .transform((v) => v.slice(0, 10));

/** Not after today in India (spec 3 §5: the picker's maximum is today); the server checks with its clock. */
export const isAdjustmentDateAllowed = (day: string, today: string = todayInAppZone()) => day <= today;

/**
 * PATCH /crm/products/stocks/{id}/adjust (spec 3 §5 "Stock adjustment"). The initial price counts only
 * for Initial Stock and is dropped for any other type (the form shows it only then).
 */
export const stockAdjustObjectSchema = z.object({
  type: z.enum(STOCK_ADJUSTMENT_TYPES, { error: M.typeRequired }),
  initialPrice: z
    .preprocess(
      numberFromText,
      z
        .number({ error: M.initialPriceInvalid })
        .finite(M.initialPriceInvalid)
        .min(0, M.initialPriceNegative)
        .max(999_999_999_999, M.initialPriceInvalid)
        .refine(hasAtMostTwoDecimals, M.initialPriceDecimals),
    )
    .nullish(),
  quantity: z.preprocess(
    numberFromText,
    z
      .number({ error: M.quantityRequired })
      .int(M.quantityInteger)
      .positive(M.quantityPositive)
      .max(STOCK_ADJUSTMENT_QUANTITY_MAX, M.quantityMax),
  ),
  reason: multiLineText({ error: M.reasonRequired })
    .min(1, M.reasonRequired)
    .max(STOCK_ADJUSTMENT_REASON_MAX, M.reasonMax),
  date: ledgerDaySchema(M.dateRequired),
});

export const stockAdjustSchema = stockAdjustObjectSchema
  .superRefine(
    (v, ctx) => {
      if (!isAdjustmentDateAllowed(v.date))
        ctx.addIssue({ code: 'custom', path: ['date'], message: M.dateFuture });
    },
    {
      when: (p) =>
        typeof p.value === 'object' && p.value !== null && !p.issues.some((i) => i.path?.[0] === 'date'),
    },
  )
  .transform((v) => ({ ...v, initialPrice: v.type === INITIAL_STOCK ? (v.initialPrice ?? null) : null }));
export type StockAdjustInput = z.infer<typeof stockAdjustSchema>;
