import { quickDateRange } from '@karya/domain';

export const DAY_MS = 24 * 3600 * 1000;

/** mulberry32: a tiny seeded generator, so the demo data is the same on every fresh start. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
};

export type Random = ReturnType<typeof prng>;

/** A calendar day (YYYY-MM-DD) n days after `day`. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A record meant to show as new on the admin dashboard, created `when`: no earlier than the start of this
 * week (Monday 00:00 in India, as the dashboard and the This Week chip count it), so on a Monday too the demo
 * has new users, roles and teams. India keeps one offset all year (+05:30).
 */
export const inThisWeek = (now: Date, when: Date) => {
  const weekStart = new Date(`${quickDateRange('This Week', now).start}T00:00:00+05:30`);
  return new Date(Math.max(when.getTime(), weekStart.getTime()));
};
