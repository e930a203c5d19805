import { describe, expect, it } from 'vitest';
import { leaveAllocationsSchema, leaveApplicationSchema, leaveDecisionSchema } from './leave.ts';
import {
  entitledDays,
  formatLeaveDays,
  leaveHalves,
  leavesClash,
  LEAVE_MESSAGES as M,
} from './leave-days.ts';

const messages = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
const SUNDAY = [0];

describe('leave days (decision 0023)', () => {
  it('counts the working days of a range, in halves: weekly offs and holidays inside do not count', () => {
    // Thursday 24/12/2026 to Monday 28/12/2026 over Christmas and a Sunday.
    const r = leaveHalves(
      { from: '2026-12-24', to: '2026-12-28', half: null },
      SUNDAY,
      new Set(['2026-12-25']),
    );
    expect(r).toEqual({ halves: 6, days: ['2026-12-24', '2026-12-26', '2026-12-28'] });
    expect(
      leaveHalves({ from: '2026-12-24', to: '2026-12-24', half: 'first' }, SUNDAY, new Set()).halves,
    ).toBe(1);
    expect(leaveHalves({ from: '2026-12-27', to: '2026-12-27', half: null }, SUNDAY, new Set()).halves).toBe(
      0,
    );
    // Saturday and Sunday off.
    expect(leaveHalves({ from: '2026-12-21', to: '2026-12-27', half: null }, [0, 6], new Set()).halves).toBe(
      10,
    );
  });

  it('two leaves clash when their dates meet, unless they are the two halves of one day', () => {
    const day = (half: 'first' | 'second' | null) => ({ from: '2026-12-01', to: '2026-12-01', half });
    expect(leavesClash(day('first'), day('second'))).toBe(false);
    expect(leavesClash(day('first'), day('first'))).toBe(true);
    expect(leavesClash(day(null), day('second'))).toBe(true);
    expect(leavesClash({ from: '2026-11-28', to: '2026-12-01', half: null }, day('first'))).toBe(true);
    expect(leavesClash({ from: '2026-12-02', to: '2026-12-03', half: null }, day(null))).toBe(false);
  });

  it('a person’s days: their own allocation, else the largest of their roles’, else the default', () => {
    expect(entitledDays('Casual', 10.5, [8, 14])).toBe(10.5);
    expect(entitledDays('Casual', undefined, [8, 14])).toBe(14);
    expect(entitledDays('Earned', undefined, [])).toBe(15);
    expect(formatLeaveDays(0.5)).toBe('half a day');
    expect(formatLeaveDays(1)).toBe('1 day');
    expect(M.notEnough('Sick', 1.5, 3)).toBe('Not enough sick leave: 1.5 days left, 3 days asked for');
  });

  it('an application: one year, to after from, a half only for one day, a real date and a reason', () => {
    const ok = { leaveType: 'Casual', from: '2026-12-01', to: '2026-12-01', reason: 'Puja at home' };
    expect(leaveApplicationSchema.parse(ok).half).toBeNull();
    expect(messages(leaveApplicationSchema, { ...ok, to: '2026-11-30' })).toEqual([M.toBeforeFrom]);
    expect(messages(leaveApplicationSchema, { ...ok, from: '2026-12-31', to: '2027-01-01' })).toEqual([
      M.sameYear,
    ]);
    expect(messages(leaveApplicationSchema, { ...ok, to: '2026-12-02', half: 'first' })).toEqual([
      M.halfOneDay,
    ]);
    expect(messages(leaveApplicationSchema, { ...ok, from: '2026-02-29', to: '2026-03-01' })).toEqual([
      M.fromRequired,
    ]);
    expect(messages(leaveApplicationSchema, { ...ok, reason: ' ' })[0]).toBe(M.reasonRequired);
    expect(messages(leaveApplicationSchema, { ...ok, leaveType: 'Annual' })).toEqual([M.typeRequired]);
    expect(messages(leaveDecisionSchema, { decision: 'Rejected' })).toEqual([M.rejectReasonRequired]);
  });

  it('allocations: a role or a person, whole or half days, each type once per target', () => {
    const id = '0123456789abcdef01234567';
    expect(
      messages(leaveAllocationsSchema, {
        year: 2026,
        allocations: [{ leaveType: 'Casual', roleId: id, days: 7.5 }],
      }),
    ).toEqual([]);
    expect(
      messages(leaveAllocationsSchema, { year: 2026, allocations: [{ leaveType: 'Casual', days: 7 }] }),
    ).toEqual([M.allocationTarget]);
    expect(
      messages(leaveAllocationsSchema, {
        year: 2026,
        allocations: [{ leaveType: 'Casual', roleId: id, userId: id, days: 7 }],
      }),
    ).toEqual([M.allocationTarget]);
    expect(
      messages(leaveAllocationsSchema, {
        year: 2026,
        allocations: [{ leaveType: 'Casual', userId: id, days: 1.2 }],
      }),
    ).toEqual([M.daysInvalid]);
    const twice = { leaveType: 'Sick', userId: id, days: 5 };
    expect(messages(leaveAllocationsSchema, { year: 2026, allocations: [twice, twice] })).toEqual([
      M.allocationDuplicate,
    ]);
  });
});
