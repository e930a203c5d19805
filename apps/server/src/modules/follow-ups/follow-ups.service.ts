import {
  can,
  FOLLOW_UP_LIST_KEY,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_REASONS_COMING_SOON,
  FOLLOW_UP_RESOURCE,
  type FollowUpDto,
  type FollowUpInput,
  type FollowUpReason,
  type FollowUpStatus,
  type FollowUpSuggestionQuery,
  type FollowUpType,
  type FollowUpUpdateInput,
  followUpStatusFor,
  type ListQuery,
  type NextFollowUpDto,
  recordMessages,
  SUGGESTION_LIMIT,
  todayInAppZone,
  type UserRef,
} from '@karya/domain';
import { and, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { customers, followUps, type NextFollowUpRow, requirements } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import {
  diffSnapshots,
  historyPage,
  recordChange,
  recordUpdate,
  type Snapshot,
} from '../../platform/history.ts';
import { type ListColumns, matchText } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  assignmentStateRule,
  type BulkOperation,
  bulkWithMessage,
  createStamps,
  deletePermanently,
  findRecord,
  lifecycleRules,
  listPage,
  missingLiveUsers,
  restore,
  runList,
  type Scope,
  softDelete,
  stampsDto,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { customerScope } from '../customers/customers.service.ts';
import { requirementScope } from '../requirements/requirements.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof followUps.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const FOLLOW_UP = { ...recordMessages('follow-up'), ...FOLLOW_UP_MESSAGES };
/** History names a follow-up by its number: 'FI0012' (an expression where other record types give a column). */
const HISTORY = {
  entity: FOLLOW_UP_RESOURCE,
  title: sql<string>`'FI' || lpad(${followUps.followUpId}::text, 4, '0')` as unknown as AnyPgColumn,
};

/** 409 on an update whose expectedUpdatedAt is not the row's: the route answers it with the current follow-up. */
export class FollowUpConflict extends Error {
  constructor(readonly current: FollowUpDto) {
    super(FOLLOW_UP_MESSAGES.conflict);
  }
}
const may = (principal: Principal, action: string) => can(principal.permissions, FOLLOW_UP_RESOURCE, action);

// ------------------------------------------------------------------------------------------------ scope

/**
 * Without view-all on follow-up a user sees the follow-ups they created, where they are followUpBy or a
 * visitor, or whose customer is in their customer scope; every other follow-up answers 404.
 */
export const followUpScope = (principal: Principal): Scope => {
  if (may(principal, 'view-all')) return undefined;
  const customersSeen = customerScope(principal);
  if (!customersSeen) return undefined;
  const me = principal.user.id;
  return or(
    eq(followUps.createdBy, me),
    eq(followUps.followUpBy, me),
    sql`${followUps.visitors} @> array[${me}]::text[]`,
    // An array of the customers in scope rather than a correlated exists: the planner combines it with the
    // indexes (58 ms instead of 3.5 s for a scoped count over a million follow-ups, decision 0010).
    sql`${followUps.customerId} = any(array(select ${customers.id} from ${customers} where ${customersSeen}))`,
  );
};

// ------------------------------------------------------------------------------------------------- dto

/** A page reads its customer and requirement as correlated sub-selects: one statement per page. */
const sub = (text: string) => sql.raw(`(${text})`);
const select = {
  ...getTableColumns(followUps),
  customerNumber: sql<
    number | null
  >`${sub('select c.customer_id from customers c where c.id = "follow_ups"."customer_id"')}`,
  customerName: sql<
    string | null
  >`${sub('select c.name from customers c where c.id = "follow_ups"."customer_id"')}`,
  requirementNumber: sql<
    number | null
  >`${sub('select r.requirement_id from requirements r where r.id = "follow_ups"."requirement_id"')}`,
  requirementTitle: sql<
    string | null
  >`${sub('select r.title from requirements r where r.id = "follow_ups"."requirement_id"')}`,
};
type SelectedRow = Row & {
  customerNumber: number | null;
  customerName: string | null;
  requirementNumber: number | null;
  requirementTitle: string | null;
};

const readRows = (db: Db | Tx, where: SQL | undefined) =>
  db.select(select).from(followUps).where(where) as unknown as Promise<SelectedRow[]>;

const usersOf = (r: Row) => [
  ...r.visitors,
  r.followUpBy,
  r.createdBy,
  r.deletedBy,
  r.updatedBy,
  ...(r.nextFollowUp?.visitors ?? []),
  r.nextFollowUp?.followUpBy,
];

export const toDtos = async (db: Db | Tx, rows: SelectedRow[]): Promise<FollowUpDto[]> => {
  const refs = await userRefs(db as Db, rows.flatMap(usersOf));
  const ref = (id: string | null | undefined) => (id ? (refs.get(id) ?? null) : null);
  const many = (ids: readonly string[]) => ids.flatMap((id) => refs.get(id) ?? []);
  return rows.map((r) => {
    const next = r.nextFollowUp;
    const nextDto: NextFollowUpDto | null = next?.nextRequired
      ? {
          nextRequired: true,
          type: next.type as FollowUpType | null,
          date: next.date,
          time: next.time,
          visitors: many(next.visitors),
          followUpBy: ref(next.followUpBy),
        }
      : null;
    return {
      _id: r.id,
      followUpId: r.followUpId,
      customer:
        r.customerName !== null
          ? { _id: r.customerId, customerId: r.customerNumber ?? 0, name: r.customerName }
          : null,
      type: r.type as FollowUpType,
      reason: r.reason as FollowUpReason,
      requirement:
        r.requirementId && r.requirementTitle !== null
          ? { _id: r.requirementId, requirementId: r.requirementNumber ?? 0, title: r.requirementTitle }
          : null,
      quotation: r.quotationId,
      project: r.projectId,
      otherReason: r.otherReason,
      date: r.date,
      time: r.time,
      visitors: many(r.visitors),
      followUpBy: ref(r.followUpBy),
      status: r.status as FollowUpStatus,
      response: r.response,
      remarks: r.remarks,
      nextFollowUp: nextDto,
      updatedBy: ref(r.updatedBy),
      ...stampsDto(r, refs),
    };
  });
};

const detail = async (db: Db | Tx, id: string) => {
  const [row] = await readRows(db, eq(followUps.id, id));
  if (!row) throw notFound(FOLLOW_UP.notFound);
  return (await toDtos(db, [row]))[0]!;
};

// ------------------------------------------------------------------------------------------------ list

const toTextArray = (ids: string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/** India's current day and HH:mm: "passed" compares (date, time) with them. */
const nowParts = (now: Date) => ({
  day: todayInAppZone(now),
  time: new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16),
});

/** isNoResponseFollowUp (domain): date and time at or before now (India), not Cancelled, nothing written back. */
const noResponseSql = (now: Date): SQL => {
  const { day, time } = nowParts(now);
  return sql`((${followUps.date} < ${day}::date or (${followUps.date} = ${day}::date and ${followUps.time} <= ${time}))
    and ${followUps.status} <> 'Cancelled'
    and coalesce(btrim(${followUps.response}), '') = '' and coalesce(btrim(${followUps.remarks}), '') = '')`;
};

const columns = (now: Date): ListColumns => ({
  filters: {
    followUpId: { kind: 'in', on: followUps.followUpId },
    customer: { kind: 'in', on: followUps.customerId },
    type: { kind: 'in', on: followUps.type },
    reason: { kind: 'in', on: followUps.reason },
    status: { kind: 'in', on: followUps.status },
    requirement: { kind: 'in', on: followUps.requirementId },
    date: { kind: 'dayRange', on: followUps.date },
    followUpBy: { kind: 'in', on: followUps.followUpBy },
    visitors: {
      kind: 'custom',
      build: (v) =>
        Array.isArray(v) && v.length ? sql`${followUps.visitors} && ${toTextArray(v)}` : undefined,
    },
    response: { kind: 'text', on: [followUps.response, followUps.remarks] },
    nextRequired: {
      kind: 'custom',
      build: (v) =>
        v === true
          ? sql`coalesce((${followUps.nextFollowUp}->>'nextRequired')::boolean, false)`
          : v === false
            ? sql`not coalesce((${followUps.nextFollowUp}->>'nextRequired')::boolean, false)`
            : undefined,
    },
    nextDate: { kind: 'dayRange', on: sql`(${followUps.nextFollowUp}->>'date')::date` },
    noResponse: {
      kind: 'custom',
      build: (v) =>
        v === true ? noResponseSql(now) : v === false ? sql`not ${noResponseSql(now)}` : undefined,
    },
    state: assignmentStateRule(
      sql`array_remove(array_append(${followUps.visitors}, ${followUps.followUpBy}), null)`,
      'many',
    ),
    ...lifecycleRules(followUps),
  },
  sort: {
    followUpId: followUps.followUpId,
    // The day, then the time within it.
    date: sql`(${followUps.date} + ${followUps.time}::time)`,
    createdAt: followUps.createdAt,
    updatedAt: followUps.updatedAt,
  },
  id: followUps.id,
  defaultSort: { field: 'date', order: 'desc' },
});

/**
 * GET /crm/follow-ups: `{followUps, followUpsCount, page, limit}`. The Deleted and Deleted By filters need
 * bulk-restore (spec 2 §6), the state filter view-all.
 */
export const listFollowUps = async (
  { db, clock }: Deps,
  principal: Principal,
  query: ListQuery,
  extra?: SQL,
) => {
  if (query.filters.state !== undefined && !may(principal, 'view-all'))
    throw forbidden(FOLLOW_UP.stateFilterForbidden);
  const filters = withLifecycleDefaults(principal, FOLLOW_UP_RESOURCE, query.filters, FOLLOW_UP, [
    'bulk-restore',
  ]);
  const scope = followUpScope(principal);
  const { rows, total } = await runList<SelectedRow>({
    db,
    table: followUps,
    columns: columns(clock.now()),
    query,
    filters,
    scope: scope && extra ? and(scope, extra) : (scope ?? extra),
    select,
  });
  return listPage(FOLLOW_UP_LIST_KEY, await toDtos(db, rows), total, query);
};

export const getFollowUp = async (db: Db, principal: Principal, id: string) => {
  await findRecord<Row>(db, followUps, id, FOLLOW_UP, followUpScope(principal));
  return detail(db, id);
};

/**
 * GET /crm/customers/{id}/follow-ups: the live follow-ups of a customer the caller can see (the customers
 * module has checked that), newest first.
 */
export const followUpsOfCustomer = (deps: Deps, principal: Principal, customerId: string, query: ListQuery) =>
  listFollowUps(
    deps,
    principal,
    {
      ...query,
      sortBy: query.sortBy ?? 'date',
      sortOrder: query.sortBy ? query.sortOrder : 'desc',
      filters: {},
    },
    eq(followUps.customerId, customerId),
  );

/**
 * GET /crm/requirements/{id}/follow-ups: 404 when the requirement does not exist (or is deleted for good)
 * or its customer is outside the caller's customer scope; its live follow-ups otherwise. Needs read on
 * requirement as well (403).
 */
export const followUpsOfRequirement = async (
  deps: Deps,
  principal: Principal,
  requirementId: string,
  query: ListQuery,
) => {
  if (!can(principal.permissions, 'requirement', 'read')) throw forbidden(FOLLOW_UP.requirementReadForbidden);
  // The requirement's own scope (created by the caller, or its customer in their scope): the same
  // requirements the caller can open answer here.
  const rs = requirementScope(principal);
  const [found] = await deps.db
    .select({ id: requirements.id })
    .from(requirements)
    .where(rs ? and(eq(requirements.id, requirementId), rs) : eq(requirements.id, requirementId))
    .limit(1);
  if (!found) throw notFound(FOLLOW_UP.requirementNotFound);
  return listFollowUps(
    deps,
    principal,
    {
      ...query,
      sortBy: query.sortBy ?? 'date',
      sortOrder: query.sortBy ? query.sortOrder : 'desc',
      filters: {},
    },
    eq(followUps.requirementId, requirementId),
  );
};

/**
 * GET /crm/follow-ups/suggestion: by number, else by customer name; live follow-ups in the caller's
 * scope, the nearest dates first, at most 20.
 */
export const suggestFollowUps = async (db: Db, principal: Principal, query: FollowUpSuggestionQuery) => {
  const conditions: SQL[] = [eq(followUps.isDeleted, false)];
  const scope = followUpScope(principal);
  if (scope) conditions.push(scope);
  if (query.followUpId !== undefined) conditions.push(eq(followUps.followUpId, query.followUpId));
  else if (query.customerName)
    conditions.push(
      sql`exists (select 1 from ${customers} where ${customers.id} = ${followUps.customerId} and ${matchText(customers.name, query.customerName)})`,
    );
  const rows = (await db
    .select(select)
    .from(followUps)
    .where(and(...conditions))
    .orderBy(desc(followUps.date), desc(followUps.time), desc(followUps.id))
    .limit(SUGGESTION_LIMIT)) as unknown as SelectedRow[];
  return toDtos(db, rows);
};

// ----------------------------------------------------------------------------------------------- write

/** The references a follow-up names must exist: its customer in the caller's scope, the requirement its. */
const checkReferences = async (tx: Tx, principal: Principal, input: FollowUpInput) => {
  if (FOLLOW_UP_REASONS_COMING_SOON.includes(input.reason))
    throw badRequest(FOLLOW_UP.reasonComingSoon(input.reason));
  const cs = customerScope(principal);
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customer), eq(customers.isDeleted, false), cs))
    .limit(1);
  if (!customer) throw badRequest(FOLLOW_UP.customerNotFound);
  if (input.requirement) {
    const [requirement] = await tx
      .select({ customerId: requirements.customerId })
      .from(requirements)
      .where(and(eq(requirements.id, input.requirement), eq(requirements.isDeleted, false)))
      .limit(1);
    if (!requirement) throw badRequest(FOLLOW_UP.requirementNotFound);
    if (requirement.customerId !== input.customer) throw badRequest(FOLLOW_UP.requirementOtherCustomer);
  }
  const people = [
    ...input.visitors,
    ...(input.followUpBy ? [input.followUpBy] : []),
    ...(input.nextFollowUp?.visitors ?? []),
    ...(input.nextFollowUp?.followUpBy ? [input.nextFollowUp.followUpBy] : []),
  ];
  if ((await missingLiveUsers(tx as Db, [...new Set(people)])).length)
    throw badRequest(FOLLOW_UP.usersMissing);
};

