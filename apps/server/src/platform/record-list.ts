import {
  ASSIGNMENT_STATES,
  can,
  type FilterValue,
  LIST_COUNT_BOUND,
  type ListQuery,
  ListQueryError,
  type ListSpec,
  parseListQuery,
  type RecordMessages,
  SUGGESTION_LIMIT,
} from '@karya/domain';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, forbidden } from './errors.ts';
import {
  containsText,
  type FilterRule,
  type ListColumns,
  listConditions,
  listOffset,
  listOrderBy,
  matchText,
  type Operand,
  uniqueSortColumns,
} from './list-sql.ts';
import { oneWalk, pageAndCount, pickAll, type Walk } from './list-walk.ts';
import type { Principal } from './principal.ts';

/** A table with the lifecycle columns of schema.ts (`lifecycle()`), plus `id`. */
export type RecordTable = PgTable & {
  id: AnyPgColumn;
  isDeleted: AnyPgColumn;
  deletedAt: AnyPgColumn;
  deletedBy: AnyPgColumn;
  createdBy: AnyPgColumn;
  updatedBy: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** Which rows a user may see of a row-scoped resource; undefined means all. Out of scope reads as 404. */
export type Scope = SQL | undefined;

// ------------------------------------------------------------------------------------------------ lists

/** Parse a raw query record against a list's whitelist; anything off answers 400 with a clear message. */
export const parseList = (raw: unknown, spec: ListSpec): ListQuery => {
  try {
    return parseListQuery((raw ?? {}) as Record<string, string | string[] | undefined>, spec);
  } catch (error) {
    if (error instanceof ListQueryError) throw badRequest(error.message);
    throw error;
  }
};

/** The filter rules of the lifecycle filters (LIFECYCLE_FILTERS in the domain). */
export const lifecycleRules = (t: RecordTable): Record<string, FilterRule> => ({
  isDeleted: { kind: 'boolean', on: t.isDeleted },
  deletedBy: { kind: 'in', on: t.deletedBy },
  createdBy: { kind: 'in', on: t.createdBy },
  createdAt: { kind: 'dateRange', on: t.createdAt },
  updatedAt: { kind: 'dateRange', on: t.updatedAt },
});

/**
 * Assigned / UnAssigned / Orphaned (spec 2 §3) on a column of user ids: a text column (one assignee) or a
 * text[] column (several). Orphaned: assigned, but to no live user any more.
 */
export const assignmentStateRule = (on: Operand, shape: 'one' | 'many'): FilterRule => ({
  kind: 'custom',
  build: (value) => {
    const states = (Array.isArray(value) ? value : [value]).filter((v): v is string =>
      (ASSIGNMENT_STATES as readonly string[]).includes(v as string),
    );
    if (states.length === 0) return undefined;
    const live = sql`select 1 from ${users} where ${users.isDeleted} = false and ${
      shape === 'one' ? sql`${users.id} = ${on}` : sql`${users.id} = any(${on})`
    }`;
    const hasAssignee = shape === 'one' ? sql`${on} is not null` : sql`cardinality(${on}) > 0`;
    const parts = states.map((s) =>
      s === 'UnAssigned'
        ? sql`not (${hasAssignee})`
        : s === 'Assigned'
          ? sql`(${hasAssignee} and exists (${live}))`
          : sql`(${hasAssignee} and not exists (${live}))`,
    );
    return sql`(${sql.join(parts, sql` or `)})`;
  },
});

/**
 * The Deleted filter (and Deleted By) need restore on the resource (or bulk-restore where the spec says so).
 * Lists show live records unless the query asks for deleted ones.
 */
export const withLifecycleDefaults = (
  principal: Principal,
  resource: string,
  filters: Record<string, FilterValue>,
  messages: Pick<RecordMessages, 'deletedFilterForbidden'>,
  actions: readonly ('restore' | 'bulk-restore')[] = ['restore'],
): Record<string, FilterValue> => {
  // Deleted By names deleted records, so it implies the Deleted filter unless the query says otherwise.
  const out: Record<string, FilterValue> = { isDeleted: filters.deletedBy !== undefined, ...filters };
  const wantsDeleted = out.isDeleted === true || out.deletedBy !== undefined;
  if (wantsDeleted && !actions.some((a) => can(principal.permissions, resource, a)))
    throw forbidden(messages.deletedFilterForbidden);
  return out;
};

/** What a list reads from: any table with an `id` (a record's, or the mail outbox's). */
export type ListTable = PgTable & { id: AnyPgColumn };

export type ListRun = {
  db: Db;
  table: ListTable;
  columns: ListColumns;
  query: ListQuery;
  /** The filters to apply (usually withLifecycleDefaults(...)); defaults to the query's. */
  filters?: Record<string, FilterValue>;
  scope?: Scope;
  /**
   * The columns a page reads (default: the table's). A record type whose answer names other records (a
   * brand, a stock) reads them here as correlated sub-selects, so a page is one statement, not one per
   * referenced table.
   */
  select?: Record<string, unknown>;
};

/**
 * How many match: exact, or (past LIST_COUNT_BOUND, decision 0021) a lower bound that the page proves: more
 * than the bound, and at least every row up to this page's last, plus one when a next row exists.
 */
export type ListTotal = { count: number; exact: boolean };

/**
 * Whether a text filter ("contains") is set: its matches are found by walking the sort's index and testing
 * each entry, so the page is found as ids first, where an index that holds the filtered columns (INCLUDE)
 * answers without reading a row: 85,000 names tested in the index, not 30,000 rows read for twenty.
 */
const hasTextFilter = (columns: ListColumns, filters: Record<string, FilterValue>) =>
  Object.entries(filters).some(
    ([key, value]) => columns.filters[key]?.kind === 'text' && typeof value === 'string' && value !== '',
  );

/**
 * One page of rows and the total count for the same WHERE. Ordered by the whitelisted sort, then the id,
 * so pages never overlap. How the page and the count are read: list-walk.ts.
 */
export const runList = async <Row>({ db, table, columns, query, filters, scope, select }: ListRun) => {
  const applied = filters ?? query.filters;
  const conditions = listConditions(columns, applied);
  if (scope) conditions.push(scope);
  const where = conditions.length ? and(...conditions) : undefined;
  const order = listOrderBy(query, columns, uniqueSortColumns(table as PgTable));
  const offset = listOffset(query);
  const bounded = query.count !== 'exact';
  // A bounded count reads one row past this page, to know whether another page follows.
  const take = bounded ? query.limit + 1 : query.limit;
  const from = table as PgTable;
  // (Typed as a whole-row select: the rows are cast to Row.)
  const pick = () => (select ? db.select(select as never) : pickAll(db)) as ReturnType<typeof pickAll>;
  const textFiltered = hasTextFilter(columns, applied);
  const walk: Walk = { db, from, columns, where, order, offset, take, pick, select };
  const [found, n] =
    bounded && textFiltered && offset + take <= LIST_COUNT_BOUND + 1
      ? await oneWalk<Row>(walk)
      : await pageAndCount<Row>({ ...walk, bounded, textFiltered });
  const more = found.length > query.limit;
  const rows = more ? found.slice(0, query.limit) : found;
  if (!bounded || n <= LIST_COUNT_BOUND)
    return { rows, total: { count: n, exact: true } satisfies ListTotal };
  const seen = offset + rows.length;
  // The last page of more than the bound: its end is the count.
  if (!more && rows.length > 0 && seen > LIST_COUNT_BOUND)
    return { rows, total: { count: seen, exact: true } satisfies ListTotal };
  // A page past the end proves nothing beyond the bound.
  const proven = rows.length > 0 ? seen + (more ? 1 : 0) : 0;
  return { rows, total: { count: Math.max(LIST_COUNT_BOUND + 1, proven), exact: false } satisfies ListTotal };
};

/**
 * `{<plural>: [...], <plural>Count: n, countExact, page, limit}`: the list keys the spec's clients read, and
 * whether n is exact or "at least n" (decision 0021).
 */
export const listPage = <K extends string, T>(
  plural: K,
  items: T[],
  total: number | ListTotal,
  query: ListQuery,
) => {
  const { count: n, exact } = typeof total === 'number' ? { count: total, exact: true } : total;
  return {
    [plural]: items,
    [`${plural}Count`]: n,
    countExact: exact,
    page: query.page,
    limit: query.limit,
  } as { [key in K]: T[] } & { [key in `${K}Count`]: number } & {
    countExact: boolean;
    page: number;
    limit: number;
  };
};

// ------------------------------------------------------------------------------------------ suggestions

/**
 * Suggestions for a picker: the already selected records first (so a picker can show their names), then
 * live records whose name contains the text, at most 20 in all.
 */
export const suggest = async <Row extends { id: string }>(opts: {
  db: Db;
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  /** What a suggestion row carries. */
  select: Record<string, AnyPgColumn | SQL>;
  /** Conditions for new matches: live, unblocked, in scope ... */
  live: SQL[];
  input: { name: string; selectedIds: string[] };
  /** More columns the text matches (e.g. e-mail). */
  alsoMatch?: AnyPgColumn[];
}): Promise<Row[]> => {
  const { db, table, input } = opts;
  const selectedIds = [...new Set(input.selectedIds)].slice(0, SUGGESTION_LIMIT);
  const selected = selectedIds.length
    ? ((await db
        .select(opts.select)
        .from(table)
        .where(inArray(opts.id, selectedIds))
        .orderBy(sql`lower(${opts.name})`, asc(opts.id))) as unknown as Row[])
    : [];
  const room = SUGGESTION_LIMIT - selected.length;
  if (room <= 0) return selected;
  const conditions = [...opts.live];
  if (input.name) {
    const ons = [opts.name, ...(opts.alsoMatch ?? [])];
    conditions.push(
      sql`(${sql.join(
        ons.map((o) => containsText(o, input.name)),
        sql` or `,
      )})`,
    );
  }
  if (selectedIds.length) conditions.push(notInArray(opts.id, selectedIds));
  const matches = (await db
    .select(opts.select)
    .from(table)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`lower(${opts.name})`, asc(opts.id))
    .limit(room)) as unknown as Row[];
  return [...selected, ...matches];
};

