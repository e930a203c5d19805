// The quotation's two endings (issue 26; decision 0016): a project when the customer signs, a rejection
// analysis when they say no. Both reference the quotation and the version they ended; the quotation's own
// `project_id` names its project without a foreign key (the quotations file would import this one back).
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle, rupees, ts } from './columns.ts';
import { customers } from './customers.ts';
import { files } from './files.ts';
import { quotations, quotationVersions, requirements } from './requirements.ts';

/** Projects get their number from a sequence (spec 3 §3: projectId, shown PI0001 / PI000001). */
export const projectIdSeq = pgSequence('project_id_seq', { startWith: 1 });

/**
 * Projects (spec 3 §3 "Project"). One per quotation (the unique index is what refuses a second approval,
 * also two sent at the same moment). Its items are the approved version's frozen lines (`version_id`);
 * the title and total price are copied from that version. The two files are rows of `files`.
 */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    projectId: integer('project_id').notNull().default(sql`nextval('project_id_seq')`),
    title: text('title').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requirementId: text('requirement_id').references(() => requirements.id, { onDelete: 'set null' }),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => quotationVersions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Initiated'),
    totalPrice: rupees('total_price').notNull().default(0),
    agreementFileId: text('agreement_file_id').references(() => files.id, { onDelete: 'set null' }),
    purchaseOrderFileId: text('purchase_order_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** What the wins-and-losses page groups by, copied when written (modules/win-loss/outcome-snapshot.ts). */
    customerKind: text('customer_kind'),
    customerDistrict: text('customer_district'),
    quotationCreatedBy: text('quotation_created_by'),
    /** India days from the requirement's creation to the approval (none without a requirement). */
    daysToApproval: integer('days_to_approval'),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('projects_project_id_idx').on(t.projectId),
    uniqueIndex('projects_quotation_uq').on(t.quotationId),
    // Live by creation (the list's date chip), with what wins and losses group by: that page from the index.
    index('projects_win_loss_idx').on(
      t.isDeleted,
      t.createdAt,
      t.totalPrice,
      t.customerKind,
      t.customerDistrict,
      t.daysToApproval,
      t.quotationCreatedBy,
      t.customerId,
    ),
    index('projects_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('projects_live_project_id_idx').on(t.isDeleted, t.projectId),
    index('projects_live_status_created_idx').on(t.isDeleted, t.status, t.createdAt),
    index('projects_customer_idx').on(t.customerId, t.createdAt),
    index('projects_requirement_idx').on(t.requirementId),
    index('projects_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('projects_created_by_idx').on(t.createdBy),
    index('projects_deleted_by_idx').on(t.deletedBy),
  ],
);

/** Each status change of a project, with who made it, when, and the reason of a step back (decision 0016). */
export const projectStatusChanges = pgTable(
  'project_status_changes',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    changedBy: text('changed_by'),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('project_status_changes_project_idx').on(t.projectId, t.changedAt)],
);

export type RejectedPersonRow = {
  name: string | null;
  designation: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * Rejection analyses (spec 2 §3 "Rejection analysis"): why a quotation's version was rejected. One live
 * analysis per quotation. `customer_id` is the quotation's, kept for the list's filter and row scope;
 * `quoted_amount` is the rejected version's total with GST, kept beside the competitor's offer.
 */
export const rejectionAnalyses = pgTable(
  'rejection_analyses',
  {
    id: id(),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => quotationVersions.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rejectionDate: date('rejection_date', { mode: 'string' }).notNull(),
    rejectionReasons: jsonb('rejection_reasons').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The reasons as one lower-cased text, for the list's reason filter (trigram index). */
    reasonsText: text('reasons_text').notNull().default(''),
    detailedReason: text('detailed_reason'),
    lostTo: text('lost_to').notNull(),
    competitorName: text('competitor_name'),
    offeredAmount: rupees('offered_amount'),
    quotedAmount: rupees('quoted_amount').notNull().default(0),
    customerFeedback: text('customer_feedback'),
    rejectedPerson: jsonb('rejected_person').$type<RejectedPersonRow>().notNull().default(sql`'{}'::jsonb`),
    /** What the wins-and-losses page groups by, copied when written (modules/win-loss/outcome-snapshot.ts). */
    customerKind: text('customer_kind'),
    customerDistrict: text('customer_district'),
    quotationCreatedBy: text('quotation_created_by'),
    ...lifecycle(),
  },
  (t) => [
    // One live analysis per quotation (a deleted one may be restored only while no other is live).
    uniqueIndex('rejection_analyses_quotation_live_uq').on(t.quotationId).where(sql`NOT ${t.isDeleted}`),
    index('rejection_analyses_live_created_idx').on(t.isDeleted, t.createdAt),
    index('rejection_analyses_live_updated_idx').on(t.isDeleted, t.updatedAt),
    // Live by rejection date, with what wins and losses group by: that page from the index alone.
    index('rejection_analyses_win_loss_idx').on(
      t.isDeleted,
      t.rejectionDate,
      t.quotedAmount,
      t.lostTo,
      t.customerKind,
      t.customerDistrict,
      t.quotationCreatedBy,
      t.customerId,
      t.competitorName,
    ),
    // Lost to a competitor or to no decision, newest rejection first: the page and its count from the index.
    index('rejection_analyses_live_lost_to_date_idx').on(t.isDeleted, t.lostTo, t.rejectionDate, t.id),
    index('rejection_analyses_customer_idx').on(t.customerId, t.createdAt),
    index('rejection_analyses_reasons_trgm_idx').using('gin', sql`${t.reasonsText} gin_trgm_ops`),
    index('rejection_analyses_competitor_trgm_idx').using('gin', sql`${t.competitorName} gin_trgm_ops`),
    index('rejection_analyses_created_by_idx').on(t.createdBy),
    index('rejection_analyses_deleted_by_idx').on(t.deletedBy),
  ],
);

/**
 * The version of everything the wins-and-losses page reads: one row, counted up by a statement trigger on
 * every insert, delete and relevant update of projects and rejection analyses, in the writing transaction
 * (migration 0025). The page keeps its last answers per version (modules/win-loss/win-loss-cache.ts).
 */
export const winLossVersion = pgTable('win_loss_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
