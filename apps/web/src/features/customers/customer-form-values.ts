// Deliberate import circle with ./customer-validation.ts (loaded lazily): keeps zod out of the first paint.
import {
  CUSTOMER_DEFAULT_COUNTRY,
  CUSTOMER_DEFAULT_STATE,
  type CustomerContact,
  type CustomerDto,
  type CustomerType,
} from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** The customer form's validation (customer-validation.ts: zod and the schemas), downloaded as the form renders. */
export const customerValidation = lazyValidation(() => import('./customer-validation'));

/** A contact as the form holds it: texts, '' when empty. */
export type ContactState = { name: string; designation: string; email: string; phone: string };

/** What the form holds: texts and numbers as strings ('' when empty), the organisation tree flattened. */
export type CustomerFormState = {
  type: CustomerType | '';
  name: string;
  email: string;
  phone: string;
  website: string;
  gstin: string;
  street: string;
  city: string;
  district: string;
  state: string;
  country: string;
  zipCode: string;
  organizationType: string;
  governmentType: string;
  privateType: string;
  officeType: string;
  instituteType: string;
  schoolBoard: string;
  collegeType: string;
  contacts: ContactState[];
  establishmentYear: string;
  numberOfStudents: string;
  coursesOffered: string;
  notes: string;
  rating: string;
  ratingCategory: string;
  marginTier: string;
  assignedTo: string[];
  reAssignedTo: string[];
  verified: boolean;
};
export type CustomerFormField = keyof CustomerFormState;

/** The organisation fields, cleared together when the customer becomes an Individual. */
export const ORGANIZATION_FIELDS = [
  'organizationType',
  'governmentType',
  'privateType',
  'officeType',
  'instituteType',
  'schoolBoard',
  'collegeType',
] as const satisfies readonly CustomerFormField[];

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const contactStateFrom = (c?: Partial<CustomerContact> | null): ContactState => ({
  name: c?.name ?? '',
  designation: c?.designation ?? '',
  email: c?.email ?? '',
  phone: c?.phone ?? '',
});

/** The form's starting values: a new customer (state Odisha, country India: spec 2 §5), else the customer's. */
export const customerFormValuesFrom = (c?: CustomerDto | null): CustomerFormState => {
  const o = c?.organization;
  const institute = o?.government?.institute ?? o?.private?.institute;
  return {
    type: c?.type ?? '',
    name: c?.name ?? '',
    email: s(c?.email),
    phone: s(c?.phone),
    website: s(c?.website),
    gstin: s(c?.gstin),
    street: s(c?.address.street),
    city: s(c?.address.city),
    district: s(c?.address.district),
    state: c ? s(c.address.state) : CUSTOMER_DEFAULT_STATE,
    country: c ? s(c.address.country) : CUSTOMER_DEFAULT_COUNTRY,
    zipCode: s(c?.address.zipCode),
    organizationType: s(o?.type),
    governmentType: s(o?.government?.type),
    privateType: s(o?.private?.type),
    officeType: s(o?.government?.office?.type),
    instituteType: s(institute?.type),
    schoolBoard: s(institute?.school?.board),
    collegeType: s(institute?.college?.type),
    contacts: c?.contacts.map(contactStateFrom) ?? [],
    establishmentYear: s(c?.additionalInfo.establishmentYear),
    numberOfStudents: s(c?.additionalInfo.numberOfStudents),
    coursesOffered: s(c?.additionalInfo.coursesOffered),
    notes: s(c?.additionalInfo.notes),
    rating: s(c?.rating),
    ratingCategory: s(c?.ratingCategory),
    marginTier: s(c?.marginTier),
    assignedTo: c?.assignedTo.map((u) => u._id) ?? [],
    reAssignedTo: c?.reAssignedTo.map((u) => u._id) ?? [],
    verified: c?.verified ?? false,
  };
};

/** Spaces are stripped from phone numbers as they are typed (spec 2 §5). */
export const phoneAsTyped = (v: string) => v.replace(/\s+/g, '');

/**
 * Spec 2 §4: choosing Individual clears the organisation and the contacts' designations. The values to set
 * (an empty object when the type is not Individual).
 */
export const clearedForIndividual = (
  values: Pick<CustomerFormState, 'type' | 'contacts'>,
): Partial<CustomerFormState> =>
  values.type === 'Individual'
    ? {
        ...Object.fromEntries(ORGANIZATION_FIELDS.map((f) => [f, ''])),
        contacts: values.contacts.map((c) => ({ ...c, designation: '' })),
      }
    : {};

/**
 * Spec 2 §3: the default contact is the one whose phone and e-mail are the customer's own (the first such
 * one); -1 when none. A contact without a phone is never the default.
 */
