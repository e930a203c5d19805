import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle, ts } from './columns.ts';

/** Customers get their number from a sequence (spec 2 §3: customerId, shown as CI0001). */
export const customerIdSeq = pgSequence('customer_id_seq', { startWith: 1 });

/** A contact of a customer as stored (spec 2 §3; at most 3). Whether it is the default is computed. */
export type CustomerContactRow = {
  name: string;
  designation: string | null;
  email: string | null;
  phone: string | null;
};
/** A feedback as stored on its customer (spec 2 §3): the reviewer is the user who gave it. */
export type CustomerFeedbackRow = {
  id: string;
  reviewerId: string;
  rating: number;
  comment: string | null;
  date: string;
};

/**
 * Customers (spec 2 §3; decision 0006). What the list filters and sorts on are columns, each with its index:
 * the address parts, the organisation tree flattened (one institute shape serves the government and the
 * private branch), the additional information, and the contacts' names, e-mails and phones kept beside the
 * contacts as newline-joined text (written by the service with the contacts) so the contact filters have
 * trigram indexes. Assignees are user-id arrays with GIN indexes, like tasks.assigned_to.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    customerId: integer('customer_id').notNull().default(sql`nextval('customer_id_seq')`),
    type: text('type').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    street: text('street'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    /** GSTIN (issue 12); when present its state code, not the address state, is the place of supply. */
    gstin: text('gstin'),
    organizationType: text('organization_type'),
    governmentType: text('government_type'),
    privateType: text('private_type'),
    officeType: text('office_type'),
    instituteType: text('institute_type'),
    schoolBoard: text('school_board'),
    collegeType: text('college_type'),
    contacts: jsonb('contacts').$type<CustomerContactRow[]>().notNull().default(sql`'[]'::jsonb`),
    contactNames: text('contact_names'),
    contactEmails: text('contact_emails'),
    contactPhones: text('contact_phones'),
    establishmentYear: integer('establishment_year'),
    numberOfStudents: integer('number_of_students'),
    coursesOffered: text('courses_offered'),
    notes: text('notes'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    ratingCategory: text('rating_category'),
    marginTier: text('margin_tier'),
    verified: boolean('verified').notNull().default(false),
    assignedTo: text('assigned_to').array().notNull().default(sql`'{}'::text[]`),
    reAssignedTo: text('re_assigned_to').array().notNull().default(sql`'{}'::text[]`),
    feedbacks: jsonb('feedbacks').$type<CustomerFeedbackRow[]>().notNull().default(sql`'[]'::jsonb`),
    ...lifecycle(),
  },
  (t) => {
    /** A text filter's two indexes (ARCHITECTURE "Performance"): trigram for contains, prefix for 1-2 letters. */
    const textIndexes = (name: string, on: SQL) => [
      index(`customers_${name}_trgm_idx`).using('gin', sql`${on} gin_trgm_ops`),
      index(`customers_${name}_prefix_idx`).on(sql`lower(${on}) text_pattern_ops`),
    ];
    return [
      uniqueIndex('customers_customer_id_idx').on(t.customerId),
      index('customers_live_created_idx').on(t.isDeleted, t.createdAt),
      // The name filter is folded (`lower(name) LIKE`, list-sql.ts): its trigram index, for any other order.
      index('customers_name_lower_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
      index('customers_live_updated_idx').on(t.isDeleted, t.updatedAt),
      // Sorted by name: the whole order (name, then id), the students range and the name itself are read in
      // the index, so a page walks it without a sort and, with a "contains" filter on the name, finds its
      // ids from the index alone (ids first, platform/record-list.ts): the bench's customers-list.
      index('customers_live_name_idx').on(
        t.isDeleted,
        sql`lower(${t.name})`,
        t.id,
        t.numberOfStudents,
        t.name,
      ),
      index('customers_assigned_to_idx').using('gin', t.assignedTo),
      index('customers_re_assigned_to_idx').using('gin', t.reAssignedTo),
      index('customers_created_by_idx').on(t.createdBy),
      index('customers_deleted_by_idx').on(t.deletedBy),
      index('customers_type_idx').on(t.type),
      index('customers_organization_type_idx').on(t.organizationType),
      index('customers_government_type_idx').on(t.governmentType),
      index('customers_private_type_idx').on(t.privateType),
      index('customers_office_type_idx').on(t.officeType),
      index('customers_institute_type_idx').on(t.instituteType),
      index('customers_school_board_idx').on(t.schoolBoard),
      index('customers_college_type_idx').on(t.collegeType),
      index('customers_establishment_year_idx').on(t.establishmentYear),
      index('customers_number_of_students_idx').on(t.numberOfStudents),
      index('customers_rating_idx').on(t.rating),
      index('customers_rating_category_idx').on(t.ratingCategory),
      index('customers_margin_tier_idx').on(t.marginTier),
      index('customers_verified_idx').on(t.verified),
      ...textIndexes('name', sql`${t.name}`),
      ...textIndexes('email', sql`${t.email}`),
      ...textIndexes('phone', sql`${t.phone}`),
      ...textIndexes('website', sql`${t.website}`),
      ...textIndexes('address', customerAddressText(t)),
      ...textIndexes('courses_offered', sql`${t.coursesOffered}`),
      ...textIndexes('notes', sql`${t.notes}`),
      ...textIndexes('contact_names', sql`${t.contactNames}`),
      ...textIndexes('contact_emails', sql`${t.contactEmails}`),
      ...textIndexes('contact_phones', sql`${t.contactPhones}`),
    ];
  },
);

/**
 * The whole address as one text (the Address filter matches any part): the same expression in the index
 * and in the list's WHERE, so the index serves it. `||` and coalesce are immutable (concat_ws is not).
 */
export function customerAddressText(t: {
  street: AnyPgColumn;
  city: AnyPgColumn;
  district: AnyPgColumn;
  state: AnyPgColumn;
  country: AnyPgColumn;
  zipCode: AnyPgColumn;
}): SQL {
  return sql`(coalesce(${t.street}, '') || ' ' || coalesce(${t.city}, '') || ' ' || coalesce(${t.district}, '') || ' ' || coalesce(${t.state}, '') || ' ' || coalesce(${t.country}, '') || ' ' || coalesce(${t.zipCode}, ''))`;
}

/**
 * Who was assigned (or re-assigned) to a customer, by whom, from when until when (spec 2 §3
 * assignmentHistory). The server writes it on every change of assignedTo / reAssignedTo: a row per added
 * user, and `unassigned_at` on the open row of each removed one. It goes with its customer.
 */
export const customerAssignments = pgTable(
  'customer_assignments',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** 'assigned' (assignedTo) or 're-assigned' (reAssignedTo). */
    kind: text('kind').notNull(),
    assignedBy: text('assigned_by'),
    assignedAt: ts('assigned_at').notNull(),
    unassignedAt: ts('unassigned_at'),
    unassignedBy: text('unassigned_by'),
  },
  (t) => [
    index('customer_assignments_customer_idx').on(t.customerId, t.assignedAt.desc()),
    index('customer_assignments_open_user_idx').on(t.userId).where(sql`${t.unassignedAt} is null`),
  ],
);
