import {
  can,
  DEFAULT_PAGE_SIZE,
  type DeviceInfo,
  deviceFromUserAgent,
  HISTORY_FIELDS,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntryDto,
  type HistoryPageDto,
  type HistoryValue,
  historyFieldLabel,
  isRedactedField,
  type ListQuery,
  MAX_LIST_PAGE,
  MAX_PAGE_SIZE,
  newId,
  type RecordMessages,
} from '@karya/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type Point, recordHistory, userActivities } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { documentedInput } from './openapi.ts';
import type { Principal } from './principal.ts';
import type { RecordTable, Scope } from './record-list.ts';
import type { ClientInfo } from './request-info.ts';
import { userRefs } from './user-refs.ts';

/**
 * History of records (GUIDE convention 15): every write of a record calls `recordChange` (or the record
 * toolkit does it for the lifecycle) inside the transaction of the change, so a failed change writes no
 * entry and a committed one always has its entry. A later record type gets history by calling these:
 *
 *   diffSnapshots   tracked fields before/after → changes, secrets redacted (the domain's deny-list)
 *   recordChange    one entry (or several, for a bulk action) in the caller's transaction
 *   changeWithHistory  a one-row UPDATE/DELETE and its entry in one statement (the lifecycle uses it)
 *   historyPage     GET …/{id}/history: newest first, paged; a tombstone after a permanent delete
 */

/** The tracked fields of a record as plain JSON values: what `diffSnapshots` compares. */
export type Snapshot = Record<string, HistoryValue | undefined>;

const normal = (v: HistoryValue | undefined): HistoryValue => (v === undefined || v === '' ? null : v);

/** Nested values lose any key the deny-list names, at any depth. */
const scrub = (v: HistoryValue): HistoryValue => {
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !isRedactedField(k))
        .map(([k, x]) => [k, scrub(x)]),
    );
  return v;
};

/**
 * The changed tracked fields between two snapshots (`before` null for a creation), in the record type's
 * display order. A field the deny-list names says only that it changed.
 */
export const diffSnapshots = (entity: string, before: Snapshot | null, after: Snapshot): HistoryChange[] => {
  const tracked = (HISTORY_FIELDS as Record<string, Record<string, string>>)[entity];
  const fields = tracked ? Object.keys(tracked) : Object.keys(after);
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    if (!(field in after) && !(before && field in before)) continue;
    const from = before ? normal(before[field]) : null;
    const to = field in after ? normal(after[field]) : from;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    const label = historyFieldLabel(entity, field);
    changes.push(
      isRedactedField(field)
        ? { field, label, from: null, to: null, redacted: true }
        : { field, label, from: scrub(from), to: scrub(to) },
    );
  }
  return changes;
};

export type HistoryWrite = {
  entity: string;
  recordId: string;
  /** The record's title now (its name, its title): what the tombstone keeps. */
  title: string;
  action: HistoryAction;
  changes?: HistoryChange[];
  bulk?: boolean;
};

/**
 * Who makes a change: a principal fits; the sign-in-less password reset names the user itself. A location
 * sent with the call (the password forms send one) is used as it is.
 */
export type HistoryActor = {
  user: { id: string; name: string };
  client?: ClientInfo;
  location?: Point | null;
};

/** A transaction or the database: entries go wherever the change goes. */
type Writer = Pick<Db, 'insert'>;

/**
 * Write entries in the caller's transaction. Who and when come from the principal and the clock; the
 * device from the request; the location from the actor's latest sign-in (the app asks for a position only
 * there), read by the same statement.
 */
export const recordChange = async (
  tx: Writer,
  actor: HistoryActor,
  now: Date,
  entries: HistoryWrite | HistoryWrite[],
) => {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const device: DeviceInfo | null = deviceFromUserAgent(actor.client?.userAgent);
  const location =
    actor.location ??
    sql`(select ${userActivities.location} from ${userActivities} where ${userActivities.userId} = ${actor.user.id} and ${userActivities.type} = 'LOGIN_SUCCESS' order by ${userActivities.createdAt} desc limit 1)`;
  await tx.insert(recordHistory).values(
    list.map((e) => ({
      id: newId(now),
      entity: e.entity,
      recordId: e.recordId,
      action: e.action,
      bulk: e.bulk ?? false,
      at: now,
      byId: actor.user.id,
      byName: actor.user.name,
      device,
      location: location as unknown as Point,
      title: e.title.slice(0, 500),
      changes: e.changes ?? [],
    })),
  );
};

/**
 * An update's entry: the tracked fields that differ between `before` and `after`. An update that changes
 * no tracked field writes nothing (a save without changes is not history); any other action is written
 * even without changes (a block, a role change made elsewhere).
 */
export const recordUpdate = async (
  tx: Writer,
  actor: HistoryActor,
  now: Date,
  entry: Omit<HistoryWrite, 'changes' | 'bulk' | 'action'> & {
    action?: HistoryAction;
    before: Snapshot;
    after: Snapshot;
  },
) => {
  const { before, after, action = 'update', ...rest } = entry;
  const changes = diffSnapshots(entry.entity, before, after);
  if (changes.length || action !== 'update') await recordChange(tx, actor, now, { ...rest, action, changes });
};