export const defaultContactIndex = (
  contacts: readonly ContactState[],
  phone: string,
  email: string,
): number => {
  const p = phoneAsTyped(phone);
  const e = email.trim().toLowerCase();
  return contacts.findIndex(
    (c) => c.phone !== '' && phoneAsTyped(c.phone) === p && c.email.trim().toLowerCase() === e,
  );
};

const institute = (v: CustomerFormState) => ({
  type: v.instituteType || undefined,
  ...(v.instituteType === 'School' ? { school: { board: v.schoolBoard || undefined } } : {}),
  ...(v.instituteType === 'College' ? { college: { type: v.collegeType || undefined } } : {}),
});

/** The organisation the flattened fields stand for; null for an Individual or when no type is chosen. */
const organizationFrom = (v: CustomerFormState) => {
  if (v.type !== 'Organization' || !v.organizationType) return null;
  if (v.organizationType === 'Government')
    return {
      type: 'Government',
      government: {
        type: v.governmentType || undefined,
        ...(v.governmentType === 'Office' ? { office: { type: v.officeType || undefined } } : {}),
        ...(v.governmentType === 'Institute' ? { institute: institute(v) } : {}),
      },
    };
  if (v.organizationType === 'Private')
    return {
      type: 'Private',
      private: {
        type: v.privateType || undefined,
        ...(v.privateType === 'Institute' ? { institute: institute(v) } : {}),
      },
    };
  return { type: v.organizationType };
};

/**
 * The request the form stands for, before validation (customerCreateSchema's input): empty texts as ''
 * (the schema reads them as cleared), the organisation nested, designations only for organisations.
 */
export const customerRequestFrom = (v: CustomerFormState) => ({
  type: v.type || undefined,
  name: v.name,
  email: v.email,
  phone: v.phone,
  website: v.website,
  gstin: v.gstin,
  address: {
    street: v.street,
    city: v.city,
    district: v.district,
    state: v.state,
    country: v.country,
    zipCode: v.zipCode,
  },
  organization: organizationFrom(v),
  contacts: v.contacts.map((c) => ({
    name: c.name,
    designation: v.type === 'Individual' ? '' : c.designation,
    email: c.email,
    phone: c.phone,
  })),
  additionalInfo: {
    establishmentYear: v.establishmentYear,
    numberOfStudents: v.numberOfStudents,
    coursesOffered: v.coursesOffered,
    notes: v.notes,
  },
  rating: v.rating,
  ratingCategory: v.ratingCategory,
  marginTier: v.marginTier,
  verified: v.verified,
  assignedTo: v.assignedTo,
  reAssignedTo: v.reAssignedTo,
});
export type CustomerRequest = ReturnType<typeof customerRequestFrom>;

const ORGANIZATION_PATHS: Record<string, CustomerFormField> = {
  'organization.type': 'organizationType',
  'organization.government.type': 'governmentType',
  'organization.private.type': 'privateType',
  'organization.government.office.type': 'officeType',
  'organization.government.institute.type': 'instituteType',
  'organization.private.institute.type': 'instituteType',
  'organization.government.institute.school.board': 'schoolBoard',
  'organization.private.institute.school.board': 'schoolBoard',
  'organization.government.institute.college.type': 'collegeType',
  'organization.private.institute.college.type': 'collegeType',
};

/**
 * The form field a request path names ('address.city' → 'city', 'organization.government.type' →
 * 'governmentType', 'contacts.1.email' → 'contacts'); null when none.
 */
export const formFieldOf = (path: readonly (string | number)[]): CustomerFormField | null => {
  const [head] = path;
  const joined = path.join('.');
  if (head === 'organization') return ORGANIZATION_PATHS[joined] ?? 'organizationType';
  if (head === 'address' || head === 'additionalInfo') {
    const last = path[1];
    return typeof last === 'string' && last in customerFormValuesFrom(null)
      ? (last as CustomerFormField)
      : null;
  }
  if (typeof head === 'string' && head in customerFormValuesFrom(null)) return head as CustomerFormField;
  return null;
};

/** The form field a 400 answer names, with its message; null when the message belongs in a toast only. */
export const fieldOfCustomerError = (
  status: number,
  body: unknown,
): { field: CustomerFormField; message: string } | null => {
  if (status !== 400) return null;
  const errors = (body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? [];
  for (const e of errors) {
    const field = e.path ? formFieldOf(e.path.split('.')) : null;
    if (field && e.message) return { field, message: e.message };
  }
  return null;
};

/**
 * The update request: only the top-level fields whose request changed against the loaded customer (so
 * someone else's edit of another field survives), each as validated; null clears. The address, the
 * organisation, the contacts and the additional information go whole when any of their parts changed.
 */
export const changedCustomerFields = (
  validated: Record<string, unknown>,
  values: CustomerFormState,
  initial: CustomerFormState,
): Record<string, unknown> => {
  const now = customerRequestFrom(values) as Record<string, unknown>;
  const before = customerRequestFrom(initial) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now))
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) out[key] = validated[key] ?? null;
  return out;
};
