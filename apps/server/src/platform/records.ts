import {
  ASSIGNMENT_STATES,
  type BulkOutcome,
  type BulkResult,
  can,
  type FilterValue,
  type HistoryAction,
  type ListQuery,
  ListQueryError,
  type ListSpec,
  newId,
  parseListQuery,
  type RecordMessages,
  SUGGESTION_LIMIT,
  type UserRef,
} from '@karya/domain';
import { and, asc, count, eq, inArray, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from './errors.ts';
import { changeWithHistory, recordChange } from './history.ts';
import {
  containsText,
  type FilterRule,
  type ListColumns,
  listConditions,
  listOffset,
  listOrderBy,
  type Operand,
} from './list-sql.ts';
import type { Principal, UserRow } from './principal.ts';

/**
 * The record toolkit: what every soft-deleted record type shares, written once. It is a set of explicit
 * functions a module calls from its own service — not a generator: each module still owns its table, its
 * DTO and its rules, and reads top to bottom.
 *
 *   parseList      raw query → ListQuery against the list's whitelist, or 400
 *   runList        WHERE from the whitelist + scope, ORDER BY whitelisted sort + id, page, count
 *   lifecycleRules the filter rules every record has (isDeleted, deletedBy, createdBy, createdAt, updatedAt)
 *   softDelete / restore / deletePermanently, and bulkLifecycle (one transaction, an outcome per id),
 *                  each writing its history entries (platform/history.ts) in that transaction
 *   createStamps / updateStamps   server-side created/updated by and at
 *   suggest        name search + selectedIds first, at most 20
 *   userRefs       ids → {_id, name, email, image} for the DTOs
 */

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

export type ListRun = {
  db: Db;
  table: RecordTable;
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
 * One page of rows and the total count for the same WHERE. Ordered by the whitelisted sort, then the id,
 * so pages never overlap.
 */
/**
 * From this offset on, a page is found as ids first (from an index alone where the filters allow) and only
 * its own rows are read: deep pages stop costing a visit to every row before them.
 */
export const DEFERRED_JOIN_FROM = 1_000;

export const runList = async <Row>({ db, table, columns, query, filters, scope, select }: ListRun) => {
  const conditions = listConditions(columns, filters ?? query.filters);
  if (scope) conditions.push(scope);
  const where = conditions.length ? and(...conditions) : undefined;
  const order = listOrderBy(query, columns);
  const offset = listOffset(query);
  const from = table as PgTable;
  const pick = () => (select ? db.select(select as never) : db.select());
  const page =
    offset >= DEFERRED_JOIN_FROM
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
                .limit(query.limit)
                .offset(offset),
            ),
          )
          .orderBy(...order)
      : pick()
          .from(from)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(offset);
  const [rows, [total]] = await Promise.all([
    page as unknown as Promise<Row[]>,
    db.select({ n: count() }).from(from).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

/** `{<plural>: [...], <plural>Count: n, page, limit}`: the list keys the spec's clients read. */
export const listPage = <K extends string, T>(plural: K, items: T[], total: number, query: ListQuery) =>
  ({ [plural]: items, [`${plural}Count`]: total, page: query.page, limit: query.limit }) as {
    [key in K]: T[];
  } & { [key in `${K}Count`]: number } & { page: number; limit: number };

// --------------------------------------------------------------------------------------------- stamping

/** Columns set when a record is created: never taken from the request. */
export const createStamps = (principal: Principal, now: Date) => ({
  id: newId(now),
  createdBy: principal.user.id,
  updatedBy: principal.user.id,
  createdAt: now,
  updatedAt: now,
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
});

export const updateStamps = (principal: Principal, now: Date) => ({
  updatedBy: principal.user.id,
  updatedAt: now,
});

// ------------------------------------------------------------------------------------------- lifecycle

type LifecycleRow = { id: string; isDeleted: boolean };

/** How a record type names itself in history: its resource and the column that is its title. */
export type HistorySpec = { entity: string; title: AnyPgColumn };

export type Lifecycle = {
  db: Db;
  table: RecordTable;
  messages: RecordMessages;
  principal: Principal;
  now: Date;
  scope?: Scope;
  history: HistorySpec;
};

/** One record in scope, or 404 with the record's own message. */
export const findRecord = async <Row>(
  db: Db,
  table: RecordTable,
  id: string,
  messages: Pick<RecordMessages, 'notFound'>,
  scope?: Scope,
): Promise<Row> => {
  const where = scope ? and(eq(table.id, id), scope) : eq(table.id, id);
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)) as Row[];
  if (!row) throw notFound(messages.notFound);
  return row;
};

/** A live record that may be changed (update): 404 when missing, 400 when deleted. */
export const findLiveRecord = async <Row extends LifecycleRow>(
  db: Db,
  table: RecordTable,
  id: string,
  messages: Pick<RecordMessages, 'notFound' | 'restoreBeforeUpdate'>,
  scope?: Scope,
) => {
  const row = await findRecord<Row>(db, table, id, messages, scope);
  if (row.isDeleted) throw badRequest(messages.restoreBeforeUpdate);
  return row;
};

/**
 * A lifecycle change of one record: `write` changes the row only in the state the change starts from, and
 * its history entry goes in the same statement (changeWithHistory). When nothing matched, the record is
 * read to say why: 404 outside scope or missing, else 400 with the state's message.
 */
const lifecycleChange = async (
  l: Lifecycle,
  id: string,
  from: 'live' | 'deleted',
  action: HistoryAction,
  wrongState: string,
  write: (where: SQL) => { getSQL: () => SQL },
) => {
  const conditions = [eq(l.table.id, id), eq(l.table.isDeleted, from === 'deleted')];
  if (l.scope) conditions.push(l.scope);
  const changed = await changeWithHistory(l.db, write(and(...conditions)!), l.principal, l.now, {
    entity: l.history.entity,
    action,
  });
  if (changed.length) return;
  await findRecord(l.db, l.table, id, l.messages, l.scope);
  throw badRequest(wrongState);
};

const returningTitle = (l: Lifecycle) => ({ id: l.table.id, title: l.history.title });

/** Soft delete, with its history entry, in one statement. */
export const softDelete = (l: Lifecycle, id: string) =>
  lifecycleChange(l, id, 'live', 'delete', l.messages.alreadyDeleted, (where) =>
    l.db
      .update(l.table as PgTable)
      .set({ isDeleted: true, deletedAt: l.now, deletedBy: l.principal.user.id, updatedAt: l.now } as never)
      .where(where)
      .returning(returningTitle(l)),
  );

export const restore = (l: Lifecycle, id: string) =>
  lifecycleChange(l, id, 'deleted', 'restore', l.messages.notDeleted, (where) =>
    l.db
      .update(l.table as PgTable)
      .set({
        isDeleted: false,
        deletedAt: null,
        deletedBy: null,
        updatedAt: l.now,
        updatedBy: l.principal.user.id,
      } as never)
      .where(where)
      .returning(returningTitle(l)),
  );

/**
 * Irreversible, and only from the deleted state. Rows that hang off the record go by ON DELETE CASCADE;
 * its history stays, ending with a tombstone entry (who, when, the title).
 */
export const deletePermanently = (l: Lifecycle, id: string) =>
  lifecycleChange(l, id, 'deleted', 'delete-permanently', l.messages.permanentNeedsDeleted, (where) =>
    l.db
      .delete(l.table as PgTable)
      .where(where)
      .returning(returningTitle(l)),
  );

export type BulkOperation = 'delete' | 'restore' | 'deletePermanently';

const BULK_ACTIONS: Record<BulkOperation, HistoryAction> = {
  delete: 'delete',
  restore: 'restore',
  deletePermanently: 'delete-permanently',
};

/**
 * A bulk form in one transaction: every id gets an outcome: done, notFound (missing or out of scope) or
 * wrongState (delete of a deleted record; restore or permanent delete of a live one). The rows that can
 * change all change, in one statement, with one history entry each — or, on any error, none does. A
 * refused id writes nothing.
 */
export const bulkLifecycle = async (
  { db, table, principal, now, scope, history }: Omit<Lifecycle, 'messages'>,
  operation: BulkOperation,
  ids: readonly string[],
): Promise<BulkResult> =>
  db.transaction(async (tx) => {
    const where = scope ? and(inArray(table.id, [...ids]), scope) : inArray(table.id, [...ids]);
    const found = (await tx
      .select({ id: table.id, isDeleted: table.isDeleted, title: history.title })
      .from(table as PgTable)
      .where(where)
      .for('update')) as (LifecycleRow & { title: string | null })[];
    const byId = new Map(found.map((r) => [r.id, r]));
    const wantsDeleted = operation !== 'delete';
    const outcome = (id: string): BulkOutcome =>
      !byId.has(id) ? 'notFound' : byId.get(id)!.isDeleted === wantsDeleted ? 'done' : 'wrongState';
    const results = ids.map((id) => ({ _id: id, outcome: outcome(id) }));
    const doneIds = results.filter((r) => r.outcome === 'done').map((r) => r._id);
    if (doneIds.length) {
      if (operation === 'deletePermanently')
        await tx.delete(table as PgTable).where(inArray(table.id, doneIds));
      else
        await tx
          .update(table as PgTable)
          .set(
            (operation === 'delete'
              ? { isDeleted: true, deletedAt: now, deletedBy: principal.user.id, updatedAt: now }
              : {
                  isDeleted: false,
                  deletedAt: null,
                  deletedBy: null,
                  updatedAt: now,
                  updatedBy: principal.user.id,
                }) as never,
          )
          .where(inArray(table.id, doneIds));
      await recordChange(
        tx,
        principal,
        now,
        doneIds.map((id) => ({
          entity: history.entity,
          recordId: id,
          title: byId.get(id)!.title ?? '',
          action: BULK_ACTIONS[operation],
          bulk: true,
        })),
      );
    }
    const tally = (o: BulkOutcome) => results.filter((r) => r.outcome === o).length;
    return { results, done: tally('done'), notFound: tally('notFound'), wrongState: tally('wrongState') };
  });

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

// ------------------------------------------------------------------------------------------- user refs

/** The users named by a set of ids, as DTO references (deleted users included: history stays readable). */
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

/** A user as records name them (created by, assignee, …). */
export const userRefOf = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'image'>): UserRef => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  image: u.image ? { url: u.image.url } : null,
});

