import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, lifecycle, type StoredImage } from './columns.ts';

/**
 * Brands, categories and classes (spec 3 §3) share one shape, each in its own table. The image is a file
 * of `files` (type checked by content), as a user's profile image. Text filters on the name: a trigram
 * index (3+ characters: contains) and a lower(name) text_pattern_ops index (1-2 characters: starts with).
 */
const catalogueTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      description: text('description'),
      image: jsonb('image').$type<StoredImage>(),
      ...lifecycle(),
    },
    (t) => [
      index(`${name}_live_created_idx`).on(t.isDeleted, t.createdAt),
      index(`${name}_name_trgm_idx`).using('gin', sql`${t.name} gin_trgm_ops`),
      index(`${name}_name_prefix_idx`).on(sql`lower(${t.name}) text_pattern_ops`),
      // Issue 23: a name is unique among live records, whatever its case ('ozobot' beside 'Ozobot').
      uniqueIndex(`${name}_live_name_uq`).on(sql`lower(btrim(${t.name}))`).where(sql`${t.isDeleted} = false`),
    ],
  );

export const productBrands = catalogueTable('product_brands');
export const productCategories = catalogueTable('product_categories');
export const productClasses = catalogueTable('product_classes');
