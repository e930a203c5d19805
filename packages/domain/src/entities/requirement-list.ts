// What the requirement list page, its cards and the requirement detail need at first paint, kept free of
// zod (see catalogue-list.ts). Spec 2 §2 "Requirements", §3 "Requirement", §4, §5, §8, §9; decision 0008.
import { ASSIGNMENT_STATES, defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { GstRate } from '../common/money.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { todayInAppZone } from '../dates.ts';
import { FIXES, type Fix } from '../permission-dependencies.ts';
import type { CustomerType } from './customer-list.ts';
import type { ItemRef, ItemState } from './item-list.ts';
import type { MarginTier } from './margin-list.ts';

/** Spec 2 §3 "Enumerations". */
export const REQUIREMENT_TYPES = ['Product', 'Service'] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];
export const REQUIREMENT_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type RequirementPriority = (typeof REQUIREMENT_PRIORITIES)[number];
export const REQUIREMENT_STATUSES = ['Open', 'In Progress', 'Completed', 'Closed'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
/** Spec 2 §4: a new requirement starts Open; the status is editable only on update. */
export const REQUIREMENT_DEFAULT_STATUS: RequirementStatus = 'Open';
/** The form's starting values (ours: the spec does not name them). */
export const REQUIREMENT_DEFAULT_TYPE: RequirementType = 'Product';
export const REQUIREMENT_DEFAULT_PRIORITY: RequirementPriority = 'Medium';

export const REQUIREMENT_RESOURCE = 'requirement';
export const REQUIREMENT_LIST_KEY = 'requirements';

/** Spec 2 §9 and ours (decision 0008). */
export const REQUIREMENT_TITLE_MIN = 10;
export const REQUIREMENT_TITLE_MAX = 200;
export const REQUIREMENT_ITEMS_MAX = 100;
export const REQUIREMENT_QUANTITY_MAX = 1_000_000;
export const REQUIREMENT_NOTE_MAX = 500;
export const REQUIREMENT_NOTES_MAX = 5000;
/** numeric(14, 2): below a thousand crore rupees. */
export const REQUIREMENT_BUDGET_MAX = 999_999_999_999;
/** Spec 2 §9: the purchase date starts 15 days ahead; quick choices 7, 10, 15 and 30 days. */
export const PURCHASE_DATE_DEFAULT_DAYS = 15;
export const PURCHASE_DATE_QUICK_DAYS = [7, 10, 15, 30] as const;

/** Spec 2 §5, §8 texts; those the spec does not give are ours (decision 0008). */
export const REQUIREMENT_MESSAGES = {
  titleMin: 'Title must be at least 10 characters long',
  titleMax: `Title must not exceed ${REQUIREMENT_TITLE_MAX} characters`,
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  customerLocked: 'The customer of a requirement cannot be changed',
  typeInvalid: 'Type must be Product or Service',
  priorityRequired: 'Priority is required',
  statusRequired: 'Status is required',
  itemsRequired: 'At least one item is required',
  itemsTooMany: `A requirement can list at most ${REQUIREMENT_ITEMS_MAX} items`,
  itemRequired: 'Item is required',
  itemDuplicate: 'This item is already listed below',
  itemNotFound: 'Item not found',
  quantityInteger: 'Quantity must be an integer',
  quantityPositive: 'Quantity must be greater than 0',
  quantityMax: `Quantity must not exceed ${REQUIREMENT_QUANTITY_MAX}`,
  noteMax: `Note must not exceed ${REQUIREMENT_NOTE_MAX} characters`,
  notesMax: `Notes must not exceed ${REQUIREMENT_NOTES_MAX} characters`,
  budgetPositive: 'Budget must be greater than 0',
  budgetMax: 'Budget is too large',
  budgetDecimals: 'Budget can have at most 2 decimal places',
  purchaseDateRequired: 'Purchase date is required',
  purchaseDateInvalid: 'Purchase date must be a valid date',
  purchaseDateFuture: 'Purchase date must be today or in the future',
  notFound: 'Requirement not found',
  requirementIdInvalid: 'Invalid Requirement ID',
  stateFilterForbidden: 'You don’t have permission to filter requirements by state.',
  empty: 'No requirement found',
  searchEmpty: 'No requirement found. Try a different search.',
  searchLoading: 'Searching for requirements... Please wait.',
  noFollowUps: 'No follow ups for this Requirement',
  noItems: 'No items listed',
  noContacts: 'No contacts available.',
  marginTierMissing: 'Please add margin tier to customer first.',
  unsavedItem: 'Add the item being edited, or clear it, before saving.',
} as const;

/** Spec 2 §4 "Conversion warnings", one per item and what it lacks. */
export const itemWarning = {
  margin: (name: string) => `Item ${name} does not have margin. Please add margin to item first.`,
  price: (name: string) => `Item ${name} does not have price. Please add price to item first.`,
  gst: (name: string) => `Item ${name} does not have GST. Please add GST to item first.`,
} as const;

/** Sort menu (spec 2 §9: ID, Title, Created Date, Updated Date). */
export const REQUIREMENT_SORT_OPTIONS = [
  { value: 'requirementId', label: 'ID' },
  { value: 'title', label: 'Title' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

export const requirementListSpec = defineList({
  filters: {
    requirementId: 'integer',
    title: 'text',
    customer: 'ids',
    type: { enum: REQUIREMENT_TYPES },
    priority: { enum: REQUIREMENT_PRIORITIES },
    status: { enum: REQUIREMENT_STATUSES },
    items: 'ids',
    budget: 'numberRange',
    purchaseDate: 'dateRange',
    notes: 'text',
    /**
     * Assigned / UnAssigned / Orphaned by the requirement's customer's assignees (decision 0008): needs
     * view-all on requirement.
     */
    state: { enum: ASSIGNMENT_STATES },
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['requirementId', 'title', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** (In id-pattern.ts: the chunk every route loads.) */
export { formatRequirementId } from '../id-pattern.ts';

/** A requirement number as typed: digits, with or without RI. */
export const REQUIREMENT_ID_FILTER_RE = /^(?:RI)?\d{1,9}$/i;
export const requirementIdFilterValue = (text: string): string | null => {
  const t = text.trim();
  if (!t) return null;
  return REQUIREMENT_ID_FILTER_RE.test(t) ? String(Number(t.replace(/^RI/i, ''))) : null;
};
/** Ctrl+K (spec 2 §2): by requirementId when the text has a digit, else by title. */
export const requirementSearchFilter = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  if (/\d/.test(t)) {
    const id = requirementIdFilterValue(t);
    if (id) return { requirementId: id };
  }
  return { title: t };
};

/** The calendar day `days` after today in India (YYYY-MM-DD). */
export const daysFromToday = (days: number, now: Date = new Date()) => {
  const [y, m, d] = todayInAppZone(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
/** Spec 2 §9: a new requirement's purchase date. */
export const defaultPurchaseDate = (now: Date = new Date()) => daysFromToday(PURCHASE_DATE_DEFAULT_DAYS, now);

/** The item of a requirement line, with what the conversion to a quotation checks. */
export type RequirementItemRef = {
  _id: string;
  name: string;
  sku: number;
  state: ItemState;
  gst: GstRate | null;
  margin: ItemRef | null;
  /** Whether the item has a price to show above 0 (the price itself is gated by product-item-price). */
  hasPrice: boolean;
  isDeleted: boolean;
};
export type RequirementItemLine = {
  /** null when the item was deleted for good. */
  item: RequirementItemRef | null;
  quantity: number;
  note: string | null;
};
export type RequirementCustomerRef = {
  _id: string;
  customerId: number;
  name: string;
  type: CustomerType;
  marginTier: MarginTier | null;
  isDeleted: boolean;
};

export type RequirementDto = RecordStamps & {
  _id: string;
  requirementId: number;
  title: string;
  customer: RequirementCustomerRef | null;
  type: RequirementType;
  priority: RequirementPriority;
  status: RequirementStatus;
  items: RequirementItemLine[];
  budget: number | null;
  purchaseDate: string | null;
  /** Its quotation (one at most; Quotation Preview opens it), null until Convert to Quotation made one. */
  quotation: { _id: string; quotationId: number } | null;
  notes: string | null;
  updatedBy: UserRef | null;
};

/** GET /crm/requirements/suggestion: what the Ctrl+K palette and the follow-up form's picker show. */
export type RequirementSuggestion = {
  _id: string;
  requirementId: number;
  title: string;
  customer: { _id: string; name: string } | null;
  status: RequirementStatus;
};

/** Convert to Quotation (spec 2 §2, §4, §6): no quotation yet, every item Verified, create on quotation. */
export const canConvertToQuotation = (
  r: Pick<RequirementDto, 'quotation' | 'items' | 'isDeleted'>,
  mayCreateQuotation: boolean,
) =>
  mayCreateQuotation &&
  !r.isDeleted &&
  r.quotation === null &&
  r.items.length > 0 &&
  r.items.every((l) => l.item !== null && !l.item.isDeleted && l.item.state === 'Verified');

/**
 * The warning shown before a conversion leaves for the quotation form (spec 2 §4), or null when there is
 * none: the customer's missing margin tier first; otherwise each item's missing margin, price and GST,
 * one per line. A warning stops the conversion (decision 0008).
 */
export const quotationConversionWarning = (
  r: Pick<RequirementDto, 'items'> & { customer: Pick<RequirementCustomerRef, 'marginTier'> | null },
): string | null => {
  if (!r.customer?.marginTier) return REQUIREMENT_MESSAGES.marginTierMissing;
  const lines: string[] = [];
  for (const { item } of r.items) {
    if (!item) continue;
    if (!item.margin) lines.push(itemWarning.margin(item.name));
    if (!item.hasPrice) lines.push(itemWarning.price(item.name));
    if (item.gst === null) lines.push(itemWarning.gst(item.name));
  }
  return lines.length ? lines.join('\n') : null;
};

/** Who fixes what stops a conversion: the customer's margin tier, else the items' margin, price or GST. */
export const quotationConversionFix = (r: {
  customer: Pick<RequirementCustomerRef, 'marginTier'> | null;
}): Fix => (r.customer?.marginTier ? FIXES.itemPricing : FIXES.customerMarginTier);

/** What Convert to Quotation carries in navigation state (spec 2 §2). */
export type QuotationFromRequirementState = {
  requirementId: string;
  customerId: string;
  requirementTitle: string;
};
