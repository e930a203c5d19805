import { describe, expect, it } from 'vitest';
import { attendanceRulesSchema } from './attendance.ts';
import {
  attendanceDay,
  type DayFacts,
  DEFAULT_ATTENDANCE_RULES,
  daysOfMonth,
  punchDays,
  punchTimeProblem,
} from './attendance-day.ts';

/** India time on a day, as an instant: ist('2026-11-24', '09:20'). */
const ist = (day: string, hhmm: string) => new Date(Date.parse(`${day}T${hhmm}:00+05:30`)).toISOString();
const inAt = (day: string, hhmm: string) => ({ kind: 'in' as const, at: ist(day, hhmm) });
const outAt = (day: string, hhmm: string) => ({ kind: 'out' as const, at: ist(day, hhmm) });
// Tuesday 24 November 2026; "now" is Friday 27 November at noon.
const NOW = new Date(ist('2026-11-27', '12:00'));
const day = (over: Partial<DayFacts>) =>
  attendanceDay({
    date: '2026-11-24',
    punches: [],
    rules: DEFAULT_ATTENDANCE_RULES,
    holiday: null,
    visits: 0,
    now: NOW,
    ...over,
  });

describe('what a day was', () => {
  it('a full day in the office is Present; late only after the grace period', () => {
    const d = day({ punches: [inAt('2026-11-24', '09:44'), outAt('2026-11-24', '18:40')] });
    expect(d).toMatchObject({ status: 'Present', workedMinutes: 536, late: false, missingCheckOut: false });
    expect(day({ punches: [inAt('2026-11-24', '09:46'), outAt('2026-11-24', '18:40')] }).late).toBe(true);
  });

  it('less than the half-day threshold is Half Day; pairs add up across a lunch break', () => {
    expect(day({ punches: [inAt('2026-11-24', '09:30'), outAt('2026-11-24', '13:00')] })).toMatchObject({
      status: 'Half Day',
      workedMinutes: 210,
    });
    const split = day({
      punches: [
        inAt('2026-11-24', '09:30'),
        outAt('2026-11-24', '11:30'),
        inAt('2026-11-24', '14:00'),
        outAt('2026-11-24', '16:00'),
      ],
    });
    expect(split).toMatchObject({
      status: 'Present',
      workedMinutes: 240,
      lastOut: ist('2026-11-24', '16:00'),
    });
  });

  it('a past day without a check-out is a Half Day flagged for a correction', () => {
    expect(day({ punches: [inAt('2026-11-24', '09:30')] })).toMatchObject({
      status: 'Half Day',
      missingCheckOut: true,
      workedMinutes: 0,
      open: false,
    });
  });

  it('today while checked in: Present, open, the time so far counted', () => {
    const d = day({ date: '2026-11-27', punches: [inAt('2026-11-27', '09:00')] });
    expect(d).toMatchObject({ status: 'Present', open: true, workedMinutes: 180, missingCheckOut: false });
    // Today without anything yet: no status until the day is over.
    expect(day({ date: '2026-11-27' }).status).toBeNull();
  });

  it('an overnight shift is one day: the check-out after midnight counts for the check-in’s day', () => {
    const punches = [inAt('2026-11-24', '22:00'), outAt('2026-11-25', '06:30')];
    const days = punchDays(punches);
    expect(days.map((d) => d.day)).toEqual(['2026-11-24', '2026-11-24']);
    expect(day({ punches })).toMatchObject({ status: 'Present', workedMinutes: 510, late: true });
    // A check-out a day and more after its check-in stands alone on its own day.
    expect(punchDays([inAt('2026-11-23', '09:00'), outAt('2026-11-24', '18:00')]).map((d) => d.day)).toEqual([
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('holidays and weekly offs: off without work, Present when worked (holiday work)', () => {
    expect(day({ holiday: 'Guru Nanak Jayanti' })).toMatchObject({
      status: 'Holiday',
      holiday: 'Guru Nanak Jayanti',
    });
    expect(day({ date: '2026-11-22' }).status).toBe('Weekly Off'); // a Sunday
    const worked = day({
      holiday: 'Guru Nanak Jayanti',
      punches: [inAt('2026-11-24', '10:00'), outAt('2026-11-24', '16:00')],
    });
    expect(worked).toMatchObject({ status: 'Present', holiday: 'Guru Nanak Jayanti' });
    // Days to come show what is already known.
    expect(day({ date: '2026-11-29' }).status).toBe('Weekly Off');
    expect(day({ date: '2026-11-30' }).status).toBeNull();
  });

  it('visits logged as follow-ups count: a day of visits is On Field, never Absent', () => {
    expect(day({ visits: 3 })).toMatchObject({ status: 'On Field', visits: 3 });
    expect(
      day({ visits: 1, punches: [inAt('2026-11-24', '09:30'), outAt('2026-11-24', '11:00')] }).status,
    ).toBe('On Field');
    expect(day({}).status).toBe('Absent');
  });

  it('leave: a whole day is On Leave; a half day of leave and a short day is Present', () => {
    expect(day({ leave: 'full' }).status).toBe('On Leave');
    expect(
      day({ leave: 'half', punches: [inAt('2026-11-24', '09:30'), outAt('2026-11-24', '13:00')] }).status,
    ).toBe('Present');
  });
});

describe('the rules and a punch’s time', () => {
  it('settings are checked with clear messages', () => {
    expect(attendanceRulesSchema.safeParse(DEFAULT_ATTENDANCE_RULES).success).toBe(true);
    const bad = attendanceRulesSchema.safeParse({ ...DEFAULT_ATTENDANCE_RULES, officeEnd: '09:00' });
    expect(bad.error?.issues[0]?.message).toBe('Office end must be after office start');
    const allOff = attendanceRulesSchema.safeParse({
      ...DEFAULT_ATTENDANCE_RULES,
      weeklyOff: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(allOff.error?.issues[0]?.message).toBe('At least one day of the week must be a working day');
  });

  it('a punch made offline may arrive up to a week later, never from the future', () => {
    const now = new Date('2026-11-27T06:30:00Z');
    expect(punchTimeProblem('2026-11-27T06:33:00Z', now)).toBeNull();
    expect(punchTimeProblem('2026-11-27T06:40:00Z', now)).toBe(
      'The time of a check-in cannot be in the future',
    );
    expect(punchTimeProblem('2026-11-21T06:30:00Z', now)).toBeNull();
    expect(punchTimeProblem('2026-11-19T06:30:00Z', now)).toMatch(/older than 7 days/);
  });

  it('a month’s days', () => {
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-11').at(-1)).toBe('2026-11-30');
  });
});
