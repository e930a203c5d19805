import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { idempotencyKeeper, keepsIdempotencyKey } from './idempotency';

/** A send that records the key it was given and answers as told. */
const sender = () => {
  const keys: string[] = [];
  const send =
    (outcome: 'ok' | number) =>
    async (key: string): Promise<string> => {
      keys.push(key);
      if (outcome === 'ok') return 'saved';
      throw new ApiError(outcome, `status ${outcome}`);
    };
  return { keys, send };
};

describe('idempotency keys of form writes', () => {
  it('keeps the key only when no answer came or the server failed', () => {
    expect([0, 500, 502, 503].map((s) => keepsIdempotencyKey(new ApiError(s, 'x')))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([400, 403, 404, 409, 413, 429].map((s) => keepsIdempotencyKey(new ApiError(s, 'x')))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(keepsIdempotencyKey(new Error('a bug'))).toBe(false);
  });

  it('sends a retry after a lost answer or a 5xx under the same key, then a new one once answered', async () => {
    const keeper = idempotencyKeeper();
    const { keys, send } = sender();
    await expect(keeper.run(send(0))).rejects.toThrow();
    await expect(keeper.run(send(503))).rejects.toThrow();
    await expect(keeper.run(send('ok'))).resolves.toBe('saved');
    await keeper.run(send('ok'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('uses up the key on a 4xx refusal: the corrected form goes under a new key', async () => {
    const keeper = idempotencyKeeper();
    const { keys, send } = sender();
    await expect(keeper.run(send(409))).rejects.toThrow('status 409');
    await expect(keeper.run(send(400))).rejects.toThrow();
    await keeper.run(send('ok'));
    expect(new Set(keys).size).toBe(3);
  });

  it('gives each form its own key', async () => {
    const a = idempotencyKeeper();
    const b = idempotencyKeeper();
    const { keys, send } = sender();
    await expect(a.run(send(0))).rejects.toThrow();
    await b.run(send('ok'));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
