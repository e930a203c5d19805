import {
  type BulkOutcome,
  type BulkResult,
  type HistoryAction,
  newId,
  type RecordMessages,
} from '@karya/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { badRequest, notFound } from './errors.ts';
import { changeWithHistory, recordChange } from './history.ts';
import type { Principal } from './principal.ts';
import type { RecordTable, Scope } from './record-list.ts';

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

/** Columns set when a record is soft-deleted. */
export const deletedStamps = (principal: Principal, now: Date) => ({
  isDeleted: true,
  deletedAt: now,
  deletedBy: principal.user.id,
  updatedAt: now,
});

/** Columns set when a deleted record is restored. */
export const restoredStamps = (principal: Principal, now: Date) => ({
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
  updatedAt: now,
  updatedBy: principal.user.id,
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
      .set(deletedStamps(l.principal, l.now) as never)
      .where(where)
      .returning(returningTitle(l)),
  );

export const restore = (l: Lifecycle, id: string) =>
  lifecycleChange(l, id, 'deleted', 'restore', l.messages.notDeleted, (where) =>
    l.db
      .update(l.table as PgTable)
      .set(restoredStamps(l.principal, l.now) as never)
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
              ? deletedStamps(principal, now)
              : restoredStamps(principal, now)) as never,
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