/**
 * The suggestion of a record type known by its name (brands, margins, vendors, teams …): `{_id, name}`,
 * the selected ones first, then live records whose name matches; at most 20.
 */
export const suggestByName = async (
  db: Db,
  table: RecordTable & { name: AnyPgColumn },
  input: { name: string; selectedIds: string[] },
) => {
  const rows = await suggest<{ id: string; name: string }>({
    db,
    table,
    id: table.id,
    name: table.name,
    select: { id: table.id, name: table.name },
    live: [eq(table.isDeleted, false)],
    input,
  });
  return rows.map((r) => ({ _id: r.id, name: r.name }));
};

/** What a numbered record's suggestion is asked (numberedSuggestionQuery): the number under `K`. */
export type NumberedSuggestionQuery<K extends string> = {
  title?: string;
  selectedId?: string;
  customerId?: string;
} & { [key in K]?: number };

/** A select with its joins, to which suggestNumbered adds where, order and limit (drizzle's `$dynamic()`). */
type SuggestionRows<Row> = {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(limit: number): PromiseLike<Row[]> };
  };
};

/**
 * The suggestion of a numbered record with a title in the caller's row scope (quotations, projects): the
 * selected one first (in scope), then live ones by number when `byNumber` is given, else whose title
 * contains the text; optionally one customer's; by title when a title is searched, else newest first; at
 * most 20. `rows` is the module's select with its joins (what a suggestion carries).
 */
