import { describe, expect, it } from 'vitest';
import { dashboardClock, dayPlus, isNoResponseFollowUp } from './dashboard.ts';
import { type FollowUpDueFacts, followUpDueBucket, followUpDueOf } from './follow-up-due.ts';

// 23:45 in India on 2026-03-11 is still the 11th there, though 18:15 UTC.
const NOW = new Date('2026-03-11T18:15:00.000Z');
const f = (date: string, time: string, status = 'Scheduled', more = {}): FollowUpDueFacts => ({
  isDeleted: false,
  customerId: 'c1',
  date,
  time,
  status,
  ...more,
});
/** The bucket of a follow-up that is alone for its customer. */
const due = (x: FollowUpDueFacts) => followUpDueOf(x, [x], NOW);
const plan = (date: string, time = '10:00') => ({ nextRequired: true, type: 'Call', date, time });

describe('CRM dashboard rules', () => {
  it('reads the day and time in India and moves days across months', () => {
    expect(dashboardClock(NOW)).toEqual({ day: '2026-03-11', time: '23:45' });
    expect(dashboardClock(new Date('2026-03-11T18:30:00.000Z'))).toEqual({
      day: '2026-03-12',
      time: '00:00',
    });
    expect(dayPlus('2026-02-27', 2)).toBe('2026-03-01');
    expect(dayPlus('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('buckets: overdue at or before this minute, due today later today, upcoming to the 7th day ahead', () => {
    expect(followUpDueBucket({ date: '2026-03-11', time: '23:45' }, NOW)).toBe('Overdue');
    expect(followUpDueBucket({ date: '2026-03-01', time: '10:00' }, NOW)).toBe('Overdue');
    expect(followUpDueBucket({ date: '2026-03-11', time: '23:46' }, NOW)).toBe('Due today');
    expect(followUpDueBucket({ date: '2026-03-12', time: '00:00' }, NOW)).toBe('Upcoming');
    expect(followUpDueBucket({ date: '2026-03-18', time: '23:59' }, NOW)).toBe('Upcoming');
    expect(followUpDueBucket({ date: '2026-03-19', time: '00:00' }, NOW)).toBeNull();
  });

  it('an open follow-up (Scheduled, Pending, Postponed) is due itself; Completed, Cancelled or deleted is not', () => {
    for (const status of ['Scheduled', 'Pending', 'Postponed']) {
      expect(due(f('2026-03-01', '10:00', status))).toBe('Overdue');
      expect(due(f('2026-03-12', '10:00', status))).toBe('Upcoming');
    }
    for (const status of ['Completed', 'Cancelled']) expect(due(f('2026-03-12', '10:00', status))).toBeNull();
    expect(due(f('2026-03-01', '10:00', 'Scheduled', { isDeleted: true }))).toBeNull();
  });

  it("a Completed follow-up's planned next follow-up is due at the plan's date, until a later one takes it up", () => {
    const done = f('2026-03-05', '10:00', 'Completed', { nextFollowUp: plan('2026-03-10') });
    expect(due(done)).toBe('Overdue');
    expect(due({ ...done, nextFollowUp: plan('2026-03-11', '23:50') })).toBe('Due today');
    expect(due({ ...done, nextFollowUp: plan('2026-03-15') })).toBe('Upcoming');
    // Not planned, or planned on a Cancelled follow-up: nothing to do.
    expect(due({ ...done, nextFollowUp: { ...plan('2026-03-10'), nextRequired: false } })).toBeNull();
    expect(due({ ...done, status: 'Cancelled' })).toBeNull();
    // An open follow-up is due itself, not its plan (one piece of work per follow-up).
    expect(due({ ...done, status: 'Scheduled', date: '2026-03-15' })).toBe('Upcoming');
    // The next contact recorded for the customer (later date or time) takes the plan up, whatever its status.
    const recorded = f('2026-03-10', '11:00', 'Completed');
    expect(followUpDueOf(done, [done, recorded], NOW)).toBeNull();
    expect(followUpDueOf(done, [done, { ...recorded, date: '2026-03-05', time: '10:01' }], NOW)).toBeNull();
    // Not taken up by an earlier follow-up, another customer's, or a deleted one.
    expect(followUpDueOf(done, [done, { ...recorded, date: '2026-03-04' }], NOW)).toBe('Overdue');
    expect(followUpDueOf(done, [done, { ...recorded, customerId: 'c2' }], NOW)).toBe('Overdue');
    expect(followUpDueOf(done, [done, { ...recorded, isDeleted: true }], NOW)).toBe('Overdue');
  });

  it('no response: passed, not cancelled, neither response nor remarks (blank counts as none)', () => {
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed'), NOW)).toBe(true);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { response: '  ' }), NOW)).toBe(true);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { response: 'Yes' }), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { remarks: 'Busy' }), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Cancelled'), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-12', '10:00'), NOW)).toBe(false);
  });
});
