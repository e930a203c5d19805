import { z } from 'zod';
import { toEnumeration } from '../common/enumeration.ts';
import {
  clearable,
  gstinSchema,
  hasAtMostTwoDecimals,
  PHONE_MESSAGE,
  PHONE_RE,
  whenFieldsValid,
} from '../common/fields.ts';
import { EMAIL_MAX, EMAIL_PATTERN } from '../common/sign-in.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { objectIdSchema } from '../ids.ts';
import {
  COLLEGE_TYPES,
  CUSTOMER_BULK_MAX,
  CUSTOMER_CONTACTS_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_RATING_MAX,
  CUSTOMER_TYPES,
  GOVERNMENT_TYPES,
  INSTITUTE_TYPES,
  CUSTOMER_MESSAGES as M,
  OFFICE_TYPES,
  ORGANIZATION_TYPES,
  PRIVATE_TYPES,
  RATING_CATEGORIES,
  SCHOOL_BOARDS,
} from './customer-list.ts';
import { MARGIN_TIERS } from './margin-list.ts';

/**
 * Customer rules (spec 2 §5 "Customer form", §4 "Customer lifecycle"; decision 0006). One schema for the
 * form, the API, bulk create and each imported row. Branches of the organisation tree that do not apply
 * (an office type under an institute, an organisation of an individual) are dropped before validation, so
 * a form that keeps stale values in hidden fields is not refused for them.
 */

const text = (max: number) => oneLineText().max(max, `Must not exceed ${max} characters`);
/** Notes and other text that may run over several lines (the text rule keeps their new lines). */
const longText = (max: number) => multiLineText().max(max, `Must not exceed ${max} characters`);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * Keep only the keys of an object whose condition holds (a copy; non-objects pass through). Its `type` is
 * first read as the enumeration's value a person meant ('organisation', 'training centre'; issue 23), so the
 * condition sees the value the schema will.
 */
const prune = (v: unknown, types: readonly string[], drop: (o: Record<string, unknown>) => string[]) => {
  if (!isObject(v)) return v;
  const out = { ...v };
  if (out.type !== undefined) out.type = toEnumeration(types)(out.type);
  for (const key of drop(out)) delete out[key];
  return out;
};
/** An enumeration field that takes a value as a person would spell it (common/enumeration.ts). */
const tolerantEnum = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess(toEnumeration(values), z.enum(values, { error }));

/** At least three letters (any script), anywhere in the text (spec 2 §5 'Must include 3 letters'). */
export const hasThreeLetters = (v: string) => (v.match(/\p{L}/gu)?.length ?? 0) >= 3;

const emailSchema = oneLineText().toLowerCase().max(EMAIL_MAX, M.email).regex(EMAIL_PATTERN, M.email);
/** Spaces are stripped as typed (spec 2 §5), then a mobile or landline number. */
const phoneSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
  z.string().regex(PHONE_RE, PHONE_MESSAGE),
);
const WEBSITE_RE =
  /^(https?:\/\/)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const websiteSchema = oneLineText().max(2048, M.website).regex(WEBSITE_RE, M.website);

/** An address part: empty, or at least `min` characters with 3 letters (state: 2 characters, no letter rule). */
const addressPart = (label: string, min: number, letters = true) => {
  const base = text(200).min(min, `${label} must be at least ${min} characters`);
  return clearable(letters ? base.refine(hasThreeLetters, M.letters) : base).optional();
};
export const customerAddressSchema = z.object(
  {
    street: addressPart('Street', 3),
    city: addressPart('City', 3),
    district: addressPart('District', 3),
    state: addressPart('State', 2, false),
    country: addressPart('Country', 3),
    zipCode: clearable(text(20)).optional(),
  },
  { error: 'Address must be an object' },
);

const instituteSchema = z.preprocess(
  (v) =>
    prune(v, INSTITUTE_TYPES, (o) => [
      ...(o.type === 'School' ? [] : ['school']),
      ...(o.type === 'College' ? [] : ['college']),
    ]),
  z
    .object(
      {
        type: tolerantEnum(INSTITUTE_TYPES, M.instituteTypeRequired),
        school: z.object({ board: tolerantEnum(SCHOOL_BOARDS, M.schoolBoardRequired) }).optional(),
        college: z.object({ type: tolerantEnum(COLLEGE_TYPES, M.collegeTypeRequired) }).optional(),
      },
      { error: M.instituteTypeRequired },
    )
    .superRefine((v, ctx) => {
      if (v.type === 'School' && !v.school)
        ctx.addIssue({ code: 'custom', path: ['school', 'board'], message: M.schoolBoardRequired });
      if (v.type === 'College' && !v.college)
        ctx.addIssue({ code: 'custom', path: ['college', 'type'], message: M.collegeTypeRequired });
    }),
);

