// Leave (issue 28, decision 0023): the types, how many days an application takes, balances, and the words.
// No zod here (the calendar and the balance cards do not load it); the request schemas are in leave.ts.
import { defineList } from '../common/list-query.ts';
import { dayShown } from '../dates.ts';
import { weekdayOf } from './attendance-day.ts';

/** The API's leave calls live under this path (after /api). */
export const LEAVE_PATH = '/hrm/leaves';

export const LEAVE_TYPES = ['Casual', 'Sick', 'Earned', 'Unpaid'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export type LeaveTypeInfo = {
  /** The short code of the register and the calendar. */
  code: string;
  label: string;
  /** Whether a balance limits it (unpaid leave has none: it is limited by the manager's approval only). */
  limited: boolean;
  /** The yearly days when neither the person nor any of their roles has an allocation. */
  defaultDays: number;
};

/**
 * Sensible Indian defaults (a company changes them per role or person): 12 casual and 12 sick days, 15
 * earned days (the Odisha Shops and Establishments Act's privilege leave), unpaid leave without a limit.
 */
export const LEAVE_TYPE_INFO: Readonly<Record<LeaveType, LeaveTypeInfo>> = {
  Casual: { code: 'CL', label: 'Casual leave', limited: true, defaultDays: 12 },
  Sick: { code: 'SL', label: 'Sick leave', limited: true, defaultDays: 12 },
  Earned: { code: 'EL', label: 'Earned leave', limited: true, defaultDays: 15 },
  Unpaid: { code: 'LWP', label: 'Leave without pay', limited: false, defaultDays: 0 },
};

export const LEAVE_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** The statuses that hold days of a balance (pending ones are reserved until decided). */
export const LEAVE_HOLDING: readonly LeaveStatus[] = ['Pending', 'Approved'];

/** Which half of a one-day application: the morning or the afternoon; null is the whole day. */
export const LEAVE_HALVES = ['first', 'second'] as const;
export type LeaveHalf = (typeof LEAVE_HALVES)[number];
export const LEAVE_HALF_LABELS: Readonly<Record<LeaveHalf, string>> = {
  first: 'First half (morning)',
  second: 'Second half (afternoon)',
};

/** How far back leave may be applied for (sick leave is often asked for after the return), and ahead. */
export const LEAVE_PAST_DAYS = 30;
export const LEAVE_AHEAD_DAYS = 365;
/** An allocation is at most this many days a year. */
export const LEAVE_MAX_DAYS = 366;

export const LEAVE_MESSAGES = {
  applied: 'Leave applied',
  approved: 'Leave approved',
  rejected: 'Leave rejected',
  cancelled: 'Leave cancelled',
  fetched: 'Leave fetched successfully',
  listed: 'Leaves fetched successfully',
  balances: 'Leave balances fetched successfully',
  calendar: 'Leave calendar fetched successfully',
  allocations: 'Leave allocations fetched successfully',
  allocationsSaved: 'Leave allocations saved',
  typeRequired: 'Leave type must be Casual, Sick, Earned or Unpaid',
  fromRequired: 'From date is required',
  toRequired: 'To date is required',
  toBeforeFrom: 'To date must be on or after the from date',
  sameYear: 'A leave must start and end in the same year; apply for each year separately',
  halfOneDay: 'A half day is for a leave of one day',
  halfInvalid: 'Half must be first or second',
  reasonRequired: 'Reason is required',
  reasonTooShort: 'Reason must be at least 3 characters',
  reasonTooLong: 'Reason must not exceed 500 characters',
  tooOld: `Leave can be applied for up to ${LEAVE_PAST_DAYS} days back`,
  tooFar: `Leave can be applied for up to ${LEAVE_AHEAD_DAYS} days ahead`,
  noWorkingDays: 'These dates are holidays or weekly offs: there is no working day to take leave for',
  overlap: (date: string) => `You already have leave on ${dayShown(date)}`,
  notEnough: (type: LeaveType, left: number, asked: number) =>
    `Not enough ${LEAVE_TYPE_INFO[type].label.toLowerCase()}: ${formatLeaveDays(left)} left, ${formatLeaveDays(asked)} asked for`,
  notFound: 'Leave not found',
  notPending: 'This leave has already been decided',
  ownLeave: 'You cannot decide your own leave',
  notYours: 'Only a manager of the person’s team can decide their leave',
  rejectReasonRequired: 'Say why the leave is rejected',
  notCancellable: 'Only a pending or approved leave can be cancelled',
  startedCancel: 'This leave has started: ask your manager to cancel it',
  cancelReasonRequired: 'Say why the leave is cancelled',
  notYourTeam: 'You can see the leave of your own team only',
  daysInvalid: 'Days must be a whole or half number from 0 to 366',
  allocationTarget: 'An allocation is for a role or a person',
  allocationDuplicate: 'Each leave type is allocated once per role or person',
  yearInvalid: 'Year must be between 2000 and 2100',
} as const;

/** 1 → "1 day", 2.5 → "2.5 days", 0.5 → "half a day". */
export const formatLeaveDays = (days: number) =>
  days === 0.5 ? 'half a day' : `${days} day${days === 1 ? '' : 's'}`;

const DAY_MS = 24 * 60 * 60_000;
/** The days from `from` to `to`, both included, as YYYY-MM-DD. */
export const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/**
 * The days an application takes from a balance, in halves (exact): every day of the range that is neither a
 * weekly off nor a holiday; a one-day application for a half takes one half. Weekly offs and holidays inside
 * the range are not counted (a Friday-to-Monday leave over a Sunday takes three days).
 */
export const leaveHalves = (
  a: { from: string; to: string; half: LeaveHalf | null },
  weeklyOff: readonly number[],
  holidays: ReadonlySet<string>,
): { halves: number; days: string[] } => {
  const days = daysBetween(a.from, a.to).filter((d) => !weeklyOff.includes(weekdayOf(d)) && !holidays.has(d));
  return { halves: days.length * (a.half ? 1 : 2), days };
};

/** Whether two applications of one person take the same time: overlapping dates, unless two other halves. */
export const leavesClash = (
  a: { from: string; to: string; half: LeaveHalf | null },
  b: { from: string; to: string; half: LeaveHalf | null },
) => a.from <= b.to && b.from <= a.to && !(a.half && b.half && a.half !== b.half);

export type LeaveUserRef = { _id: string; name: string };

export type LeaveDto = {
  _id: string;
  user: LeaveUserRef;
  leaveType: LeaveType;
  from: string;
  to: string;
  half: LeaveHalf | null;
  /** Working days taken (halves / 2). */
  days: number;
  reason: string;
  status: LeaveStatus;
  decidedBy: LeaveUserRef | null;
  decidedAt: string | null;
  decisionReason: string | null;
  cancelledBy: LeaveUserRef | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The caller may approve or reject it (a manager of the person's team, or view-all; never their own). */
  canDecide: boolean;
  /** The caller may cancel it (their own before it starts; a decider's any time while pending or approved). */
  canCancel: boolean;
};

export type LeaveBalance = {
  leaveType: LeaveType;
  limited: boolean;
  /** The year's allocation in days. */
  allocated: number;
  /** Approved days. */
  taken: number;
  /** Days waiting for a decision (reserved). */
  pending: number;
  /** allocated − taken − pending (0 and below: nothing left); unlimited types answer null. */
  available: number | null;
};

export type LeaveBalancesDto = { year: number; user: LeaveUserRef; balances: LeaveBalance[] };

/** GET /hrm/leaves/calendar?month=: the approved and pending leave of the people the caller sees. */
export type LeaveCalendarDto = {
  month: string;
  /** false: only the caller's own leave is shown (they manage no team and may not view all). */
  team: boolean;
  leaves: LeaveDto[];
};

export type LeaveAllocationDto = {
  leaveType: LeaveType;
  /** One of the two. */
  role: { _id: string; name: string } | null;
  user: LeaveUserRef | null;
  days: number;
};

export type LeaveAllocationsDto = {
  year: number;
  allocations: LeaveAllocationDto[];
  /** What applies where nothing is allocated. */
  defaults: Record<LeaveType, number>;
};

/**
 * A person's yearly days of a type: their own allocation, else the largest of their roles', else the type's
 * default.
 */
export const entitledDays = (type: LeaveType, own: number | undefined, roles: readonly number[]): number =>
  own ?? (roles.length ? Math.max(...roles) : LEAVE_TYPE_INFO[type].defaultDays);

/** The year of a YYYY-MM-DD. */
export const leaveYear = (day: string) => Number(day.slice(0, 4));

/** GET /hrm/leaves: the kit's list (decision 0021), scoped to the caller's own, their teams', or all. */
export const leaveListSpec = defineList({
  filters: {
    status: { enum: LEAVE_STATUSES },
    leaveType: { enum: LEAVE_TYPES },
    user: 'ids',
    from: 'dateRange',
    to: 'dateRange',
    createdAt: 'dateRange',
    updatedAt: 'dateRange',
  },
  sortFields: ['from', 'to', 'status', 'leaveType', 'days', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'from', order: 'desc' },
});