/**
 * One statement that changes one record and writes its entry: `write` (an UPDATE or DELETE … RETURNING the
 * record's id and title, in that order) runs as a data-modifying CTE of the history INSERT, so the change and
 * its entry commit together without a transaction's extra round trips. Returns the ids changed (none when
 * `write` matched no row: nothing is written).
 */
export const changeWithHistory = async (
  db: Db,
  write: { getSQL: () => SQL },
  actor: HistoryActor,
  now: Date,
  entry: Pick<HistoryWrite, 'entity' | 'action' | 'changes'>,
): Promise<string[]> => {
  const device = deviceFromUserAgent(actor.client?.userAgent);
  const location = actor.location
    ? sql`${JSON.stringify(actor.location)}::jsonb`
    : sql`(select ${userActivities.location} from ${userActivities} where ${userActivities.userId} = ${actor.user.id} and ${userActivities.type} = 'LOGIN_SUCCESS' order by ${userActivities.createdAt} desc limit 1)`;
  // The statement's own SQL, not the builder: a builder would be wrapped as a sub-select, (( … )).
  const result = await db.execute(sql`with changed (record_id, title) as (${write.getSQL()})
    insert into ${recordHistory} (id, entity, record_id, action, bulk, at, by_id, by_name, device, location, title, changes)
    select ${newId(now)}, ${entry.entity}, changed.record_id, ${entry.action}, false, ${now.toISOString()}::timestamptz,
      ${actor.user.id}, ${actor.user.name}, ${device ? JSON.stringify(device) : null}::jsonb, ${location},
      left(coalesce(changed.title, ''), 500), ${JSON.stringify(entry.changes ?? [])}::jsonb
    from changed
    returning record_id`);
  return ((result as unknown as { rows: { record_id: string }[] }).rows ?? []).map((r) => r.record_id);
};

// ------------------------------------------------------------------------------------------------ read

/** The query a history route documents in OpenAPI; it is parsed with `parseList(query, historyListSpec)`. */
export const historyQueryDocs = documentedInput({
  querystring: z.object({
    page: z.number().int().min(1).max(MAX_LIST_PAGE).default(1),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  }),
});

export const HISTORY_ROUTE_TEXT =
  'Newest first, paged with page and limit: `{history, historyCount, page, limit}`. Each entry: who, when, ' +
  'device and sign-in location when known, the action, and the changed fields (label, from, to; passwords ' +
  'and codes never). A record deleted for good answers its entries, ending with the tombstone, to callers ' +
  'holding delete-permanently on the resource and not row-scoped; 404 otherwise.';

type HistoryRow = typeof recordHistory.$inferSelect;

const toEntryDtos = async (db: Db, rows: HistoryRow[]): Promise<HistoryEntryDto[]> => {
  const refs = await userRefs(
    db,
    rows.map((r) => r.byId),
  );
  return rows.map((r) => ({
    _id: r.id,
    entity: r.entity,
    recordId: r.recordId,
    action: r.action as HistoryAction,
    bulk: r.bulk,
    at: r.at.toISOString(),
    by: r.byId ? (refs.get(r.byId) ?? { _id: r.byId, name: r.byName ?? 'Unknown user' }) : null,
    device: r.device ?? null,
    location: r.location ?? null,
    title: r.title,
    changes: r.changes as HistoryChange[],
  }));
};

export type HistoryRead = {
  db: Db;
  principal: Principal;
  /** The resource name: also the permission checked for a tombstone (delete-permanently). */
  entity: string;
  table: RecordTable;
  id: string;
  messages: Pick<RecordMessages, 'notFound'>;
  scope?: Scope;
  query: ListQuery;
};

/**
 * GET …/{id}/history. A record in the caller's scope shows its history. A record deleted for good shows its
 * entries (ending with the tombstone) only to a caller who may delete permanently and is not row-scoped —
 * the rule that no longer has a row to check; everyone else gets the record's 404.
 */
export const historyPage = async ({
  db,
  principal,
  entity,
  table,
  id,
  messages,
  scope,
  query,
}: HistoryRead): Promise<HistoryPageDto> => {
  const where = scope ? and(eq(table.id, id), scope) : eq(table.id, id);
  const [found] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where as SQL)
    .limit(1);
  const ofRecord = and(eq(recordHistory.entity, entity), eq(recordHistory.recordId, id));
  if (!found) {
    const mayReadTombstone = scope === undefined && can(principal.permissions, entity, 'delete-permanently');
    if (!mayReadTombstone) throw notFound(messages.notFound);
    const [gone] = await db
      .select({ id: recordHistory.id })
      .from(recordHistory)
      .where(and(ofRecord, eq(recordHistory.action, 'delete-permanently')))
      .limit(1);
    if (!gone) throw notFound(messages.notFound);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(recordHistory)
      .where(ofRecord)
      .orderBy(desc(recordHistory.at), desc(recordHistory.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(recordHistory).where(ofRecord),
  ]);
  return {
    history: await toEntryDtos(db, rows),
    historyCount: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
};