/** The columns of a follow-up from the form; the status from date and time when none was sent. */
const fields = (principal: Principal, input: FollowUpInput, now: Date) => ({
  customerId: input.customer,
  type: input.type,
  reason: input.reason,
  requirementId: input.requirement,
  quotationId: null,
  projectId: null,
  otherReason: input.otherReason,
  date: input.date,
  time: input.time,
  visitors: input.visitors,
  // A call or mail is someone's: the caller's when the form names nobody (decision 0007).
  followUpBy: input.type === 'Visit' ? null : (input.followUpBy ?? principal.user.id),
  status: input.status ?? followUpStatusFor(input.date, input.time, now),
  response: input.response,
  remarks: input.remarks,
  nextFollowUp: input.nextFollowUp as NextFollowUpRow | null,
});

const snapshot = (r: Row, refs: Map<string, UserRef>, requirementTitle?: string | null): Snapshot => {
  const name = (id: string | null | undefined) => (id ? { _id: id, name: refs.get(id)?.name ?? id } : null);
  return {
    type: r.type,
    reason: r.reason,
    requirement: r.requirementId ? { _id: r.requirementId, name: requirementTitle ?? r.requirementId } : null,
    otherReason: r.otherReason,
    date: r.date,
    time: r.time,
    visitors: r.visitors.map((id) => name(id)!),
    followUpBy: name(r.followUpBy),
    status: r.status,
    response: r.response,
    remarks: r.remarks,
    nextFollowUp: r.nextFollowUp?.nextRequired
      ? {
          type: r.nextFollowUp.type,
          date: r.nextFollowUp.date,
          time: r.nextFollowUp.time,
          visitors: r.nextFollowUp.visitors.map((id) => name(id)!),
          followUpBy: name(r.nextFollowUp.followUpBy),
        }
      : null,
  };
};

