// The lines of a claim as the form holds them, their checks, prices and the request body (the form's chunk:
// zod comes with it). The checks are the domain's expenseLineSchema and expenseClaimSchema, with the
// messages of EXPENSE_MESSAGES; the server checks again and prices travel by its own rate.
import {
  EXPENSE_MESSAGES,
  EXPENSE_PAST_DAYS,
  type ExpenseCategory,
  type ExpenseClaimDetailDto,
  type ExpenseReceiptDto,
  type ExpenseRules,
  expenseClaimSchema,
  expenseLineSchema,
  needsReceipt,
  toPaise,
  travelPaise,
} from '@karya/domain';
import type { ExpenseClaimBody, ExpenseLineBody } from './api';
import { shiftDay } from './expense-format';

const M = EXPENSE_MESSAGES;

/** One expense as typed: numbers as text, the picked customer's name and the receipt kept beside their ids. */
export type LineState = {
  date: string;
  category: ExpenseCategory | '';
  description: string;
  /** Travel priced by distance (km × the rate), else by its amount. */
  byDistance: boolean;
  distanceKm: string;
  amount: string;
  customer: string;
  customerName: string;
  /** The visit the travel was for (added from a follow-up): kept as it is. */
  followUp: string | null;
  visitDate: string | null;
  receipt: ExpenseReceiptDto | null;
  /** The receipt is stored on the saved claim (opened through the claim), not just uploaded. */
  receiptOnClaim: boolean;
};

export const emptyLine = (today: string): LineState => ({
  date: today,
  category: '',
  description: '',
  byDistance: false,
  distanceKm: '',
  amount: '',
  customer: '',
  customerName: '',
  followUp: null,
  visitDate: null,
  receipt: null,
  receiptOnClaim: false,
});

/** The line being typed in the editor, and which listed one it replaces (null: a new one). */
export type LineDraft = { line: LineState; editing: number | null };
export const emptyDraft = (today: string): LineDraft => ({ line: emptyLine(today), editing: null });

/** Whether the entry holds input not in the list (a category, an amount, a distance, a note or a receipt). */
export const hasUnsavedLine = (d: LineDraft) =>
  d.line.category !== '' ||
  d.line.amount.trim() !== '' ||
  d.line.distanceKm.trim() !== '' ||
  d.line.description.trim() !== '' ||
  d.line.receipt !== null;

const priced = (l: LineState) => l.category === 'Travel' && l.byDistance;

/** The line as the API takes it, before the schema reads the numbers. */
const rawBody = (l: LineState) => ({
  date: l.date,
  category: l.category || undefined,
  description: l.description,
  amount: priced(l) ? null : l.amount,
  distanceKm: priced(l) ? l.distanceKm : null,
  customer: l.customer || null,
  followUp: l.followUp,
  receipt: l.receipt?._id ?? null,
});

export type LineErrors = Partial<
  Record<'date' | 'category' | 'description' | 'amount' | 'distanceKm' | 'customer' | 'receipt', string>
>;

/** The oldest day an expense may be dated (EXPENSE_PAST_DAYS before today). */
export const oldestDay = (today: string) => shiftDay(today, -EXPENSE_PAST_DAYS);

/** The entry's checks on Add: the schema's, the date window, and a distance for travel priced per km. */
export const checkLine = (l: LineState, today: string): LineErrors => {
  const errors: LineErrors = {};
  const parsed = expenseLineSchema.safeParse(rawBody(l));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = (key === 'followUp' ? 'category' : key) as keyof LineErrors;
      errors[field] ??= issue.message;
    }
  if (priced(l) && l.distanceKm.trim() === '') {
    errors.distanceKm ??= M.distanceInvalid;
    delete errors.amount;
  }
  if (!errors.date && l.date > today) errors.date = M.dateInFuture;
  else if (!errors.date && l.date < oldestDay(today)) errors.date = M.dateTooOld;
  return errors;
};

/** A line's paise as far as the screen knows: travel by distance needs the rate; null when not known. */
export const linePaise = (l: LineState, ratePaise: number | null): number | null => {
  if (priced(l)) {
    const km = Number(l.distanceKm.trim());
    return ratePaise !== null && l.distanceKm.trim() !== '' && Number.isFinite(km) && km > 0
      ? travelPaise(km, ratePaise)
      : null;
  }
  return l.amount.trim() === '' ? null : toPaise(l.amount);
};

/** The claim's total in paise from its lines; `complete` false when a line is priced on save. */
export const claimTotal = (lines: readonly LineState[], ratePaise: number | null) => {
  const each = lines.map((l) => linePaise(l, ratePaise));
  return {
    paise: each.reduce<number>((sum, p) => sum + (p ?? 0), 0),
    complete: each.every((p) => p !== null),
  };
};

/** The rules in paise (the domain's helpers take paise). */
export const rulesPaise = (rules: ExpenseRules | null) =>
  rules
    ? { ratePaise: toPaise(rules.ratePerKm), receiptAbovePaise: toPaise(rules.receiptAbove) ?? 0 }
    : { ratePaise: null, receiptAbovePaise: null };

/** The 1-based positions of the lines that need a receipt before submitting and have none. */
export const linesMissingReceipts = (lines: readonly LineState[], receiptAbovePaise: number | null) =>
  receiptAbovePaise === null
    ? []
    : lines.flatMap((l, i) => {
        const paise = priced(l) ? null : toPaise(l.amount);
        if (l.receipt || paise === null) return [];
        return needsReceipt({ amountPaise: paise, distanceKm: null }, receiptAbovePaise) ? [i + 1] : [];
      });

/** The form's values. */
export type ClaimValues = { title: string; lines: LineState[] };

/** The claim as POST and PUT take it (the schema's output: trimmed text, numbers, nulls). */
export const toClaimBody = (v: ClaimValues): ExpenseClaimBody => {
  const parsed = expenseClaimSchema.parse({ title: v.title, lines: v.lines.map(rawBody) });
  return {
    title: parsed.title,
    lines: parsed.lines.map(
      (l): ExpenseLineBody => ({
        date: l.date,
        category: l.category,
        description: l.description,
        amount: l.distanceKm === null ? l.amount : null,
        distanceKm: l.distanceKm,
        customer: l.customer,
        followUp: l.followUp,
        receipt: l.receipt,
      }),
    ),
  };
};

/** The claim's first problem per field: the purpose, or the lines ('Expense 2: Amount is required'). */
export const checkClaim = (v: ClaimValues): Partial<Record<'title' | 'lines', string>> => {
  const parsed = expenseClaimSchema.safeParse({ title: v.title, lines: v.lines.map(rawBody) });
  const errors: Partial<Record<'title' | 'lines', string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'title') errors.title ??= issue.message;
    else if (issue.path[0] === 'lines') {
      const at = issue.path[1];
      errors.lines ??= typeof at === 'number' ? `Expense ${at + 1}: ${issue.message}` : issue.message;
    }
  }
  return errors;
};

/** A saved claim's lines as the editor holds them (update). */
export const linesFrom = (claim: ExpenseClaimDetailDto): LineState[] =>
  claim.lines.map((l) => ({
    date: l.date,
    category: l.category,
    description: l.description,
    byDistance: l.distanceKm !== null,
    distanceKm: l.distanceKm === null ? '' : String(l.distanceKm),
    amount: l.distanceKm === null ? String(l.amount) : '',
    customer: l.customer?._id ?? '',
    customerName: l.customer?.name ?? '',
    followUp: l.followUp?._id ?? null,
    visitDate: l.followUp?.date ?? null,
    receipt: l.receipt,
    receiptOnClaim: l.receipt !== null,
  }));