/** The references of these users; those in `known` (the caller, say) are not read again. */
export const userRefs = async (
  db: Db,
  ids: Iterable<string | null | undefined>,
  known?: ReadonlyMap<string, UserRef>,
) => {
  const map = new Map<string, UserRef>(known);
  const wanted = [...new Set([...ids].filter((x): x is string => Boolean(x) && !map.has(x as string)))];
  if (wanted.length === 0) return map;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, image: users.image })
    .from(users)
    .where(inArray(users.id, wanted));
  for (const r of rows) map.set(r.id, userRefOf(r));
  return map;
};

/** Which of the given user ids are missing or deleted (assignees and members must be live users). */
export const missingLiveUsers = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), not(users.isDeleted)));
  const live = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !live.has(id));
};

/** The stamps of a record as its DTO shows them. */
export const stampsDto = (
  row: {
    createdBy: string | null;
    createdAt: Date;
    updatedAt: Date;
    isDeleted: boolean;
    deletedAt: Date | null;
    deletedBy: string | null;
  },
  refs: Map<string, UserRef>,
) => ({
  createdBy: row.createdBy ? (refs.get(row.createdBy) ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isDeleted: row.isDeleted,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  deletedBy: row.deletedBy ? (refs.get(row.deletedBy) ?? null) : null,
});

/**
 * A bulk form with its answer's message ('2 tasks deleted, 1 not found'): the record type's own summary of
 * the operation, from its `recordMessages`.
 */
export const bulkWithMessage = async (
  lifecycle: Lifecycle,
  operation: BulkOperation,
  ids: readonly string[],
) => {
  const result = await bulkLifecycle(lifecycle, operation, ids);
  const m = lifecycle.messages;
  const message =
    operation === 'delete'
      ? m.bulkDeleted(result)
      : operation === 'restore'
        ? m.bulkRestored(result)
        : m.bulkDeletedPermanently(result);
  return { message, result };
};
