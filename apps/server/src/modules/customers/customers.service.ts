// Over 400 lines: untying customers (the list, the scope, the related lists) and splitting this file is issue
// 24's; issue 22 only moved the list's source (customerListSource) here so the export shares it.
import {
  ASSIGNMENT_STATES,
  type CollegeType,
  CUSTOMER_DEFAULT_COUNTRY,
  CUSTOMER_DEFAULT_STATE,
  CUSTOMER_LIST_KEY,
  CUSTOMER_MESSAGES,
  CUSTOMER_RESOURCE,
  type CustomerAddress,
  type CustomerAssignment,
  type CustomerBulkInput,
  type CustomerCheckCard,
  type CustomerContact,
  type CustomerDto,
  type CustomerFeedback,
  type CustomerFeedbackInput,
  type CustomerInput,
  type CustomerOrganization,
  type CustomerSuggestion,
  type CustomerSuggestionQuery,
  type CustomerType,
  type CustomerUpdateInput,
  can,
  customerCreateSchema,
  defineList,
  type GovernmentType,
  type HistoryValue,
  type InstituteType,
  type ListQuery,
  type MarginTier,
  newId,
  type OfficeType,
  type OrganizationType,
  type PrivateType,
  type RatingCategory,
  recordMessages,
  type SchoolBoard,
  SUGGESTION_LIMIT,
  type UserRef,
} from '@karya/domain';
import {
  and,
  arrayOverlaps,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  type CustomerContactRow,
  type CustomerFeedbackRow,
  customerAddressText,
  customerAssignments,
  customers,
  users,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import {
  diffSnapshots,
  historyPage,
  recordChange,
  recordUpdate,
  type Snapshot,
} from '../../platform/history.ts';
import { type FilterRule, type ListColumns, matchText } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  type BulkOperation,
  bulkWithMessage,
  createStamps,
  deletePermanently,
  findLiveRecord,
  findRecord,
  lifecycleRules,
  listPage,
  missingLiveUsers,
  restore,
  runList,
  type Scope,
  softDelete,
  stampsDto,
  suggest,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { customerRequirements } from '../requirements/requirements.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const CUSTOMER = { ...recordMessages('customer'), ...CUSTOMER_MESSAGES };
const HISTORY = { entity: CUSTOMER_RESOURCE, title: customers.name } as const;
const may = (principal: Principal, action: string) => can(principal.permissions, CUSTOMER_RESOURCE, action);

// ------------------------------------------------------------------------------------------------ scope

/**
 * Without view-all on customer a user sees the customers assigned or re-assigned to them or created by them
 * (issue 11); every other customer answers 404, as if it did not exist.
 */
export const customerScope = (principal: Principal): Scope =>
  may(principal, 'view-all')
    ? undefined
    : or(
        sql`${customers.assignedTo} @> array[${principal.user.id}]::text[]`,
        sql`${customers.reAssignedTo} @> array[${principal.user.id}]::text[]`,
        eq(customers.createdBy, principal.user.id),
      );

// ------------------------------------------------------------------------------------------------- dto

const organizationOf = (r: Row): CustomerOrganization | null => {
  if (!r.organizationType) return null;
  const institute = r.instituteType
    ? {
        type: r.instituteType as InstituteType,
        ...(r.instituteType === 'School' && r.schoolBoard
          ? { school: { board: r.schoolBoard as SchoolBoard } }
          : {}),
        ...(r.instituteType === 'College' && r.collegeType
          ? { college: { type: r.collegeType as CollegeType } }
          : {}),
      }
    : undefined;
  if (r.organizationType === 'Government' && r.governmentType)
    return {
      type: 'Government',
      government: {
        type: r.governmentType as GovernmentType,
        ...(r.governmentType === 'Office' && r.officeType
          ? { office: { type: r.officeType as OfficeType } }
          : {}),
        ...(r.governmentType === 'Institute' && institute ? { institute } : {}),
      },
    };
  if (r.organizationType === 'Private' && r.privateType)
    return {
      type: 'Private',
      private: {
        type: r.privateType as PrivateType,
        ...(r.privateType === 'Institute' && institute ? { institute } : {}),
      },
    };
  return { type: r.organizationType as OrganizationType };
};

const addressOf = (r: Row): CustomerAddress => ({
  street: r.street,
  city: r.city,
  district: r.district,
  state: r.state,
  country: r.country,
  zipCode: r.zipCode,
});

/** The default contact is the one whose phone and e-mail are the customer's own (spec 2 §3). */
const contactsOf = (r: Row): CustomerContact[] =>
  r.contacts.map((c) => ({
    name: c.name,
    designation: c.designation,
    email: c.email,
    phone: c.phone,
    isDefault: Boolean(c.phone) && c.phone === r.phone && (c.email ?? null) === (r.email ?? null),
  }));

const toDto = (r: Row, refs: Map<string, UserRef>): CustomerDto => ({
  _id: r.id,
  customerId: r.customerId,
  type: r.type as CustomerType,
  name: r.name,
  email: r.email,
  phone: r.phone,
  website: r.website,
  gstin: r.gstin,
  address: addressOf(r),
  organization: organizationOf(r),
  contacts: contactsOf(r),
  additionalInfo: {
    establishmentYear: r.establishmentYear,
    numberOfStudents: r.numberOfStudents,
    coursesOffered: r.coursesOffered,
    notes: r.notes,
  },
  rating: r.rating,
  ratingCategory: r.ratingCategory as RatingCategory | null,
  marginTier: r.marginTier as MarginTier | null,
  verified: r.verified,
  // Users deleted for good drop out of the lists; soft-deleted ones still show by name.
  assignedTo: r.assignedTo.flatMap((id) => refs.get(id) ?? []),
  reAssignedTo: r.reAssignedTo.flatMap((id) => refs.get(id) ?? []),
  updatedBy: r.updatedBy ? (refs.get(r.updatedBy) ?? null) : null,
  ...stampsDto(r, refs),
});

/** A column of the outer customer row, qualified (drizzle writes bare names in a select list). */
const outer = (column: AnyPgColumn) => sql.raw(`"customers"."${column.name}"`);
/** A user as a DTO reference (UserRef), built from the row `alias` of users. */
const userJson = (alias: string) =>
  sql.raw(
    `json_build_object('_id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email, 'image', case when ${alias}.image is null then null else json_build_object('url', ${alias}.image->>'url') end)`,
  );
/** The users among `ids` (a text[] expression) as one JSON array, deleted users included, unordered. */
const usersAmong = (ids: SQL) =>
  sql<
    UserRef[]
  >`coalesce((select json_agg(${userJson('u')}) from ${users} u where u.id = any(${ids})), '[]'::json)`;
/** Every user a customer row names: its assignees, re-assignees and stamps. */
const rowUserIds = sql`(${outer(customers.assignedTo)} || ${outer(customers.reAssignedTo)} || array[${outer(customers.createdBy)}, ${outer(customers.updatedBy)}, ${outer(customers.deletedBy)}])`;

/**
 * A customer row with the users it names read by a correlated sub-select: a list page is one statement
 * (and the count), not one plus a user lookup.
 */
const customerSelect = {
  ...getTableColumns(customers),
  userRefs: usersAmong(rowUserIds).mapWith((v) => v as UserRef[]),
};
type AssignmentJson = {
  _id: string;
  kind: CustomerAssignment['kind'];
  assignedTo: UserRef | null;
  assignedBy: UserRef | null;
  assignedAt: string;
  unassignedAt: string | null;
};
export type CustomerRow = Row & { userRefs: UserRef[] };
type CustomerDetailRow = CustomerRow & { assignments: AssignmentJson[] };

/**
 * The detail's select: the row's users (and the feedback reviewers for those who may read feedbacks) and
 * its assignment history, newest first, each entry with its two users: the detail is one statement.
 */
const customerDetailSelect = (readsFeedback: boolean) => ({
  ...customerSelect,
  ...(readsFeedback
    ? {
        userRefs: usersAmong(
          sql`(${rowUserIds} || array(select f->>'reviewerId' from jsonb_array_elements(${outer(customers.feedbacks)}) f))`,
        ).mapWith((v) => v as UserRef[]),
      }
    : {}),
  assignments: sql<
    AssignmentJson[]
  >`coalesce((select json_agg(json_build_object('_id', a.id, 'kind', a.kind, 'assignedTo', case when ut.id is null then null else ${userJson('ut')} end, 'assignedBy', case when ub.id is null then null else ${userJson('ub')} end, 'assignedAt', a.assigned_at, 'unassignedAt', a.unassigned_at) order by a.assigned_at desc, a.id desc) from ${customerAssignments} a left join ${users} ut on ut.id = a.user_id left join ${users} ub on ub.id = a.assigned_by where a.customer_id = ${outer(customers.id)}), '[]'::json)`.mapWith(
    (v) => v as AssignmentJson[],
  ),
});

const refsOf = (r: CustomerRow) => new Map(r.userRefs.map((u) => [u._id, u]));
const iso = (t: string | null) => (t ? new Date(t).toISOString() : null);

/**
 * The detail, in one statement: the customer in `scope` (404 otherwise), its assignment history, and its
 * feedbacks for those who may read them.
 */
const detail = async (db: Db, principal: Principal, id: string, scope?: Scope): Promise<CustomerDto> => {
  const readsFeedback = may(principal, 'feedback-read');
  const [r] = (await db
    .select(customerDetailSelect(readsFeedback))
    .from(customers)
    .where(scope ? and(eq(customers.id, id), scope) : eq(customers.id, id))
    .limit(1)) as unknown as CustomerDetailRow[];
  if (!r) throw notFound(CUSTOMER.notFound);
  const refs = refsOf(r);
  const assignmentHistory: CustomerAssignment[] = r.assignments.map((h) => ({
    _id: h._id,
    kind: h.kind,
    assignedTo: h.assignedTo,
    assignedBy: h.assignedBy,
    assignedAt: iso(h.assignedAt)!,
    unassignedAt: iso(h.unassignedAt),
  }));
  return {
    ...toDto(r, refs),
    assignmentHistory,
    ...(readsFeedback ? { feedbacks: feedbacksOf(r, refs) } : {}),
  };
};

const feedbacksOf = (r: Row, refs: Map<string, UserRef>): CustomerFeedback[] =>
  [...r.feedbacks]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((f) => ({
      _id: f.id,
      reviewer: refs.get(f.reviewerId) ?? null,
      rating: f.rating,
      comment: f.comment,
      date: f.date,
    }));

const json = (v: unknown) => JSON.parse(JSON.stringify(v ?? null)) as HistoryValue;

/** What history compares: the tracked fields (HISTORY_FIELDS.customer), assignees by id and name. */
const snapshot = (r: Row, refs: Map<string, UserRef>): Snapshot => ({
  type: r.type,
  name: r.name,
  email: r.email,
  phone: r.phone,
  website: r.website,
  gstin: r.gstin,
  address: json(addressOf(r)),
  organization: json(organizationOf(r)),
  contacts: json(r.contacts),
  additionalInfo: json({
    establishmentYear: r.establishmentYear,
    numberOfStudents: r.numberOfStudents,
    coursesOffered: r.coursesOffered,
    notes: r.notes,
  }),
  rating: r.rating,
  ratingCategory: r.ratingCategory,
  marginTier: r.marginTier,
  verified: r.verified,
  assignedTo: r.assignedTo.map((id) => ({ _id: id, name: refs.get(id)?.name ?? id })),
  reAssignedTo: r.reAssignedTo.map((id) => ({ _id: id, name: refs.get(id)?.name ?? id })),
  feedbacks: r.feedbacks.map((f) => ({ _id: f.id, rating: f.rating, comment: f.comment })),
});

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
    name: { kind: 'text', on: customers.name },
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

// ----------------------------------------------------------------------------------------------- write

const joined = (values: (string | null)[]) => {
  const list = values.filter((v): v is string => Boolean(v));
  return list.length ? list.join('\n') : null;
};

/** The columns a checked customer sets (the whole customer: create, and update after the merge). */
const columnsOf = (input: CustomerInput) => {
  const contacts: CustomerContactRow[] = (input.contacts ?? []).map((c) => ({
    name: c.name,
    designation: input.type === 'Individual' ? null : (c.designation ?? null),
    email: c.email ?? null,
    phone: c.phone ?? null,
  }));
  const o = input.organization ?? null;
  const institute = o?.government?.institute ?? o?.private?.institute;
  const a = input.address ?? {};
  const info = input.additionalInfo ?? {};
  return {
    type: input.type,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    gstin: input.gstin ?? null,
    street: a.street ?? null,
    city: a.city ?? null,
    district: a.district ?? null,
    state: a.state ?? null,
    country: a.country ?? null,
    zipCode: a.zipCode ?? null,
    organizationType: o?.type ?? null,
    governmentType: o?.government?.type ?? null,
    privateType: o?.private?.type ?? null,
    officeType: o?.government?.office?.type ?? null,
    instituteType: institute?.type ?? null,
    schoolBoard: institute?.school?.board ?? null,
    collegeType: institute?.college?.type ?? null,
    contacts,
    contactNames: joined(contacts.map((c) => c.name)),
    contactEmails: joined(contacts.map((c) => c.email)),
    contactPhones: joined(contacts.map((c) => c.phone)),
    establishmentYear: info.establishmentYear ?? null,
    numberOfStudents: info.numberOfStudents ?? null,
    coursesOffered: info.coursesOffered ?? null,
    notes: info.notes ?? null,
    rating: input.rating ?? null,
    ratingCategory: input.ratingCategory ?? null,
    marginTier: input.marginTier ?? null,
    verified: input.verified ?? false,
    assignedTo: input.assignedTo ?? [],
    reAssignedTo: input.reAssignedTo ?? [],
  };
};

/** A new customer's address defaults: state Odisha, country India (spec 2 §5). */
const withAddressDefaults = (input: CustomerInput): CustomerInput => ({
  ...input,
  address: {
    ...input.address,
    state: input.address?.state ?? CUSTOMER_DEFAULT_STATE,
    country: input.address?.country ?? CUSTOMER_DEFAULT_COUNTRY,
  },
});

/** The stored customer in the shape of the form, for merging an update into it. */
const inputOf = (r: Row): Record<string, unknown> => ({
  type: r.type,
  name: r.name,
  email: r.email,
  phone: r.phone,
  website: r.website,
  gstin: r.gstin,
  address: addressOf(r),
  organization: organizationOf(r),
  contacts: r.contacts,
  additionalInfo: {
    establishmentYear: r.establishmentYear,
    numberOfStudents: r.numberOfStudents,
    coursesOffered: r.coursesOffered,
    notes: r.notes,
  },
  rating: r.rating,
  ratingCategory: r.ratingCategory,
  marginTier: r.marginTier,
  verified: r.verified,
  assignedTo: r.assignedTo,
  reAssignedTo: r.reAssignedTo,
});

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Changing who a customer is assigned to needs assign on customer, changing who it is re-assigned to needs
 * re-assign; adding only oneself needs neither (a sales executive takes up a customer they found). New
 * assignees must be live users.
 */
const checkAssignees = async (
  tx: Db | Tx,
  principal: Principal,
  before: { assignedTo: string[]; reAssignedTo: string[] },
  after: { assignedTo: string[]; reAssignedTo: string[] },
) => {
  const added: string[] = [];
  for (const [key, action, message] of [
    ['assignedTo', 'assign', CUSTOMER.assignForbidden],
    ['reAssignedTo', 're-assign', CUSTOMER.reAssignForbidden],
  ] as const) {
    const plus = after[key].filter((id) => !before[key].includes(id));
    const minus = before[key].filter((id) => !after[key].includes(id));
    if (!plus.length && !minus.length) continue;
    const selfOnly = !minus.length && plus.every((id) => id === principal.user.id);
    if (!selfOnly && !may(principal, action)) throw forbidden(message);
    added.push(...plus);
  }
  if ((await missingLiveUsers(tx as Db, [...new Set(added)])).length)
    throw badRequest(CUSTOMER.assigneesMissing);
};

/** The assignment history: a row per newly assigned user, the open row of each removed one closed. */
const recordAssignments = async (
  tx: Tx,
  principal: Principal,
  now: Date,
  changes: {
    customerId: string;
    before: Pick<Row, 'assignedTo' | 'reAssignedTo'>;
    after: Pick<Row, 'assignedTo' | 'reAssignedTo'>;
  }[],
) => {
  const inserts: (typeof customerAssignments.$inferInsert)[] = [];
  for (const c of changes)
    for (const [key, kind] of [
      ['assignedTo', 'assigned'],
      ['reAssignedTo', 're-assigned'],
    ] as const) {
      for (const userId of c.after[key].filter((id) => !c.before[key].includes(id)))
        inserts.push({
          id: newId(now),
          customerId: c.customerId,
          userId,
          kind,
          assignedBy: principal.user.id,
          assignedAt: now,
        });
      const removed = c.before[key].filter((id) => !c.after[key].includes(id));
      if (removed.length)
        await tx
          .update(customerAssignments)
          .set({ unassignedAt: now, unassignedBy: principal.user.id })
          .where(
            and(
              eq(customerAssignments.customerId, c.customerId),
              eq(customerAssignments.kind, kind),
              inArray(customerAssignments.userId, removed),
              isNull(customerAssignments.unassignedAt),
            ),
          );
    }
  for (let i = 0; i < inserts.length; i += 1000)
    await tx.insert(customerAssignments).values(inserts.slice(i, i + 1000));
};

const NONE = { assignedTo: [] as string[], reAssignedTo: [] as string[] };

export const createCustomer = async ({ db, clock }: Deps, principal: Principal, input: CustomerInput) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const values = columnsOf(withAddressDefaults(input));
    await checkAssignees(tx, principal, NONE, values);
    const [inserted] = await tx
      .insert(customers)
      .values({ ...createStamps(principal, now), ...values })
      .returning();
    await recordAssignments(tx, principal, now, [
      { customerId: inserted!.id, before: NONE, after: inserted! },
    ]);
    const refs = await userRefs(tx as Db, [...inserted!.assignedTo, ...inserted!.reAssignedTo]);
    await recordChange(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: inserted!.id,
      title: inserted!.name,
      action: 'create',
      changes: diffSnapshots(HISTORY.entity, null, snapshot(inserted!, refs)),
    });
    return inserted!;
  });
  // The answer to the caller's own write: read again without the scope (an update may take them out of it).
  return detail(db, principal, row.id);
};

