// What the rejection-analysis list, its detail and the analytics need at first paint, kept free of zod (see
// catalogue-list.ts). Spec 2 §2 "Rejection analysis", §3, §4, §5, §6, §7, §8, §9; issue 26; decision 0016.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';

export const REJECTION_RESOURCE = 'rejection-analysis';
/** The list answer's keys: {rejectionAnalyses, rejectionAnalysesCount, page, limit}. */
export const REJECTION_LIST_KEY = 'rejectionAnalyses';
/** Spec 2 §9: page size 20, kept per list in local storage. */
export const REJECTION_LIMIT_KEY = 'rejectionAnalysisLimit';

/**
 * Beyond the spec (issue 26): whether the deal went to a competitor or to no decision at all (the budget was
 * cut, the purchase postponed), the first thing a sales manager asks of a loss.
 */
export const LOST_TO = ['Competitor', 'No Decision'] as const;
export type LostTo = (typeof LOST_TO)[number];

export const REJECTION_REASON_MAX = 200;
export const REJECTION_REASONS_MAX = 20;
export const REJECTION_TEXT_MAX = 2000;
export const REJECTION_NAME_MAX = 100;
export const REJECTION_AMOUNT_MAX = 999_999_999;

/** Spec 2 §5 and §8 texts; those the spec does not give are ours (decision 0016). */
export const REJECTION_MESSAGES = {
  quotationRequired: 'Quotation is required',
  quotationNotFound: 'Quotation not found',
  versionRequired: 'Quotation version is required',
  versionNotFound: 'Version not found',
  notDecidable: 'Only a Draft or ReQuoted quotation can be approved or rejected',
  awaitingReview: 'The re-quotation changes must be approved before the quotation is rejected',
  alreadyRejected: 'This quotation already has a rejection analysis',
  dateRequired: 'Rejection date is required',
  dateFuture: 'Rejection date cannot be in the future',
  reasonsRequired: 'At least one rejection reason is required',
  reasonEmpty: 'Rejection reason cannot be empty',
  reasonMax: `A rejection reason must not exceed ${REJECTION_REASON_MAX} characters`,
  reasonsTooMany: `At most ${REJECTION_REASONS_MAX} rejection reasons`,
  reasonDuplicate: 'This reason is already listed',
  textEmpty: (label: string) => `${label} cannot be empty`,
  textMax: (label: string) => `${label} must not exceed ${REJECTION_TEXT_MAX} characters`,
  nameMax: (label: string) => `${label} must not exceed ${REJECTION_NAME_MAX} characters`,
  offeredAmountPositive: 'Offered amount must be a positive number',
  offeredAmountMax: 'Offered amount is too large',
  offeredAmountDecimals: 'Offered amount can have at most 2 decimal places',
  lostToInvalid: 'Lost to must be Competitor or No Decision',
  competitorNeeded: 'Name the competitor the deal was lost to',
  created: 'Rejection analysis saved',
  updated: 'Rejection analysis updated',
  notFound: 'Rejection Analysis not found',
  empty: 'No Rejected Quotation Available',
  deleteText: 'You can restore it later if needed.',
} as const;

export const rejectionAnalysisListSpec = defineList({
  filters: {
    quotation: 'ids',
    customer: 'ids',
    rejectionDate: 'dateRange',
    reason: 'text',
    competitor: 'text',
    lostTo: { enum: LOST_TO },
    offeredAmount: 'numberRange',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['rejectionDate', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export const REJECTION_SORT_OPTIONS = [
  { value: 'rejectionDate', label: 'Rejection Date' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

export type RejectedPerson = {
  name: string | null;
  designation: string | null;
  email: string | null;
  phone: string | null;
};

/** GET /crm/rejection-analysis/{id} and each row of the list. */
export type RejectionAnalysisDto = RecordStamps & {
  _id: string;
  quotation: {
    _id: string;
    quotationId: number;
    versionNumber: number;
    title: string;
    isDeleted: boolean;
  } | null;
  quotationVersionId: string;
  customer: { _id: string; customerId: number; name: string } | null;
  rejectionDate: string;
  rejectionReasons: string[];
  detailedReason: string | null;
  lostTo: LostTo;
  competitor: { name: string | null; offeredAmount: number | null };
  /** Our price: the rejected version's total with GST, beside the competitor's. */
  quotedAmount: number;
  customerFeedback: string | null;
  rejectedPerson: RejectedPerson;
  updatedBy: UserRef | null;
};
