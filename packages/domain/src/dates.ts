/** Date rules shared by screens and server. Display formats follow spec 1 §9. */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY hh:mm A';
export const TIME_FORMAT = 'hh:mm A';
/** The company works in India; calendar-day filters are read in this zone. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

/**
 * India has kept one offset, UTC+05:30, without daylight saving since 1945, so its calendar day is plain
 * arithmetic. (Intl.DateTimeFormat with a timeZone loads the zone data on first use: on a phone that was
 * the longest step of drawing a task list.)
 */
const APP_UTC_OFFSET_MS = 330 * 60_000;

/** Today's calendar day (YYYY-MM-DD) in the company's time zone, wherever the code runs. */
export const todayInAppZone = (now: Date = new Date()) =>
  new Date(now.getTime() + APP_UTC_OFFSET_MS).toISOString().slice(0, 10);

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const QUICK_DATES = ['Today', 'Yesterday', 'This Week', 'This Month'] as const;
export type QuickDate = (typeof QUICK_DATES)[number];

/**
 * Where This Week ends (spec 2 §9): on Sunday for most lists; for follow-ups on the coming Saturday (today
 * when it is Saturday; from a Sunday, the next Saturday).
 */
export type WeekEnd = 'sunday' | 'saturday';

/** A calendar day (YYYY-MM-DD) moved by `n` days; pure calendar arithmetic, no time zone involved. */
const addCalendarDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
/** 0 = Sunday … 6 = Saturday, of a calendar day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The start and end (inclusive calendar days) of a quick-date chip. The days are India's (APP_TIME_ZONE),
 * as the server reads a date-range filter, wherever the browser is; weeks start on Monday. The admin
 * dashboard's "new this week" is this same This Week.
 */
export const quickDateRange = (
  chip: QuickDate,
  now: Date = new Date(),
  weekEnd: WeekEnd = 'sunday',
): { start: string; end: string } => {
  const today = todayInAppZone(now);
  switch (chip) {
    case 'Today':
      return { start: today, end: today };
    case 'Yesterday': {
      const y = addCalendarDays(today, -1);
      return { start: y, end: y };
    }
    case 'This Week': {
      const weekday = weekdayOf(today);
      const monday = addCalendarDays(today, -((weekday + 6) % 7));
      if (weekEnd === 'sunday') return { start: monday, end: addCalendarDays(monday, 6) };
      return { start: monday, end: addCalendarDays(today, (6 - weekday + 7) % 7) };
    }
    case 'This Month': {
      const first = `${today.slice(0, 8)}01`;
      const last = addCalendarDays(`${addCalendarDays(first, 31).slice(0, 8)}01`, -1);
      return { start: first, end: last };
    }
  }
};

/** Whether a date-of-birth falls on the given day (month and day only). */
export const isBirthday = (dateOfBirth: string | null | undefined, now: Date = new Date()) => {
  if (!dateOfBirth) return false;
  const [, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number);
  return m === now.getMonth() + 1 && d === now.getDate();
};

/** A 'YYYY-MM-DD' day as the screens show dates (DD/MM/YYYY, spec 1 §9). */
export const dayShown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