/**
 * PATCH /crm/customers/{id}: the fields sent replace the stored ones (address and additional information
 * field by field), and the whole customer is checked again with the create rules, so choosing Individual
 * clears the organisation and designations whatever else was sent.
 */
export const updateCustomer = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  input: CustomerUpdateInput,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findLiveRecord<Row>(tx as Db, customers, id, CUSTOMER, customerScope(principal));
    const stored = inputOf(current);
    const sent = defined(input);
    const merged = {
      ...stored,
      ...sent,
      ...(input.address ? { address: { ...(stored.address as object), ...defined(input.address) } } : {}),
      ...(input.additionalInfo
        ? { additionalInfo: { ...(stored.additionalInfo as object), ...defined(input.additionalInfo) } }
        : {}),
    };
    const values = columnsOf(customerCreateSchema.parse(merged));
    await checkAssignees(tx, principal, current, values);
    const [updated] = await tx
      .update(customers)
      .set({ ...values, ...updateStamps(principal, now) })
      .where(eq(customers.id, id))
      .returning();
    await recordAssignments(tx, principal, now, [{ customerId: id, before: current, after: updated! }]);
    const refs = await userRefs(tx as Db, [
      ...current.assignedTo,
      ...current.reAssignedTo,
      ...updated!.assignedTo,
      ...updated!.reAssignedTo,
    ]);
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: snapshot(current, refs),
      after: snapshot(updated!, refs),
    });
    return updated!;
  });
  // The answer to the caller's own write: read again without the scope (an update may take them out of it).
  return detail(db, principal, row.id);
};

