import { describe, expect, it } from 'vitest';
import { isBirthday, isoDay, quickDateRange } from './dates.ts';

// Local-time dates, for isoDay and isBirthday, which work in the viewer's calendar.
const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);
/** An instant given as India's wall-clock time (UTC+05:30): quickDateRange reads India's calendar. */
const ist = (y: number, m: number, d: number, h = 12, min = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, min) - 330 * 60_000);

describe('quickDateRange', () => {
  it('Today and Yesterday', () => {
    expect(quickDateRange('Today', ist(2026, 3, 11))).toEqual({ start: '2026-03-11', end: '2026-03-11' });
    expect(quickDateRange('Yesterday', ist(2026, 3, 1))).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    expect(quickDateRange('Yesterday', ist(2026, 1, 1))).toEqual({
      start: '2025-12-31',
      end: '2025-12-31',
    });
  });
  it('a week starts on Monday', () => {
    // Wednesday 11 March 2026
    expect(quickDateRange('This Week', ist(2026, 3, 11))).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
    });
    // Monday itself
    expect(quickDateRange('This Week', ist(2026, 3, 9, 0))).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
    });
  });
  it('Sunday belongs to the week that began the Monday before', () => {
    expect(quickDateRange('This Week', ist(2026, 3, 15, 23))).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
    });
    // Across a month and a year boundary.
    expect(quickDateRange('This Week', ist(2026, 3, 1))).toEqual({
      start: '2026-02-23',
      end: '2026-03-01',
    });
    expect(quickDateRange('This Week', ist(2027, 1, 3))).toEqual({
      start: '2026-12-28',
      end: '2027-01-03',
    });
  });
  it('the follow-up week ends on the coming Saturday', () => {
    // Wednesday 11 March 2026 → Saturday 14 March.
    expect(quickDateRange('This Week', ist(2026, 3, 11), 'saturday')).toEqual({
      start: '2026-03-09',
      end: '2026-03-14',
    });
    // Saturday itself.
    expect(quickDateRange('This Week', ist(2026, 3, 14), 'saturday').end).toBe('2026-03-14');
    // From a Sunday the coming Saturday is the next one.
    expect(quickDateRange('This Week', ist(2026, 3, 15), 'saturday')).toEqual({
      start: '2026-03-09',
      end: '2026-03-21',
    });
  });
  it("uses India's calendar day wherever the code runs", () => {
    // Sunday 15 March 2026, 23:00 UTC is already Monday 16 March 04:30 in India: a new week.
    expect(quickDateRange('This Week', new Date(Date.UTC(2026, 2, 15, 23)))).toEqual({
      start: '2026-03-16',
      end: '2026-03-22',
    });
    expect(quickDateRange('Today', new Date(Date.UTC(2026, 2, 15, 23)))).toEqual({
      start: '2026-03-16',
      end: '2026-03-16',
    });
  });
  it('This Month covers the whole calendar month', () => {
    expect(quickDateRange('This Month', ist(2026, 2, 14))).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(quickDateRange('This Month', ist(2024, 2, 29))).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(quickDateRange('This Month', ist(2026, 12, 31))).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });
});

describe('isoDay and isBirthday', () => {
  it('isoDay pads month and day', () => {
    expect(isoDay(local(2026, 1, 5))).toBe('2026-01-05');
  });
  it('a birthday is the same month and day, any year', () => {
    const today = local(2026, 7, 14);
    expect(isBirthday('1994-07-14', today)).toBe(true);
    expect(isBirthday('1994-07-14T00:00:00.000Z', today)).toBe(true);
    expect(isBirthday('1994-07-15', today)).toBe(false);
    expect(isBirthday('1994-06-14', today)).toBe(false);
    expect(isBirthday(null, today)).toBe(false);
    expect(isBirthday(undefined, today)).toBe(false);
  });
});
