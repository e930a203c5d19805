import { z } from 'zod';
import { clearable } from '../common/fields.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import {
  CATALOGUE,
  CATALOGUE_DESCRIPTION_MAX,
  CATALOGUE_NAME_MAX,
  type CatalogueKind,
} from './catalogue-list.ts';

const nameSchema = (required: string) =>
  oneLineText({ error: required })
    .min(1, required)
    .max(CATALOGUE_NAME_MAX, `Name must not exceed ${CATALOGUE_NAME_MAX} characters`);

export const catalogueDescriptionSchema = clearable(
  multiLineText().max(
    CATALOGUE_DESCRIPTION_MAX,
    `Description must not exceed ${CATALOGUE_DESCRIPTION_MAX} characters`,
  ),
);

/**
 * Create: name (required, the kind's message) and description; the image travels as the multipart file
 * `image`. createdBy is required by the spec; the server stamps it from the session, so it is never read.
 */
const createSchema = (kind: CatalogueKind) =>
  z.object({
    name: nameSchema(CATALOGUE[kind].nameRequired),
    description: catalogueDescriptionSchema.optional(),
  });

/** Update: the fields sent are replaced; an empty description clears it; deleteImage removes the image. */
const updateSchema = (kind: CatalogueKind) =>
  createSchema(kind).partial().extend({ deleteImage: z.boolean().optional() });

export const CATALOGUE_SCHEMAS = {
  brand: { create: createSchema('brand'), update: updateSchema('brand') },
  category: { create: createSchema('category'), update: updateSchema('category') },
  class: { create: createSchema('class'), update: updateSchema('class') },
} as const;

export type CatalogueInput = z.infer<(typeof CATALOGUE_SCHEMAS)['brand']['create']>;
export type CatalogueUpdateInput = z.infer<(typeof CATALOGUE_SCHEMAS)['brand']['update']>;
export type CatalogueFormValues = { name: string; description: string };

/**
 * A suggestion call with one selected id (spec 3 §7: brands, margins and vendors send `selectedId`;
 * categories and classes a comma list in `selectedIds`, suggestionQuerySchema).
 */
export const singleSuggestionQuerySchema = z.object({
  name: oneLineText().max(100, 'Search text is too long').optional().default(''),
  selectedId: z
    .string()
    .optional()
    .transform((v) => (v ? [v] : []))
    .pipe(z.array(objectIdSchema)),
});