/**
 * POST /crm/customers/bulk: every row is a checked customer (verified false: bulk-imported customers start
 * unverified, spec 2 §4); a name a live customer already has refuses the whole submit, which is saved in one
 * transaction or not at all.
 */
export const bulkCreateCustomers = async (
  { db, clock }: Deps,
  principal: Principal,
  input: CustomerBulkInput,
) => {
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (
      (
        await existingNames(
          tx,
          input.map((c) => c.name),
        )
      ).length
    )
      throw badRequest(CUSTOMER.existsOnServer);
    const values = input.map((c) => ({ ...columnsOf(withAddressDefaults(c)), verified: false }));
    await checkAssignees(tx, principal, NONE, {
      assignedTo: [...new Set(values.flatMap((v) => v.assignedTo))],
      reAssignedTo: [...new Set(values.flatMap((v) => v.reAssignedTo))],
    });
    const inserted: Row[] = [];
    for (let i = 0; i < values.length; i += 500)
      inserted.push(
        ...(await tx
          .insert(customers)
          .values(values.slice(i, i + 500).map((v) => ({ ...createStamps(principal, now), ...v })))
          .returning()),
      );
    await recordAssignments(
      tx,
      principal,
      now,
      inserted.map((r) => ({ customerId: r.id, before: NONE, after: r })),
    );
    const refs = await userRefs(
      tx as Db,
      inserted.flatMap((r) => [...r.assignedTo, ...r.reAssignedTo]),
    );
    const entries = inserted.map((r) => ({
      entity: HISTORY.entity,
      recordId: r.id,
      title: r.name,
      action: 'create' as const,
      bulk: true,
      changes: diffSnapshots(HISTORY.entity, null, snapshot(r, refs)),
    }));
    for (let i = 0; i < entries.length; i += 500)
      await recordChange(tx, principal, now, entries.slice(i, i + 500));
    return inserted.map((r) => ({ _id: r.id, customerId: r.customerId, name: r.name }));
  });
};

