import {
  type ExpenseClaimDto,
  type ExpenseStatus,
  expenseDayShown,
  formatRupees,
  toPaise,
} from '@karya/domain';

// How the expense screens (and the HRM dashboard's card) write money, dates, months and decisions. No dayjs
// and no zod: the page's first chunk reads these.

/** Rupees as the API carries them (240.5) shown '₹240.50'. */
export const money = (rupees: number) => formatRupees(toPaise(rupees) ?? 0);

/** A calendar day (YYYY-MM-DD) as DD/MM/YYYY; '-' for none. */
export const dmy = (day: string | null | undefined) =>
  day && /^\d{4}-\d{2}-\d{2}/.test(day) ? expenseDayShown(day.slice(0, 10)) : '-';

/** '05/11/2026', '05/11/2026 – 12/11/2026', or '' for a claim without lines. */
export const claimDates = (c: Pick<ExpenseClaimDto, 'from' | 'to'>) => {
  if (!c.from) return '';
  return !c.to || c.from === c.to ? dmy(c.from) : `${dmy(c.from)} – ${dmy(c.to)}`;
};

/** '1 expense', '3 expenses'. */
export const expensesText = (n: number) => `${n.toLocaleString('en-IN')} expense${n === 1 ? '' : 's'}`;

/** Each status's colour: draft grey, waiting orange, approved blue, rejected red, paid green. */
export const EXPENSE_STATUS_COLORS: Readonly<Record<ExpenseStatus, string>> = {
  Draft: 'gray',
  Submitted: 'orange',
  Approved: 'blue',
  Rejected: 'red',
  Paid: 'green',
};

/**
 * Who decided or paid, and why: 'Waiting for a decision', 'Approved by Meera Manager', 'Rejected by Meera
 * Manager: no bills', 'Paid on 20/11/2026, NEFT 1234'; null for a draft.
 */
export const decisionText = (c: ExpenseClaimDto) => {
  if (c.status === 'Draft') return null;
  if (c.status === 'Submitted') return 'Waiting for a decision';
  if (c.status === 'Paid')
    return `Paid on ${dmy(c.paidOn)}${c.paymentReference ? `, ${c.paymentReference}` : ''}`;
  const by = c.decidedBy ? ` by ${c.decidedBy.name}` : '';
  return `${c.status}${by}${c.decisionReason ? `: ${c.decisionReason}` : ''}`;
};

/** What a claim is called in lists and dialogs: 'EC0001, Travel to Cuttack'. */
export const claimName = (c: Pick<ExpenseClaimDto, 'claimId' | 'title'>) => `${c.claimId}, ${c.title}`;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 2026' of '2026-11'. */
export const monthName = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
/** 'Nov' of '2026-11'. */
export const monthShort = (month: string) =>
  (MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month).slice(0, 3);

/** The month `n` months after `month` (YYYY-MM). */
export const shiftMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

/** The day `n` days after `day` (YYYY-MM-DD). */
export const shiftDay = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The years the totals may be asked for (the domain's yearInvalid bounds). */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;
/** A year param as given, or `fallback` when it is missing or out of range. */
export const yearOr = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= YEAR_MIN && n <= YEAR_MAX ? n : fallback;
};
