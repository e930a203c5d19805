// What is "due" among follow-ups: ONE definition for the CRM dashboard's cards and chart, the follow-up
// list's due chips and the menu badge (decision 0007 "Due", decision 0010). The server writes the same rule
// as SQL once (apps/server/src/modules/follow-ups/follow-up-due-sql.ts); these pure forms say it for
// screens and tests. Dates are India's calendar day and HH:mm, as follow-ups store them.
import { todayInAppZone } from '../dates.ts';

/** A follow-up still to be done: neither Completed nor Cancelled. */
export const OPEN_FOLLOW_UP_STATUSES = ['Scheduled', 'Pending', 'Postponed'] as const;
/** "Upcoming": after today, up to the end of the day this many days ahead (India). */
export const UPCOMING_FOLLOW_UP_DAYS = 7;

/**
 * The three buckets of work, which never overlap: Overdue (its moment has passed), Due today (later today)
 * and Upcoming (tomorrow to the 7th day ahead). They are also the follow-up list's `due` filter and chips.
 */
export const FOLLOW_UP_DUE = ['Overdue', 'Due today', 'Upcoming'] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

export type FollowUpDueFacts = {
  isDeleted: boolean;
  customerId: string;
  date: string;
  time: string;
  status: string;
  type?: string;
  nextFollowUp?: {
    nextRequired?: boolean | null;
    type?: string | null;
    date?: string | null;
    time?: string | null;
  } | null;
};

/** The piece of work a follow-up stands for: its moment (India) and type; `planned` when it is the next block. */
export type FollowUpDueItem = { date: string; time: string; type: string | null; planned: boolean };

const isOpenStatus = (status: string) => (OPEN_FOLLOW_UP_STATUSES as readonly string[]).includes(status);

/**
 * Whether the customer already has a later follow-up than `f` (another live one whose date and time come
 * after f's): the contact `f` planned has been recorded (through Create Next Follow Up or otherwise), so
 * f's next block is taken up by it and is no longer work of its own.
 */
export const isNextFollowUpTakenUp = (f: FollowUpDueFacts, all: readonly FollowUpDueFacts[]) =>
  all.some(
    (g) =>
      g !== f &&
      !g.isDeleted &&
      g.customerId === f.customerId &&
      (g.date > f.date || (g.date === f.date && g.time > f.time)),
  );

/**
 * The work a live follow-up stands for, at most one piece per follow-up:
 * - while it is open (Scheduled, Pending or Postponed): the follow-up itself, at its date and time;
 * - once Completed: the next follow-up it planned (nextRequired, with a date), at the plan's date and time,
 *   until a later follow-up of the customer takes the plan up (`takenUp`);
 * - otherwise (Cancelled, deleted, Completed with nothing planned): nothing.
 */
export const followUpDueItem = (f: FollowUpDueFacts, takenUp: boolean): FollowUpDueItem | null => {
  if (f.isDeleted) return null;
  if (isOpenStatus(f.status)) return { date: f.date, time: f.time, type: f.type ?? null, planned: false };
  const next = f.nextFollowUp;
  if (f.status === 'Completed' && next?.nextRequired && next.date && !takenUp)
    return { date: next.date.slice(0, 10), time: next.time ?? '', type: next.type ?? null, planned: true };
  return null;
};

/** A calendar day moved by `n` days. */
const plusDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * Which bucket a piece of work falls in at `now`: Overdue when its date and time are at or before now in
 * India (the minute the form's status rule calls Completed), Due today when later today, Upcoming from
 * tomorrow to the end of the UPCOMING_FOLLOW_UP_DAYS-th day ahead; null when later than that.
 */
export const followUpDueBucket = (item: { date: string; time: string }, now: Date): FollowUpDue | null => {
  const day = todayInAppZone(now);
  const time = new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);
  if (item.date < day || (item.date === day && item.time <= time)) return 'Overdue';
  if (item.date === day) return 'Due today';
  return item.date <= plusDays(day, UPCOMING_FOLLOW_UP_DAYS) ? 'Upcoming' : null;
};

/** The bucket of one follow-up among `all` the customer's follow-ups (the server's rule, for tests). */
export const followUpDueOf = (
  f: FollowUpDueFacts,
  all: readonly FollowUpDueFacts[],
  now: Date,
): FollowUpDue | null => {
  const item = followUpDueItem(f, isNextFollowUpTakenUp(f, all));
  return item ? followUpDueBucket(item, now) : null;
};