const governmentSchema = z.preprocess(
  (v) =>
    prune(v, GOVERNMENT_TYPES, (o) => [
      ...(o.type === 'Office' ? [] : ['office']),
      ...(o.type === 'Institute' ? [] : ['institute']),
    ]),
  z
    .object(
      {
        type: tolerantEnum(GOVERNMENT_TYPES, M.governmentTypeRequired),
        office: z.object({ type: tolerantEnum(OFFICE_TYPES, M.officeTypeRequired) }).optional(),
        institute: instituteSchema.optional(),
      },
      { error: M.governmentTypeRequired },
    )
    .superRefine((v, ctx) => {
      if (v.type === 'Office' && !v.office)
        ctx.addIssue({ code: 'custom', path: ['office', 'type'], message: M.officeTypeRequired });
      if (v.type === 'Institute' && !v.institute)
        ctx.addIssue({ code: 'custom', path: ['institute', 'type'], message: M.instituteTypeRequired });
    }),
);

const privateSchema = z.preprocess(
  (v) => prune(v, PRIVATE_TYPES, (o) => (o.type === 'Institute' ? [] : ['institute'])),
  z
    .object(
      {
        type: tolerantEnum(PRIVATE_TYPES, M.privateTypeRequired),
        institute: instituteSchema.optional(),
      },
      { error: M.privateTypeRequired },
    )
    .superRefine((v, ctx) => {
      if (v.type === 'Institute' && !v.institute)
        ctx.addIssue({ code: 'custom', path: ['institute', 'type'], message: M.instituteTypeRequired });
    }),
);

/** Organisation tree (spec 2 §3): Government → office or institute; Private → institute. */
export const customerOrganizationSchema = z.preprocess(
  (v) =>
    prune(v, ORGANIZATION_TYPES, (o) => [
      ...(o.type === 'Government' ? [] : ['government']),
      ...(o.type === 'Private' ? [] : ['private']),
    ]),
  z
    .object(
      {
        type: tolerantEnum(ORGANIZATION_TYPES, M.organizationTypeRequired),
        government: governmentSchema.optional(),
        private: privateSchema.optional(),
      },
      { error: M.organizationTypeRequired },
    )
    .superRefine((v, ctx) => {
      if (v.type === 'Government' && !v.government)
        ctx.addIssue({ code: 'custom', path: ['government', 'type'], message: M.governmentTypeRequired });
      if (v.type === 'Private' && !v.private)
        ctx.addIssue({ code: 'custom', path: ['private', 'type'], message: M.privateTypeRequired });
    }),
);
export type CustomerOrganizationInput = z.infer<typeof customerOrganizationSchema>;

export const customerContactSchema = z.object(
  {
    name: oneLineText({ error: M.contactNameRequired })
      .min(1, M.contactNameRequired)
      .min(5, M.contactNameShort)
      .max(100, 'Contact name must not exceed 100 characters')
      .refine(hasThreeLetters, M.letters),
    designation: clearable(text(100)).optional(),
    // Empty becomes undefined (spec 2 §5): stored as none.
    email: clearable(emailSchema).optional(),
    phone: clearable(phoneSchema).optional(),
  },
  { error: 'Contact must be an object' },
);
export type CustomerContactInput = z.infer<typeof customerContactSchema>;

const wholeNumber = (message: string, min: number, max: () => number) =>
  clearable(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: message })
        .int(message)
        .min(min, message)
        .refine((n) => n <= max(), message),
    ),
  ).optional();

export const customerAdditionalInfoSchema = z.object(
  {
    establishmentYear: wholeNumber(M.establishmentYear, 1800, () => new Date().getFullYear()),
    numberOfStudents: wholeNumber(M.numberOfStudents, 0, () => 10_000_000),
    coursesOffered: clearable(longText(1000)).optional(),
    notes: clearable(longText(5000)).optional(),
  },
  { error: 'Additional information must be an object' },
);

const userIds = z
  .array(objectIdSchema, { error: 'Must be a list of user ids' })
  .max(50, 'At most 50 users may be chosen')
  .transform((ids) => [...new Set(ids)]);

