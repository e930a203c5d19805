import { UPCOMING_FOLLOW_UP_DAYS } from './follow-up-due.ts';

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
  /** retiredGst: live items whose GST rate is no longer in force (issue 27 §1); not part of total. */
  verifications: { total: number; new: number; unverified: number; quotation: number; retiredGst: number };
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
    /** Work whose moment has passed (beyond the spec: the follow-up queue; follow-up-due.ts). */
    overdue: number;
    /** Work later today (not yet overdue). */
    dueToday: number;
    /**
     * The chart: the work still ahead per day, today (= dueToday) and the UPCOMING_FOLLOW_UP_DAYS days
     * after it (their sum = upcoming); CRM_CHART_DAYS entries. The screen draws `overdue` before them.
     */
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
  /**
   * Live quotations in the caller's quotation scope (issue 25; zeros without read on quotation): in total,
   * new this week, by the active version's status, waiting for review, and the value of the Draft ones
   * (rupees, with GST): the offers still open.
   */
  quotations: {
    total: number;
    new: number;
    draft: number;
    pendingReview: number;
    approved: number;
    rejected: number;
    draftValue: number;
  };
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
  /** YYYY-MM-DD, the day in India (of the planned next follow-up when `planned`). */
  date: string;
  /** HH:mm in India (of the planned next follow-up when `planned`). */
  time: string;
  /** The follow-up's own status. */
  status: string;
  /**
   * True when the row is the next follow-up this one planned (a Completed follow-up's next block, not yet
   * taken up): then type, date and time are the plan's.
   */
  planned: boolean;
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
/** Requirement statuses (spec 2 §8), in the chart's order. */
export const REQUIREMENT_STATUS_ORDER = ['Open', 'In Progress', 'Completed', 'Closed'] as const;
/** A requirement being worked on: Open or In Progress; "closed" is Completed or Closed. */
export const OPEN_REQUIREMENT_STATUSES = ['Open', 'In Progress'] as const;
export const CLOSED_REQUIREMENT_STATUSES = ['Completed', 'Closed'] as const;
/** The follow-ups chart: today and the UPCOMING_FOLLOW_UP_DAYS days after it (the Upcoming card's days). */
export const CRM_CHART_DAYS = UPCOMING_FOLLOW_UP_DAYS + 1;
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
