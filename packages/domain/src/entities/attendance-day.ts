// Attendance (issue 28): check-ins and check-outs ("punches"), the company's rules, and what each day was.
// The rules are data the server and the screens share; decision 0022 says why they are these. No zod here (a
// page that draws a month does not load it); the request schemas are in attendance.ts.
import { todayInAppZone } from '../dates.ts';

/** The API's attendance calls live under this path (after /api). */
export const ATTENDANCE_PATH = '/hrm/attendances';

export const ATTENDANCE_STATUSES = [
  'Present',
  'Half Day',
  'Absent',
  'On Leave',
  'Holiday',
  'Weekly Off',
  'On Field',
] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const PUNCH_KINDS = ['in', 'out'] as const;
export type PunchKind = (typeof PUNCH_KINDS)[number];

/** Days of the week as JavaScript counts them: 0 is Sunday. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type AttendanceRules = {
  /** Office hours in India time, HH:MM. */
  officeStart: string;
  officeEnd: string;
  /** A first check-in up to this many minutes after officeStart is not late. */
  graceMinutes: number;
  /** A day worked for less than this many minutes is a half day. */
  halfDayBelowMinutes: number;
  /** The weekly days off, 0 (Sunday) to 6. */
  weeklyOff: number[];
};

export const DEFAULT_ATTENDANCE_RULES: AttendanceRules = {
  officeStart: '09:30',
  officeEnd: '18:30',
  graceMinutes: 15,
  halfDayBelowMinutes: 240,
  weeklyOff: [0],
};

export const ATTENDANCE_MESSAGES = {
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  alreadyIn: 'You are already checked in. Check out first.',
  notIn: 'You are not checked in. Check in first.',
  atInFuture: 'The time of a check-in cannot be in the future',
  atTooOld: 'A check-in older than 7 days cannot be sent; ask for a correction instead',
  atInvalid: 'Time must be a date and time',
  monthInvalid: 'Month must be YYYY-MM',
  dateInvalid: 'Date must be YYYY-MM-DD',
  userNotVisible: 'You can see the attendance of your own team only',
  fetched: 'Attendance fetched successfully',
  rulesUpdated: 'Attendance rules updated',
} as const;

/** How late a punch made offline may arrive, and how far a device's clock may run ahead. */
export const PUNCH_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const PUNCH_CLOCK_SKEW_MS = 5 * 60_000;

/** Is a punch's time acceptable at `now`: not ahead of the clock, not older than a week. */
export const punchTimeProblem = (at: string, now: Date): string | null => {
  const t = Date.parse(at);
  if (Number.isNaN(t)) return ATTENDANCE_MESSAGES.atInvalid;
  if (t > now.getTime() + PUNCH_CLOCK_SKEW_MS) return ATTENDANCE_MESSAGES.atInFuture;
  if (t < now.getTime() - PUNCH_MAX_AGE_MS) return ATTENDANCE_MESSAGES.atTooOld;
  return null;
};

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export type PunchDto = {
  _id: string;
  kind: PunchKind;
  at: string;
  /** The India calendar day the punch counts for (a check-out counts for its check-in's day). */
  day: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  device: string | null;
  /** When the server received it (a punch made offline arrives later than `at`). */
  receivedAt: string;
};

export type AttendanceDay = {
  date: string;
  /** null for a day still to come. */
  status: AttendanceStatus | null;
  firstIn: string | null;
  lastOut: string | null;
  workedMinutes: number;
  late: boolean;
  /** Checked in, and the day ended without a check-out (worked time unknown: a correction settles it). */
  missingCheckOut: boolean;
  /** Checked in right now. */
  open: boolean;
  holiday: string | null;
  /** Visits logged as follow-ups that day. */
  visits: number;
};

export type AttendanceMonthDto = {
  month: string;
  user: { _id: string; name: string };
  rules: AttendanceRules;
  days: AttendanceDay[];
  /** How many days of each status the month has so far. */
  summary: Record<AttendanceStatus, number>;
  /** Today's punches, newest last (for the check-in card). */
  today: { date: string; punches: PunchDto[]; open: boolean };
};

