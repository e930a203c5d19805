import { describe, expect, it } from 'vitest';
import { formatSequence, isObjectId, newId, OBJECT_ID_RE, objectIdSchema } from './ids.ts';

describe('newId', () => {
  it('is 24 lowercase hex characters starting with the time in seconds', () => {
    const at = new Date('2026-03-15T10:00:00Z');
    const id = newId(at);
    expect(id).toMatch(OBJECT_ID_RE);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Math.floor(at.getTime() / 1000));
    expect(isObjectId(id)).toBe(true);
  });
  it('is unique across many calls in the same second', () => {
    const at = new Date();
    const ids = Array.from({ length: 20_000 }, () => newId(at));
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('ids made later sort later', () => {
    const a = newId(new Date('2026-01-01T00:00:00Z'));
    const b = newId(new Date('2026-01-01T00:00:01Z'));
    expect(a < b).toBe(true);
  });
});

describe('id checks', () => {
  it.each([
    ['65f1c2a9b3e4d5f6a7b8c9d0', true],
    ['65F1C2A9B3E4D5F6A7B8C9D0', false],
    ['65f1c2a9b3e4d5f6a7b8c9d', false],
    ['65f1c2a9b3e4d5f6a7b8c9d0a', false],
    ['zzzzzzzzzzzzzzzzzzzzzzzz', false],
    [123, false],
  ])('%j → %s', (v, ok) => {
    expect(isObjectId(v)).toBe(ok);
    expect(objectIdSchema.safeParse(v).success).toBe(ok);
  });
  it('objectIdSchema says Invalid id', () => {
    expect(objectIdSchema.safeParse('nope').error?.issues[0]?.message).toBe('Invalid id');
  });
  it('formatSequence pads readable numbers', () => {
    expect(formatSequence('CI', 1, 4)).toBe('CI0001');
    expect(formatSequence('PI', 42, 6)).toBe('PI000042');
    expect(formatSequence('CI', 12345, 4)).toBe('CI12345');
  });
});
