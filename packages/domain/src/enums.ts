/** Enumerations from spec 1 §3 (and the shared ones later documents reuse). */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Other'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const EMPLOYMENT_TYPES = ['Full-Time', 'Part-Time', 'Contract', 'Freelance', 'Internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
/** Employment types whose contract has a duration in months. */
export const EMPLOYMENT_TYPES_WITH_DURATION: readonly EmploymentType[] = ['Contract', 'Internship'];

export const USER_STATUSES = ['Active', 'Inactive', 'Deleted', 'Blocked', 'Recovered'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Statuses an administrator may set through the user form; the others come from lifecycle actions. */
export const EDITABLE_USER_STATUSES = ['Active', 'Inactive'] as const;
/** Statuses that may sign in. */
export const SIGN_IN_STATUSES: readonly UserStatus[] = ['Active', 'Recovered'];

export const ACTIVITY_TYPES = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILED',
  'PASSWORD_CHANGE',
  'RESET_PASSWORD',
  'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION',
  'CUSTOMER_EXPORT',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const LANGUAGES = ['English', 'Hindi', 'Odia'] as const;
export const RELATIONSHIPS = ['Mother', 'Father', 'Brother', 'Sister', 'Husband'] as const;

/** Contract durations in months; 0 means none. */
export const DURATIONS = [0, 3, 6, 12, 24] as const;

export const MODULES = ['hrm', 'crm', 'admin'] as const;
export type Module = (typeof MODULES)[number];

export const VERIFICATION_METHODS = ['email', 'phone'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const PAGE_SIZES = [20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The server never returns more rows than this in one page. */
export const MAX_PAGE_SIZE = 100;

/** Spec 2 §3: task status and priority; defaults Scheduled and Medium (§9). */
export const TASK_STATUSES = [
  'Scheduled',
  'Pending',
  'Completed',
  'Re-Scheduled',
  'In Progress',
  'Cancelled',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The quick status chips of the task list, in order. */
export const TASK_STATUS_CHIPS = ['Scheduled', 'Pending', 'In Progress', 'Completed'] as const;
export const TASK_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** Statuses after which a task is no longer due (no "overdue" for these). */
export const TASK_CLOSED_STATUSES: readonly TaskStatus[] = ['Completed', 'Cancelled'];

/** Spec 3 §3: a team member's role inside the team (an attribute; it grants no permission). */
export const TEAM_MEMBER_ROLES = ['admin', 'member', 'manager'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

export const HOLIDAY_KINDS = ['National', 'State'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
