import { requirementFormSchema, requirementItemSchema } from '@karya/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  formFieldOf,
  type ItemLineState,
  type RequirementFormState,
  requirementRequestFrom,
} from './requirement-form-values';

// The requirement form's validation, loaded as the form renders (lib/lazy-validation.ts).

/**
 * The domain's rules (spec 2 §5 messages) applied to what the form stands for; each message is put on its
 * field, an item line's on the items editor ('Item 2: Quantity must be greater than 0').
 */
export const requirementResolver =
  (mode: 'create' | 'update', storedPurchaseDate: string | null): Resolver<RequirementFormState> =>
  async (values) => {
    const parsed = requirementFormSchema(mode === 'update' ? storedPurchaseDate : undefined).safeParse(
      requirementRequestFrom(values, mode),
    );
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const field = formFieldOf(path);
      if (!field || errors[field]) continue;
      const message =
        field === 'items' &&
        typeof path[1] === 'number' &&
        issue.message !== 'This item is already listed below'
          ? `Item ${path[1] + 1}: ${issue.message}`
          : issue.message;
      errors[field] = { type: issue.code, message };
    }
    return { values: {}, errors: errors as FieldErrors<RequirementFormState> };
  };

/** The body the form sends: the schema's output (numbers read, trimmed, empty as null). */
export const toRequirementInput = (
  values: RequirementFormState,
  mode: 'create' | 'update',
  stored: string | null,
) =>
  requirementFormSchema(mode === 'update' ? stored : undefined).parse(
    requirementRequestFrom(values, mode),
  ) as Record<string, unknown>;

/** One line of the items editor checked on Add: its messages by field. */
export const checkItemLine = (line: ItemLineState): Partial<Record<'item' | 'quantity' | 'note', string>> => {
  const parsed = requirementItemSchema.safeParse({
    item: line.item,
    quantity: line.quantity,
    note: line.note,
  });
  if (parsed.success) return {};
  const errors: Partial<Record<'item' | 'quantity' | 'note', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'item' || key === 'quantity' || key === 'note') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
};
