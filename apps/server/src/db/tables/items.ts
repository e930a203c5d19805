import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { productBrands } from './catalogue.ts';
import { id, lifecycle, rupees } from './columns.ts';
import { productMargins } from './margins.ts';

/** A stored file an item keeps (an image or its specification): the `files` row, its URL, its name. */
export type ItemStoredFile = { fileId: string; url: string; name: string };

/** Items get their SKU from a sequence (spec 3 §3: sku is a number, shown and searched as one). */
export const productItemSkuSeq = pgSequence('product_item_sku_seq', { startWith: 1 });

const measure = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/**
 * Items (spec 3 §3). Brand and margin are references (set null when the referenced row is deleted for
 * good); categories and classes are id arrays with GIN indexes (the filters ask "has any of"). Images (at
 * most 5) and the specification are files of `files`.
 */
export const productItems = pgTable(
  'product_items',
  {
    id: id(),
    sku: integer('sku').notNull().default(sql`nextval('product_item_sku_seq')`),
    name: text('name').notNull(),
    modalNo: text('modal_no'),
    description: text('description'),
    brandId: text('brand_id').references(() => productBrands.id, { onDelete: 'set null' }),
    categoryIds: text('category_ids').array().notNull().default(sql`'{}'::text[]`),
    classIds: text('class_ids').array().notNull().default(sql`'{}'::text[]`),
    marginId: text('margin_id').references(() => productMargins.id, { onDelete: 'set null' }),
    gst: integer('gst'),
    /** At 0%: 'Nil rated' or 'Exempt' (issue 27 §1), as the invoice prints it. */
    gstZeroKind: text('gst_zero_kind'),
    hsnCode: text('hsn_code'),
    /** The unit of quantity code a tax invoice prints (issue 27 §2). */
    uqc: text('uqc').notNull().default('NOS'),
    shippingWeight: measure('shipping_weight'),
    shippingLength: measure('shipping_length'),
    shippingWidth: measure('shipping_width'),
    shippingHeight: measure('shipping_height'),
    state: text('state').notNull().default('Unverified'),
    targetPrice: rupees('target_price'),
    preferredBrand: text('preferred_brand'),
    images: jsonb('images').$type<ItemStoredFile[]>().notNull().default(sql`'[]'::jsonb`),
    specifications: jsonb('specifications').$type<ItemStoredFile>(),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('product_items_sku_idx').on(t.sku),
    index('product_items_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_items_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('product_items_live_name_idx').on(t.isDeleted, sql`lower(${t.name})`),
    // Verification and suggestion lists (state Unverified / Suggested), newest first.
    index('product_items_live_state_created_idx').on(t.isDeleted, t.state, t.createdAt),
    // A state list sorted by name (the verification screens, the benchmark's list): pages in index order,
    // and the count and deep pages read the index alone.
    index('product_items_live_state_name_idx').on(t.isDeleted, t.state, sql`lower(${t.name})`, t.id, t.name),
    // Items whose rate is no longer in force (the verification queue and the admin dashboard's count).
    index('product_items_live_gst_idx').on(t.isDeleted, t.gst),
    index('product_items_brand_idx').on(t.brandId),
    index('product_items_margin_idx').on(t.marginId),
    index('product_items_categories_idx').using('gin', t.categoryIds),
    index('product_items_classes_idx').using('gin', t.classIds),
    index('product_items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_items_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('product_items_modal_no_trgm_idx').using('gin', sql`${t.modalNo} gin_trgm_ops`),
  ],
);
