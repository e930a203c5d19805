import { quotationCreateSchema, quotationUpdateSchema, quotationVersionSchema } from '@karya/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  formFieldOf,
  lineIssue,
  type QuotationFormMode,
  type QuotationFormState,
  quotationRequestFrom,
} from './quotation-form-values';

// The quotation form's validation, loaded as the form renders (lib/lazy-validation.ts).

const schemaOf = (mode: QuotationFormMode) =>
  mode === 'create'
    ? quotationCreateSchema
    : mode === 'update'
      ? quotationUpdateSchema
      : quotationVersionSchema;

/**
 * The domain's rules (spec 3 §5 messages) applied to what the form stands for; each message is put on its
 * field, a line's on the items ('Item 2: Quantity must be greater than 0').
 */
export const quotationResolver =
  (mode: QuotationFormMode, storedValidUntil: string | null): Resolver<QuotationFormState> =>
  async (values) => {
    const parsed = schemaOf(mode).safeParse(quotationRequestFrom(values, mode, storedValidUntil));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const field = formFieldOf(path);
      if (!field || errors[field]) continue;
      errors[field] = { type: issue.code, message: lineIssue(path, issue.message) };
    }
    return { values: {}, errors: errors as FieldErrors<QuotationFormState> };
  };

/** The body the form sends: the schema's output (numbers read, trimmed, empty notes as null). */
export const toQuotationInput = (
  values: QuotationFormState,
  mode: QuotationFormMode,
  storedValidUntil: string | null,
) =>
  schemaOf(mode).parse(quotationRequestFrom(values, mode, storedValidUntil)) as unknown as Record<
    string,
    unknown
  >;
