// What the customer list page, its cards and the customer detail need at first paint, kept free of zod
// (see catalogue-list.ts). Spec 2 §2 "Customers", §3 "Customer", §5, §8, §9; decision 0006.
import { ASSIGNMENT_STATES, defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { MARGIN_TIERS, type MarginTier } from './margin-list.ts';

/** Spec 2 §3 "Enumerations": the customer and its organisation tree. */
export const CUSTOMER_TYPES = ['Individual', 'Organization'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const ORGANIZATION_TYPES = ['Government', 'Private'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const GOVERNMENT_TYPES = ['Office', 'Institute', 'PSU', 'Other'] as const;
export type GovernmentType = (typeof GOVERNMENT_TYPES)[number];
export const OFFICE_TYPES = [
  'Administrative',
  'Regulatory',
  'Municipal',
  'DEO',
  'DMF',
  'BDO',
  'Other',
] as const;
export type OfficeType = (typeof OFFICE_TYPES)[number];
export const INSTITUTE_TYPES = ['School', 'College', 'Coaching', 'University', 'Training Center'] as const;
export type InstituteType = (typeof INSTITUTE_TYPES)[number];
export const SCHOOL_BOARDS = ['CBSE', 'ICSE', 'StateBoard', 'CHSE', 'PreSchool', 'Other'] as const;
export type SchoolBoard = (typeof SCHOOL_BOARDS)[number];
export const COLLEGE_TYPES = ['Graduation', 'PostGraduation', 'Engineering', 'Medical', 'Other'] as const;
export type CollegeType = (typeof COLLEGE_TYPES)[number];
export const PRIVATE_TYPES = [
  'Office',
  'Institute',
  'NGO',
  'CRS',
  'Partner',
  'Company',
  'Startup',
  'Other',
] as const;
export type PrivateType = (typeof PRIVATE_TYPES)[number];
export const RATING_CATEGORIES = ['Silver', 'Gold', 'Diamond'] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];
export const CUSTOMER_MARGIN_TIERS = MARGIN_TIERS;

export const CUSTOMER_RESOURCE = 'customer';
export const CUSTOMER_LIST_KEY = 'customers';
/** Spec 2 §9: at most 3 contacts per customer. */
export const CUSTOMER_CONTACTS_MAX = 3;
/** Names per bulk create or check-names call (the import sends a whole file in one all-or-nothing submit). */
export const CUSTOMER_BULK_MAX = 10_000;
export const CUSTOMER_NAME_MAX = 200;
export const CUSTOMER_RATING_MAX = 5;
/** Address defaults (spec 2 §5). */
export const CUSTOMER_DEFAULT_STATE = 'Odisha';
export const CUSTOMER_DEFAULT_COUNTRY = 'India';

/** Spec 2 §5 and §8 texts; those the spec does not give are ours (decision 0006). */
export const CUSTOMER_MESSAGES = {
  typeRequired: 'Customer type is required.',
  nameRequired: 'Name is required.',
  email: 'Invalid email format.',
  website: 'Please enter a valid URL.',
  letters: 'Must include 3 letters',
  contactsMax: 'You can only add up to 3 contacts.',
  contactNameRequired: 'Contact name is required.',
  contactNameShort: 'Contact name must be at least 5 characters.',
  organizationTypeRequired: 'Organization type is required.',
  governmentTypeRequired: 'Government type is required.',
  privateTypeRequired: 'Private type is required.',
  instituteTypeRequired: 'Institute type is required.',
  schoolBoardRequired: 'School board is required.',
  collegeTypeRequired: 'College type is required.',
  officeTypeRequired: 'Office type is required.',
  ratingCategoryRequired: 'Rating category is required.',
  ratingRange: 'Rating must be between 0 and 5.',
  marginTier: 'Margin tier must be valid',
  establishmentYear: 'Establishment year must be a year between 1800 and this year.',
  numberOfStudents: 'Number of students must be a whole number of at least 0.',
  feedbackStar: 'Select Star to rate.',
  feedbackRange: 'Rating must be between 1 and 5.',
  feedbackAdded: 'Feedback added successfully',
  feedbackDeleted: 'Feedback deleted successfully',
  feedbackNotFound: 'Feedback not found',
  customerIdInvalid: 'Invalid Customer ID',
  bulkDuplicate: 'Customer name already exists in below list',
  exists: 'This customer already exists',
  existsOnServer: 'Customer already exist with this name',
  bulkEmpty: 'No customers added yet.',
  bulkNoneValid: 'No valid customers to add',
  bulkTooMany: `At most ${CUSTOMER_BULK_MAX} customers can be added at once`,
  namesChecked: 'Customer names checked successfully',
  notFound: 'Customer not found',
  empty: 'No customer found',
  searchEmpty: 'No customer found. Try a different search.',
  searchLoading: 'Searching for customers... Please wait.',
  checkPrompt: 'Search for a customer',
  checkEmpty: 'No customers found',
  notAssigned: 'This customer is not assigned to anyone',
  notReAssigned: 'This customer is not re-assigned to anyone',
  noContacts: 'No contacts available.',
  noAssignmentHistory: 'No assignment history available.',
  noFeedback: 'has no feedback',
  assigneesMissing: 'One or more assigned users do not exist',
  assignForbidden: 'You don’t have permission to assign customers.',
  reAssignForbidden: 'You don’t have permission to re-assign customers.',
  stateFilterForbidden: 'You don’t have permission to filter customers by assignment state.',
  relatedForbidden: 'You don’t have permission to read customers.',
} as const;

/** Sort menu (spec 2 §9: Name, CI, Created Date, Updated Date). */
export const CUSTOMER_SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'customerId', label: 'CI' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

/** Every filter of the panel (spec 2 §2 "Customer filter side panel"). */
export const customerListSpec = defineList({
  filters: {
    customerId: 'integer',
    type: { enum: CUSTOMER_TYPES },
    name: 'text',
    email: 'text',
    phone: 'text',
    website: 'text',
    /** Ours (issue 12): part of the GSTIN. */
    gstin: 'text',
    organizationType: { enum: ORGANIZATION_TYPES },
    governmentType: { enum: GOVERNMENT_TYPES },
    privateType: { enum: PRIVATE_TYPES },
    officeType: { enum: OFFICE_TYPES },
    instituteType: { enum: INSTITUTE_TYPES },
    schoolBoard: { enum: SCHOOL_BOARDS },
    collegeType: { enum: COLLEGE_TYPES },
    /** Any part of the address: street, city, district, state, country or PIN code. */
    address: 'text',
    establishmentYear: 'numberRange',
    numberOfStudents: 'numberRange',
    coursesOffered: 'text',
    notes: 'text',
    rating: 'numberRange',
    ratingCategory: { enum: RATING_CATEGORIES },
    marginTier: { enum: MARGIN_TIERS },
    assignedTo: 'ids',
    reAssignedTo: 'ids',
    verified: 'boolean',
    contactName: 'text',
    contactEmail: 'text',
    contactPhone: 'text',
    /** Assigned / UnAssigned / Orphaned: needs view-all on customer. */
    state: { enum: ASSIGNMENT_STATES },
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['name', 'customerId', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** (In id-pattern.ts: the chunk every route loads.) */
export { formatCustomerId } from '../id-pattern.ts';

/** The customer id filter takes digits or CI followed by digits (spec 2 §5 "Customer filter"). */
export const CUSTOMER_ID_FILTER_RE = /^(?:CI)?\d{1,9}$/i;
/** The number a customer id filter sends: the CI prefix stripped; null when the text is not an id. */
export const customerIdFilterValue = (text: string): string | null => {
  const t = text.trim();
  if (!t) return null;
  return CUSTOMER_ID_FILTER_RE.test(t) ? String(Number(t.replace(/^CI/i, ''))) : null;
};
/** Ctrl+K: the customer number when the text has a digit, else the name (spec 2 §7 suggestion). */
export const customerSearchFilter = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  if (/\d/.test(t)) {
    const id = customerIdFilterValue(t);
    return id ? { customerId: id } : { name: t };
  }
  return { name: t };
};

export type CustomerAddress = {
  street: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  country: string | null;
  zipCode: string | null;
};
export type CustomerInstitute = {
  type: InstituteType;
  school?: { board: SchoolBoard };
  college?: { type: CollegeType };
};
export type CustomerOrganization = {
  type: OrganizationType;
  government?: { type: GovernmentType; office?: { type: OfficeType }; institute?: CustomerInstitute };
  private?: { type: PrivateType; institute?: CustomerInstitute };
};
export type CustomerContact = {
  name: string;
  designation: string | null;
  email: string | null;
  phone: string | null;
  /** The contact whose phone and e-mail match the customer's own (spec 2 §3). */
  isDefault: boolean;
};
export type CustomerAdditionalInfo = {
  establishmentYear: number | null;
  numberOfStudents: number | null;
  coursesOffered: string | null;
  /** One note per line. */
  notes: string | null;
};
export type CustomerFeedback = {
  _id: string;
  reviewer: UserRef | null;
  rating: number;
  comment: string | null;
  date: string;
};
export type CustomerAssignment = {
  _id: string;
  kind: 'assigned' | 're-assigned';
  assignedTo: UserRef | null;
  assignedBy: UserRef | null;
  assignedAt: string;
  unassignedAt: string | null;
};

export type CustomerDto = RecordStamps & {
  _id: string;
  customerId: number;
  type: CustomerType;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  /** GSTIN (issue 12), upper case; when present its state is the place of supply of a sale. */
  gstin: string | null;
  address: CustomerAddress;
  organization: CustomerOrganization | null;
  contacts: CustomerContact[];
  additionalInfo: CustomerAdditionalInfo;
  rating: number | null;
  ratingCategory: RatingCategory | null;
  marginTier: MarginTier | null;
  verified: boolean;
  assignedTo: UserRef[];
  reAssignedTo: UserRef[];
  updatedBy: UserRef | null;
  /** Detail only: who was assigned when, newest first. */
  assignmentHistory?: CustomerAssignment[];
  /** Detail only, and only with feedback-read on customer. */
  feedbacks?: CustomerFeedback[];
};

/** GET /crm/customers/suggestion: what a picker shows and what a follow-up or requirement form needs. */
export type CustomerSuggestion = {
  _id: string;
  customerId: number;
  name: string;
  type: CustomerType;
  email: string | null;
  phone: string | null;
  address: CustomerAddress;
  marginTier: MarginTier | null;
  contacts: CustomerContact[];
};

/** GET /crm/customers/check: a card of the check-existence page (id, place, assignees). */
export type CustomerCheckCard = {
  _id: string;
  customerId: number;
  name: string;
  address: Pick<CustomerAddress, 'city' | 'district' | 'state'>;
  assignedTo: UserRef[];
};
