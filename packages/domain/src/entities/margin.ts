import { z } from 'zod';
import { clearable, hasAtMostTwoDecimals } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { CATALOGUE_DESCRIPTION_MAX, CATALOGUE_NAME_MAX } from './catalogue-list.ts';
import {
  MARGIN_MESSAGES,
  MARGIN_PERCENT_MAX,
  MARGIN_PERCENT_MIN,
  MARGIN_TIERS,
  type MarginTier,
} from './margin-list.ts';

/**
 * One tier: a required number from 0 to 100 with at most two decimals, so the value stored (numeric(5,2))
 * is exactly the value sent. Messages are per tier, as spec 3 §5 words them ('T1 cannot be less than 0.').
 */
const tierSchema = (t: MarginTier) =>
  z
    .number({ error: MARGIN_MESSAGES.tierRequired(t) })
    .min(MARGIN_PERCENT_MIN, MARGIN_MESSAGES.tierMin(t))
    .max(MARGIN_PERCENT_MAX, MARGIN_MESSAGES.tierMax(t))
    .refine(hasAtMostTwoDecimals, MARGIN_MESSAGES.tierDecimals(t));

export const marginTiersSchema = z.object(
  Object.fromEntries(MARGIN_TIERS.map((t) => [t, tierSchema(t)])) as Record<
    MarginTier,
    ReturnType<typeof tierSchema>
  >,
  { error: MARGIN_MESSAGES.marginsRequired },
);

const marginFields = {
  name: oneLineText({ error: MARGIN_MESSAGES.nameRequired })
    .min(1, MARGIN_MESSAGES.nameRequired)
    .max(CATALOGUE_NAME_MAX, `Name must not exceed ${CATALOGUE_NAME_MAX} characters`),
  description: clearable(
    multiLineText().max(
      CATALOGUE_DESCRIPTION_MAX,
      `Description must not exceed ${CATALOGUE_DESCRIPTION_MAX} characters`,
    ),
  ).optional(),
  margins: marginTiersSchema,
  isActive: z.boolean({ error: MARGIN_MESSAGES.isActiveRequired }),
};

/** POST /crm/products/margins (JSON). createdBy/updatedBy are stamped from the session, never read. */
export const marginCreateSchema = z.object(marginFields);
export type MarginInput = z.infer<typeof marginCreateSchema>;
/** PATCH /crm/products/margins/{id}: the client sends the whole margin; any field sent is replaced. */
export const marginUpdateSchema = z.object(marginFields).partial();
export type MarginUpdateInput = z.infer<typeof marginUpdateSchema>;
