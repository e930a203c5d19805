import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// A table's rows as JSON inside one statement (a record's children beside the record, decision 0027), and
// back into the rows drizzle would have read: the same keys, the same values, by drizzle's own mapping of
// each column (a timestamp to a Date, a numeric to a number, jsonb as it is).

/** PostgreSQL's json_build_object takes at most 100 arguments: 50 keys. */
const MAX_KEYS = 50;

const columnsOf = new WeakMap<PgTable, [string, Column][]>();
/** A table's columns by their TypeScript keys, listed once (a row is mapped on every read). */
const entries = (table: PgTable) => {
  let list = columnsOf.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table) as Record<string, Column>);
    columnsOf.set(table, list);
  }
  return list;
};

/**
 * `json_build_object('<key>', <alias>."<column>", …)` over every column of `table` (keyed by the names the
 * row has in TypeScript), with `extra` keys after them.
 */
export const jsonRowSql = (table: PgTable, alias: string, extra: Record<string, SQL> = {}): SQL => {
  const columns = entries(table);
  const keys = columns.length + Object.keys(extra).length;
  if (keys > MAX_KEYS) throw new Error(`jsonRowSql: ${keys} keys, more than json_build_object takes`);
  const parts = [
    ...columns.map(([key, c]) => sql`${sql.raw(`'${key}'`)}, ${sql.raw(`${alias}."${c.name}"`)}`),
    ...Object.entries(extra).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  ];
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
};

/** A row read as `jsonRowSql` wrote it, mapped as drizzle maps the table's columns (extra keys untouched). */
export const fromJsonRow = <T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] & Record<string, unknown> => {
  const row: Record<string, unknown> = { ...json };
  for (const [key, c] of entries(table)) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : c.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'] & Record<string, unknown>;
};
