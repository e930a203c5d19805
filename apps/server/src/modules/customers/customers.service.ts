// Customers: the list, one customer, suggestions and name checks, and the lifecycle. Writes are in
// customers-write.ts, feedback in customers-feedback.ts, the related lists in customer-related.ts.
import {
  ASSIGNMENT_STATES,
  CUSTOMER_LIST_KEY,
  CUSTOMER_RESOURCE,
  type CustomerCheckCard,
  type CustomerDto,
  type CustomerSuggestion,
  type CustomerSuggestionQuery,
  type CustomerType,
  type ListQuery,
  type MarginTier,
  SUGGESTION_LIMIT,
} from '@karya/domain';
import { and, arrayOverlaps, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerAddressText, customers, users } from '../../db/schema.ts';
import { forbidden } from '../../platform/errors.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import { type FilterRule, type ListColumns, matchText } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  lifecycleRules,
  listPage,
  runList,
  suggest,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import {
  addressOf,
  CUSTOMER,
  type CustomerRow,
  contactsOf,
  customerSelect,
  detail,
  HISTORY,
  may,
  refsOf,
  toDto,
} from './customer-dto.ts';
import { keepCustomersWithProjects } from './customer-project-guard.ts';
import { customerScope } from './customer-scope.ts';

type Row = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// ------------------------------------------------------------------------------------------------ list

const ids = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/**
 * Assigned / UnAssigned / Orphaned over both assignee lists (decision 0006): UnAssigned has no assignee and
 * no re-assignee; Orphaned has some, but none of them is a live, unblocked user; Assigned has at least one
 * who is.
 */
const assignmentState: FilterRule = {
  kind: 'custom',
  build: (value) => {
    const states = ids(value).filter((v) => (ASSIGNMENT_STATES as readonly string[]).includes(v));
    if (!states.length) return undefined;
    const has = sql`(cardinality(${customers.assignedTo}) > 0 or cardinality(${customers.reAssignedTo}) > 0)`;
    const live = sql`exists (select 1 from ${users} where ${users.isDeleted} = false and ${users.status} <> 'Blocked' and (${users.id} = any(${customers.assignedTo}) or ${users.id} = any(${customers.reAssignedTo})))`;
    const parts = states.map((s) =>
      s === 'UnAssigned'
        ? sql`not ${has}`
        : s === 'Assigned'
          ? sql`(${has} and ${live})`
          : sql`(${has} and not ${live})`,
    );
    return sql`(${sql.join(parts, sql` or `)})`;
  },
};

