import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';

/** Tier percentages are numeric(5,2): exact, 0.00 to 100.00 (the schema refuses more decimals). */
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull();

export const productMargins = pgTable(
  'product_margins',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    t1: percent('t1'),
    t2: percent('t2'),
    t3: percent('t3'),
    pt1: percent('pt1'),
    pt2: percent('pt2'),
    pt3: percent('pt3'),
    isActive: boolean('is_active').notNull().default(true),
    ...lifecycle(),
  },
  (t) => [
    index('product_margins_live_created_idx').on(t.isDeleted, t.createdAt),
    index('product_margins_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