export const suggestNumbered = async <Row>(opts: {
  table: RecordTable & { title: AnyPgColumn; customerId: AnyPgColumn };
  number: AnyPgColumn;
  scope: SQL | undefined;
  query: { title?: string; selectedId?: string; customerId?: string };
  byNumber: number | undefined;
  rows: () => SuggestionRows<Row>;
  idOf: (row: Row) => string;
}): Promise<Row[]> => {
  const { table, scope, query } = opts;
  const order = [query.title ? asc(sql`lower(${table.title})`) : desc(table.createdAt), asc(table.id)];
  const read = (where: SQL | undefined, limit: number) =>
    opts
      .rows()
      .where(where)
      .orderBy(...order)
      .limit(limit);
  const picked = query.selectedId
    ? await read(and(eq(table.id, query.selectedId), ...(scope ? [scope] : [])), 1)
    : [];
  const match: SQL[] = [eq(table.isDeleted, false)];
  if (scope) match.push(scope);
  if (query.customerId) match.push(eq(table.customerId, query.customerId));
  if (opts.byNumber !== undefined) match.push(eq(opts.number, opts.byNumber));
  else if (query.title) match.push(matchText(table.title, query.title));
  if (picked.length) match.push(sql`${table.id} <> ${opts.idOf(picked[0]!)}`);
  const found = await read(and(...match), SUGGESTION_LIMIT - picked.length);
  return [...picked, ...found];
};
