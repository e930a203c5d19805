import { appDayOf, DEFAULT_ATTENDANCE_RULES, newId, weekdayOf } from '@karya/domain';
import type { attendancePunches, followUps } from '../db/schema.ts';
import { HOLIDAYS } from '../modules/holidays/holidays-data.ts';
import { addDays, type Random } from './common.ts';

type PunchRow = typeof attendancePunches.$inferInsert;
const holidayDays = new Set(HOLIDAYS.map((h) => h.date));

/** An instant at HH:MM (plus minutes) India time on a day. */
const at = (day: string, hour: number, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00+05:30`) + (hour * 60 + minute) * 60_000);

/**
 * The past 30 days of check-ins and check-outs for the staff still working (issue 28): most days a full
 * day (some late), a few half days, a few absences, one or two forgotten check-outs (what a correction is
 * for); field staff skip the office on some days (their visits make those days On Field). Today: most have
 * checked in by mid-morning. Weekly offs and holidays are left off.
 */
export const attendanceDemoRows = (
  now: Date,
  staff: { id: string; field: boolean }[],
  rnd: Random,
  /** Approved leave (`user|day`): nobody checks in on those days. */
  onLeave: ReadonlySet<string> = new Set(),
): { punches: PunchRow[]; fieldDays: { userId: string; day: string }[] } => {
  const today = appDayOf(now);
  const rows: PunchRow[] = [];
  const fieldDays: { userId: string; day: string }[] = [];
  const punch = (userId: string, kind: 'in' | 'out', when: Date, day: string) => {
    if (when.getTime() > now.getTime()) return;
    rows.push({
      id: newId(),
      userId,
      kind,
      at: when,
      day,
      latitude: 20.2961 + rnd.int(-300, 300) / 10_000,
      longitude: 85.8245 + rnd.int(-300, 300) / 10_000,
      accuracy: rnd.int(8, 60),
      device: rnd.pick([
        'Chrome on Android (mobile)',
        'Chrome on Windows (desktop)',
        'Safari on iOS (mobile)',
      ]),
      receivedAt: when,
    });
  };
  for (const person of staff) {
    for (let back = 30; back >= 0; back -= 1) {
      const day = addDays(today, -back);
      if (DEFAULT_ATTENDANCE_RULES.weeklyOff.includes(weekdayOf(day)) || holidayDays.has(day)) continue;
      const roll = rnd.next();
      if (onLeave.has(`${person.id}|${day}`)) continue;
      if (person.field && roll < 0.25 && back > 0) {
        fieldDays.push({ userId: person.id, day }); // in the field all day: visits, no office
        continue;
      }
      if (roll > 0.96) continue; // absent
      const checkIn = at(day, 9, rnd.int(0, 40));
      punch(person.id, 'in', checkIn, day);
      if (back === 0) continue; // still at work today
      if (roll > 0.94) continue; // forgot to check out
      const out = roll > 0.88 ? at(day, 13, rnd.int(15, 45)) : at(day, 18, rnd.int(0, 50));
      punch(person.id, 'out', out, day);
    }
  }
  return { punches: rows, fieldDays };
};

/** A completed visit for each day in the field, at one of the person's own customers (On Field days). */
export const fieldVisitRows = (
  fieldDays: { userId: string; day: string }[],
  customersOf: (userId: string) => string[],
  rnd: Random,
): (typeof followUps.$inferInsert)[] =>
  fieldDays.flatMap(({ userId, day }) => {
    const own = customersOf(userId);
    if (own.length === 0) return [];
    return [
      {
        id: newId(),
        customerId: rnd.pick(own),
        type: 'Visit',
        reason: 'Other',
        otherReason: 'Product demonstration',
        date: day,
        time: `${rnd.int(10, 15)}:${rnd.pick(['00', '15', '30', '45'])}`,
        visitors: [userId],
        // A visit has visitors, not a follow-up owner, and its remarks, not a response (as the form saves it).
        followUpBy: null,
        status: 'Completed',
        response: null,
        remarks: 'Demonstrated the smart classroom kit to the principal.',
        createdBy: userId,
        updatedBy: userId,
      },
    ];
  });
