// Follow-ups: their scope, the answer's shape, the lists (a customer's, a requirement's), suggestions and the
// lifecycle. Creating and updating is in follow-ups-write.ts.
import {
  can,
  FOLLOW_UP_LIST_KEY,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_RESOURCE,
  type FollowUpDto,
  type FollowUpReason,
  type FollowUpStatus,
  type FollowUpSuggestionQuery,
  type FollowUpType,
  type ListQuery,
  type NextFollowUpDto,
  recordMessages,
  SUGGESTION_LIMIT,
} from '@karya/domain';
import { and, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { customers, followUps, requirements } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import { idArray, type ListColumns, matchText } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  assignmentStateRule,
  findRecord,
  lifecycleRules,
  listPage,
  runList,
  type Scope,
  stampsDto,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';
import { requirementScope } from '../requirements/requirements.service.ts';
import { followUpDueFilter, followUpNoResponseSql } from './follow-up-due-sql.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof followUps.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const FOLLOW_UP = { ...recordMessages('follow-up'), ...FOLLOW_UP_MESSAGES };
/** History names a follow-up by its number: 'FI0012' (an expression where other record types give a column). */
const HISTORY = {
  entity: FOLLOW_UP_RESOURCE,
  title: sql<string>`'FI' || lpad(${followUps.followUpId}::text, 4, '0')` as unknown as AnyPgColumn,
};

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

export const usersOf = (r: Row) => [
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

export const detail = async (db: Db | Tx, id: string) => {
  const [row] = await readRows(db, eq(followUps.id, id));
  if (!row) throw notFound(FOLLOW_UP.notFound);
  return (await toDtos(db, [row]))[0]!;
};

// ------------------------------------------------------------------------------------------------ list

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
      build: (v) => (Array.isArray(v) && v.length ? sql`${followUps.visitors} && ${idArray(v)}` : undefined),
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
        v === true
          ? followUpNoResponseSql(now)
          : v === false
            ? sql`not ${followUpNoResponseSql(now)}`
            : undefined,
    },
    due: { kind: 'custom', build: (v) => followUpDueFilter(now, v) },
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

// -------------------------------------------------------------------------------------------- lifecycle

export const followUpLifecycle = recordLifecycle<Row>({
  table: followUps,
  messages: FOLLOW_UP,
  history: HISTORY,
  scope: followUpScope,
});
