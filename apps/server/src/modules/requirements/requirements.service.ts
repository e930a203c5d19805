// Requirements: their scope, the answer's shape, the list (and a customer's), suggestions and the lifecycle.
// Creating and updating is in requirements-write.ts.
import {
  type CustomerType,
  can,
  type HistoryValue,
  type ListQuery,
  type MarginTier,
  REQUIREMENT_LIST_KEY,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_RESOURCE,
  type RequirementCustomerRef,
  type RequirementDto,
  type RequirementItemLine,
  type RequirementItemRef,
  type RequirementPriority,
  type RequirementStatus,
  type RequirementSuggestion,
  type RequirementSuggestionQuery,
  type RequirementType,
  recordMessages,
  SUGGESTION_LIMIT,
  type UserRef,
} from '@karya/domain';
import { and, arrayOverlaps, asc, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { customers, productItems, productMargins, productStocks, requirements } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import { type ListColumns, matchText } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  assignmentStateRule,
  lifecycleRules,
  listPage,
  runList,
  type Scope,
  stampsDto,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';

type Row = typeof requirements.$inferSelect;

export const REQUIREMENT = { ...recordMessages('requirement'), ...REQUIREMENT_MESSAGES };
export const HISTORY = { entity: REQUIREMENT_RESOURCE, title: requirements.title } as const;
const may = (principal: Principal, action: string) =>
  can(principal.permissions, REQUIREMENT_RESOURCE, action);

// ------------------------------------------------------------------------------------------------ scope

/**
 * Without view-all on requirement a user sees the requirements they created and those of the customers
 * they see (customers' own scope, decision 0006); every other requirement answers 404.
 */
export const requirementScope = (principal: Principal): Scope => {
  if (may(principal, 'view-all')) return undefined;
  const customersSeen = customerScope(principal);
  if (!customersSeen) return undefined;
  return or(
    eq(requirements.createdBy, principal.user.id),
    // An array of the customers in scope, not a correlated exists: the planner combines it with the indexes.
    sql`${requirements.customerId} = any(array(select ${customers.id} from ${customers} where ${customersSeen}))`,
  );
};

// ------------------------------------------------------------------------------------------------- dto

/** A column of the outer requirement row, qualified (drizzle writes bare names in a select list). */
const outer = (column: AnyPgColumn) => sql.raw(`"requirements"."${column.name}"`);

type LineJson = { quantity: number; note: string | null; item: RequirementItemRef | null };

/**
 * A requirement row with its customer and its item lines (each item with its margin, GST, state and
 * whether it has a price) read by correlated sub-selects: a page is one statement.
 */
const requirementSelect = {
  ...getTableColumns(requirements),
  quotationNumber: sql<
    number | null
  >`(select q.quotation_id from quotations q where q.id = ${outer(requirements.quotationId)})`,
  customerRef:
    sql<RequirementCustomerRef | null>`(select json_build_object('_id', c.id, 'customerId', c.customer_id, 'name', c.name, 'type', c.type, 'marginTier', c.margin_tier, 'isDeleted', c.is_deleted) from ${customers} c where c.id = ${outer(requirements.customerId)})`.mapWith(
      (v) => v as RequirementCustomerRef | null,
    ),
  lines: sql<
    LineJson[]
  >`coalesce((select json_agg(json_build_object('quantity', (x.l->>'quantity')::int, 'note', x.l->>'note', 'item', case when i.id is null then null else json_build_object('_id', i.id, 'name', i.name, 'sku', i.sku, 'state', i.state, 'gst', i.gst, 'isDeleted', i.is_deleted, 'margin', case when m.id is null then null else json_build_object('_id', m.id, 'name', m.name) end, 'hasPrice', coalesce(s.price_to_show > 0, false)) end) order by x.ord) from jsonb_array_elements(${outer(requirements.items)}) with ordinality as x(l, ord) left join ${productItems} i on i.id = x.l->>'itemId' left join ${productMargins} m on m.id = i.margin_id left join ${productStocks} s on s.item_id = i.id), '[]'::json)`.mapWith(
    (v) => v as LineJson[],
  ),
};
type SelectedRow = Row & {
  customerRef: RequirementCustomerRef | null;
  lines: LineJson[];
  quotationNumber: number | null;
};

const toDto = (r: SelectedRow, refs: Map<string, UserRef>): RequirementDto => ({
  _id: r.id,
  requirementId: r.requirementId,
  title: r.title,
  customer: r.customerRef
    ? {
        ...r.customerRef,
        type: r.customerRef.type as CustomerType,
        marginTier: r.customerRef.marginTier as MarginTier | null,
      }
    : null,
  type: r.type as RequirementType,
  priority: r.priority as RequirementPriority,
  status: r.status as RequirementStatus,
  items: r.lines.map(
    (l): RequirementItemLine => ({ item: l.item, quantity: l.quantity, note: l.note ?? null }),
  ),
  budget: r.budget,
  purchaseDate: r.purchaseDate,
  quotation: r.quotationId ? { _id: r.quotationId, quotationId: Number(r.quotationNumber) } : null,
  notes: r.notes,
  updatedBy: r.updatedBy ? (refs.get(r.updatedBy) ?? null) : null,
  ...stampsDto(r, refs),
});

const toDtos = async (db: Db, rows: SelectedRow[]) => {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.createdBy, r.updatedBy, r.deletedBy]),
  );
  return rows.map((r) => toDto(r, refs));
};

