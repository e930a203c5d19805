// Without zod (ids.ts builds a schema from it), so the list-query helpers the web client loads stay zod-free.

/** Public ids are 24-hex strings shaped like MongoDB ObjectIds: 4 bytes of seconds, 5 random, 3 counter. */
export const OBJECT_ID_RE = /^[0-9a-f]{24}$/;

/** Readable numbers: a prefix and a zero-padded sequence value, e.g. CI0001, PI000001. */
export const formatSequence = (prefix: string, value: number, width: number) =>
  `${prefix}${String(value).padStart(width, '0')}`;
