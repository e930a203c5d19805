import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { serviceUnavailable } from './errors.ts';

/** argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most `slots` tasks run at once; the others wait their turn, and beyond `queueLimit` waiting a new task
 * is refused at once with a 503 (the client may retry) rather than piling up.
 */
export const limitConcurrency = (slots: number, queueLimit: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    slots,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < slots) active += 1;
      else if (waiting.length >= queueLimit) throw serviceUnavailable(2);
      // The slot passes straight from the task that ends to the one that waited longest.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
};

/**
 * The hashes run on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which also reads files and
 * compresses answers: left unbounded, a sign-in rush queues every hash there at once, and every other
 * request waits behind them (GET /api/auth/me took seconds during 200 simultaneous sign-ins). One thread
 * is always left to the rest, and no more hashes run than there are cores. 1,000 waiting sign-ins hold a few
 * MB and clear in seconds; past that, asking the client to retry beats a longer wait.
 */
const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const passwordHashing = limitConcurrency(
  Math.max(1, Math.min(os.availableParallelism(), threadPool - 1)),
  1000,
);

export const hashPassword = (password: string) => passwordHashing.run(() => hash(password, OPTIONS));

export const verifyPassword = (stored: string, password: string) =>
  passwordHashing.run(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });

/** A hash of nothing in particular, so an unknown e-mail costs the same time as a wrong password. */
let dummy: Promise<string> | undefined;
export const burnPasswordTime = async (password: string) => {
  // A refused first hash (a full queue) must not stay the answer for good.
  dummy ??= hashPassword('not-a-real-password-Aa1!').catch((error) => {
    dummy = undefined;
    throw error;
  });
  await verifyPassword(await dummy, password);
};
