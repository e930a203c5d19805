import { describe, expect, it } from 'vitest';
import {
  dashboardClock,
  dayPlus,
  isDueTodayFollowUp,
  isNoResponseFollowUp,
  isOverdueFollowUp,
  isUpcomingFollowUp,
} from './dashboard.ts';

// 23:45 in India on 2026-03-11 is still the 11th there, though 18:15 UTC.
const NOW = new Date('2026-03-11T18:15:00.000Z');
const f = (date: string, time: string, status = 'Scheduled', more = {}) => ({
  isDeleted: false,
  date,
  time,
  status,
  ...more,
});

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

  it('overdue and due today split today at the present minute', () => {
    expect(isOverdueFollowUp(f('2026-03-11', '23:45'), NOW)).toBe(true);
    expect(isOverdueFollowUp(f('2026-03-11', '23:46'), NOW)).toBe(false);
    expect(isDueTodayFollowUp(f('2026-03-11', '23:46'), NOW)).toBe(true);
    expect(isDueTodayFollowUp(f('2026-03-11', '23:45'), NOW)).toBe(false);
    expect(isOverdueFollowUp(f('2026-03-01', '10:00', 'Pending'), NOW)).toBe(true);
    expect(isOverdueFollowUp(f('2026-03-01', '10:00', 'Postponed'), NOW)).toBe(true);
    for (const status of ['Completed', 'Cancelled'])
      expect(isOverdueFollowUp(f('2026-03-01', '10:00', status), NOW)).toBe(false);
    expect(isOverdueFollowUp(f('2026-03-01', '10:00', 'Scheduled', { isDeleted: true }), NOW)).toBe(false);
  });

  it('no response: passed, not cancelled, neither response nor remarks (blank counts as none)', () => {
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed'), NOW)).toBe(true);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { response: '  ' }), NOW)).toBe(true);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { response: 'Yes' }), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Completed', { remarks: 'Busy' }), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-10', '10:00', 'Cancelled'), NOW)).toBe(false);
    expect(isNoResponseFollowUp(f('2026-03-12', '10:00'), NOW)).toBe(false);
  });

  it('upcoming: Scheduled, not passed, up to the end of the 7th day ahead', () => {
    expect(isUpcomingFollowUp(f('2026-03-18', '23:59'), NOW)).toBe(true);
    expect(isUpcomingFollowUp(f('2026-03-19', '00:00'), NOW)).toBe(false);
    expect(isUpcomingFollowUp(f('2026-03-12', '09:00', 'Pending'), NOW)).toBe(false);
    expect(isUpcomingFollowUp(f('2026-03-11', '23:45'), NOW)).toBe(false);
    expect(isUpcomingFollowUp(f('2026-03-11', '23:46'), NOW)).toBe(true);
  });
});
