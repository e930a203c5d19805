// Expense claims (issue 28, decision 0025): categories, statuses, the per-km price of travel, the month
// totals and the messages. No zod here (the request schemas are in expense.ts), so a screen that only shows
// claims does not load the validation library.
import { defineList } from '../common/list-query.ts';
import { formatRupees } from '../common/money.ts';
import { dayShown } from '../dates.ts';
import { formatSequence } from '../id-pattern.ts';

/** The API's expense calls live under this path (after /api). */
export const EXPENSE_PATH = '/hrm/expenses';

export const EXPENSE_CATEGORIES = [
  'Travel',
  'Food',
  'Lodging',
  'Customer entertainment',
  'Phone and internet',
  'Other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/**
 * Draft: the person's own, editable, seen by no one else. Submitted: waits for a manager of the person's
 * team (or view-all). Approved: waits for accounts. Rejected: the person may edit it, which makes it a Draft
 * again. Paid: done, with the payment's reference.
 */
export const EXPENSE_STATUSES = ['Draft', 'Submitted', 'Approved', 'Rejected', 'Paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
/** The statuses whose owner may change the lines. */
export const EXPENSE_EDITABLE: readonly ExpenseStatus[] = ['Draft', 'Rejected'];
/** The statuses that count as claimed in the month totals. */
export const EXPENSE_CLAIMED: readonly ExpenseStatus[] = ['Submitted', 'Approved', 'Paid'];

/** A claim's number as shown: EC0001. */
export const formatClaimNo = (n: number) => formatSequence('EC', n, 4);

/** At most this many lines a claim; a line at most this many rupees; a trip at most this many km. */
export const EXPENSE_MAX_LINES = 100;
export const EXPENSE_LINE_MAX_RUPEES = 1_000_000;
export const EXPENSE_MAX_KM = 2000;
/** A receipt: a photo (JPEG, PNG, WebP) or a PDF, by its content, at most 5 MB. */
export const EXPENSE_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const EXPENSE_RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** How far back a line's date may be (the usual reimbursement window), and never after today. */
export const EXPENSE_PAST_DAYS = 90;

/** The company's expense rules (settings): the rupees per km of travel, and from what amount a receipt is needed. */
export type ExpenseRules = { ratePerKm: number; receiptAbove: number };
/** ₹4.50 a km (a two-wheeler's usual rate in Odisha); a receipt for anything over ₹300. */
export const DEFAULT_EXPENSE_RULES: ExpenseRules = { ratePerKm: 4.5, receiptAbove: 300 };

/** Paise of a trip: kilometres (one decimal) × the rate per km in paise, rounded half up to the paisa. */
export const travelPaise = (distanceKm: number, ratePaisePerKm: number) =>
  Math.round((Math.round(distanceKm * 10) * ratePaisePerKm) / 10);

/** Whether a line needs a receipt before its claim is submitted: priced per km never; else over the limit. */
export const needsReceipt = (
  line: { amountPaise: number; distanceKm: number | null },
  receiptAbovePaise: number,
) => line.distanceKm === null && line.amountPaise > receiptAbovePaise;

export const EXPENSE_MESSAGES = {
  created: 'Expense claim saved as a draft',
  updated: 'Expense claim updated',
  deleted: 'Draft claim deleted',
  submitted: 'Expense claim submitted',
  approved: 'Expense claim approved',
  rejected: 'Expense claim rejected',
  paid: 'Expense claim marked as paid',
  fetched: 'Expense claim fetched successfully',
  listed: 'Expense claims fetched successfully',
  totals: 'Expense totals fetched successfully',
  rules: 'Expense rules fetched successfully',
  rulesSaved: 'Expense rules saved',
  receiptStored: 'Receipt uploaded',
  visitClaimed: 'Travel for this visit added to your draft claim',
  notFound: 'Expense claim not found',
  titleRequired: 'Purpose is required',
  titleTooShort: 'Purpose must be at least 3 characters',
  titleTooLong: 'Purpose must not exceed 150 characters',
  linesRequired: 'Add at least one expense',
  tooManyLines: `A claim holds at most ${EXPENSE_MAX_LINES} expenses`,
  dateRequired: 'Date is required',
  dateInFuture: 'An expense cannot be dated after today',
  dateTooOld: `An expense must be claimed within ${EXPENSE_PAST_DAYS} days`,
  categoryRequired: 'Category is required',
  descriptionTooLong: 'Description must not exceed 300 characters',
  amountRequired: 'Amount is required',
  amountInvalid: `Amount must be more than ₹0 and at most ${formatRupees(EXPENSE_LINE_MAX_RUPEES * 100)}, in rupees and paise`,
  distanceInvalid: `Distance must be more than 0 and at most ${EXPENSE_MAX_KM.toLocaleString('en-IN')} km, to one decimal`,
  distanceOnlyTravel: 'Only a travel expense is priced by distance',
  visitOnlyTravel: 'Only a travel expense can be for a visit',
  receiptTooLarge: 'Receipt must be at most 5 MB',
  receiptWrongType: 'Receipt must be a photo (JPEG, PNG or WebP) or a PDF',
  receiptRequired: 'Receipt file is required',
  receiptNotYours: 'Receipt not found: upload it again',
  receiptTwice: 'The same receipt is attached to two expenses',
  receiptMissing: (line: number, above: number) =>
    `Expense ${line} needs a receipt: every expense over ${formatRupees(above)} that is not priced by distance does`,
  customerNotFound: 'Customer not found',
  visitNotFound: 'Visit not found: only a completed visit you made can be claimed',
  visitClaimedAlready: (claim: string) => `Travel for this visit is already claimed in ${claim}`,
  visitTwice: 'The same visit is claimed twice in this claim',
  notEditable: 'Only a draft or a rejected claim can be changed',
  notOwn: 'Only the person who made a claim can change or submit it',
  notDraft: 'Only a draft claim can be submitted or deleted',
  decidedAlready: 'This claim has been decided already',
  notSubmitted: 'Only a submitted claim can be approved or rejected',
  ownClaim: 'You cannot decide or pay your own claim',
  notDecider: 'Only a manager of this person’s team, or someone who sees every claim, can decide this claim',
  rejectReasonRequired: 'A reason is required to reject a claim',
  reasonTooLong: 'Reason must not exceed 500 characters',
  notApproved: 'Only an approved claim can be paid',
  referenceRequired: 'Payment reference is required',
  referenceTooLong: 'Payment reference must not exceed 100 characters',
  paidOnRequired: 'Payment date is required',
  paidOnInFuture: 'Payment date cannot be after today',
  paidBeforeApproval: 'Payment date cannot be before the approval',
  rateInvalid: 'Rate per km must be between ₹0.01 and ₹100, in rupees and paise',
  receiptAboveInvalid: 'Receipt limit must be between ₹0 and ₹1,00,000, in rupees and paise',
  yearInvalid: 'Year must be a year between 2000 and 2100',
  monthInvalid: 'Month must be YYYY-MM',
  registerForbidden: 'The register is for team managers and those who see every claim',
  totalsForbidden: 'Only your own totals, or those of your team’s members',
  distanceOrAmount: 'Distance or amount is required',
  claimNoInvalid: 'Claim ID must be like EC0001',
  unsavedLine: 'Add or clear the expense being entered before saving',
} as const;

/** One line of a claim as the API answers it; amounts in rupees (two decimals), dates YYYY-MM-DD. */
export type ExpenseLineDto = {
  _id: string;
  date: string;
  category: ExpenseCategory;
  description: string;
  amount: number;
  /** Travel priced per km: the distance and the rate it was priced at (kept as it was). */
  distanceKm: number | null;
  ratePerKm: number | null;
  customer: { _id: string; name: string; customerId: string } | null;
  followUp: { _id: string; date: string } | null;
  receipt: { _id: string; originalName: string; mimeType: string; size: number } | null;
};

type Ref = { _id: string; name: string };
export type ExpenseClaimDto = {
  _id: string;
  claimNo: number;
  claimId: string;
  title: string;
  user: Ref;
  status: ExpenseStatus;
  total: number;
  lineCount: number;
  /** The first and last line's dates. */
  from: string | null;
  to: string | null;
  submittedAt: string | null;
  decidedBy: Ref | null;
  decidedAt: string | null;
  decisionReason: string | null;
  paidBy: Ref | null;
  paidAt: string | null;
  paidOn: string | null;
  paymentReference: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the caller may do now. */
  canEdit: boolean;
  canSubmit: boolean;
  canDelete: boolean;
  canDecide: boolean;
  canPay: boolean;
};
export type ExpenseClaimDetailDto = ExpenseClaimDto & {
  lines: ExpenseLineDto[];
  /** Lines that still need a receipt before the claim can be submitted (1-based). */
  missingReceipts: number[];
  rules: ExpenseRules;
};

/** A month's totals in rupees: claimed (submitted, approved, paid), approved (approved or paid), paid. */
export type ExpenseMonthTotal = { month: string; claimed: number; approved: number; paid: number };
export type ExpenseTotalsDto = { year: number; user: Ref; months: ExpenseMonthTotal[] };

/** A stored receipt as the upload answers it. */
export type ExpenseReceiptDto = { _id: string; originalName: string; mimeType: string; size: number };

export const expenseListSpec = defineList({
  filters: {
    status: { enum: EXPENSE_STATUSES },
    user: 'ids',
    claimNo: 'integer',
    submittedAt: 'dateRange',
    createdAt: 'dateRange',
    updatedAt: 'dateRange',
  },
  sortFields: ['claimNo', 'status', 'total', 'submittedAt', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** The month's register as the download names it. */
export const expenseRegisterFileName = (month: string) => `expenses-${month}.xlsx`;

/** A line's dates as shown in mail and the register: '05/11/2026'. */
export const expenseDayShown = dayShown;