const title = (r: Row) => `FI${String(r.followUpId).padStart(4, '0')}`;

export const createFollowUp = async ({ db, clock }: Deps, principal: Principal, input: FollowUpInput) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await checkReferences(tx, principal, input);
    const [inserted] = await tx
      .insert(followUps)
      .values({ ...createStamps(principal, now), ...fields(principal, input, now) })
      .returning();
    const row = inserted!;
    const refs = await userRefs(tx as Db, usersOf(row));
    await recordChange(tx, principal, now, {
      entity: FOLLOW_UP_RESOURCE,
      recordId: row.id,
      title: title(row),
      action: 'create',
      changes: diffSnapshots(FOLLOW_UP_RESOURCE, null, snapshot(row, refs)),
    });
    return detail(tx, row.id);
  });
};

/**
 * PATCH /crm/follow-ups/{id}: the whole follow-up. The customer cannot change (400 when another is sent);
 * with `expectedUpdatedAt` differing from the row's, 409 with the current follow-up as data.
 */
export const updateFollowUp = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  { expectedUpdatedAt, ...body }: FollowUpUpdateInput,
) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const scope = followUpScope(principal);
    const [locked] = await tx
      .select()
      .from(followUps)
      .where(scope ? and(eq(followUps.id, id), scope) : eq(followUps.id, id))
      .for('update')
      .limit(1);
    if (!locked) throw notFound(FOLLOW_UP.notFound);
    if (locked.isDeleted) throw badRequest(FOLLOW_UP.restoreBeforeUpdate);
    const current = locked;
    if (
      expectedUpdatedAt !== undefined &&
      new Date(expectedUpdatedAt).getTime() !== current.updatedAt.getTime()
    )
      throw new FollowUpConflict(await detail(tx, id));
    if (body.customer && body.customer !== current.customerId) throw badRequest(FOLLOW_UP.customerLocked);
    const input: FollowUpInput = { ...body, customer: current.customerId };
    await checkReferences(tx, principal, input);
    const [updated] = await tx
      .update(followUps)
      .set({ ...fields(principal, input, now), ...updateStamps(principal, now) })
      .where(eq(followUps.id, id))
      .returning();
    const refs = await userRefs(tx as Db, [...usersOf(current), ...usersOf(updated!)]);
    const titles = await requirementTitles(tx, [current.requirementId, updated!.requirementId]);
    await recordUpdate(tx, principal, now, {
      entity: FOLLOW_UP_RESOURCE,
      recordId: id,
      title: title(updated!),
      before: snapshot(current, refs, titles.get(current.requirementId ?? '')),
      after: snapshot(updated!, refs, titles.get(updated!.requirementId ?? '')),
    });
    return detail(tx, id);
  });
};

