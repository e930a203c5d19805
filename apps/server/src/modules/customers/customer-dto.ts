// A customer as the API answers it (list row, detail, history snapshot), read in one statement.
import {
  type CollegeType,
  CUSTOMER_MESSAGES,
  CUSTOMER_RESOURCE,
  type CustomerAddress,
  type CustomerAssignment,
  type CustomerContact,
  type CustomerDto,
  type CustomerFeedback,
  type CustomerOrganization,
  type CustomerType,
  can,
  type GovernmentType,
  type HistoryValue,
  type InstituteType,
  type MarginTier,
  type OfficeType,
  type OrganizationType,
  type PrivateType,
  type RatingCategory,
  recordMessages,
  type SchoolBoard,
  type UserRef,
} from '@karya/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { customerAssignments, customers, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { type Scope, stampsDto, userJson, usersAmong } from '../../platform/records.ts';

type Row = typeof customers.$inferSelect;

export const CUSTOMER = { ...recordMessages('customer'), ...CUSTOMER_MESSAGES };
export const HISTORY = { entity: CUSTOMER_RESOURCE, title: customers.name } as const;
export const may = (principal: Principal, action: string) =>
  can(principal.permissions, CUSTOMER_RESOURCE, action);

// ------------------------------------------------------------------------------------------------- dto

export const organizationOf = (r: Row): CustomerOrganization | null => {
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

export const addressOf = (r: Row): CustomerAddress => ({
  street: r.street,
  city: r.city,
  district: r.district,
  state: r.state,
  country: r.country,
  zipCode: r.zipCode,
});

/** The default contact is the one whose phone and e-mail are the customer's own (spec 2 §3). */
export const contactsOf = (r: Row): CustomerContact[] =>
  r.contacts.map((c) => ({
    name: c.name,
    designation: c.designation,
    email: c.email,
    phone: c.phone,
    isDefault: Boolean(c.phone) && c.phone === r.phone && (c.email ?? null) === (r.email ?? null),
  }));

export const toDto = (r: Row, refs: Map<string, UserRef>): CustomerDto => ({
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
/** Every user a customer row names: its assignees, re-assignees and stamps. */
const rowUserIds = sql`(${outer(customers.assignedTo)} || ${outer(customers.reAssignedTo)} || array[${outer(customers.createdBy)}, ${outer(customers.updatedBy)}, ${outer(customers.deletedBy)}])`;

/**
 * A customer row with the users it names read by a correlated sub-select: a list page is one statement
 * (and the count), not one plus a user lookup.
 */
export const customerSelect = {
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

// Read on every open and every write's answer: without a row scope (view-all) the statement is prepared once
// per connection, so a request neither builds its SQL nor has PostgreSQL plan its subqueries again. A scoped
// read builds its own (the scope is the caller's).
const preparedDetail = (readsFeedback: boolean, name: string) =>
  preparedPerDb((db) =>
    db
      .select(customerDetailSelect(readsFeedback))
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
const detailWithFeedbacks = preparedDetail(true, 'karya_customer_detail_feedbacks');
const detailWithoutFeedbacks = preparedDetail(false, 'karya_customer_detail');

export const refsOf = (r: CustomerRow) => new Map(r.userRefs.map((u) => [u._id, u]));
const iso = (t: string | null) => (t ? new Date(t).toISOString() : null);

/**
 * The detail, in one statement: the customer in `scope` (404 otherwise), its assignment history, and its
 * feedbacks for those who may read them.
 */
export const detail = async (
  db: Db,
  principal: Principal,
  id: string,
  scope?: Scope,
): Promise<CustomerDto> => {
  const readsFeedback = may(principal, 'feedback-read');
  const [r] = (scope
    ? await db
        .select(customerDetailSelect(readsFeedback))
        .from(customers)
        .where(and(eq(customers.id, id), scope))
        .limit(1)
    : await (readsFeedback ? detailWithFeedbacks : detailWithoutFeedbacks)(db).execute({
        id,
      })) as unknown as CustomerDetailRow[];
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

export const feedbacksOf = (r: Row, refs: Map<string, UserRef>): CustomerFeedback[] =>
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
export const snapshot = (r: Row, refs: Map<string, UserRef>): Snapshot => ({
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
