import {
  type CustomerContactInput,
  type CustomerInput,
  customerContactSchema,
  customerCreateSchema,
} from '@karya/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type ContactState,
  type CustomerFormState,
  customerRequestFrom,
  formFieldOf,
} from './customer-form-values';

// The customer form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

/**
 * The domain's customerCreateSchema (its messages are the spec's) applied to the request the form stands
 * for; each message is put on the field it is about (a contact's on the contacts editor).
 */
export const customerResolver: Resolver<CustomerFormState> = async (values) => {
  const parsed = customerCreateSchema.safeParse(customerRequestFrom(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const field = formFieldOf(path);
    if (!field || errors[field]) continue;
    const message =
      field === 'contacts' && typeof path[1] === 'number'
        ? `Contact ${path[1] + 1}: ${issue.message}`
        : issue.message;
    errors[field] = { type: issue.code, message };
  }
  return { values: {}, errors: errors as FieldErrors<CustomerFormState> };
};

/** The customer the form sends: the schema's output (trimmed, numbers read, empty values as null). */
export const toCustomerInput = (values: CustomerFormState): CustomerInput =>
  customerCreateSchema.parse(customerRequestFrom(values)) as CustomerInput;

/** A contact of the contacts editor checked on Add: its messages by field, or the contact as sent. */
export const checkContact = (
  contact: ContactState,
  organization: boolean,
):
  | { ok: true; contact: CustomerContactInput }
  | { ok: false; errors: Partial<Record<keyof ContactState, string>> } => {
  const parsed = customerContactSchema.safeParse({
    ...contact,
    designation: organization ? contact.designation : '',
  });
  if (parsed.success) return { ok: true, contact: parsed.data };
  const errors: Partial<Record<keyof ContactState, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as keyof ContactState] = issue.message;
  }
  return { ok: false, errors };
};
