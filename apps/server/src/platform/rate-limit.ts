import type { Clock } from './clock.ts';

/**
 * Counters in fixed windows. The memory store serves one process; a Redis store (same interface) lets
 * several processes count together.
 */
export type RateLimitStore = {
  /** Add one to key and return the count in the current window and the seconds left in it. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  reset(key: string): Promise<void>;
};

export const memoryRateLimitStore = (clock: Clock): RateLimitStore => {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= clock.now().getTime()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const left = (e: { resetAt: number }) => Math.max(0, Math.ceil((e.resetAt - clock.now().getTime()) / 1000));
  return {
    async hit(key, windowSeconds) {
      let e = live(key);
      if (!e) {
        e = { count: 0, resetAt: clock.now().getTime() + windowSeconds * 1000 };
        entries.set(key, e);
        if (entries.size > 100_000) {
          for (const k of entries.keys()) if (!live(k)) entries.delete(k);
        }
      }
      e.count += 1;
      return { count: e.count, resetInSeconds: left(e) };
    },
    async peek(key) {
      const e = live(key);
      return e ? { count: e.count, resetInSeconds: left(e) } : { count: 0, resetInSeconds: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
};
