import {
  ATTENDANCE_CODES,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  MONTH_RE,
  TIME_FORMAT,
  todayInAppZone,
  WEEKDAY_NAMES,
} from '@karya/domain';
import dayjs from 'dayjs';

// How the attendance screens write times, durations, months and statuses. Attendance is counted in India
// time (the rules' office hours are India's), so times are shown in India time wherever the phone is.

const IST_MS = 330 * 60_000;

/** The India wall-clock time of an instant as a local dayjs (for the house formats), or null. */
const indiaClock = (iso: string) => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const s = new Date(t + IST_MS);
  return dayjs(
    new Date(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate(), s.getUTCHours(), s.getUTCMinutes()),
  );
};

/** '09:42 AM' (TIME_FORMAT) in India time; '-' for none. */
export const timeOf = (iso: string | null | undefined) => {
  const d = iso ? indiaClock(iso) : null;
  return d ? d.format(TIME_FORMAT) : '-';
};

/** '8 h 56 min', '45 min', '2 h'. */
export const formatWorked = (minutes: number) => {
  const m = Math.max(0, Math.floor(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (!h) return `${rest} min`;
  return rest ? `${h} h ${rest} min` : `${h} h`;
};

/** A calendar day (YYYY-MM-DD) as a local dayjs, without a time-zone shift. */
const dayOf = (date: string) => dayjs(`${date}T00:00:00`);
/** 'Monday, 16 November 2026'. */
export const longDate = (date: string) => dayOf(date).format('dddd, D MMMM YYYY');
/** 'Mon 16 Nov'. */
export const shortDate = (date: string) => dayOf(date).format('ddd D MMM');
/** 'November 2026'. */
export const monthName = (month: string) => dayOf(`${month}-01`).format('MMMM YYYY');

/** This month in India, YYYY-MM. */
export const currentMonth = (now = new Date()) => todayInAppZone(now).slice(0, 7);
/** A month param as given, or this month when it is missing or not YYYY-MM. */
export const monthOrCurrent = (value: string | null) =>
  value && MONTH_RE.test(value) ? value : currentMonth();
/** The month `n` months after `month` (YYYY-MM). */
export const shiftMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
/** The day `n` days after `date` (YYYY-MM-DD). */
export const shiftDay = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The weekdays from Monday, as the calendar's columns go: [1, 2, 3, 4, 5, 6, 0]. */
export const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
export const weekdayName = (day: number) => WEEKDAY_NAMES[day] ?? '';

const STATUS_COLORS: Record<AttendanceStatus, string> = {
  Present: 'green',
  'Half Day': 'yellow',
  Absent: 'red',
  'On Leave': 'violet',
  Holiday: 'blue',
  'Weekly Off': 'gray',
  'On Field': 'teal',
};
/**
 * Each status's colour and the short code the calendar shows on a phone (the summary is its legend); the
 * codes are the register's (ATTENDANCE_CODES).
 */
export const STATUS_LOOK = Object.fromEntries(
  ATTENDANCE_STATUSES.map((s) => [s, { color: STATUS_COLORS[s], short: ATTENDANCE_CODES[s] }]),
) as Record<AttendanceStatus, { color: string; short: string }>;

/** 'Check-in at 09:42 AM': how a punch waiting on the device is named (the outbox shows it too). */
export const punchLabel = (kind: 'in' | 'out', at: string) =>
  `${kind === 'in' ? 'Check-in' : 'Check-out'} at ${timeOf(at)}`;
