import { z } from 'zod';
import { clearable, hasAtMostTwoDecimals } from '../common/fields.ts';
import {
  GST_ZERO_KIND_MESSAGE,
  GST_ZERO_KINDS,
  gstRatesInForceMessage,
  isGstRateOn,
} from '../common/gst-slabs.ts';
import { HSN_MESSAGE, HSN_RE } from '../common/money.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import {
  ITEM_BULK_MAX,
  ITEM_DESCRIPTION_MAX,
  ITEM_IMAGES_MAX,
  ITEM_MESSAGES,
  ITEM_NAME_MAX,
  ITEM_RATING_MAX,
  ITEM_STATES,
  ITEM_TEXT_MAX,
  STOCK_MESSAGES,
  UQC_CODES,
} from './item-list.ts';

const text = (max: number) => oneLineText().max(max, `Must not exceed ${max} characters`);
const longText = (max: number) => multiLineText().max(max, `Must not exceed ${max} characters`);

/** Multipart sends numbers as text: '' is empty (cleared), other text must read as a number. */
const numeric = <T extends z.ZodType>(schema: T) =>
  clearable(z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), schema));

const nonNegative = z
  .number({ error: ITEM_MESSAGES.numberInvalid })
  .finite(ITEM_MESSAGES.numberInvalid)
  .min(0, ITEM_MESSAGES.notNegative)
  .max(1_000_000_000, 'Must not exceed 1,000,000,000')
  .refine(hasAtMostTwoDecimals, 'Can have at most 2 decimal places');

/** Shipping values (spec 3 §3): weight in kg, dimensions in m; each optional, never negative. */
const measure = numeric(
  z
    .number({ error: ITEM_MESSAGES.numberInvalid })
    .finite(ITEM_MESSAGES.numberInvalid)
    .min(0, ITEM_MESSAGES.notNegative)
    .max(100_000, 'Must not exceed 100,000')
    .refine((v) => /^-?\d+(\.\d{1,3})?$/.test(String(v)), 'Can have at most 3 decimal places'),
).optional();

export const itemShippingSchema = z.object(
  {
    weight: measure,
    dimensions: z
      .object({ length: measure, width: measure, height: measure }, { error: 'Dimensions must be an object' })
      .nullish(),
  },
  { error: 'Shipping must be an object' },
);

/** A list of references (categories, classes): JSON text in a multipart form; '' is none. */
const idList = z.preprocess(
  (v) => (v === '' || v === null ? [] : v),
  z
    .array(objectIdSchema, { error: 'Must be a list of ids' })
    .max(50, 'At most 50 may be chosen')
    .transform((ids) => [...new Set(ids)]),
);

/**
 * Item fields (spec 3 §3, §5). Only the name is required; GST one of the slabs in force (issue 27); HSN/SAC 4, 6 or 8 digits
 * (beyond the spec: Indian tax invoices need it). Images travel as multipart files `images` (at most 5
 * counting kept ones), the specification as the file `specifications`; categories, classes and shipping as
 * JSON text. createdBy and updatedBy are stamped from the session, never read.
 */
