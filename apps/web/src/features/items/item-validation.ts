import { type ItemInput, itemCreateSchema } from '@karya/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { formFieldOf, type ItemFormState, itemRequestFrom } from './item-form-values';

// The item form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

/**
 * The domain's itemCreateSchema (its messages are the spec's) applied to the request the form stands for;
 * each message is put on the field it is about (shipping values on their own inputs).
 */
export const itemResolver: Resolver<ItemFormState> = async (values) => {
  const parsed = itemCreateSchema.safeParse(itemRequestFrom(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)));
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ItemFormState> };
};

/** The item the form sends: the schema's output (trimmed, numbers read, empty values as null). */
export const toItemInput = (values: ItemFormState): ItemInput =>
  itemCreateSchema.parse(itemRequestFrom(values));
