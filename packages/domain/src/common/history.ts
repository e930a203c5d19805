import type { DeviceInfo, GeoPoint } from './fields.ts';
import { defineList } from './list-query.ts';
import type { UserRef } from './records.ts';

/**
 * One history for every record (ERPNext's version log, Odoo's tracked fields): each create, update, delete,
 * restore and permanent delete writes an entry in the same transaction as the change. The shapes, the
 * tracked fields with their labels and the redaction rule live here once; the server writes and reads the
 * entries (platform/history.ts), the History section shows them.
 */

export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'restore', 'delete-permanently'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** How the History section names an action. */
export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  'delete-permanently': 'Deleted permanently',
};

/** A value as history keeps it: JSON, with references as `{_id, name}` so they stay readable. */
export type HistoryValue =
  | string
  | number
  | boolean
  | null
  | HistoryValue[]
  | { [key: string]: HistoryValue };

/** One changed field. A redacted field (a password) says that it changed, never from what to what. */
export type HistoryChange = {
  field: string;
  label: string;
  from: HistoryValue;
  to: HistoryValue;
  redacted?: boolean;
};

export type HistoryEntryDto = {
  _id: string;
  /** The resource of the permission catalogue: 'task', 'team', 'user', … */
  entity: string;
  recordId: string;
  action: HistoryAction;
  /** The change came from a bulk action (one entry per changed record). */
  bulk: boolean;
  at: string;
  /** Who did it; the name kept at the time shows even when that user is gone. */
  by: UserRef | null;
  device: DeviceInfo | null;
  /** Where the actor last signed in (the app asks for a position at sign-in only). */
  location: GeoPoint | null;
  /** The record's title at the time: what a tombstone shows after a permanent delete. */
  title: string;
  changes: HistoryChange[];
};

/** `{history, historyCount, page, limit}`, newest first. */
export type HistoryPageDto = {
  history: HistoryEntryDto[];
  historyCount: number;
  page: number;
  limit: number;
};

/** Paged with the usual list keys (page, limit); no filters, always newest first. */
export const historyListSpec = defineList({ filters: {}, sortFields: [] });

export const HISTORY_MESSAGES = {
  fetched: 'History fetched successfully',
  empty: 'No changes recorded yet.',
  loadFailed: 'History could not be loaded.',
} as const;

/**
 * Fields whose values never enter history, whatever a record type lists: passwords, hashes, tokens,
 * secrets and one-time codes. Matched on the field name (any nesting depth), case-insensitively; `zipCode`
 * is not a code.
 */
const REDACTED_FIELD_RE = /(password|hash|token|secret)$|^(code|otp|otpcode)$/i;
export const isRedactedField = (field: string) => REDACTED_FIELD_RE.test(field);

