import { LIST_COUNT_BOUND } from '@karya/domain';
import { count, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { idArray, type ListColumns } from './list-sql.ts';
import { type KeptStatement, keptStatements, runKept } from './list-statements.ts';

// How runList (record-list.ts) reads a page and its count: as two statements side by side, or, for a
// text-filtered page within the count's bound, from one walk of the matches (decision 0021).

/**
 * From this offset on (and whenever a text filter is set), a page is found as ids first (from an index alone
 * where the filters allow) and only its own rows are read: deep pages stop costing a visit to every row
 * before them.
 */
export const DEFERRED_JOIN_FROM = 1_000;

export const pickAll = (db: Db) => db.select();
export type Walk = {
  db: Db;
  from: PgTable;
  columns: ListColumns;
  where: SQL | undefined;
  order: SQL[];
  offset: number;
  take: number;
  pick: () => ReturnType<typeof pickAll>;
  /** The select `pick` makes (undefined: the whole row): what a kept statement maps its rows by. */
  select: object | undefined;
};

/**
 * A text-filtered page within the bound, and the bounded count, from one walk of the matches in the page's
 * order: the count walks them anyway (up to the bound), and the page's ids are among the first it meets, so
 * the page no longer walks them a second time (a broad name on 200,000 customers: 30,000 index entries
 * tested for the page, then 46,000 again for the count). The ids come in the walk's order, the subquery's
 * ORDER BY with LIMIT; the page's rows are then read by their ids.
 */
export const oneWalk = async <Row>({ db, from, columns, where, order, offset, take, pick }: Walk) => {
  const matches = db
    .select({ id: sql`${columns.id}`.as('id') })
    .from(from)
    .where(where)
    .orderBy(...order)
    .limit(LIST_COUNT_BOUND + 1)
    .as('matches');
  const [walked] = await db
    .select({
      n: sql<number>`count(*)::int`,
      ids: sql<string[] | null>`(array_agg(${matches.id}))[${offset + 1}::int : ${offset + take}::int]`,
    })
    .from(matches);
  const ids = walked?.ids ?? [];
  const rows = ids.length
    ? ((await pick()
        .from(from)
        .where(sql`${columns.id} = any(${idArray(ids)})`)
        .orderBy(...order)) as unknown as Row[])
    : [];
  return [rows, walked?.n ?? 0] as const;
};

/** The page and the count as two statements side by side. */
export const pageAndCount = async <Row>(walk: Walk & { bounded: boolean; textFiltered: boolean }) => {
  const { db, from, columns, where, order, offset, take, pick, bounded, textFiltered } = walk;
  // A plain page (no text filter, not deep) and its count come from the statements kept by their shape.
  const kept =
    where && offset < DEFERRED_JOIN_FROM && !textFiltered
      ? keptStatements({
          db,
          from,
          select: walk.select,
          where,
          order,
          take,
          offset,
          bound: bounded ? LIST_COUNT_BOUND + 1 : undefined,
        })
      : null;
  if (kept && !CHECK_KEPT) return runBoth<Row>(db, kept);
  const page =
    offset >= DEFERRED_JOIN_FROM || textFiltered
      ? pick()
          .from(from)
          .where(
            inArray(
              sql`${columns.id}`,
              db
                .select({ id: sql`${columns.id}` })
                .from(from)
                .where(where)
                .orderBy(...order)
                .limit(take)
                .offset(offset),
            ),
          )
          .orderBy(...order)
      : pick()
          .from(from)
          .where(where)
          .orderBy(...order)
          .limit(take)
          .offset(offset);
  // With a text filter, the bounded count walks the matches in the page's order: the planner can then stop
  // after the bound in the sort's index, as the page does, where it otherwise built a trigram bitmap of every
  // match first (a broad name on 200,000 customers: 148 ms for 10,001).
  const boundedRows = db
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .orderBy(...(textFiltered ? order : []))
    .limit(LIST_COUNT_BOUND + 1);
  const counted = bounded
    ? db.select({ n: count() }).from(boundedRows.as('bounded'))
    : db.select({ n: count() }).from(from).where(where);
  if (kept) {
    // Under test every kept statement is held to what drizzle builds from scratch, text and values.
    for (const [mine, theirs] of [
      [kept.page, page.toSQL()],
      [kept.count, counted.toSQL()],
    ] as const)
      if (mine.sql !== theirs.sql || JSON.stringify(mine.params) !== JSON.stringify(theirs.params))
        throw new Error(
          `A kept list statement differs from drizzle's:\n${mine.sql}\n${JSON.stringify(mine.params)}\n${theirs.sql}\n${JSON.stringify(theirs.params)}`,
        );
    return runBoth<Row>(db, kept);
  }
  const [found, [total]] = await Promise.all([page as unknown as Promise<Row[]>, counted]);
  return [found, Number(total?.n ?? 0)] as const;
};

/** Tests (vitest) check each kept statement against drizzle's own (pageAndCount). */
const CHECK_KEPT = Boolean(process.env.VITEST);

const runBoth = async <Row>(db: Db, kept: { page: KeptStatement; count: KeptStatement }) => {
  const [found, [total]] = (await Promise.all([runKept(db, kept.page), runKept(db, kept.count)])) as [
    Row[],
    { n: number }[],
  ];
  return [found, Number(total?.n ?? 0)] as const;
};
