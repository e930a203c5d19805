import { describe, expect, it } from 'vitest';
import { APP_TIME_ZONE, todayInAppZone } from './dates';

const viaIntl = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

describe('todayInAppZone', () => {
  it("gives India's calendar day, as the zone database does, on both sides of midnight there", () => {
    for (const iso of [
      '2026-03-29T18:29:59Z', // 23:59:59 in India
      '2026-03-29T18:30:00Z', // 00:00 the next day in India
      '2026-10-25T00:30:00Z', // a European DST change: none in India
      '2024-02-29T20:00:00Z',
      '2026-12-31T19:00:00Z',
    ]) {
      const now = new Date(iso);
      expect(todayInAppZone(now)).toBe(viaIntl(now));
    }
    expect(todayInAppZone(new Date('2026-03-29T18:30:00Z'))).toBe('2026-03-30');
  });
});
