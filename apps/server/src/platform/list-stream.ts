import type { FilterValue, ListQuery } from '@karya/domain';
import { and, count, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type ListColumns, listConditions, listOrderBy } from './list-sql.ts';
import type { RecordTable, Scope } from './records.ts';

/**
 * Every row of a list, in the list's order, for an export: the same WHERE (whitelisted filters and row
 * scope) and ORDER BY (the sort, NULLS LAST, then the id) as runList, read in keyset batches: each batch
 * starts after the last row of the one before (its sort value and id), so batch 200 of 200,000 rows costs
 * what batch 1 does, where OFFSET would read every row before it. No transaction is held between batches
 * (PGlite runs one statement at a time): a row written meanwhile may or may not be in the file.
 */
export type ListStream = {
  db: Db;
  table: RecordTable;
  columns: ListColumns;
  query: Pick<ListQuery, 'sortBy' | 'sortOrder' | 'filters'>;
  filters?: Record<string, FilterValue>;
  scope?: Scope;
  select?: Record<string, unknown>;
  batchSize?: number;
};

export const EXPORT_BATCH = 1_000;

/** The sort operand and direction listOrderBy uses (undefined: the id alone). */
const sortOf = (query: ListStream['query'], columns: ListColumns) => {
  const field = query.sortBy ?? columns.defaultSort?.field;
  const order = query.sortBy ? query.sortOrder : (columns.defaultSort?.order ?? query.sortOrder);
  const on = field && Object.hasOwn(columns.sort, field) ? columns.sort[field] : undefined;
  return { on, asc: order === 'asc' };
};

const whereOf = (s: ListStream) => {
  const conditions = listConditions(s.columns, s.filters ?? s.query.filters);
  if (s.scope) conditions.push(s.scope);
  return conditions;
};

/** How many rows the stream will read (at its start). */
export const countList = async (s: ListStream) => {
  const conditions = whereOf(s);
  const [row] = await s.db
    .select({ n: count() })
    .from(s.table as PgTable)
    .where(conditions.length ? and(...conditions) : undefined);
  return Number(row?.n ?? 0);
};

type Cursor = { key: string | null; id: string };

/**
 * After the row (key, id) in ORDER BY `on` dir NULLS LAST, id dir. The key travels as the value's text and
 * goes back as an untyped parameter, which PostgreSQL reads as the operand's own type: a timestamp keeps its
 * microseconds (a JavaScript Date would drop them and repeat or skip rows).
 */
const after = (on: SQL | undefined, id: SQL, ascending: boolean, c: Cursor): SQL => {
  const beyond = (l: SQL, v: string) => (ascending ? sql`${l} > ${v}` : sql`${l} < ${v}`);
  if (!on) return beyond(id, c.id);
  if (c.key === null) return sql`(${on} is null and ${beyond(id, c.id)})`;
  return sql`(${beyond(on, c.key)} or (${on} = ${c.key} and ${beyond(id, c.id)}) or ${on} is null)`;
};

/** The rows, a batch at a time, each row as the list's select reads it. */
export async function* listBatches<Row>(s: ListStream): AsyncGenerator<Row[]> {
  const { on: sortOn, asc } = sortOf(s.query, s.columns);
  const on = sortOn === undefined ? undefined : sql`${sortOn}`;
  const id = sql`${s.columns.id}`;
  const order = listOrderBy(s.query, s.columns);
  const base = whereOf(s);
  const size = s.batchSize ?? EXPORT_BATCH;
  const select = {
    ...(s.select ?? getTableColumns(s.table as PgTable)),
    __key: on ? sql<string | null>`(${on})::text` : sql<null>`null`,
    __id: sql<string>`(${id})::text`,
  };
  let cursor: Cursor | undefined;
  for (;;) {
    const conditions = cursor ? [...base, after(on, id, asc, cursor)] : base;
    const rows = (await s.db
      .select(select as never)
      .from(s.table as PgTable)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...order)
      .limit(size)) as unknown as (Row & { __key: string | null; __id: string })[];
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    cursor = { key: last.__key, id: last.__id };
    yield rows;
    if (rows.length < size) return;
  }
}
