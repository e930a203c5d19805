import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, lifecycle, type StoredImage } from './columns.ts';

// Vendors (the vendors module).
export type VendorContactPersonRow = {
  name?: string | null;
  designation?: string | null;
  email?: string | null;
  phone?: string | null;
};

export const productVendors = pgTable(
  'product_vendors',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    /** GSTIN (issue 12), upper case, check character verified; its state code is the place of supply. */
    gstin: text('gstin'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    image: jsonb('image').$type<StoredImage>(),
    contactPerson: jsonb('contact_person').$type<VendorContactPersonRow>(),
    ...lifecycle(),
  },
  (t) => [
    index('product_vendors_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_vendors_live_name_idx').on(t.isDeleted, sql`lower(${t.name})`),
    index('product_vendors_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_vendors_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    uniqueIndex('product_vendors_live_name_uq')
      .on(sql`lower(btrim(${t.name}))`)
      .where(sql`${t.isDeleted} = false`),
  ],
);
