import { z } from 'zod';
import { OBJECT_ID_RE } from './id-pattern.ts';

export { formatSequence, OBJECT_ID_RE } from './id-pattern.ts';
export const isObjectId = (v: unknown): v is string => typeof v === 'string' && OBJECT_ID_RE.test(v);

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
let counter = Math.floor(Math.random() * 0xffffff);
const randomHex = (bytes: number) => {
  const a = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(a);
  return [...a].map((b) => hex(b, 2)).join('');
};
const processRandom = randomHex(5);

export const newId = (now: Date = new Date()) => {
  counter = (counter + 1) % 0xffffff;
  return hex(Math.floor(now.getTime() / 1000), 8) + processRandom + hex(counter, 6);
};

export const objectIdSchema = z.string().regex(OBJECT_ID_RE, 'Invalid id');
