/** GET /admin/dashboard (spec 1 §2). Parts whose records arrive in later issues report zeros. */
export type AdminDashboard = {
  users: {
    new: number;
    total: number;
    newThisWeek: { _id: string; name: string; email: string; createdAt: string }[];
  };
  roles: {
    total: number;
    newRoles: RoleSummary[];
    updatedRoles: RoleSummary[];
    expiredRoles: RoleSummary[];
  };
  verifications: { total: number; new: number; unverified: number; quotation: number };
  unVerifiedItems: { name: string; createdAt: string; createdBy: { _id: string; name: string } | null }[];
  suggestedItems: {
    name: string;
    createdAt: string;
    createdBy: { _id: string; name: string } | null;
    preferredBrand: string | null;
  }[];
  unVerifiedQuotations: {
    activeVersion: { title: string; createdBy: { _id: string; name: string } | null };
    createdAt: string;
    customer: { _id: string; name: string } | null;
  }[];
  teams: { total: number; newTeams: number };
};
type RoleSummary = { _id: string; name: string; createdAt: string; expiresAt: string | null };

/** GET /crm/dashboard (spec 1 §2), with the queue counts and the chart series the issue adds. */
export type CrmDashboard = {
  customers: {
    total: number;
    new: number;
    newCustomers: NewCustomerSummary[];
  };
  followUps: {
    total: number;
    upcoming: number;
    upcomingFollowUps: FollowUpSummary[];
    noResponseFollowUps: FollowUpSummary[];
    /** Open follow-ups whose date and time have passed (beyond the spec: the follow-up queue). */
    overdue: number;
    /** Open follow-ups later today (not yet overdue). */
    dueToday: number;
    /** Follow-ups that are not cancelled, per day from today, CRM_CHART_DAYS days (the chart). */
    perDay: { date: string; count: number }[];
  };
  requirements: {
    newRequirements: number;
    new: number;
    open: number;
    closed: number;
    total: number;
    /** Live requirements per status, every status in REQUIREMENT_STATUS_ORDER order (the chart). */
    byStatus: { status: string; count: number }[];
  };
  productItems: { totalCount: number; verifiedCount: number; unverifiedCount: number };
};
export type NewCustomerSummary = {
  _id: string;
  /** The customer number (shown as CI0001). */
  customerId: number;
  name: string;
  type: string;
  email: string | null;
};
export type FollowUpSummary = {
  _id: string;
  /** The follow-up number (shown as FI0001). */
  followUpId: number;
  customer: { _id: string; name: string } | null;
  type: string;
  reason: string;
  /** YYYY-MM-DD, the day in India. */
  date: string;
  /** HH:mm in India. */
  time: string;
  status: string;
};

/** GET /crm/dashboard/follow-up-counts: the follow-up queue beside the menu entry. */
export type FollowUpCounts = { overdue: number; dueToday: number };

// ------------------------------------------------------------------------------------------------- rules
// The CRM dashboard's definitions (docs/decisions/0010-crm-dashboard.md). The server reads them in SQL
// (modules/dashboard/dashboard.service.ts); these pure forms say the same for screens and tests.

/** Follow-up statuses (spec 2 §8). */
export const DASHBOARD_FOLLOW_UP_STATUSES = [
  'Scheduled',
  'Pending',
  'Completed',
  'Cancelled',
  'Postponed',
] as const;
/** A follow-up still to be done: neither Completed nor Cancelled. */
export const OPEN_FOLLOW_UP_STATUSES = ['Scheduled', 'Pending', 'Postponed'] as const;
/** Requirement statuses (spec 2 §8), in the chart's order. */
export const REQUIREMENT_STATUS_ORDER = ['Open', 'In Progress', 'Completed', 'Closed'] as const;
/** A requirement being worked on: Open or In Progress; "closed" is Completed or Closed. */
export const OPEN_REQUIREMENT_STATUSES = ['Open', 'In Progress'] as const;
export const CLOSED_REQUIREMENT_STATUSES = ['Completed', 'Closed'] as const;
/** "Upcoming": Scheduled, from now to the end of the day this many days ahead (India). */
export const UPCOMING_FOLLOW_UP_DAYS = 7;
/** The follow-ups chart: today and the 13 days after it. */
export const CRM_CHART_DAYS = 14;
/** Rows in each of the dashboard's lists. */
export const DASHBOARD_LIST_SIZE = 10;

const APP_OFFSET_MS = 330 * 60_000;

/** The day (YYYY-MM-DD) and the time (HH:mm) in India at `now`: how follow-ups store theirs. */
export const dashboardClock = (now: Date) => {
  const iso = new Date(now.getTime() + APP_OFFSET_MS).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/** A calendar day moved by `n` days. */
export const dayPlus = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

type FollowUpFacts = {
  isDeleted: boolean;
  date: string;
  time: string;
  status: string;
  response?: string | null;
  remarks?: string | null;
};
const blank = (s: string | null | undefined) => !s || s.trim() === '';
/**
 * Whether a follow-up's date and time (India) are at or before `now` (to the minute): the moment the
 * follow-up form's status rule calls Completed.
 */
const hasPassed = (f: { date: string; time: string }, now: Date) => {
  const { day, time } = dashboardClock(now);
  return f.date < day || (f.date === day && f.time <= time);
};

/**
 * NO_RESPONSE: a live follow-up whose date and time have passed (at or before now), that is not Cancelled,
 * and that has neither a response nor remarks written (blank text counts as none).
 */
export const isNoResponseFollowUp = (f: FollowUpFacts, now: Date) =>
  !f.isDeleted && f.status !== 'Cancelled' && hasPassed(f, now) && blank(f.response) && blank(f.remarks);

const isOpen = (status: string) => (OPEN_FOLLOW_UP_STATUSES as readonly string[]).includes(status);

/** Overdue: live, open (Scheduled, Pending or Postponed), date and time passed. */
export const isOverdueFollowUp = (f: FollowUpFacts, now: Date) =>
  !f.isDeleted && isOpen(f.status) && hasPassed(f, now);

/** Due today: live, open, today in India and still ahead (later than now; one passed is overdue instead). */
export const isDueTodayFollowUp = (f: FollowUpFacts, now: Date) =>
  !f.isDeleted && isOpen(f.status) && f.date === dashboardClock(now).day && !hasPassed(f, now);

/** Upcoming: live, Scheduled, not yet passed, and on or before the day UPCOMING_FOLLOW_UP_DAYS ahead. */
export const isUpcomingFollowUp = (f: FollowUpFacts, now: Date) =>
  !f.isDeleted &&
  f.status === 'Scheduled' &&
  !hasPassed(f, now) &&
  f.date <= dayPlus(dashboardClock(now).day, UPCOMING_FOLLOW_UP_DAYS);
