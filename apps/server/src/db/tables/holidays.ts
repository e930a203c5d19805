import { date, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

// Holidays (the holidays module).
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** IN for national holidays, OD for Odisha. */
    region: text('region').notNull(),
  },
  (t) => [uniqueIndex('holidays_date_name_uq').on(t.date, t.name)],
);
