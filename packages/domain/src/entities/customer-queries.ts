import { z } from 'zod';
import { oneLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import { CUSTOMER_NAME_MAX, CUSTOMER_MESSAGES as M } from './customer-list.ts';

// The customer queries' rules (suggestion, check, duplicates): the record's own rules are in customer.ts.

/**
 * A customer number as the suggestion takes it: digits, with or without the CI prefix, or nothing
 * (CUSTOMER_ID_FILTER_RE, or empty). Written without the i flag so the OpenAPI document's `pattern` (which
 * has no flags) says exactly what is accepted, and clients and the SQL-injection scan can send a valid value.
 */
const CUSTOMER_NUMBER_PARAM_RE = /^(?:(?:[Cc][Ii])?[0-9]{1,9})?$/;

/** GET /crm/customers/suggestion: by name, or by number when the box has a digit; selected ones first. */
export const customerSuggestionQuerySchema = z.object({
  name: oneLineText().max(100, 'Search text is too long').optional().default(''),
  customerId: oneLineText()
    .regex(CUSTOMER_NUMBER_PARAM_RE, M.customerIdInvalid)
    .optional()
    .transform((v) => (v ? Number(v.replace(/^CI/i, '')) : undefined)),
  selectedId: objectIdSchema.optional(),
  selectedIds: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(objectIdSchema).max(100, 'Too many selected ids')),
});
export type CustomerSuggestionQuery = z.infer<typeof customerSuggestionQuerySchema>;

/** GET /crm/customers/check: the check-existence page's search. */
export const customerCheckQuerySchema = z.object({
  name: oneLineText().max(100, 'Search text is too long').optional().default(''),
});

/** At most this many customers are checked for likely duplicates in one call (a bulk form, an import chunk). */
export const CUSTOMER_DUPLICATE_CHECK_MAX = 1000;
const duplicateField = (max: number) => oneLineText().max(max, 'Text is too long').optional().default('');

/**
 * POST /crm/customers/duplicates: likely duplicates of customers about to be created (issue 11, the
 * duplicate guard): a similar name in the same city or district, the same phone, the same e-mail.
 */
export const customerDuplicateCheckSchema = z
  .object({
    customers: z
      .array(
        z
          .object({
            name: duplicateField(CUSTOMER_NAME_MAX),
            city: duplicateField(100),
            district: duplicateField(100),
            phone: duplicateField(30),
            email: duplicateField(200),
          })
          .strict(),
        { error: 'customers must be a list' },
      )
      .min(1, 'No customers to check')
      .max(
        CUSTOMER_DUPLICATE_CHECK_MAX,
        `At most ${CUSTOMER_DUPLICATE_CHECK_MAX} customers can be checked at once`,
      ),
    /** The customer being edited, never its own duplicate. */
    excludeId: objectIdSchema.optional(),
  })
  .strict();
export type CustomerDuplicateCheck = z.infer<typeof customerDuplicateCheckSchema>;

export type CustomerDuplicateReason = 'name' | 'phone' | 'email';
/** A live customer that looks like one being created; `visible`: the caller may open it (row scope). */
export type CustomerDuplicateMatch = {
  _id: string;
  customerId: number;
  name: string;
  city: string | null;
  district: string | null;
  reasons: CustomerDuplicateReason[];
  visible: boolean;
};
/** Per checked customer (its index in the list) with at least one match. */
export type CustomerDuplicates = { index: number; matches: CustomerDuplicateMatch[] }[];
