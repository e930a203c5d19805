import type { ListQuery, RecordMessages } from '@karya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { AppDeps } from './deps.ts';
import { historyPage } from './history.ts';
import { removeStoredFile } from './images.ts';
import type { Principal } from './principal.ts';
import {
  type BulkOperation,
  bulkWithMessage,
  deletePermanently,
  findRecord,
  type HistorySpec,
  type Lifecycle,
  restore,
  softDelete,
} from './record-lifecycle.ts';
import type { RecordTable, Scope } from './record-list.ts';
import { assertNameFree, nameRace, type UniqueName } from './unique-names.ts';

export type LifecycleDeps = Pick<AppDeps, 'db' | 'clock' | 'storage'>;

/** What a record type states about its lifecycle; the calls follow from it. */
export type LifecycleDeclaration<Row> = {
  table: RecordTable;
  messages: RecordMessages;
  history: HistorySpec;
  /** Row-scoped types: the rows the caller may see; any other answers 404. */
  scope?: (principal: Principal) => Scope;
  /** A name unique among live records: a restore is refused (409) while a live record holds it. */
  uniqueName?: UniqueName;
  /** The stored files a row holds: removed once the row is gone for good (after its transaction). */
  files?: (row: Row) => readonly { fileId: string }[];
};

/**
 * The tail every record type's service ends with, made from its declaration (GUIDE convention 9: explicit
 * calls, no base class): delete, restore, permanent delete, the bulk forms with their message, and the
 * history page, each in the caller's scope. Its routes come from `lifecycleRoutes`, each with the
 * permission its module states. A type with a rule of its own (tasks' delete) calls these inside it.
 */
export const recordLifecycle = <Row extends { id: string; name?: unknown }>(d: LifecycleDeclaration<Row>) => {
  const of = ({ db, clock }: LifecycleDeps, principal: Principal): Lifecycle => ({
    db,
    table: d.table,
    messages: d.messages,
    principal,
    now: clock.now(),
    scope: d.scope?.(principal),
    history: d.history,
  });
  const find = (deps: LifecycleDeps, principal: Principal, id: string) =>
    findRecord<Row>(deps.db, d.table, id, d.messages, d.scope?.(principal));
  const removeFiles = async (deps: LifecycleDeps, rows: Row[]) => {
    for (const f of rows.flatMap((r) => d.files?.(r) ?? [])) await removeStoredFile(deps, f.fileId);
  };
  const unique = d.uniqueName;

  return {
    messages: d.messages,
    remove: (deps: LifecycleDeps, principal: Principal, id: string) => softDelete(of(deps, principal), id),

    restore: async (deps: LifecycleDeps, principal: Principal, id: string) => {
      if (!unique) return restore(of(deps, principal), id);
      const row = await find(deps, principal, id);
      const name = row.name as string;
      if ((row as { isDeleted?: boolean }).isDeleted) await assertNameFree(deps.db, unique, name, id);
      await restore(of(deps, principal), id).catch(nameRace(deps.db, unique, () => name, id));
    },

    /** Only from the deleted state; rows hanging off it go by cascade, its files once it is gone. */
    removePermanently: async (deps: LifecycleDeps, principal: Principal, id: string) => {
      if (!d.files) return deletePermanently(of(deps, principal), id);
      const row = await find(deps, principal, id);
      await deletePermanently(of(deps, principal), id);
      await removeFiles(deps, [row]);
    },

    bulk: async (deps: LifecycleDeps, principal: Principal, operation: BulkOperation, ids: string[]) => {
      if (!d.files || operation !== 'deletePermanently')
        return bulkWithMessage(of(deps, principal), operation, ids);
      const rows = (await deps.db
        .select()
        .from(d.table as PgTable)
        .where(and(inArray(d.table.id, ids), eq(d.table.isDeleted, true)))) as Row[];
      const answer = await bulkWithMessage(of(deps, principal), operation, ids);
      const done = new Set(answer.result.results.filter((r) => r.outcome === 'done').map((r) => r._id));
      await removeFiles(
        deps,
        rows.filter((r) => done.has(r.id)),
      );
      return answer;
    },

    /** GET …/{id}/history: newest first, paged; outside the caller's scope 404. */
    history: (db: Db, principal: Principal, id: string, query: ListQuery) =>
      historyPage({
        db,
        principal,
        entity: d.history.entity,
        table: d.table,
        id,
        messages: d.messages,
        scope: d.scope?.(principal),
        query,
      }),
  };
};

export type RecordLifecycle = ReturnType<typeof recordLifecycle>;

/**
 * `base` with its permanent deletes (one and bulk) first asking `refuse` about the ids, inside the delete's
 * transaction: `refuse` throws (a 409 naming what keeps them) and nothing is deleted. For records whose
 * cascade would take business records with them (a quotation's or a customer's projects, issue 26).
 */
export const guardPermanentDelete = (
  base: RecordLifecycle,
  refuse: (db: Db, principal: Principal, ids: string[]) => Promise<void>,
): RecordLifecycle => ({
  ...base,
  removePermanently: (deps: LifecycleDeps, principal: Principal, id: string) =>
    deps.db.transaction(async (tx) => {
      const inTx = { ...deps, db: tx as unknown as Db };
      await refuse(inTx.db, principal, [id]);
      return base.removePermanently(inTx, principal, id);
    }),
  bulk: (deps: LifecycleDeps, principal: Principal, operation: BulkOperation, ids: string[]) => {
    if (operation !== 'deletePermanently') return base.bulk(deps, principal, operation, ids);
    return deps.db.transaction(async (tx) => {
      const inTx = { ...deps, db: tx as unknown as Db };
      await refuse(inTx.db, principal, ids);
      return base.bulk(inTx, principal, operation, ids);
    });
  },
});
