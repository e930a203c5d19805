import { can, fromPaise, type HrmDashboard, TASK_CLOSED_STATUSES, todayInAppZone } from '@karya/domain';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import type { Principal } from '../../platform/principal.ts';
import { attendanceToday } from '../attendance/attendance.service.ts';
import { pendingCorrectionsFor } from '../attendance/corrections.service.ts';
import { claimsWaitingFor, myOpenClaims } from '../expenses/expense.service.ts';
import { listHolidays } from '../holidays/holidays.service.ts';
import { myPendingLeave, pendingLeaveFor } from '../leave/leave.service.ts';
import { balancesOf } from '../leave/leave-balances.ts';
import { toTaskDtos } from '../tasks/tasks.service.ts';

const TASK_LIST_SIZE = 10;
const HOLIDAY_LIST_SIZE = 12;

/** The day a task is due: its deadline, else its date. */
const dueDay = sql`coalesce(${tasks.deadline}, ${tasks.date})`;

/**
 * GET /hrm/dashboard: the caller's own open tasks (assigned to them, live, not completed or cancelled),
 * split at today in India into overdue (most overdue first) and upcoming (soonest first), and the coming
 * holidays. Without read on task the task lists stay empty.
 */
export const hrmDashboard = async (db: Db, principal: Principal, now: Date): Promise<HrmDashboard> => {
  const today = todayInAppZone(now);
  const [holidays, attendance, leave, expenses] = await Promise.all([
    listHolidays(db, { from: today, limit: HOLIDAY_LIST_SIZE }),
    can(principal.permissions, 'attendance', 'read')
      ? Promise.all([
          attendanceToday({ db, clock: { now: () => now } }, principal),
          pendingCorrectionsFor({ db }, principal),
        ]).then(([a, pendingCorrections]) => ({ visible: true, ...a, pendingCorrections }))
      : Promise.resolve({ visible: false, today: null, team: null, pendingCorrections: 0 }),
    can(principal.permissions, 'leave', 'read')
      ? Promise.all([
          balancesOf(db, principal.user.id, Number(today.slice(0, 4))),
          myPendingLeave(db, principal),
          pendingLeaveFor(db, principal),
        ]).then(([balances, myPending, pendingApprovals]) => ({
          visible: true,
          balances,
          myPending,
          pendingApprovals,
        }))
      : Promise.resolve({ visible: false, balances: [], myPending: 0, pendingApprovals: 0 }),
    can(principal.permissions, 'expense', 'read')
      ? Promise.all([
          myOpenClaims(db, principal),
          can(principal.permissions, 'expense', 'update')
            ? claimsWaitingFor(db, principal, 'Submitted')
            : Promise.resolve(0),
          can(principal.permissions, 'expense', 'pay')
            ? claimsWaitingFor(db, principal, 'Approved')
            : Promise.resolve(0),
        ]).then(([mine, pendingApprovals, toPay]) => ({
          visible: true,
          myOpen: mine.n,
          myOpenAmount: fromPaise(mine.paise),
          pendingApprovals,
          toPay,
        }))
      : Promise.resolve({ visible: false, myOpen: 0, myOpenAmount: 0, pendingApprovals: 0, toPay: 0 }),
  ]);
  if (!can(principal.permissions, 'task', 'read'))
    return {
      tasks: { visible: false, upcoming: [], overdue: [], openCount: 0 },
      holidays,
      attendance,
      leave,
      expenses,
    };

  const mine = and(
    eq(tasks.isDeleted, false),
    sql`${tasks.assignedTo} @> array[${principal.user.id}]::text[]`,
    notInArray(tasks.status, [...TASK_CLOSED_STATUSES]),
  );
  const [upcoming, overdue, [counted]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(and(mine, sql`${dueDay} >= ${today}::date`))
      .orderBy(asc(dueDay), sql`${tasks.time} asc nulls last`, asc(tasks.id))
      .limit(TASK_LIST_SIZE),
    db
      .select()
      .from(tasks)
      .where(and(mine, sql`${dueDay} < ${today}::date`))
      .orderBy(asc(dueDay), sql`${tasks.time} asc nulls last`, asc(tasks.id))
      .limit(TASK_LIST_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(mine),
  ]);
  return {
    tasks: {
      visible: true,
      upcoming: await toTaskDtos(db, upcoming),
      overdue: await toTaskDtos(db, overdue),
      openCount: counted?.n ?? 0,
    },
    holidays,
    attendance,
    leave,
    expenses,
  };
};
