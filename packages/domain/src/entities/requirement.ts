import { z } from 'zod';
import { clearable, hasAtMostTwoDecimals, isCalendarDay } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { numberFromText } from '../common/values.ts';
import { todayInAppZone } from '../dates.ts';
import { objectIdSchema } from '../ids.ts';
import {
  REQUIREMENT_MESSAGES as M,
  REQUIREMENT_BUDGET_MAX,
  REQUIREMENT_ITEMS_MAX,
  REQUIREMENT_NOTE_MAX,
  REQUIREMENT_NOTES_MAX,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_QUANTITY_MAX,
  REQUIREMENT_STATUSES,
  REQUIREMENT_TITLE_MAX,
  REQUIREMENT_TITLE_MIN,
  REQUIREMENT_TYPES,
} from './requirement-list.ts';

/**
 * Requirement rules (spec 2 §5 "Requirement form"; decision 0008). The form and the API share them. Numbers
 * typed in a form arrive as text and are read here; an empty one is missing.
 */

export const requirementTitleSchema = oneLineText({ error: M.titleMin })
  .min(REQUIREMENT_TITLE_MIN, M.titleMin)
  .max(REQUIREMENT_TITLE_MAX, M.titleMax);

export const requirementQuantitySchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.quantityInteger })
    .int(M.quantityInteger)
    .positive(M.quantityPositive)
    .max(REQUIREMENT_QUANTITY_MAX, M.quantityMax),
);

/** One line of the items editor: an item of the catalogue, how many, and a note. */
export const requirementItemSchema = z.object(
  {
    item: z.string({ error: M.itemRequired }).min(1, M.itemRequired).pipe(objectIdSchema),
    quantity: requirementQuantitySchema,
    note: clearable(oneLineText().max(REQUIREMENT_NOTE_MAX, M.noteMax)).optional(),
  },
  { error: M.itemRequired },
);
export type RequirementItemInput = z.infer<typeof requirementItemSchema>;

const itemsSchema = z
  .array(requirementItemSchema, { error: M.itemsRequired })
  .min(1, M.itemsRequired)
  .max(REQUIREMENT_ITEMS_MAX, M.itemsTooMany)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (seen.has(line.item)) ctx.addIssue({ code: 'custom', path: [i, 'item'], message: M.itemDuplicate });
      seen.add(line.item);
    });
  });

const budgetSchema = z.preprocess(
  numberFromText,
  z
    .number({ error: M.budgetPositive })
    .positive(M.budgetPositive)
    .max(REQUIREMENT_BUDGET_MAX, M.budgetMax)
    .refine(hasAtMostTwoDecimals, M.budgetDecimals),
);

/** A calendar day (YYYY-MM-DD, or a timestamp cut to its day). Whether it may lie in the past is the caller's. */
const purchaseDaySchema = oneLineText({ error: M.purchaseDateRequired })
  .min(1, M.purchaseDateRequired)
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v),
    M.purchaseDateInvalid,
  )
  .transform((v) => v.slice(0, 10));

/** Today or later in India (spec 2 §5); `today` is the caller's clock (the server's, in its tests). */
export const isPurchaseDateAllowed = (day: string, today: string = todayInAppZone()) => day >= today;

const requirementFields = {
  title: requirementTitleSchema,
  customer: z.string({ error: M.customerRequired }).min(1, M.customerRequired).pipe(objectIdSchema),
  type: z.enum(REQUIREMENT_TYPES, { error: M.typeInvalid }),
  priority: z.enum(REQUIREMENT_PRIORITIES, { error: M.priorityRequired }),
  items: itemsSchema,
  budget: budgetSchema,
  purchaseDate: purchaseDaySchema,
  notes: clearable(multiLineText().max(REQUIREMENT_NOTES_MAX, M.notesMax)).optional(),
};

/**
 * POST /crm/requirements: a new requirement is Open (spec 2 §4), so a status sent is dropped; the purchase
 * date is today or later.
 */
/** Every field checked, whatever day the purchase date is (an update merged with the stored requirement). */
export const requirementObjectSchema = z.object(requirementFields);

export const requirementCreateSchema = requirementObjectSchema.superRefine(
  (v, ctx) => {
    if (!isPurchaseDateAllowed(v.purchaseDate))
      ctx.addIssue({ code: 'custom', path: ['purchaseDate'], message: M.purchaseDateFuture });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type RequirementInput = z.infer<typeof requirementCreateSchema>;

/**
 * PATCH /crm/requirements/{id}: the fields sent replace the stored ones. The customer may be sent but not
 * changed (locked on update); the status is editable. A purchase date already stored may stay in the past;
 * a changed one must be today or later (checked by the server against the stored value, decision 0008).
 */
export const requirementUpdateSchema = z
  .object({
    ...requirementFields,
    status: z.enum(REQUIREMENT_STATUSES, { error: M.statusRequired }),
  })
  .partial();
export type RequirementUpdateInput = z.infer<typeof requirementUpdateSchema>;

/** The form's whole update (every field), checked before sending; a stored past date is allowed. */
export const requirementFormSchema = (storedPurchaseDate?: string | null) =>
  z
    .object({
      ...requirementFields,
      status: z.enum(REQUIREMENT_STATUSES, { error: M.statusRequired }).optional(),
    })
    .superRefine(
      (v, ctx) => {
        if (v.purchaseDate !== storedPurchaseDate && !isPurchaseDateAllowed(v.purchaseDate))
          ctx.addIssue({ code: 'custom', path: ['purchaseDate'], message: M.purchaseDateFuture });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );

/**
 * A requirement number as the suggestion takes it: digits, with or without the RI prefix, or nothing.
 * Without the i flag so the OpenAPI `pattern` says exactly what is accepted.
 */
const REQUIREMENT_NUMBER_PARAM_RE = /^(?:(?:[Rr][Ii])?[0-9]{1,9})?$/;

/** GET /crm/requirements/suggestion (spec 2 §7: title, requirementId, selectedId, customerId). */
export const requirementSuggestionQuerySchema = z.object({
  title: oneLineText().max(100, 'Search text is too long').optional().default(''),
  requirementId: oneLineText()
    .regex(REQUIREMENT_NUMBER_PARAM_RE, M.requirementIdInvalid)
    .optional()
    .transform((v) => (v ? Number(v.replace(/^RI/i, '')) : undefined)),
  selectedId: objectIdSchema.optional(),
  /** Only this customer's requirements (the follow-up form's picker). */
  customerId: objectIdSchema.optional(),
});
export type RequirementSuggestionQuery = z.infer<typeof requirementSuggestionQuerySchema>;