/** GET /hrm/attendances/team?date=: the day of everyone in the teams the user manages (or all, view-all). */
export type AttendanceTeamDayDto = {
  date: string;
  /** false: the user manages no team and may not view all (the screen then offers no team view). */
  manages: boolean;
  members: { user: { _id: string; name: string }; teams: string[]; day: AttendanceDay }[];
};

// ------------------------------------------------------------------------------------------- the rules

/** A day's India-time HH:MM as minutes from its midnight. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const IST_MS = 330 * 60_000;
/** The India calendar day of an instant. */
export const appDayOf = (iso: string | Date) => todayInAppZone(typeof iso === 'string' ? new Date(iso) : iso);
/** The instant of HH:MM India time on a day. */
const instantOf = (day: string, hhmm: string) =>
  Date.parse(`${day}T00:00:00Z`) - IST_MS + minutesOf(hhmm) * 60_000;
/** 0 (Sunday) to 6 for a YYYY-MM-DD. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A check-out this long after its check-in still closes it (a night shift); later, it stands alone. */
export const SHIFT_MAX_MS = 20 * 60 * 60_000;

type TimedPunch = { kind: PunchKind; at: string };

/**
 * The day each punch counts for: a check-in counts for its own India day, a check-out for the day of the
 * check-in it closes (an overnight shift is one day's work). A check-out with no open check-in counts for
 * its own day. Punches in time order.
 */
export const punchDays = <P extends TimedPunch>(punches: readonly P[]): { punch: P; day: string }[] => {
  const sorted = [...punches].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let open: { at: number; day: string } | null = null;
  return sorted.map((punch) => {
    const t = Date.parse(punch.at);
    if (punch.kind === 'in') {
      open = { at: t, day: appDayOf(punch.at) };
      return { punch, day: open.day };
    }
    const closes: { at: number; day: string } | null = open && t - open.at <= SHIFT_MAX_MS ? open : null;
    open = null;
    return { punch, day: closes ? closes.day : appDayOf(punch.at) };
  });
};

export type DayFacts = {
  date: string;
  /** The punches that count for this day (punchDays), any order. */
  punches: readonly TimedPunch[];
  rules: AttendanceRules;
  holiday: string | null;
  /** Approved leave on the day (leave arrives with its own screens; 'half' is a half day's leave). */
  leave?: 'full' | 'half' | null;
  visits: number;
  now: Date;
};

/**
 * What a day was (decision 0022), in this order: a day still to come has no status; leave for the whole
 * day is On Leave; a holiday or weekly off without work is that; then the worked time from check-in /
 * check-out pairs: at least the half-day threshold is Present, less is Half Day; a day whose work is
 * only visits, or whose visits outweigh a short office day, is On Field; nothing at all is Absent. Today
 * is never Absent or Half Day while it can still change.
 */