// -------------------------------------------------------------------------------------------- feedback

/**
 * A change of a customer's feedbacks: the live customer in the caller's scope, locked; `change` gives the new
 * list (or throws); the history entry and the answer (every feedback with its reviewer) follow.
 */
const changeFeedbacks = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  change: (current: Row, now: Date) => CustomerFeedbackRow[] | SQL,
) => {
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), customerScope(principal)))
      .for('update');
    if (!current) throw notFound(CUSTOMER.notFound);
    if (current.isDeleted) throw badRequest(CUSTOMER.restoreBeforeUpdate);
    const [updated] = await tx
      .update(customers)
      .set({ feedbacks: change(current, now), ...updateStamps(principal, now) })
      .where(eq(customers.id, id))
      .returning();
    await recordUpdate(tx, principal, now, {
      entity: HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: { feedbacks: snapshot(current, new Map()).feedbacks },
      after: { feedbacks: snapshot(updated!, new Map()).feedbacks },
    });
    return updated!;
  });
  return feedbacksOf(
    row,
    await userRefs(
      db,
      row.feedbacks.map((f) => f.reviewerId),
    ),
  );
};

/** PATCH /crm/customers/{id}/feedback: the reviewer is the caller, the date the server's (decision 0006). */
export const addFeedback = (deps: Deps, principal: Principal, id: string, input: CustomerFeedbackInput) =>
  changeFeedbacks(deps, principal, id, (_current, now) => {
    const feedback: CustomerFeedbackRow = {
      id: newId(now),
      reviewerId: principal.user.id,
      rating: input.rating,
      comment: input.comment ?? null,
      date: now.toISOString(),
    };
    return sql`${customers.feedbacks} || ${JSON.stringify([feedback])}::jsonb`;
  });

