// What the follow-up screens need at runtime (list, cards, chips, detail, the form's rules), kept free of
// zod (see task-list.ts). Spec 2 §2 "Follow-ups", §3 "Follow-up", §4, §5, §8, §9; decision 0007.
import { ASSIGNMENT_STATES, defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { todayInAppZone } from '../dates.ts';
import { formatSequence } from '../id-pattern.ts';
import { FOLLOW_UP_DUE } from './follow-up-due.ts';

/** Spec 2 §3 "Enumerations". */
export const FOLLOW_UP_TYPES = ['Call', 'Mail', 'Visit'] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];
export const FOLLOW_UP_STATUSES = ['Scheduled', 'Pending', 'Completed', 'Cancelled', 'Postponed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export const FOLLOW_UP_REASONS = ['Requirement', 'Quotation', 'Project', 'Other'] as const;
export type FollowUpReason = (typeof FOLLOW_UP_REASONS)[number];

export const FOLLOW_UP_RESOURCE = 'follow-up';
export const FOLLOW_UP_LIST_KEY = 'followUps';
export const FOLLOW_UP_TEXT_MAX = 2000;

/** Spec 2 §5 "Follow-up form" (verbatim) and §8; the texts the spec does not give are ours. */
export const FOLLOW_UP_MESSAGES = {
  customerRequired: 'Customer is required',
  typeRequired: 'Type is required',
  reasonRequired: 'Reason is required',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  statusInvalid: 'Status must be Scheduled, Pending, Completed, Cancelled or Postponed',
  createdByRequired: 'Created By is required',
  followUpIdInvalid: 'Follow-up ID must be a positive number',
  visitorRequired: 'At least one visitor is required.',
  requirementRequired: 'Requirement is required.',
  quotationRequired: 'Quotation is required.',
  projectRequired: 'Project is required.',
  otherReasonRequired: 'Please specify the reason.',
  selectCustomerFirst: 'Select a customer first.',
  nextTypeRequired: 'Next follow-up type is required',
  nextDateRequired: 'Next follow-up date is required',
  nextDateBeforeDate: 'Next follow-up date must be on or after the follow-up date',
  nextTimeRequired: 'Next follow-up time is required',
  nextVisitorRequired: 'At least one visitor is required',
  nextFollowUpByRequired: 'Next follow-up by is required',
  textTooLong: `Must not exceed ${FOLLOW_UP_TEXT_MAX} characters`,
  reasonComingSoon: (reason: string) => `${reason} follow-ups are not available yet.`,
  customerLocked: 'The customer cannot be changed when updating.',
  customerNotFound: 'Customer not found',
  requirementNotFound: 'Requirement not found',
  requirementOtherCustomer: 'The requirement must belong to the chosen customer.',
  quotationNotFound: 'Quotation not found',
  quotationOtherCustomer: 'The quotation must belong to the chosen customer.',
  projectNotFound: 'Project not found',
  projectOtherCustomer: 'The project must belong to the chosen customer.',
  usersMissing: 'One or more chosen users do not exist',
  conflict: 'This follow-up was changed by someone else. Review the latest version.',
  expectedUpdatedAtInvalid: 'expectedUpdatedAt must be a date and time',
  stateFilterForbidden: 'You don’t have permission to filter follow-ups by assignment state.',
  requirementReadForbidden: 'You don’t have permission to read requirements.',
  notFound: 'Follow-up not found',
  empty: 'No data found',
  searchEmpty: 'No follow up found. Try a different search.',
  searchLoading: 'Searching for follow ups... Please wait.',
  customerEmpty: 'This customer has no follow ups',
  requirementEmpty: 'No follow ups for this Requirement',
  comingSoon: 'Project follow-ups are coming soon.',
} as const;

/** Spec 2 §8 confirmations and loading toasts. */
export const FOLLOW_UP_CONFIRM = {
  remove: 'Are you sure you want to delete this followUp?',
  bulkRemove: 'Are you sure you want to delete these followUps?',
  bulkRemovePermanently:
    'Are you sure you want to delete these followUps permanently? Once deleted, they cannot be restored.',
} as const;
export const FOLLOW_UP_LOADING = {
  create: 'Creating follow up',
  update: 'Updating follow up',
  remove: 'Deleting follow up',
  restore: 'Restoring follow up',
  removePermanently: 'Deleting followUp permanently',
} as const;

/** Sort menu (spec 2 §9: ID, Date, Created Date, Updated Date). */
export const FOLLOW_UP_SORT_OPTIONS = [
  { value: 'followUpId', label: 'ID' },
  { value: 'date', label: 'Date' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

export const followUpListSpec = defineList({
  filters: {
    followUpId: 'integer',
    customer: 'ids',
    type: { enum: FOLLOW_UP_TYPES },
    reason: { enum: FOLLOW_UP_REASONS },
    status: { enum: FOLLOW_UP_STATUSES },
    requirement: 'ids',
    date: 'dateRange',
    followUpBy: 'ids',
    visitors: 'ids',
    response: 'text',
    nextRequired: 'boolean',
    nextDate: 'dateRange',
    /** Date and time passed, and neither a response nor remarks written (decision 0007). */
    noResponse: 'boolean',
    /** Overdue, Due today or Upcoming: the work the dashboard and the badge count (follow-up-due.ts). */
    due: { enum: FOLLOW_UP_DUE },
    /** Assigned / UnAssigned / Orphaned over followUpBy and the visitors: needs view-all. */
    state: { enum: ASSIGNMENT_STATES },
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['followUpId', 'date', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'date', order: 'desc' },
});

/** 1 → 'FI0001' (spec 2 §9). */
export const formatFollowUpId = (n: number) => formatSequence('FI', n, 4);
/** 'FI0012', 'fi12' or '12' → '12'; null when the text is not a follow-up number. */
export const followUpIdValue = (text: string): string | null => {
  const t = text.trim();
  return /^(?:FI)?\d{1,9}$/i.test(t) ? String(Number(t.replace(/^FI/i, ''))) : null;
};
/** Ctrl+K (spec 2 §2): by number when the text has a digit, else by customer name. */
export const followUpSearchQuery = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  if (/\d/.test(t)) return { followUpId: followUpIdValue(t) ?? t };
  return { customerName: t };
};

export const HH_MM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Spec 2 §4: a follow-up whose date and time (India's) is at or before now is Completed, a later one
 * Scheduled. The form sets it as the date and time change; the server applies the same rule when a
 * request does not send a status.
 */
export const followUpStatusFor = (date: string, time: string, now: Date = new Date()): FollowUpStatus => {
  const today = todayInAppZone(now);
  const day = date.slice(0, 10);
  if (day !== today) return day < today ? 'Completed' : 'Scheduled';
  const nowMinutes = Math.floor((now.getTime() + 330 * 60_000) / 60_000) % (24 * 60);
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m <= nowMinutes ? 'Completed' : 'Scheduled';
};

/** The current time in India as HH:mm (the form's default time). */
export const nowTimeInAppZone = (now: Date = new Date()) =>
  new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);

// ------------------------------------------------------------------------------------------ date chips

/** Spec 2 §2: the follow-up list's quick-date chips, on the follow-up's date. */
export const FOLLOW_UP_CHIPS = ['Yesterday', 'Today', 'Tomorrow', 'This Week', 'This Month'] as const;
export type FollowUpChip = (typeof FOLLOW_UP_CHIPS)[number];

const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * The inclusive days of a chip, in India: This Week runs from Monday to the coming Saturday (today when it
 * is Saturday; from a Sunday, the next Saturday: spec 2 §9), This Month from the first to the last day.
 */
export const followUpChipRange = (chip: FollowUpChip, now: Date = new Date()) => {
  const today = todayInAppZone(now);
  switch (chip) {
    case 'Yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'Today':
      return { start: today, end: today };
    case 'Tomorrow':
      return { start: addDays(today, 1), end: addDays(today, 1) };
    case 'This Week': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      return { start: addDays(today, -((weekday + 6) % 7)), end: addDays(today, (6 - weekday + 7) % 7) };
    }
    case 'This Month': {
      const first = `${today.slice(0, 8)}01`;
      return { start: first, end: addDays(`${addDays(first, 31).slice(0, 8)}01`, -1) };
    }
  }
};

/** Which chip a date-range filter equals today, if any. */
export const activeFollowUpChip = (value: unknown, now: Date = new Date()): FollowUpChip | undefined => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as { start?: string; end?: string };
  return FOLLOW_UP_CHIPS.find((chip) => {
    const r = followUpChipRange(chip, now);
    return r.start === v.start && r.end === v.end;
  });
};

// ------------------------------------------------------------------------------------------------- dto

export type FollowUpCustomerRef = { _id: string; customerId: number; name: string };
export type FollowUpRequirementRef = { _id: string; requirementId: number; title: string };

export type NextFollowUpDto = {
  nextRequired: boolean;
  type: FollowUpType | null;
  date: string | null;
  time: string | null;
  visitors: UserRef[];
  followUpBy: UserRef | null;
};

export type FollowUpDto = RecordStamps & {
  _id: string;
  followUpId: number;
  customer: FollowUpCustomerRef | null;
  type: FollowUpType;
  reason: FollowUpReason;
  requirement: FollowUpRequirementRef | null;
  quotation: string | null;
  project: string | null;
  otherReason: string | null;
  /** YYYY-MM-DD, India's calendar day */
  date: string;
  /** HH:mm */
  time: string;
  visitors: UserRef[];
  followUpBy: UserRef | null;
  status: FollowUpStatus;
  response: string | null;
  remarks: string | null;
  nextFollowUp: NextFollowUpDto | null;
  updatedBy: UserRef | null;
};

/** What the reason links to, as one line: 'Requirement: RI0003 · Lab equipment', 'Other: …'. */
export const followUpReasonText = (f: Pick<FollowUpDto, 'reason' | 'requirement' | 'otherReason'>) => {
  if (f.reason === 'Requirement' && f.requirement)
    return `Requirement: ${formatSequence('RI', f.requirement.requirementId, 4)} · ${f.requirement.title}`;
  if (f.reason === 'Other' && f.otherReason) return `Other: ${f.otherReason}`;
  return f.reason;
};