/** One requirement in `scope` with everything the detail shows; 404 otherwise. */
export const detail = async (db: Db, id: string, scope?: Scope): Promise<RequirementDto> => {
  const [r] = (await db
    .select(requirementSelect)
    .from(requirements)
    .where(scope ? and(eq(requirements.id, id), scope) : eq(requirements.id, id))
    .limit(1)) as unknown as SelectedRow[];
  if (!r) throw notFound(REQUIREMENT.notFound);
  return (await toDtos(db, [r]))[0]!;
};

/** What history compares: the tracked fields (HISTORY_FIELDS.requirement), items by id with their names. */
export const snapshot = (r: Row, names: Map<string, string>, customerName?: string): Snapshot => ({
  title: r.title,
  customer: { _id: r.customerId, name: customerName ?? r.customerId },
  type: r.type,
  priority: r.priority,
  status: r.status,
  items: r.items.map((l) => ({
    _id: l.itemId,
    name: names.get(l.itemId) ?? l.itemId,
    quantity: l.quantity,
    note: l.note,
  })) as HistoryValue,
  budget: r.budget,
  purchaseDate: r.purchaseDate,
  notes: r.notes,
});

// ------------------------------------------------------------------------------------------------ list

const ids = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
const customerState = assignmentStateRule(
  sql`(${customers.assignedTo} || ${customers.reAssignedTo})`,
  'many',
);

