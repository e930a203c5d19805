import { ATTENDANCE_CODES, ATTENDANCE_MESSAGES, type AttendanceStatus, daysOfMonth } from '@karya/domain';
import { asc, inArray } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { SheetSpec } from '../../platform/xlsx-stream.ts';
import { dayFrom, getAttendanceRules, loadDays, visibleMembers } from './attendance.service.ts';

/**
 * The month's register (issue 28): a row per person the caller sees (the teams they manage; everyone with
 * view-all), a column per day with its code (P, HD, A, L, H, WO, F; a day to come is blank), then the days
 * of each status, the late days and the hours worked. Refused (403) to someone who manages no team.
 */
export const attendanceRegister = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  month: string,
): Promise<SheetSpec> => {
  const db = deps.db;
  const now = deps.clock.now();
  const members = await visibleMembers(db, principal);
  if (members.size === 0) throw forbidden(ATTENDANCE_MESSAGES.userNotVisible);
  const ids = [...members.keys()];
  const days = daysOfMonth(month);
  const [rules, inputs, people] = await Promise.all([
    getAttendanceRules(db),
    loadDays(db, ids, days[0]!, days.at(-1)!),
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.name)),
  ]);
  const counted = ['Present', 'Half Day', 'On Field', 'On Leave', 'Absent'] as const;
  const rows = people.map((p) => {
    const each = days.map((date) => dayFrom(inputs, rules, p.id, date, now));
    const count = (status: AttendanceStatus) => each.filter((d) => d.status === status).length;
    const worked = each.reduce((sum, d) => sum + d.workedMinutes, 0);
    return [
      p.name,
      p.email,
      (members.get(p.id) ?? []).join(', '),
      ...each.map((d) => (d.status ? ATTENDANCE_CODES[d.status] : '')),
      ...counted.map(count),
      each.filter((d) => d.late).length,
      Math.round((worked / 60) * 100) / 100,
    ];
  });
  return {
    sheetName: `Attendance ${month}`,
    preamble: [
      [`Attendance register, ${month}`],
      [
        Object.entries(ATTENDANCE_CODES)
          .map(([status, code]) => `${code} ${status}`)
          .join(' · '),
      ],
    ],
    headers: [
      'Name',
      'Email',
      'Teams',
      ...days.map((d) => String(Number(d.slice(8)))),
      ...counted.map((s) => `${s} days`),
      'Late days',
      'Hours worked',
    ],
    rows: [rows],
  };
};
