/** Date rules shared by screens and server. Display formats follow spec 1 §9. */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY hh:mm A';
export const TIME_FORMAT = 'hh:mm A';
/** The company works in India; calendar-day filters are read in this zone. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

/** Today's calendar day (YYYY-MM-DD) in the company's time zone, wherever the code runs. */
export const todayInAppZone = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const QUICK_DATES = ['Today', 'Yesterday', 'This Week', 'This Month'] as const;
export type QuickDate = (typeof QUICK_DATES)[number];

/**
 * Where This Week ends (spec 2 §9): on Sunday for most lists; for follow-ups on the coming Saturday (today
 * when it is Saturday; from a Sunday, the next Saturday).
 */
export type WeekEnd = 'sunday' | 'saturday';

/** The start and end (inclusive calendar days, local time) of a quick-date chip. Weeks start on Monday. */
export const quickDateRange = (
  chip: QuickDate,
  now: Date = new Date(),
  weekEnd: WeekEnd = 'sunday',
): { start: string; end: string } => {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
  switch (chip) {
    case 'Today':
      return { start: isoDay(today), end: isoDay(today) };
    case 'Yesterday': {
      const y = addDays(today, -1);
      return { start: isoDay(y), end: isoDay(y) };
    }
    case 'This Week': {
      const sinceMonday = (today.getDay() + 6) % 7;
      const monday = addDays(today, -sinceMonday);
      if (weekEnd === 'sunday') return { start: isoDay(monday), end: isoDay(addDays(monday, 6)) };
      const untilSaturday = (6 - today.getDay() + 7) % 7;
      return { start: isoDay(monday), end: isoDay(addDays(today, untilSaturday)) };
    }
    case 'This Month': {
      const first = new Date(today.getFullYear(), today.getMonth(), 1);
      const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
      return { start: isoDay(first), end: isoDay(last) };
    }
  }
};

/** Whether a date-of-birth falls on the given day (month and day only). */
export const isBirthday = (dateOfBirth: string | null | undefined, now: Date = new Date()) => {
  if (!dateOfBirth) return false;
  const [, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number);
  return m === now.getMonth() + 1 && d === now.getDate();
};