export const attendanceDay = (f: DayFacts): AttendanceDay => {
  const today = appDayOf(f.now);
  const sorted = [...f.punches].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let worked = 0;
  let openAt: number | null = null;
  let firstIn: string | null = null;
  let lastOut: string | null = null;
  let missingCheckOut = false;
  for (const p of sorted) {
    const t = Date.parse(p.at);
    if (p.kind === 'in') {
      firstIn ??= p.at;
      // Two check-ins in a row: the first one's check-out is missing.
      if (openAt !== null) missingCheckOut = true;
      openAt = t;
    } else {
      lastOut = p.at;
      if (openAt !== null) worked += t - openAt;
      openAt = null;
    }
  }
  const isToday = f.date === today;
  const open = openAt !== null && isToday;
  if (openAt !== null) {
    // Still at work today: the time so far counts. A past day that never checked out: unknown.
    if (isToday) worked += Math.max(0, f.now.getTime() - openAt);
    else if (f.now.getTime() - openAt > SHIFT_MAX_MS) missingCheckOut = true;
    else worked += Math.max(0, f.now.getTime() - openAt);
  }
  const workedMinutes = Math.floor(worked / 60_000);
  const late =
    firstIn !== null &&
    Date.parse(firstIn) > instantOf(f.date, f.rules.officeStart) + f.rules.graceMinutes * 60_000;
  const base = {
    date: f.date,
    firstIn,
    lastOut,
    workedMinutes,
    late,
    missingCheckOut,
    open,
    holiday: f.holiday,
    visits: f.visits,
  };
  const worksAtAll = sorted.length > 0 || f.visits > 0;
  const status = ((): AttendanceStatus | null => {
    if (f.date > today)
      return f.leave === 'full'
        ? 'On Leave'
        : f.holiday
          ? 'Holiday'
          : f.rules.weeklyOff.includes(weekdayOf(f.date))
            ? 'Weekly Off'
            : null;
    if (f.leave === 'full') return 'On Leave';
    if (!worksAtAll) {
      if (f.holiday) return 'Holiday';
      if (f.rules.weeklyOff.includes(weekdayOf(f.date))) return 'Weekly Off';
      return isToday ? null : 'Absent';
    }
    if (workedMinutes >= f.rules.halfDayBelowMinutes) return 'Present';
    if (f.visits > 0) return 'On Field';
    // Today, or a day whose check-out is missing, is not judged short on hours yet.
    if (isToday || missingCheckOut) return isToday ? 'Present' : 'Half Day';
    return f.leave === 'half' ? 'Present' : 'Half Day';
  })();
  return { ...base, status };
};

/** The days of a month (YYYY-MM) as YYYY-MM-DD. */
export const daysOfMonth = (month: string): string[] => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
};

/** The short codes of the register and the phone's calendar. */
export const ATTENDANCE_CODES: Readonly<Record<AttendanceStatus, string>> = {
  Present: 'P',
  'Half Day': 'HD',
  Absent: 'A',
  'On Leave': 'L',
  Holiday: 'H',
  'Weekly Off': 'WO',
  'On Field': 'F',
};

/** The register's file name: attendance-2026-11.xlsx. */
export const attendanceRegisterFileName = (month: string) => `attendance-${month}.xlsx`;

export const emptyAttendanceSummary = (): Record<AttendanceStatus, number> =>
  Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>;

// ---------------------------------------------------------------------------------------- corrections

export const CORRECTION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
/** How far back a correction may be asked for. */
export const CORRECTION_MAX_DAYS = 31;

export const CORRECTION_MESSAGES = {
  requested: 'Correction requested',
  approved: 'Correction approved',
  rejected: 'Correction rejected',
  fetched: 'Corrections fetched successfully',
  dateRequired: 'Date is required',
  dateFuture: 'A correction is for a day that has passed or today',
  dateTooOld: `A correction can be asked for the last ${CORRECTION_MAX_DAYS} days`,
  timeRequired: 'Time is required',
  timeFuture: 'The time asked for has not come yet',
  reasonRequired: 'Reason is required',
  reasonTooShort: 'Reason must be at least 3 characters',
  reasonTooLong: 'Reason must not exceed 500 characters',
  rejectReasonRequired: 'Say why the correction is rejected',
  alreadyPending: 'A correction for this day and kind is already waiting for a decision',
  notFound: 'Correction not found',
  notPending: 'This correction has already been decided',
  notYours: 'Only a manager of the person’s team can decide a correction',
  ownRequest: 'You cannot decide your own correction',
  clash: 'There is already a check-in or check-out at that time',
} as const;

export type CorrectionDto = {
  _id: string;
  user: { _id: string; name: string };
  date: string;
  kind: PunchKind;
  /** The time asked for, as an instant (the day's HH:MM in India). */
  at: string;
  reason: string;
  status: CorrectionStatus;
  decidedBy: { _id: string; name: string } | null;
  decidedAt: string | null;
  decisionReason: string | null;
  createdAt: string;
  /** The caller may approve or reject it (a manager of the person's team, or view-all; never their own). */
  canDecide: boolean;
};

/** The instant of HH:MM India time on a YYYY-MM-DD. */
export const appInstant = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);
