import { ERROR_CODES, MESSAGES } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { hashPassword, limitConcurrency, passwordHashing, verifyPassword } from './passwords.ts';

/** A task the test finishes by hand. */
const deferred = () => {
  let finish!: (ok: boolean) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (ok) => (ok ? resolve('done') : reject(new Error('failed')));
  });
  return { done, finish };
};

describe('limitConcurrency', () => {
  it('runs at most `slots` tasks, queues the next in order, and refuses with a 503 once the queue is full', async () => {
    const limiter = limitConcurrency(2, 3);
    const tasks = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = tasks.map((t, i) =>
      limiter.run(() => {
        started.push(i);
        return t.done;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);

    const refused = await limiter.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: MESSAGES.serviceUnavailable,
      code: ERROR_CODES.UNAVAILABLE,
    });

    // A task that fails gives its slot up like one that succeeds; the longest waiting goes next.
    tasks[1]!.finish(false);
    await expect(runs[1]).rejects.toThrow('failed');
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.finish(true);
    await expect(runs[0]).resolves.toBe('done');
    expect(started).toEqual([0, 1, 2, 3]);
    for (const t of tasks.slice(2)) t.finish(true);
    await Promise.all(runs.slice(2));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });
});

describe('password hashing', () => {
  it('runs real argon2 verifies through the limiter: a burst waits its turn and every answer is right', async () => {
    const stored = await hashPassword('Right@12345');
    const burst = passwordHashing.slots + 4;
    const answers = Array.from({ length: burst }, (_, i) =>
      verifyPassword(stored, i % 2 ? 'Right@12345' : 'Wrong@12345'),
    );
    expect(passwordHashing.active).toBe(passwordHashing.slots);
    expect(passwordHashing.waiting).toBe(4);
    expect(await Promise.all(answers)).toEqual(Array.from({ length: burst }, (_, i) => i % 2 === 1));
    expect([passwordHashing.active, passwordHashing.waiting]).toEqual([0, 0]);
  });

  it('leaves a thread of the pool to the rest of the app', () => {
    expect(passwordHashing.slots).toBeGreaterThanOrEqual(1);
    expect(passwordHashing.slots).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
  });
});
