import type { HolidayKind } from '../enums.ts';
import type { AttendanceDay, AttendanceStatus } from './attendance-day.ts';
import type { LeaveBalance } from './leave-days.ts';
import type { TaskDto } from './task.ts';

export type HolidayDto = { _id: string; date: string; name: string; kind: HolidayKind; region: string };

/** GET /hrm/dashboard: the signed-in user's own tasks and the coming holidays (no sample content). */
export type HrmDashboard = {
  tasks: {
    /** false when the user may not read tasks; the lists are then empty. */
    visible: boolean;
    upcoming: TaskDto[];
    overdue: TaskDto[];
    openCount: number;
  };
  holidays: HolidayDto[];
  /** Issue 28: the caller's day, and the team's (manager or view-all) counted by status. */
  attendance: {
    /** false without read on attendance; the rest is then empty. */
    visible: boolean;
    today: AttendanceDay | null;
    team: { total: number; counts: Partial<Record<AttendanceStatus | 'Not in yet', number>> } | null;
    /** Corrections waiting for the caller's decision (a manager's pending approvals). */
    pendingCorrections: number;
  };
  /** Issue 28: the caller's leave balances this year, and the applications waiting for their decision. */
  leave: {
    /** false without read on leave; the rest is then empty. */
    visible: boolean;
    balances: LeaveBalance[];
    /** The caller's own applications still waiting for a decision. */
    myPending: number;
    /** Applications waiting for the caller's decision (a manager's pending approvals). */
    pendingApprovals: number;
  };
  /** Issue 28: the caller's open claims, and what waits for their decision or their payment. */
  expenses: {
    /** false without read on expense; the rest is then empty. */
    visible: boolean;
    /** The caller's own claims submitted or approved but not yet paid, and their total in rupees. */
    myOpen: number;
    myOpenAmount: number;
    /** Claims waiting for the caller's decision (a manager's), and approved claims to pay (with pay). */
    pendingApprovals: number;
    toPay: number;
  };
};
