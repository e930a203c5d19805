import * as drizzle from 'drizzle-orm';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { orderedFields, rowMapper } from '../db/row-mapper.ts';

// A list's page and count as statements kept by their shape (decision 0027). From one request to the next a
// list's statements differ in their WHERE alone: the select list, the table, the order, the LIMIT and the
// OFFSET are the same text. Drizzle built and rendered the whole statement on every request, a quarter of a
// list request's own work in the server; here only the WHERE is rendered, between a prefix and a suffix made
// once per shape, and the rows are mapped by decoders made once per select.

type Session = {
  prepareQuery: (
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: (rows: unknown[][]) => unknown,
  ) => { execute: () => Promise<unknown> };
};
type Dialect = { sqlToQuery: (sql: SQL) => { sql: string; params: unknown[] } };
type Handle = { session: Session; dialect: Dialect };

/** A statement's text around its WHERE, its parameters after the WHERE's numbered from `$1` of the suffix. */
type Template = { prefix: string; suffix: string; mapRows: (rows: unknown[][]) => unknown };

const MARK = '/*karya:where*/';
/** Templates by select (or table): the shapes a list has are few; a bound keeps a stray caller from growing it. */
const LIMIT = 200;
const kept = new WeakMap<object, Map<string, Template | null>>();

/** The template of `build(where marker)`, or null where its text holds values of its own (not kept). */
const templateOf = (db: Db, owner: object, key: string, build: () => drizzle.SQLWrapper, fields: object) => {
  let shapes = kept.get(owner);
  if (!shapes) {
    shapes = new Map();
    kept.set(owner, shapes);
  }
  let template = shapes.get(key);
  if (template !== undefined) return template;
  const { sql: text, params } = (db as unknown as Handle).dialect.sqlToQuery(build().getSQL());
  const at = text.indexOf(MARK);
  // Only placeholders (the LIMIT and OFFSET) may follow the WHERE; a value elsewhere would be frozen in.
  template =
    at >= 0 && params.every((p) => drizzle.is(p, drizzle.Placeholder))
      ? {
          prefix: text.slice(0, at),
          suffix: text.slice(at + MARK.length),
          mapRows: rowMapper(orderedFields(fields)),
        }
      : null;
  if (shapes.size >= LIMIT) shapes.delete(shapes.keys().next().value as string);
  shapes.set(key, template);
  return template;
};

/** A statement ready to run: its text and values, and how its rows map. */
export type KeptStatement = { sql: string; params: unknown[]; mapRows: (rows: unknown[][]) => unknown };

const fill = (
  template: Template,
  where: { sql: string; params: unknown[] },
  tail: unknown[],
): KeptStatement => {
  const n = where.params.length;
  const suffix = template.suffix.replace(/\$(\d+)/g, (_, i: string) => `$${n + Number(i)}`);
  return {
    sql: template.prefix + where.sql + suffix,
    params: [...where.params, ...tail],
    mapRows: template.mapRows,
  };
};

/** Runs a kept statement where `db` stands (the pool, the request's transaction or the replica). */
export const runKept = (db: Db, s: KeptStatement) =>
  (db as unknown as Handle).session
    .prepareQuery({ sql: s.sql, params: s.params }, undefined, undefined, true, s.mapRows)
    .execute() as Promise<unknown[]>;

export type KeptListWalk = {
  db: Db;
  from: PgTable;
  /** The select's fields (the table's columns when the list picks the whole row). */
  select: object | undefined;
  where: SQL;
  order: SQL[];
  take: number;
  offset: number;
  /** The count stops at `bound` rows; undefined: the exact count. */
  bound: number | undefined;
};

/**
 * The page (LIMIT `take` OFFSET `offset`, ordered) and the count of a list, from the templates of their shape;
 * null where there are none (the order holds a value: the caller builds them as before).
 */
export const keptStatements = ({ db, from, select, where, order, take, offset, bound }: KeptListWalk) => {
  const dialect = (db as unknown as Handle).dialect;
  const orderText = dialect.sqlToQuery(sql.join(order, sql`, `));
  if (orderText.params.length) return null;
  const fields = select ?? drizzle.getTableColumns(from);
  const marker = sql.raw(MARK);
  const page = templateOf(
    db,
    select ?? from,
    `page|${orderText.sql}|${offset > 0}`,
    () => {
      const q = db
        .select(fields as never)
        .from(from)
        .where(marker)
        .orderBy(...order)
        .limit(sql.placeholder('take') as never);
      return offset > 0 ? q.offset(sql.placeholder('offset') as never) : q;
    },
    fields,
  );
  const counted = templateOf(
    db,
    from,
    `count|${bound !== undefined}`,
    () =>
      bound !== undefined
        ? db.select({ n: count() }).from(
            db
              .select({ one: sql`1` })
              .from(from)
              .where(marker)
              .limit(sql.placeholder('bound') as never)
              .as('bounded'),
          )
        : db.select({ n: count() }).from(from).where(marker),
    { n: count() },
  );
  if (!page || !counted) return null;
  const w = dialect.sqlToQuery(where);
  return {
    page: fill(page, w, offset > 0 ? [take, offset] : [take]),
    count: fill(counted, w, bound !== undefined ? [bound] : []),
  };
};
