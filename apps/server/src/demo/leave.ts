import { appDayOf, DEFAULT_ATTENDANCE_RULES, type LeaveType, leaveHalves, newId } from '@karya/domain';
import type { leaveAllocations, leaves } from '../db/schema.ts';
import { HOLIDAYS } from '../modules/holidays/holidays-data.ts';
import { addDays, type Random } from './common.ts';

type LeaveRow = typeof leaves.$inferInsert;
const holidayDays = new Set(HOLIDAYS.map((h) => h.date));
const weeklyOff = DEFAULT_ATTENDANCE_RULES.weeklyOff;
const REASONS: Record<LeaveType, string[]> = {
  Casual: ['Cousin’s wedding in Berhampur', 'Family puja at home', 'Bank and house registration work'],
  Sick: ['Fever, doctor advised rest', 'Viral infection', 'Dental treatment'],
  Earned: ['Family trip to Puri', 'Visiting parents in Sambalpur'],
  Unpaid: ['Extended stay for a family matter'],
};

/**
 * Issue 28 (decision 0023): this year's allocations (field staff get more earned leave; one person has an
 * allocation of their own) and leave for the staff still working: approved days in the past month (the
 * attendance shows them On Leave, and no punches are made on them), applications waiting for a manager or
 * the HR Manager, one rejected with a reason and one cancelled. `onLeave` lists the approved `user|day`s.
 */
export const leaveDemoRows = (
  now: Date,
  staff: { id: string; roleKey: string }[],
  o: { roleId: Record<string, string>; hrManagerId: string | null; rnd: Random },
) => {
  const today = appDayOf(now);
  const year = Number(today.slice(0, 4));
  const rows: LeaveRow[] = [];
  const onLeave = new Set<string>();
  const taken = new Set<string>();
  const working = (day: string) =>
    leaveHalves({ from: day, to: day, half: null }, weeklyOff, holidayDays).halves > 0;
  /** The first working day on or after `day`. */
  const workingFrom = (day: string) => {
    let d = day;
    while (!working(d)) d = addDays(d, 1);
    return d;
  };
  const add = (
    userId: string,
    type: LeaveType,
    from: string,
    length: number,
    status: string,
    extra: Partial<LeaveRow> = {},
  ) => {
    const start = workingFrom(from);
    let to = start;
    for (let n = 1; n < length; n += 1) to = workingFrom(addDays(to, 1));
    // One application per person and range; the demo keeps them apart and in one year.
    if (to.slice(0, 4) !== start.slice(0, 4)) return;
    const days = leaveHalves(
      { from: start, to, half: (extra.half as 'first' | null) ?? null },
      weeklyOff,
      holidayDays,
    );
    if (days.days.some((d) => taken.has(`${userId}|${d}`))) return;
    for (const d of days.days) taken.add(`${userId}|${d}`);
    const created = new Date(Date.parse(`${start}T04:00:00Z`) - o.rnd.int(3, 12) * 86_400_000);
    const createdAt = created.getTime() > now.getTime() ? now : created;
    rows.push({
      id: newId(createdAt),
      userId,
      leaveType: type,
      fromDate: start,
      toDate: to,
      half: null,
      halves: days.halves,
      year: Number(start.slice(0, 4)),
      reason: o.rnd.pick(REASONS[type]),
      status,
      createdAt,
      updatedAt:
        status === 'Pending'
          ? createdAt
          : new Date(Math.min(now.getTime(), createdAt.getTime() + 86_400_000)),
      createdBy: userId,
      updatedBy: status === 'Pending' ? userId : (o.hrManagerId ?? userId),
      ...(status === 'Approved' || status === 'Rejected'
        ? {
            decidedBy: o.hrManagerId,
            decidedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + 86_400_000)),
          }
        : {}),
      ...extra,
    });
    if (status === 'Approved') for (const d of days.days) onLeave.add(`${userId}|${d}`);
  };

  staff.forEach((person, i) => {
    const roll = o.rnd.next();
    if (roll < 0.45)
      add(
        person.id,
        o.rnd.pick(['Casual', 'Casual', 'Sick'] as const),
        addDays(today, -o.rnd.int(5, 28)),
        o.rnd.int(1, 2),
        'Approved',
      );
    if (roll > 0.3 && roll < 0.55)
      add(person.id, 'Earned', addDays(today, o.rnd.int(7, 25)), o.rnd.int(2, 4), 'Pending');
    if (i % 7 === 3) add(person.id, 'Casual', addDays(today, o.rnd.int(2, 6)), 1, 'Pending');
    if (i === 5)
      add(person.id, 'Casual', addDays(today, -40), 2, 'Rejected', {
        decisionReason: 'Quarter-end stock count that week; please take the following week',
      });
    if (i === 8)
      add(person.id, 'Sick', addDays(today, 10), 1, 'Cancelled', {
        cancelledBy: person.id,
        cancelledAt: now,
        cancelReason: null,
      });
  });

  const allocation = (type: LeaveType, days: number, target: { roleId?: string; userId?: string }) =>
    ({
      id: newId(now),
      year,
      leaveType: type,
      roleId: target.roleId ?? null,
      userId: target.userId ?? null,
      halves: days * 2,
      updatedAt: now,
      updatedBy: o.hrManagerId,
    }) satisfies typeof leaveAllocations.$inferInsert;
  const allocations = [
    ...(o.roleId.salesExecutive ? [allocation('Earned', 18, { roleId: o.roleId.salesExecutive })] : []),
    ...(o.roleId.storeManager ? [allocation('Casual', 10, { roleId: o.roleId.storeManager })] : []),
    ...(staff[0] ? [allocation('Earned', 21, { userId: staff[0].id })] : []),
  ];
  return { leaves: rows, allocations, onLeave };
};