export const deleteFeedback = (deps: Deps, principal: Principal, id: string, feedbackId: string) =>
  changeFeedbacks(deps, principal, id, (current) => {
    if (!current.feedbacks.some((f) => f.id === feedbackId)) throw notFound(CUSTOMER.feedbackNotFound);
    return current.feedbacks.filter((f) => f.id !== feedbackId);
  });

// ------------------------------------------------------------------------------------------- related

/** The related lists take page and limit; they are empty until follow-ups, requirements, … exist. */
export const relatedListSpec = defineList({ filters: {}, sortFields: [] });
export const RELATED_LISTS = {
  'follow-ups': { resource: 'follow-up', key: 'followUps' },
  requirements: { resource: 'requirement', key: 'requirements' },
  quotations: { resource: 'quotation', key: 'quotations' },
  projects: { resource: 'project', key: 'projects' },
} as const;

/**
 * GET /crm/customers/{id}/{follow-ups|requirements|quotations|projects}: read on that resource (the route)
 * and on customer, the customer in scope (404 otherwise). Empty until those record types exist.
 */
export const relatedList = async (
  db: Db,
  principal: Principal,
  id: string,
  key: (typeof RELATED_LISTS)[keyof typeof RELATED_LISTS]['key'],
  query: ListQuery,
) => {
  if (!may(principal, 'read')) throw forbidden(CUSTOMER.relatedForbidden);
  await findRecord<Row>(db, customers, id, CUSTOMER, customerScope(principal));
  if (key === 'requirements') return customerRequirements(db, principal, id, query);
  return listPage(key, [] as never[], 0, query);
};

// -------------------------------------------------------------------------------------------- lifecycle

const lifecycle = ({ db, clock }: Deps, principal: Principal) => ({
  db,
  table: customers,
  messages: CUSTOMER,
  principal,
  now: clock.now(),
  scope: customerScope(principal),
  history: HISTORY,
});

export const deleteCustomer = (deps: Deps, principal: Principal, id: string) =>
  softDelete(lifecycle(deps, principal), id);
export const restoreCustomer = (deps: Deps, principal: Principal, id: string) =>
  restore(lifecycle(deps, principal), id);
/** Only from the deleted state; the assignment history goes with the row (cascade), its history stays. */
export const deleteCustomerPermanently = (deps: Deps, principal: Principal, id: string) =>
  deletePermanently(lifecycle(deps, principal), id);

export const bulkCustomers = (deps: Deps, principal: Principal, operation: BulkOperation, ids: string[]) =>
  bulkWithMessage(lifecycle(deps, principal), operation, ids);

/** GET /crm/customers/{id}/history: newest first, paged; outside the caller's scope 404. */
export const customerHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({
    db,
    principal,
    entity: HISTORY.entity,
    table: customers,
    id,
    messages: CUSTOMER,
    scope: customerScope(principal),
    query,
  });
