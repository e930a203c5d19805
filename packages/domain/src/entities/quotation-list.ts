// What the quotation list, its cards, the detail, the verification pages and the document need at first
// paint, kept free of zod (see catalogue-list.ts). Spec 3 §2 "Quotations", "Verifications", §3 "Quotation",
// §4, §5, §8, §9; spec 2 §4 (Convert to Quotation); issue 25; decision 0015.

import type { GstZeroKind } from '../common/gst-slabs.ts';
import { ASSIGNMENT_STATES, defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { GstSplit, LineMarginTier } from '../common/money.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { formatQuotationId } from '../id-pattern.ts';
import type { CustomerAddress, CustomerType } from './customer-list.ts';
import type { MarginTier } from './margin-list.ts';

export const QUOTATION_RESOURCE = 'quotation';
export const QUOTATION_LIST_KEY = 'quotations';
/** Spec 3 §9: the list's page size is kept under this local-storage key. */
export const QUOTATION_LIMIT_KEY = 'quotationLimit';

/** Spec 3 §3 "Enumerations": a version's status, and its badge colour (default, info, success, error). */
export const QUOTATION_STATUSES = ['Draft', 'ReQuoted', 'Approved', 'Rejected'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const QUOTATION_STATUS_COLOR: Record<QuotationStatus, 'gray' | 'blue' | 'green' | 'red'> = {
  Draft: 'gray',
  ReQuoted: 'blue',
  Approved: 'green',
  Rejected: 'red',
};
/** A re-quotation's review (spec 3 §3); Pending shows as a warning. */
export const REVIEW_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_COLOR: Record<ReviewStatus, 'yellow' | 'green' | 'red'> = {
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
};
/** The kinds of a re-quotation's changes (the ReQuotation Changes table's Type column). */
export const QUOTATION_CHANGE_TYPES = [
  'Item Added',
  'Item Removed',
  'Quantity Changed',
  'Price Changed',
  'GST Changed',
] as const;
export type QuotationChangeType = (typeof QUOTATION_CHANGE_TYPES)[number];

/** Spec 3 §5, §9 and ours (decision 0015). */
export const QUOTATION_TITLE_MIN = 10;
export const QUOTATION_TITLE_MAX = 200;
export const QUOTATION_ITEMS_MAX = 100;
export const QUOTATION_QUANTITY_MAX = 1_000_000;
export const QUOTATION_NOTES_MAX = 5000;
export const QUOTATION_REASON_MAX = 1000;
/** Spec 3 §9: valid for 7 days by default; quick choices 7, 10, 15 and 30 days. */
export const VALID_UNTIL_DEFAULT_DAYS = 7;
export const VALID_UNTIL_QUICK_DAYS = [7, 10, 15, 30] as const;

/** Spec 3 §5, §8 and spec 2 §4 texts; those the spec does not give are ours (decision 0015). */
export const QUOTATION_MESSAGES = {
  titleMin: 'Title must be at least 10 characters long',
  titleMax: `Title must not exceed ${QUOTATION_TITLE_MAX} characters`,
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  requirementRequired: 'Requirement is required',
  requirementNotFound: 'Requirement not found',
  requirementOfOtherCustomer: 'The requirement belongs to another customer',
  requirementHasQuotation: 'This requirement already has a quotation',
  itemsRequired: 'At least one item is required',
  itemsTooMany: `A quotation can list at most ${QUOTATION_ITEMS_MAX} items`,
  itemRequired: 'Item is required',
  itemNotFound: 'Item not found',
  itemMarginNotFound: 'Item margin not found',
  itemDuplicate: 'This item is already listed below',
  quantityRequired: 'Quantity is required',
  quantityInteger: 'Quantity must be a whole number',
  quantityPositive: 'Quantity must be greater than 0',
  quantityMax: `Quantity must not exceed ${QUOTATION_QUANTITY_MAX}`,
  marginTierRequired: 'Margin tier is required',
  marginPercentagePositive: 'Margin percentage must be greater than 0',
  gstRequired: 'GST is required',
  unitPriceRequired: 'Unit price is required',
  unitPricePositive: 'Unit price must be greater than 0',
  unitPriceDecimals: 'Unit price can have at most 2 decimal places',
  unitPriceMax: 'Unit price is too large',
  unitPriceBelowMinimum: 'Unit price should be greater than minimum unit price',
  statusRequired: 'Status is required',
  validUntilRequired: 'Valid until is required',
  validUntilFuture: 'Valid until must be in the future',
  notesMax: `Notes must not exceed ${QUOTATION_NOTES_MAX} characters`,
  marginTierMissing: 'Please add margin tier to customer first.',
  notFound: 'Quotation not found',
  notFoundForVerification: 'Quotation not found for verification',
  versionNotFound: 'Version not found',
  notDraft: 'Only a Draft quotation can be changed',
  reasonRequired: 'Reason is required',
  reasonMax: `Reason must not exceed ${QUOTATION_REASON_MAX} characters`,
  reviewStatusInvalid: 'Review status must be Approved or Rejected',
  nothingToReview: 'This version is not waiting for review',
  reviewApproved: 'ReQuotation Changes approved',
  reviewRejected: 'ReQuotation Changes rejected',
  approved: 'Quotation approved',
  awaitingReview: 'Awaiting review: not for sending',
  madeActive: 'Version made active',
  empty: 'No quotation found',
  searchEmpty: 'No quotation found. Try a different search.',
  noFollowUps: 'No follow ups for this Quotation',
  noVerifications: 'No quotations available for verification',
  companyMissing: 'Company details are missing',
  accountMissing: 'Account details are missing',
  deleteText: 'You can restore it later from the Deleted Quotation section if needed.',
  stateFilterForbidden: 'You don’t have permission to filter quotations by state.',
} as const;

/** The "adding an item" warnings (spec 3 §5), one per thing the item lacks. */
export const quotationItemWarning = {
  notVerified: (name: string) => `Item ${name} is not verified. So you can't add it to quotation.`,
  margin: (name: string) => `Item ${name} does not have margin. Please add margin to item first.`,
  stock: (name: string) => `Item ${name} does not have stock. Please add stock to item first.`,
  gst: (name: string) => `Item ${name} does not have GST. Please add GST to item first.`,
} as const;

/** Sort menu (spec 3 §9: quotations by ID, Created, Updated). */
export const QUOTATION_SORT_OPTIONS = [
  { value: 'quotationId', label: 'ID' },
  { value: 'createdAt', label: 'Created' },
  { value: 'updatedAt', label: 'Updated' },
] as const;

export const quotationListSpec = defineList({
  filters: {
    quotationId: 'integer',
    title: 'text',
    customer: 'ids',
    requirement: 'ids',
    status: { enum: QUOTATION_STATUSES },
    /** The verification queue (spec 3 §7: review.status Pending). */
    reviewStatus: { enum: REVIEW_STATUSES },
    totalPrice: 'numberRange',
    validUntil: 'dateRange',
    /** Assigned / UnAssigned / Orphaned by the quotation's customer's assignees: needs view-all. */
    state: { enum: ASSIGNMENT_STATES },
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['quotationId', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** (In id-pattern.ts: the chunk every route loads.) */
export { formatQuotationId } from '../id-pattern.ts';
/** The PDF's file name: 'ARR-0001-R1.pdf'. */
export const quotationFileName = (n: number, versionNumber = 0) =>
  `${formatQuotationId(n, versionNumber).replaceAll('/', '-')}.pdf`;

/** A quotation number as typed: digits, with or without ARR/ (a /R suffix is ignored). */
export const quotationIdFilterValue = (text: string): string | null => {
  const m = /^(?:ARR\/?)?0*(\d{1,9})(?:\/R\d+)?$/i.exec(text.trim());
  return m ? String(Number(m[1])) : null;
};
/** Ctrl+K (spec 3 §2): by quotationId when the text has a digit, else by title. */
export const quotationSearchFilter = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  if (/\d/.test(t)) {
    const id = quotationIdFilterValue(t);
    if (id) return { quotationId: id };
  }
  return { title: t };
};

/**
 * A re-quotation's title (spec 3 §4: "converted to Re-Quotation wording"; the exact rule is ours): the first
 * "Quotation" becomes "Re-Quotation"; a title without it is prefixed "Re-Quotation: "; a title already in
 * that wording is kept.
 */
export const reQuotationTitle = (title: string) => {
  const t = title.trim();
  if (/\bre-?quotation\b/i.test(t)) return t;
  if (/\bquotation\b/i.test(t)) return t.replace(/\bquotation\b/i, 'Re-Quotation');
  return `Re-Quotation: ${t}`;
};

/**
 * A project's title from the version it was approved on (issue 26): the re-quotation wording taken off
 * again ("Re-Quotation: Smart class" is the project "Smart class", "Re-Quotation for X" "Quotation for X").
 */
export const projectTitleOf = (versionTitle: string) => {
  const t = versionTitle.trim();
  const bare = t.replace(/^re-?quotation\s*:\s*/i, '');
  if (bare !== t) return bare || t;
  return t.replace(/\bre-?quotation\b/i, 'Quotation');
};

/** A line of a version as it was frozen when the version was saved (issue 25: "every version is a snapshot"). */
export type QuotationLineDto = {
  /** The live item, for a link; null when it was deleted for good. The snapshot below never changes. */
  item: { _id: string; isDeleted: boolean } | null;
  name: string;
  sku: number | null;
  modalNo: string | null;
  hsn: string | null;
  brand: string | null;
  description: string | null;
  quantity: number;
  marginTier: LineMarginTier;
  marginPercentage: number;
  gst: number;
  /** At 0%: Nil rated or Exempt, as the item said when the version was saved (null on older versions). */
  gstZeroKind?: GstZeroKind | null;
  /** Rupees per unit, before GST. */
  unitPrice: number;
  gstPerUnit: number;
  /** quantity × unit price, before GST. */
  taxableAmount: number;
  gstAmount: number;
  /** With GST. */
  totalPrice: number;
};

export type QuotationChange = { type: QuotationChangeType; item: string; description: string };

export type QuotationReview = {
  status: ReviewStatus;
  reason: string | null;
  reviewedBy: UserRef | null;
  reviewedAt: string | null;
};

/** The customer's place of supply, frozen with the version: the split of its GST follows it. */
export type PlaceOfSupply = { code: string | null; state: string | null; interState: boolean };

export type QuotationVersionDto = {
  _id: string;
  versionNumber: number;
  title: string;
  status: QuotationStatus;
  validUntil: string;
  notes: string | null;
  items: QuotationLineDto[];
  taxableAmount: number;
  totalGSTAmount: number;
  /** Both the total with GST (spec 3 §7). */
  totalPrice: number;
  totalAmount: number;
  gstSplit: GstSplit;
  placeOfSupply: PlaceOfSupply;
  previousVersion: string | null;
  nextVersion: string | null;
  isMain: boolean;
  createdBy: UserRef | null;
  createdAt: string;
  updatedAt: string;
  changes: QuotationChange[];
  /** null for version 0: an original quotation needs no review (decision 0015); a re-quotation starts Pending. */
  review: QuotationReview | null;
};

export type QuotationCustomerRef = {
  _id: string;
  customerId: number;
  name: string;
  type: CustomerType;
  marginTier: MarginTier | null;
  email: string | null;
  phone: string | null;
  /** For the document (issue 25): the customer's address and GSTIN as they are now, when the server sends them. */
  address?: CustomerAddress | null;
  gstin?: string | null;
  isDeleted: boolean;
};
export type QuotationRequirementRef = {
  _id: string;
  requirementId: number;
  title: string;
  isDeleted: boolean;
};

/** GET /crm/quotations/{id}: every version, newest first, the active one also as `activeVersion`. */
export type QuotationDto = RecordStamps & {
  _id: string;
  quotationId: number;
  customer: QuotationCustomerRef | null;
  requirement: QuotationRequirementRef | null;
  /** The project it was approved into (issue 26), with its number for the link ('PI0001'). */
  project: { _id: string; projectId: number; isDeleted: boolean } | null;
  activeVersion: QuotationVersionDto;
  versions: QuotationVersionDto[];
  updatedBy: UserRef | null;
};

/** A row of GET /crm/quotations: the active version without its lines. */
export type QuotationListVersion = Pick<
  QuotationVersionDto,
  '_id' | 'versionNumber' | 'title' | 'status' | 'validUntil' | 'totalPrice' | 'review' | 'createdBy'
>;
export type QuotationListDto = RecordStamps & {
  _id: string;
  quotationId: number;
  customer: Pick<QuotationCustomerRef, '_id' | 'customerId' | 'name'> | null;
  requirement: Pick<QuotationRequirementRef, '_id' | 'requirementId' | 'title'> | null;
  activeVersion: QuotationListVersion;
  versionCount: number;
};

/** GET /crm/quotations/suggestion (the follow-up form's picker, Ctrl+K). */
export type QuotationSuggestion = {
  _id: string;
  quotationId: number;
  title: string;
  versionNumber: number;
  status: QuotationStatus;
  customer: { _id: string; name: string } | null;
};

/** The review gate (issue 25): a version may leave the company when it needs no review or passed it. */
export const mayBeSent = (v: Pick<QuotationVersionDto, 'review'>) =>
  v.review === null || v.review.status === 'Approved';
/** Spec 3 §4: updates and ReQuotation only while the active version is Draft. */
export const isEditable = (q: { isDeleted: boolean; activeVersion: Pick<QuotationVersionDto, 'status'> }) =>
  !q.isDeleted && q.activeVersion.status === 'Draft';
/**
 * Spec 3 §4: Approved and Rejected are offered when the active version's review allows it, whatever its
 * Draft or ReQuoted status (an earlier offer made active again may be the one the customer signs), until
 * the quotation is decided.
 */
export const mayDecide = (q: {
  isDeleted: boolean;
  activeVersion: Pick<QuotationVersionDto, 'status' | 'review'>;
}) =>
  !q.isDeleted &&
  (q.activeVersion.status === 'Draft' || q.activeVersion.status === 'ReQuoted') &&
  mayBeSent(q.activeVersion);
