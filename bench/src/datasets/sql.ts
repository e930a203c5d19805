/**
 * SQL building blocks for the generators. Everything is computed inside the database from
 * generate_series, so a million rows cost one round trip and no transfer. Values come from a hash of the
 * row number: the same scale always gives the same data.
 */

/** A literal the generators may inline (they only ever inline our own constants). */
export const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A text[] literal. */
export const arr = (values: readonly string[]) => `ARRAY[${values.map(lit).join(',')}]::text[]`;

/** A deterministic non-negative pseudo-random integer from an integer expression and a salt. */
export const hash = (expr: string, salt: number) => `(abs(hashint8((${expr})::bigint * 1000003 + ${salt})))`;

/** One element of values picked by hash. */
export const pick = (values: readonly string[], expr: string, salt: number) =>
  `(${arr(values)})[1 + ${hash(expr, salt)} % ${values.length}]`;

/**
 * Bench ids keep the public 24-hex shape: 8 hex of seconds, 'be', a 2-hex table tag, then the row number.
 * Row n of table tag t always has the same id, so generators can point at each other's rows.
 */
export const idOf = (tag: string, n: string) =>
  `('6a000000be${tag}' || lpad(to_hex((${n})::bigint), 12, '0'))`;

/** A timestamp within the last `days` days, by hash. */
export const pastTime = (expr: string, salt: number, days: number) =>
  `(now() - make_interval(secs => (${hash(expr, salt)} % ${days * 86400})::double precision))`;

/** The id idOf gives row n of table tag, computed here (for requests that name a generated row). */
export const idValue = (tag: string, n: number) => `6a000000be${tag}${n.toString(16).padStart(12, '0')}`;
