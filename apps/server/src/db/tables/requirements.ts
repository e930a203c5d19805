// Requirements and quotations in one file: a requirement names its quotation and a quotation its
// requirement (foreign keys both ways), and two files would import each other (npm run circles).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle, rupees, stamps, ts } from './columns.ts';
import { customers } from './customers.ts';
import { productItems } from './items.ts';

/** Requirements get their number from a sequence (spec 2 §3: requirementId, shown as RI0001). */
export const requirementIdSeq = pgSequence('requirement_id_seq', { startWith: 1 });

/** An item line of a requirement as stored (spec 2 §3 items [{item, note, quantity}]). */
export type RequirementItemRow = { itemId: string; quantity: number; note: string | null };

/**
 * Requirements (spec 2 §3). The customer is fixed once created (spec 2 §5). Item lines are JSON with the
 * item ids also kept as an array (written by the service with the lines) for the items filter's GIN index.
 * `quotation_id` is its quotation (one at most; cleared when the quotation is deleted for good); a
 * requirement goes with its customer.
 */
export const requirements = pgTable(
  'requirements',
  {
    id: id(),
    requirementId: integer('requirement_id').notNull().default(sql`nextval('requirement_id_seq')`),
    title: text('title').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull(),
    items: jsonb('items').$type<RequirementItemRow[]>().notNull().default(sql`'[]'::jsonb`),
    itemIds: text('item_ids').array().notNull().default(sql`'{}'::text[]`),
    budget: rupees('budget'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    quotationId: text('quotation_id').references((): AnyPgColumn => quotations.id, { onDelete: 'set null' }),
    notes: text('notes'),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('requirements_requirement_id_idx').on(t.requirementId),
    index('requirements_live_created_idx').on(t.isDeleted, t.createdAt),
    index('requirements_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('requirements_live_title_idx').on(t.isDeleted, sql`lower(${t.title})`, t.id),
    index('requirements_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('requirements_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('requirements_customer_idx').on(t.customerId, t.createdAt),
    index('requirements_item_ids_idx').using('gin', t.itemIds),
    index('requirements_quotation_idx').on(t.quotationId),
    index('requirements_created_by_idx').on(t.createdBy),
    index('requirements_deleted_by_idx').on(t.deletedBy),
    index('requirements_status_idx').on(t.status),
    // The CRM dashboard's counts by status and week (decision 0010): no sequential scan of requirements.
    index('requirements_live_status_created_idx').on(t.isDeleted, t.status, t.createdAt),
    index('requirements_priority_idx').on(t.priority),
    index('requirements_type_idx').on(t.type),
    index('requirements_purchase_date_idx').on(t.purchaseDate),
    index('requirements_budget_idx').on(t.budget),
  ],
);

/** A re-quotation's change as stored (the domain's QuotationChange). */
export type QuotationChangeRow = { type: string; item: string; description: string };

/** Quotations get their number from a sequence (spec 3 §3: quotationId, shown as ARR/0001). */
export const quotationIdSeq = pgSequence('quotation_id_seq', { startWith: 1 });

/**
 * Quotations (spec 3 §3; decision 0015): one row, its versions and their lines. The row keeps a copy of its
 * active version's title, status, review status, total and valid-until day (written by the service with
 * every change of a version) so the list filters and sorts on one table with its own indexes. A quotation
 * goes with its customer; a requirement deleted for good leaves it without one.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: id(),
    quotationId: integer('quotation_id').notNull().default(sql`nextval('quotation_id_seq')`),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requirementId: text('requirement_id').references((): AnyPgColumn => requirements.id, {
      onDelete: 'set null',
    }),
    /** The active version (no foreign key: the versions reference the quotation). */
    activeVersionId: text('active_version_id').notNull(),
    versionCount: integer('version_count').notNull().default(1),
    projectId: text('project_id'),
    // The active version's, for the list.
    title: text('title').notNull(),
    status: text('status').notNull(),
    reviewStatus: text('review_status'),
    totalPrice: rupees('total_price').notNull().default(0),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('quotations_quotation_id_idx').on(t.quotationId),
    index('quotations_live_created_idx').on(t.isDeleted, t.createdAt),
    index('quotations_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('quotations_live_quotation_id_idx').on(t.isDeleted, t.quotationId),
    index('quotations_customer_idx').on(t.customerId, t.createdAt),
    // One quotation per requirement (decision 0015).
    uniqueIndex('quotations_requirement_uq').on(t.requirementId),
    // The verification queue: the active version's review Pending, newest first.
    index('quotations_live_review_created_idx').on(t.isDeleted, t.reviewStatus, t.createdAt),
    index('quotations_live_status_created_idx').on(t.isDeleted, t.status, t.createdAt),
    // A status chip sorted by number (the list's ID sort), deep pages included: the page's ids and its
    // count are read from this index alone, never the table (bench quotations-page-500: 44 ms to 8 ms).
    index('quotations_live_status_number_idx').on(t.isDeleted, t.status, t.quotationId, t.createdAt, t.id),
    index('quotations_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('quotations_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('quotations_total_price_idx').on(t.totalPrice),
    index('quotations_valid_until_idx').on(t.validUntil),
    index('quotations_created_by_idx').on(t.createdBy),
    index('quotations_deleted_by_idx').on(t.deletedBy),
  ],
);

/**
 * A version of a quotation (spec 3 §3 "versions"): its own title, status, validity, notes, the customer's
 * place of supply as it was (frozen), its totals and GST split (computed on the server), the changes
 * against the version it re-quotes, and the review of a re-quotation (null for version 0).
 */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: id(),
    quotationId: text('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes'),
    taxableAmount: rupees('taxable_amount').notNull().default(0),
    totalGstAmount: rupees('total_gst_amount').notNull().default(0),
    totalPrice: rupees('total_price').notNull().default(0),
    cgst: rupees('cgst').notNull().default(0),
    sgst: rupees('sgst').notNull().default(0),
    igst: rupees('igst').notNull().default(0),
    supplyCode: text('supply_code'),
    supplyState: text('supply_state'),
    interState: boolean('inter_state').notNull().default(false),
    previousVersionId: text('previous_version_id'),
    nextVersionId: text('next_version_id'),
    isMain: boolean('is_main').notNull().default(false),
    changes: jsonb('changes').$type<QuotationChangeRow[]>().notNull().default(sql`'[]'::jsonb`),
    reviewStatus: text('review_status'),
    reviewReason: text('review_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('quotation_versions_number_uq').on(t.quotationId, t.versionNumber)],
);

/**
 * A line of a version, frozen (decision 0015): what the item was when the version was saved. The live item
 * stays only as a link (set null when it is deleted for good).
 */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: id(),
    versionId: text('version_id')
      .notNull()
      .references(() => quotationVersions.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: text('item_id').references(() => productItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: integer('sku'),
    modalNo: text('modal_no'),
    hsn: text('hsn'),
    brandName: text('brand_name'),
    description: text('description'),
    quantity: integer('quantity').notNull(),
    gst: integer('gst').notNull(),
    /** At 0%, whether the item was Nil rated or Exempt when the version was saved (issue 27 §1); else null. */
    gstZeroKind: text('gst_zero_kind'),
    /** The price to show the line was priced from. */
    basePrice: rupees('base_price').notNull(),
    unitPrice: rupees('unit_price').notNull(),
    marginTier: text('margin_tier').notNull(),
    marginPercentage: numeric('margin_percentage', { precision: 9, scale: 2, mode: 'number' }).notNull(),
    gstPerUnit: rupees('gst_per_unit').notNull(),
    taxableAmount: rupees('taxable_amount').notNull(),
    gstAmount: rupees('gst_amount').notNull(),
    totalPrice: rupees('total_price').notNull(),
  },
  (t) => [
    uniqueIndex('quotation_lines_version_line_uq').on(t.versionId, t.lineNo),
    index('quotation_lines_item_idx').on(t.itemId),
  ],
);