const requirementTitles = async (tx: Tx, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: requirements.id, title: requirements.title })
    .from(requirements)
    .where(inArray(requirements.id, wanted));
  return new Map(rows.map((r) => [r.id, r.title]));
};

// -------------------------------------------------------------------------------------------- lifecycle

const lifecycle = ({ db, clock }: Deps, principal: Principal) => ({
  db,
  table: followUps,
  messages: FOLLOW_UP,
  principal,
  now: clock.now(),
  scope: followUpScope(principal),
  history: HISTORY,
});

export const deleteFollowUp = (deps: Deps, principal: Principal, id: string) =>
  softDelete(lifecycle(deps, principal), id);
export const restoreFollowUp = (deps: Deps, principal: Principal, id: string) =>
  restore(lifecycle(deps, principal), id);
export const deleteFollowUpPermanently = (deps: Deps, principal: Principal, id: string) =>
  deletePermanently(lifecycle(deps, principal), id);

export const bulkFollowUps = (deps: Deps, principal: Principal, operation: BulkOperation, ids: string[]) =>
  bulkWithMessage(lifecycle(deps, principal), operation, ids);

/** GET /crm/follow-ups/{id}/history: newest first, paged; outside the caller's scope 404. */
export const followUpHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({
    db,
    principal,
    entity: FOLLOW_UP_RESOURCE,
    table: followUps,
    id,
    messages: FOLLOW_UP,
    scope: followUpScope(principal),
    query,
  });