const itemFields = {
  name: oneLineText({ error: ITEM_MESSAGES.nameRequired })
    .min(1, ITEM_MESSAGES.nameRequired)
    .max(ITEM_NAME_MAX, `Name must not exceed ${ITEM_NAME_MAX} characters`),
  modalNo: clearable(text(ITEM_TEXT_MAX)).optional(),
  description: clearable(longText(ITEM_DESCRIPTION_MAX)).optional(),
  brand: clearable(objectIdSchema).optional(),
  categories: idList.optional(),
  classes: idList.optional(),
  margin: clearable(objectIdSchema).optional(),
  // A new item's rate must be in force today (gst-slabs.ts); an item stored with a retired one keeps it
  // until someone sets a current one (the verification queue lists it).
  gst: numeric(
    z
      .number({ error: () => gstRatesInForceMessage(new Date()) })
      .refine((v) => isGstRateOn(v, new Date()), { error: () => gstRatesInForceMessage(new Date()) }),
  ).optional(),
  /** At 0%: printed as Nil rated or Exempt, which the law tells apart. */
  gstZeroKind: clearable(z.enum(GST_ZERO_KINDS, { error: GST_ZERO_KIND_MESSAGE })).optional(),
  hsnCode: clearable(oneLineText().regex(HSN_RE, HSN_MESSAGE)).optional(),
  uqc: z.enum(UQC_CODES, { error: ITEM_MESSAGES.uqcInvalid }).optional(),
  shipping: z.preprocess((v) => (v === '' ? null : v), itemShippingSchema.nullable()).optional(),
  state: z.enum(ITEM_STATES, { error: ITEM_MESSAGES.stateInvalid }).optional(),
  targetPrice: numeric(nonNegative).optional(),
  preferredBrand: clearable(text(ITEM_TEXT_MAX)).optional(),
  rating: numeric(
    z
      .number({ error: 'Rating must be a number' })
      .min(0, ITEM_MESSAGES.ratingMin)
      .max(ITEM_RATING_MAX, ITEM_MESSAGES.ratingMax)
      .refine(hasAtMostTwoDecimals, ITEM_MESSAGES.ratingDecimals),
  ).optional(),
};

/** A 0% rate says which kind of 0% it is (checked again on the server against the stored item). */
export const itemZeroKindIssue = (v: { gst?: number | null; gstZeroKind?: string | null }) =>
  v.gst === 0 && !v.gstZeroKind ? { path: ['gstZeroKind'], message: GST_ZERO_KIND_MESSAGE } : null;

export const itemCreateSchema = z.object(itemFields).superRefine((v, ctx) => {
  const issue = itemZeroKindIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', ...issue });
});
export type ItemInput = z.infer<typeof itemCreateSchema>;

/**
 * Update: the fields sent are replaced, an empty one clears it; `deletedImages` names stored images (their
 * ids) to remove, `deleteSpecifications` removes the stored specification (both need delete-file; a new
 * specification replaces the old one without it, spec 3 §5).
 */
export const itemUpdateSchema = z
  .object(itemFields)
  .partial()
  .extend({
    deletedImages: z.preprocess(
      (v) => (v === '' || v === null ? [] : v),
      z.array(objectIdSchema, { error: 'Must be a list of ids' }).max(ITEM_IMAGES_MAX),
    ),
    deleteSpecifications: z.boolean().optional(),
  })
  .partial();
export type ItemUpdateInput = z.infer<typeof itemUpdateSchema>;

/** The multipart fields sent as JSON text, and those read as booleans. */
export const ITEM_JSON_FIELDS = ['categories', 'classes', 'shipping', 'deletedImages'] as const;
export const ITEM_BOOLEAN_FIELDS = ['deleteSpecifications'] as const;

/**
 * POST /crm/products/items/bulk (spec 3 §7: a list of {name, createdBy, updatedBy}; the stamps come from
 * the session). Names are trimmed and blanks ignored; none left is 'No items to add'; a name twice in the
 * list is refused with the queue's own message.
 */
export const itemBulkCreateSchema = z
  .array(z.object({ name: oneLineText({ error: ITEM_MESSAGES.nameRequired }) }), {
    error: ITEM_MESSAGES.bulkEmpty,
  })
  .max(ITEM_BULK_MAX, ITEM_MESSAGES.bulkTooMany)
  .transform((rows) => rows.map((r) => r.name).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(ITEM_NAME_MAX, `Name must not exceed ${ITEM_NAME_MAX} characters`))
      .min(1, ITEM_MESSAGES.bulkEmpty)
      .refine(
        (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
        ITEM_MESSAGES.bulkDuplicate,
      ),
  );

/** PATCH /crm/products/stocks/{id}/update-price: the price to show, in rupees. */
export const stockPriceSchema = z.object({
  price: z
    .number({ error: STOCK_MESSAGES.priceInvalid })
    .finite(STOCK_MESSAGES.priceInvalid)
    .min(0, STOCK_MESSAGES.priceNegative)
    .max(1_000_000_000, 'Price must not exceed 1,000,000,000')
    .refine(hasAtMostTwoDecimals, STOCK_MESSAGES.priceDecimals),
});
export type StockPriceInput = z.infer<typeof stockPriceSchema>;
