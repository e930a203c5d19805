import { z } from 'zod';
import { clearable, hasAtMostTwoDecimals } from '../common/fields.ts';
import { gstRateMessageOn, isGstRateOn } from '../common/gst-slabs.ts';
import { DEFAULT_GST_RATE, GST_RATES } from '../common/money.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { numberFromText } from '../common/values.ts';
import { objectIdSchema } from '../ids.ts';
import {
  TRADE_MESSAGES as M,
  PURCHASE_MESSAGES,
  TRADE_INVOICE_NO_MAX,
  TRADE_INVOICE_NO_MIN,
  TRADE_LINES_MAX,
  TRADE_NOTES_MAX,
  TRADE_PRICE_MAX,
  TRADE_QUANTITY_MAX,
} from './purchase-list.ts';
import { ledgerDaySchema } from './stock.ts';

/**
 * Purchase and sale rules (spec 3 §5 "Purchase and sale"; decision 0011). Totals are never read from a
 * request: the server computes them from the lines (fields outside these schemas are dropped).
 */

export const tradeQuantitySchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.quantityMin })
    .int(M.quantityInteger)
    .min(1, M.quantityMin)
    .max(TRADE_QUANTITY_MAX, M.quantityMax),
);

export const tradePriceSchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.priceRequired })
    .finite(M.priceRequired)
    .min(0, M.priceNegative)
    .max(TRADE_PRICE_MAX, M.priceMax)
    .refine(hasAtMostTwoDecimals, M.priceDecimals),
);

/**
 * A line's GST: a rate of some period (gst-slabs.ts), 18 when not given. Whether it is in force on the
 * document's date is the document's check (datedGstIssues), since a line does not know its date.
 */
export const tradeGstSchema = z
  .preprocess(
    numberFromText,
    z
      .number({ error: () => gstRateMessageOn(new Date()) })
      .refine((v) => GST_RATES.includes(v), { error: () => gstRateMessageOn(new Date()) }),
  )
  .optional()
  .transform((v) => v ?? DEFAULT_GST_RATE);

/**
 * Each line whose rate is not in force on the document's day, as an issue on that line's GST: the server
 * runs it on every write (a PATCH may send lines without the date), the forms through the schemas below.
 */
export const datedGstIssues = (lines: readonly { gst?: number }[], day: string | Date) => {
  const message = gstRateMessageOn(day);
  return lines.flatMap((l, i) =>
    l.gst === undefined || isGstRateOn(l.gst, day) ? [] : [{ path: ['items', i, 'gst'], message }],
  );
};

/** The dated check on a document schema, when both its date and its lines are there. */
export const withDatedGst = <T extends z.ZodType<{ invoiceDate?: string; items?: { gst?: number }[] }>>(
  schema: T,
) =>
  schema.superRefine((v, ctx) => {
    // A date or lines that failed their own checks are reported by those (refinements still run here).
    if (typeof v.invoiceDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.invoiceDate)) return;
    if (!Array.isArray(v.items)) return;
    for (const issue of datedGstIssues(v.items, v.invoiceDate)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const tradeItemIdSchema = z
  .string({ error: M.itemRequired })
  .min(1, M.itemRequired)
  .pipe(objectIdSchema);

/** Lines: at least one, each item once ('This item is already listed below'). */
export const tradeLinesSchema = <T extends z.ZodType<{ item: string }>>(line: T) =>
  z
    .array(line, { error: M.itemsRequired })
    .min(1, M.itemsRequired)
    .max(TRADE_LINES_MAX, M.itemsTooMany)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.item)) ctx.addIssue({ code: 'custom', path: [i, 'item'], message: M.itemDuplicate });
        seen.add(l.item);
      });
    });

export const tradeDocumentFields = {
  invoiceNo: oneLineText({ error: M.invoiceNoRequired })
    .min(1, M.invoiceNoRequired)
    .min(TRADE_INVOICE_NO_MIN, M.invoiceNoMin)
    .max(TRADE_INVOICE_NO_MAX, M.invoiceNoMax),
  invoiceDate: ledgerDaySchema(M.invoiceDateRequired),
  notes: clearable(multiLineText().max(TRADE_NOTES_MAX, M.notesMax)).optional(),
};

export const purchaseLineSchema = z.object(
  {
    item: tradeItemIdSchema,
    quantity: tradeQuantitySchema,
    pricePerUnit: tradePriceSchema,
    gst: tradeGstSchema,
  },
  { error: M.itemRequired },
);
export type PurchaseLineInput = z.infer<typeof purchaseLineSchema>;

const purchaseFields = {
  vendor: z
    .string({ error: PURCHASE_MESSAGES.vendorRequired })
    .min(1, PURCHASE_MESSAGES.vendorRequired)
    .pipe(objectIdSchema),
  ...tradeDocumentFields,
  items: tradeLinesSchema(purchaseLineSchema),
};

/** POST /crm/products/purchases. */
export const purchaseCreateSchema = withDatedGst(z.object(purchaseFields));
export type PurchaseInput = z.infer<typeof purchaseCreateSchema>;
/** PATCH /crm/products/purchases/{id}: the fields sent replace the stored ones; items replace every line. */
export const purchaseUpdateSchema = withDatedGst(z.object(purchaseFields).partial());
export type PurchaseUpdateInput = z.infer<typeof purchaseUpdateSchema>;