const customerFields = {
  type: tolerantEnum(CUSTOMER_TYPES, M.typeRequired),
  name: oneLineText({ error: M.nameRequired })
    .min(1, M.nameRequired)
    .max(CUSTOMER_NAME_MAX, `Name must not exceed ${CUSTOMER_NAME_MAX} characters`),
  email: clearable(emailSchema).optional(),
  phone: clearable(phoneSchema).optional(),
  website: clearable(websiteSchema).optional(),
  /** GSTIN (issue 12): upper-cased, check character verified; its state is the place of supply. */
  gstin: clearable(gstinSchema).optional(),
  address: customerAddressSchema.nullish(),
  organization: customerOrganizationSchema.nullish(),
  contacts: z
    .array(customerContactSchema, { error: 'Contacts must be a list' })
    .max(CUSTOMER_CONTACTS_MAX, M.contactsMax)
    .optional(),
  additionalInfo: customerAdditionalInfoSchema.nullish(),
  rating: clearable(
    z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: M.ratingRange })
        .min(0, M.ratingRange)
        .max(CUSTOMER_RATING_MAX, M.ratingRange)
        .refine(hasAtMostTwoDecimals, 'Rating can have at most 2 decimal places'),
    ),
  ).optional(),
  ratingCategory: clearable(tolerantEnum(RATING_CATEGORIES, M.ratingCategoryRequired)).optional(),
  marginTier: clearable(tolerantEnum(MARGIN_TIERS, M.marginTier)).optional(),
  verified: z.boolean({ error: 'Verified must be true or false' }).optional(),
  assignedTo: userIds.optional(),
  reAssignedTo: userIds.optional(),
};

/** The customer object before the cross-field rules: update's partial form is built from it. */
export const customerObjectSchema = z.object(customerFields);

/** Choosing Individual clears the organisation and the contacts' designations (spec 2 §4). */
const clearForIndividual = (v: unknown) => {
  if (!isObject(v) || toEnumeration(CUSTOMER_TYPES)(v.type) !== 'Individual') return v;
  const contacts = Array.isArray(v.contacts)
    ? v.contacts.map((c) => (isObject(c) ? { ...c, designation: null } : c))
    : v.contacts;
  return { ...v, organization: null, ...(contacts === undefined ? {} : { contacts }) };
};

/** A rating above 0 needs its category (decision 0006: the only place the category applies). */
const ratingNeedsCategory = (
  v: { rating?: number | null; ratingCategory?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (v.rating && !v.ratingCategory)
    ctx.addIssue({ code: 'custom', path: ['ratingCategory'], message: M.ratingCategoryRequired });
};

export const customerCreateSchema = z.preprocess(
  clearForIndividual,
  customerObjectSchema.superRefine(ratingNeedsCategory, {
    when: whenFieldsValid('rating', 'ratingCategory'),
  }),
);
export type CustomerInput = z.infer<typeof customerCreateSchema>;

/**
 * PATCH: the fields sent are replaced, an empty one clears it. The server merges them into the stored
 * customer and checks the whole with customerCreateSchema, so the cross-field rules hold after any update.
 */
export const customerUpdateSchema = customerObjectSchema.partial();
export type CustomerUpdateInput = z.infer<typeof customerUpdateSchema>;

/**
 * POST /crm/customers/bulk: a list of customers (the quick dialog sends names; the import whole rows), each
 * checked by the customer rules; createdBy rides along in the spec's clients and is stamped from the session
 * instead. A row without a type is an Organization (the quick dialog has only names). Names must differ.
 */
export const customerBulkCreateSchema = z
  .array(
    z.preprocess(
      (v) => (isObject(v) && v.type === undefined ? { ...v, type: 'Organization' } : v),
      customerCreateSchema,
    ),
    { error: M.bulkEmpty },
  )
  .min(1, M.bulkEmpty)
  .max(CUSTOMER_BULK_MAX, M.bulkTooMany)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = row.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: M.bulkDuplicate });
      seen.add(key);
    });
  });
export type CustomerBulkInput = z.infer<typeof customerBulkCreateSchema>;

/** POST /crm/customers/check-names: a list of names; blanks are ignored. */
export const customerCheckNamesSchema = z
  .array(oneLineText({ error: 'Names must be text' }, 'Name').max(CUSTOMER_NAME_MAX, 'Name is too long'), {
    error: M.bulkEmpty,
  })
  .max(CUSTOMER_BULK_MAX, M.bulkTooMany)
  .transform((names) => names.filter(Boolean))
  .pipe(z.array(z.string()).min(1, M.bulkEmpty));

/** PATCH /crm/customers/{id}/feedback: 1 to 5 stars (0 or none: not rated yet) and a comment. */
export const customerFeedbackSchema = z.object({
  rating: z.preprocess(
    (v) => (v === 0 || v === null || v === '' ? undefined : v),
    z.number({ error: M.feedbackStar }).int(M.feedbackRange).min(1, M.feedbackRange).max(5, M.feedbackRange),
  ),
  comment: clearable(longText(2000)).optional(),
});
export type CustomerFeedbackInput = z.infer<typeof customerFeedbackSchema>;
