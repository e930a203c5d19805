import {
  formatLeaveDays,
  LEAVE_TYPE_INFO,
  type LeaveBalance,
  type LeaveDto,
  type LeaveHalf,
  type LeaveStatus,
  type LeaveType,
} from '@karya/domain';

// How the leave screens (and the HRM dashboard's card) write dates, days, balances and decisions. No
// dayjs and no zod: the dashboard's first chunk reads these too.

/** A calendar day (YYYY-MM-DD) as DD/MM/YYYY; '-' for none. */
export const dmy = (day: string | null | undefined) =>
  day && /^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '-';

/** The half of a one-day leave as the screens write it. */
export const HALF_TEXT: Readonly<Record<LeaveHalf, string>> = {
  first: 'first half',
  second: 'second half',
};

/** '16/11/2026', '16/11/2026, first half', or '16/11/2026 – 18/11/2026'. */
export const leaveDates = (l: Pick<LeaveDto, 'from' | 'to' | 'half'>) =>
  l.from === l.to
    ? `${dmy(l.from)}${l.half ? `, ${HALF_TEXT[l.half]}` : ''}`
    : `${dmy(l.from)} – ${dmy(l.to)}`;

/** A number of days with the Indian grouping ('1,234.5'): halves stay halves. */
export const daysNumber = (days: number) => days.toLocaleString('en-IN', { maximumFractionDigits: 1 });

/** 'half a day', '1 day', '2.5 days' (the domain's words). */
export const daysText = (days: number) => formatLeaveDays(days);

/** The live preview's words: 'Half a working day', '1 working day', '3 working days'. */
export const workingDaysText = (days: number) =>
  days === 0.5 ? 'Half a working day' : `${daysNumber(days)} working day${days === 1 ? '' : 's'}`;

/** 'Casual leave (CL)'. */
export const typeLabel = (type: LeaveType) =>
  `${LEAVE_TYPE_INFO[type].label} (${LEAVE_TYPE_INFO[type].code})`;

/** Each status's colour: waiting orange, approved green, rejected red, cancelled grey. */
export const LEAVE_STATUS_COLORS: Readonly<Record<LeaveStatus, string>> = {
  Pending: 'orange',
  Approved: 'green',
  Rejected: 'red',
  Cancelled: 'gray',
};

/** Each type's colour in badges and the team calendar. */
export const LEAVE_TYPE_COLORS: Readonly<Record<LeaveType, string>> = {
  Casual: 'blue',
  Sick: 'grape',
  Earned: 'teal',
  Unpaid: 'yellow',
};

/** What is left of a balance, never below nothing. */
export const leftOf = (b: LeaveBalance) => Math.max(0, b.available ?? 0);

/** 'No limit' for unpaid leave; '8 of 12 days left' for the others. */
export const balanceText = (b: LeaveBalance) =>
  b.limited ? `${daysNumber(leftOf(b))} of ${daysText(b.allocated)} left` : 'No limit';

/** What the type select says of a type: 'Casual leave (CL): 8 days left', 'Leave without pay (LWP): no limit'. */
export const typeOption = (type: LeaveType, balance: LeaveBalance | undefined) => {
  if (!balance) return typeLabel(type);
  if (!balance.limited) return `${typeLabel(type)}: no limit`;
  const left = leftOf(balance);
  return `${typeLabel(type)}: ${left > 0 ? `${daysText(left)} left` : 'nothing left'}`;
};

/**
 * Who decided or cancelled, and why: 'Approved by Meera Manager', 'Rejected by Meera Manager: too many
 * away that week', 'Cancelled by Asha Admin: plans changed'; a pending leave waits.
 */
export const decisionText = (l: LeaveDto) => {
  if (l.status === 'Pending') return 'Waiting for a decision';
  if (l.status === 'Cancelled') {
    const by = l.cancelledBy ? ` by ${l.cancelledBy.name}` : '';
    return `Cancelled${by}${l.cancelReason ? `: ${l.cancelReason}` : ''}`;
  }
  const by = l.decidedBy ? ` by ${l.decidedBy.name}` : '';
  return `${l.status}${by}${l.decisionReason ? `: ${l.decisionReason}` : ''}`;
};

/** The years the balances and allocations may be asked for (the domain's yearInvalid bounds). */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;
/** A year param as given, or `fallback` when it is missing or out of range. */
export const yearOr = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= YEAR_MIN && n <= YEAR_MAX ? n : fallback;
};