const columns: ListColumns = {
  filters: {
    // Digits only, checked by the list parser (the 'integer' kind); the screen strips the RI prefix.
    requirementId: { kind: 'custom', build: (v) => eq(requirements.requirementId, Number(v)) },
    title: { kind: 'text', on: requirements.title },
    customer: { kind: 'in', on: requirements.customerId },
    type: { kind: 'in', on: requirements.type },
    priority: { kind: 'in', on: requirements.priority },
    status: { kind: 'in', on: requirements.status },
    items: {
      kind: 'custom',
      build: (v) => (ids(v).length ? arrayOverlaps(requirements.itemIds, ids(v)) : undefined),
    },
    budget: { kind: 'numberRange', on: requirements.budget },
    purchaseDate: { kind: 'dayRange', on: requirements.purchaseDate },
    notes: { kind: 'text', on: requirements.notes },
    // By the customer's assignees (decision 0008).
    state: {
      kind: 'custom',
      build: (v) => {
        const condition = customerState.kind === 'custom' ? customerState.build(v) : undefined;
        return condition
          ? sql`exists (select 1 from ${customers} where ${customers.id} = ${requirements.customerId} and ${condition})`
          : undefined;
      },
    },
    ...lifecycleRules(requirements),
  },
  sort: {
    requirementId: requirements.requirementId,
    title: sql`lower(${requirements.title})`,
    createdAt: requirements.createdAt,
    updatedAt: requirements.updatedAt,
  },
  id: requirements.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * GET /crm/requirements: `{requirements, requirementsCount, page, limit}`. The Deleted and Deleted By
 * filters need bulk-restore (spec 2 §6), the state filter view-all.
 */
export const listRequirements = async (db: Db, principal: Principal, query: ListQuery) => {
  if (query.filters.state !== undefined && !may(principal, 'view-all'))
    throw forbidden(REQUIREMENT.stateFilterForbidden);
  const filters = withLifecycleDefaults(principal, REQUIREMENT_RESOURCE, query.filters, REQUIREMENT, [
    'bulk-restore',
  ]);
  const { rows, total } = await runList<SelectedRow>({
    db,
    table: requirements,
    columns,
    query,
    filters,
    scope: requirementScope(principal),
    select: requirementSelect,
  });
  return listPage(REQUIREMENT_LIST_KEY, await toDtos(db, rows), total, query);
};

export const getRequirement = (db: Db, principal: Principal, id: string) =>
  detail(db, id, requirementScope(principal));

/**
 * GET /crm/customers/{id}/requirements (the customer's related list): its live requirements, newest first,
 * within the caller's requirement scope. The customer route has checked the customer is in scope.
 */
export const customerRequirements = async (
  db: Db,
  principal: Principal,
  customerId: string,
  query: ListQuery,
) => {
  const { rows, total } = await runList<SelectedRow>({
    db,
    table: requirements,
    columns,
    query: { ...query, sortBy: 'createdAt', sortOrder: 'desc' },
    filters: { isDeleted: false, customer: [customerId] },
    scope: requirementScope(principal),
    select: requirementSelect,
  });
  return listPage(REQUIREMENT_LIST_KEY, await toDtos(db, rows), total, query);
};

// ------------------------------------------------------------------------------------------ suggestions

/**
 * GET /crm/requirements/suggestion: by number when given, else by title (contains); the selected one first;
 * optionally one customer's; live requirements in the caller's scope, at most 20.
 */
export const suggestRequirements = async (
  db: Db,
  principal: Principal,
  query: RequirementSuggestionQuery,
): Promise<RequirementSuggestion[]> => {
  const scope = requirementScope(principal);
  const base: SQL[] = [eq(requirements.isDeleted, false)];
  if (scope) base.push(scope);
  if (query.customerId) base.push(eq(requirements.customerId, query.customerId));
  const select = {
    id: requirements.id,
    requirementId: requirements.requirementId,
    title: requirements.title,
    status: requirements.status,
    customerId: customers.id,
    customerName: customers.name,
  };
  type Suggested = {
    id: string;
    requirementId: number;
    title: string;
    status: string;
    customerId: string | null;
    customerName: string | null;
  };
  const picked: Suggested[] = query.selectedId
    ? await db
        .select(select)
        .from(requirements)
        .leftJoin(customers, eq(customers.id, requirements.customerId))
        .where(and(eq(requirements.id, query.selectedId), ...(scope ? [scope] : [])))
    : [];
  const match: SQL[] = [...base];
  if (query.requirementId !== undefined) match.push(eq(requirements.requirementId, query.requirementId));
  else if (query.title) match.push(matchText(requirements.title, query.title));
  if (picked.length) match.push(sql`${requirements.id} <> ${picked[0]!.id}`);
  const found: Suggested[] = await db
    .select(select)
    .from(requirements)
    .leftJoin(customers, eq(customers.id, requirements.customerId))
    .where(and(...match))
    .orderBy(
      query.title ? asc(sql`lower(${requirements.title})`) : desc(requirements.createdAt),
      asc(requirements.id),
    )
    .limit(SUGGESTION_LIMIT - picked.length);
  return [...picked, ...found].map((r) => ({
    _id: r.id,
    requirementId: r.requirementId,
    title: r.title,
    status: r.status as RequirementStatus,
    customer: r.customerId ? { _id: r.customerId, name: r.customerName ?? '' } : null,
  }));
};

// -------------------------------------------------------------------------------------------- lifecycle

export const requirementLifecycle = recordLifecycle<Row>({
  table: requirements,
  messages: REQUIREMENT,
  history: HISTORY,
  scope: requirementScope,
});