/** The fields each record type tracks, with the labels the History section shows. Order is display order. */
export const HISTORY_FIELDS = {
  expense: {
    title: 'Purpose',
    status: 'Status',
    total: 'Total',
    lineCount: 'Expenses',
    lines: 'Lines',
    decisionReason: 'Decision reason',
    paidOn: 'Paid on',
    paymentReference: 'Payment reference',
  },
  leave: {
    leaveType: 'Leave type',
    from: 'From',
    to: 'To',
    half: 'Half day',
    days: 'Days',
    reason: 'Reason',
    status: 'Status',
    decisionReason: 'Decision reason',
    cancelReason: 'Cancel reason',
  },
  task: {
    title: 'Title',
    description: 'Description',
    status: 'Status',
    priority: 'Priority',
    date: 'Date',
    time: 'Time',
    deadline: 'Deadline',
    reason: 'Reason',
    assignedTo: 'Assigned to',
  },
  team: {
    name: 'Name',
    description: 'Description',
    members: 'Members',
  },
  user: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    gender: 'Gender',
    dateOfBirth: 'Date of birth',
    maritalStatus: 'Marital status',
    employmentType: 'Employment type',
    duration: 'Duration',
    languages: 'Languages',
    bio: 'Bio',
    address: 'Address',
    emergencyContact: 'Emergency contacts',
    socialMedia: 'Social media',
    notes: 'Notes',
    status: 'Status',
    roles: 'Roles',
    image: 'Profile image',
    password: 'Password',
  },
  'product-brand': { name: 'Name', description: 'Description', image: 'Image' },
  'product-category': { name: 'Name', description: 'Description', image: 'Image' },
  'product-class': { name: 'Name', description: 'Description', image: 'Image' },
  'product-margin': {
    name: 'Name',
    description: 'Description',
    t1: 'T1',
    t2: 'T2',
    t3: 'T3',
    pt1: 'PT1',
    pt2: 'PT2',
    pt3: 'PT3',
    isActive: 'Active',
  },
  'product-vendor': {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    website: 'Website',
    gstin: 'GSTIN',
    rating: 'Rating',
    contactPerson: 'Contact person',
    image: 'Image',
  },
  'product-item': {
    name: 'Name',
    modalNo: 'Model No',
    description: 'Description',
    brand: 'Brand',
    categories: 'Categories',
    classes: 'Classes',
    margin: 'Margin',
    gst: 'GST %',
    gstZeroKind: 'GST 0% kind',
    uqc: 'Unit',
    hsnCode: 'HSN/SAC code',
    shipping: 'Shipping',
    state: 'State',
    targetPrice: 'Target price',
    preferredBrand: 'Preferred brand',
    rating: 'Rating',
    images: 'Images',
    specifications: 'Specification',
  },
  'product-stock': { priceToShow: 'Price to show', currentStock: 'Current stock' },
  'product-purchase': {
    vendor: 'Vendor',
    invoiceNo: 'Invoice number',
    invoiceDate: 'Invoice date',
    items: 'Items',
    totalAmount: 'Total amount',
    notes: 'Notes',
  },
  'product-sale': {
    customer: 'Customer',
    invoiceNo: 'Invoice number',
    invoiceDate: 'Invoice date',
    items: 'Items',
    totalAmount: 'Total amount',
    notes: 'Notes',
  },
  customer: {
    type: 'Type',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    website: 'Website',
    gstin: 'GSTIN',
    address: 'Address',
    organization: 'Organization',
    contacts: 'Contacts',
    additionalInfo: 'Additional information',
    rating: 'Rating',
    ratingCategory: 'Rating category',
    marginTier: 'Margin tier',
    verified: 'Verified',
    assignedTo: 'Assigned to',
    reAssignedTo: 'Re-assigned to',
    feedbacks: 'Feedbacks',
  },
  requirement: {
    title: 'Title',
    customer: 'Customer',
    type: 'Type',
    priority: 'Priority',
    status: 'Status',
    items: 'Items',
    budget: 'Budget',
    purchaseDate: 'Purchase date',
    notes: 'Notes',
  },
  'follow-up': {
    type: 'Type',
    reason: 'Reason',
    requirement: 'Requirement',
    otherReason: 'Other reason',
    date: 'Date',
    time: 'Time',
    visitors: 'Visitors',
    followUpBy: 'Follow up by',
    status: 'Status',
    response: 'Response',
    remarks: 'Remarks',
    nextFollowUp: 'Next follow up',
  },
  quotation: {
    title: 'Title',
    customer: 'Customer',
    requirement: 'Requirement',
    version: 'Version',
    status: 'Status',
    validUntil: 'Valid until',
    notes: 'Notes',
    items: 'Items',
    totalPrice: 'Total price',
    review: 'Review',
    reviewReason: 'Review reason',
  },
  project: {
    title: 'Title',
    status: 'Status',
    statusReason: 'Reason',
  },
  'rejection-analysis': {
    rejectionDate: 'Rejection date',
    rejectionReasons: 'Rejection reasons',
    detailedReason: 'Detailed reason',
    lostTo: 'Lost to',
    competitor: 'Competitor',
    customerFeedback: 'Customer feedback',
    rejectedPerson: 'Rejected person',
  },
} as const satisfies Record<string, Record<string, string>>;
export type HistoryEntity = keyof typeof HISTORY_FIELDS;

/** The label of a field, or the field name itself for a type that has none. */
export const historyFieldLabel = (entity: string, field: string): string =>
  (HISTORY_FIELDS as Record<string, Record<string, string>>)[entity]?.[field] ?? field;