const columns: ListColumns = {
  filters: {
    // Digits only, checked by the list parser (the 'integer' kind); the screen strips the CI prefix.
    customerId: { kind: 'custom', build: (v) => eq(customers.customerId, Number(v)) },
    type: { kind: 'in', on: customers.type },
    // Folded: lower(name) is in the name-ordered index, so a broad term is tested there (migration 0042).
    name: { kind: 'text', on: customers.name, folded: true },
    email: { kind: 'text', on: customers.email },
    phone: { kind: 'text', on: customers.phone },
    website: { kind: 'text', on: customers.website },
    organizationType: { kind: 'in', on: customers.organizationType },
    governmentType: { kind: 'in', on: customers.governmentType },
    privateType: { kind: 'in', on: customers.privateType },
    officeType: { kind: 'in', on: customers.officeType },
    instituteType: { kind: 'in', on: customers.instituteType },
    schoolBoard: { kind: 'in', on: customers.schoolBoard },
    collegeType: { kind: 'in', on: customers.collegeType },
    gstin: { kind: 'text', on: customers.gstin },
    address: { kind: 'text', on: customerAddressText(customers) },
    establishmentYear: { kind: 'numberRange', on: customers.establishmentYear },
    numberOfStudents: { kind: 'numberRange', on: customers.numberOfStudents },
    coursesOffered: { kind: 'text', on: customers.coursesOffered },
    notes: { kind: 'text', on: customers.notes },
    rating: { kind: 'numberRange', on: customers.rating },
    ratingCategory: { kind: 'in', on: customers.ratingCategory },
    marginTier: { kind: 'in', on: customers.marginTier },
    assignedTo: {
      kind: 'custom',
      build: (v) => (ids(v).length ? arrayOverlaps(customers.assignedTo, ids(v)) : undefined),
    },
    reAssignedTo: {
      kind: 'custom',
      build: (v) => (ids(v).length ? arrayOverlaps(customers.reAssignedTo, ids(v)) : undefined),
    },
    verified: { kind: 'boolean', on: customers.verified },
    contactName: { kind: 'text', on: customers.contactNames },
    contactEmail: { kind: 'text', on: customers.contactEmails },
    contactPhone: { kind: 'text', on: customers.contactPhones },
    state: assignmentState,
    ...lifecycleRules(customers),
  },
  sort: {
    name: sql`lower(${customers.name})`,
    customerId: customers.customerId,
    createdAt: customers.createdAt,
    updatedAt: customers.updatedAt,
  },
  id: customers.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * GET /crm/customers: `{customers, customersCount, page, limit}`. The Deleted and Deleted By filters need
 * bulk-restore (spec 2 §6), the state filter view-all.
 */
export const listCustomers = async (db: Db, principal: Principal, query: ListQuery) => {
  const { rows, total } = await runList<CustomerRow>({ db, query, ...customerListSource(principal, query) });
  return listPage(CUSTOMER_LIST_KEY, rows.map(customerRowDto), total, query);
};

/**
 * What the customer list reads for this caller and query: its whitelist, the filters with the lifecycle
 * defaults (the Deleted filters need bulk-restore, the state filter view-all: 403 otherwise), the row
 * scope and the select. The list and the export (customers-export.ts) both start here.
 */
export const customerListSource = (principal: Principal, query: Pick<ListQuery, 'filters'>) => {
  if (query.filters.state !== undefined && !may(principal, 'view-all'))
    throw forbidden(CUSTOMER.stateFilterForbidden);
  return {
    table: customers,
    columns,
    filters: withLifecycleDefaults(principal, CUSTOMER_RESOURCE, query.filters, CUSTOMER, ['bulk-restore']),
    scope: customerScope(principal),
    select: customerSelect,
  };
};

/** A row read with customerListSource's select, as the list's DTO. */
export const customerRowDto = (r: CustomerRow): CustomerDto => toDto(r, refsOf(r));

export const getCustomer = (db: Db, principal: Principal, id: string) =>
  detail(db, principal, id, customerScope(principal));

// ------------------------------------------------------------------------------------------ suggestions

/**
 * GET /crm/customers/suggestion: by number when given, else by name; the selected ones first; only customers
 * in the caller's scope (a selected id outside it is left out), at most 20.
 */
export const suggestCustomers = async (
  db: Db,
  principal: Principal,
  query: CustomerSuggestionQuery,
): Promise<CustomerSuggestion[]> => {
  const scope = customerScope(principal);
  const wanted = [...new Set([...(query.selectedId ? [query.selectedId] : []), ...query.selectedIds])];
  const selectedIds = wanted.length
    ? (
        await db
          .select({ id: customers.id })
          .from(customers)
          .where(and(inArray(customers.id, wanted), scope))
      ).map((r) => r.id)
    : [];
  const live: SQL[] = [eq(customers.isDeleted, false)];
  if (scope) live.push(scope);
  if (query.customerId !== undefined) live.push(eq(customers.customerId, query.customerId));
  const rows = await suggest<Row>({
    db,
    table: customers,
    id: customers.id,
    name: customers.name,
    select: getTableColumns(customers),
    live,
    input: { name: query.customerId !== undefined ? '' : query.name, selectedIds },
  });
  return rows.map((r) => ({
    _id: r.id,
    customerId: r.customerId,
    name: r.name,
    type: r.type as CustomerType,
    email: r.email,
    phone: r.phone,
    address: addressOf(r),
    marginTier: r.marginTier as MarginTier | null,
    contacts: contactsOf(r),
  }));
};

/**
 * GET /crm/customers/check: the check-existence page asks whether a customer is already someone's, so it
 * searches every live customer, whatever the caller's scope, and answers only the card (number, name, place,
 * assignees): never contacts or notes (decision 0006). At most 20.
 */
export const checkCustomers = async (db: Db, name: string): Promise<CustomerCheckCard[]> => {
  if (!name) return [];
  const rows = await db
    .select({
      id: customers.id,
      customerId: customers.customerId,
      name: customers.name,
      city: customers.city,
      district: customers.district,
      state: customers.state,
      assignedTo: customers.assignedTo,
    })
    .from(customers)
    .where(and(eq(customers.isDeleted, false), matchText(customers.name, name)))
    .orderBy(sql`lower(${customers.name})`, asc(customers.id))
    .limit(SUGGESTION_LIMIT);
  const refs = await userRefs(
    db,
    rows.flatMap((r) => r.assignedTo),
  );
  return rows.map((r) => ({
    _id: r.id,
    customerId: r.customerId,
    name: r.name,
    address: { city: r.city, district: r.district, state: r.state },
    assignedTo: r.assignedTo.flatMap((id) => refs.get(id) ?? []),
  }));
};

/** The names (as given) that a live customer already has, compared without case (the bulk name check). */
export const existingNames = async (db: Db | Tx, names: string[]) => {
  const lowered = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  const found = new Set<string>();
  for (let i = 0; i < lowered.length; i += 1000) {
    const chunk = lowered.slice(i, i + 1000);
    const rows = await db
      .select({ name: sql<string>`lower(${customers.name})` })
      .from(customers)
      .where(and(eq(customers.isDeleted, false), inArray(sql`lower(${customers.name})`, chunk)));
    for (const r of rows) found.add(r.name);
  }
  return names.filter((n) => found.has(n.trim().toLowerCase()));
};

// -------------------------------------------------------------------------------------------- lifecycle

/**
 * Permanent delete only from the deleted state; the assignment history goes with the row (cascade). A
 * customer with projects is kept (customer-project-guard.ts).
 */
export const customerLifecycle = keepCustomersWithProjects(
  recordLifecycle<Row>({
    table: customers,
    messages: CUSTOMER,
    history: HISTORY,
    scope: customerScope,
  }),
);
