import type { Sql } from '../db.ts';

/** Rows of each generated table at scale 1 (the volumes). */
export type Volumes = Record<string, number>;

/**
 * One generator per table family. `rows` is what it writes at a scale; `run` writes them through `sql`,
 * calling `progress` as batches land. Later record types add a file beside these and one line in index.ts.
 */
export type Generator = {
  name: string;
  rows: (scale: number) => number;
  run: (sql: Sql, scale: number, progress: (done: number) => void) => Promise<void>;
};

/** Insert rows 1..total with one INSERT ... SELECT per batch (the batch bounds replace $FROM and $TO). */
export const inBatches = async (
  sql: Sql,
  total: number,
  batch: number,
  statement: string,
  progress: (done: number) => void,
) => {
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await sql.exec(statement.replaceAll('$FROM', String(from)).replaceAll('$TO', String(to)));
    progress(to);
  }
};

export const scaled = (n: number, scale: number) => Math.max(1, Math.round(n * scale));
