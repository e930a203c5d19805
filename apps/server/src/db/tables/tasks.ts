import { sql } from 'drizzle-orm';
import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';

// Tasks (the tasks module).
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    deadline: date('deadline', { mode: 'string' }),
    reason: text('reason'),
    /** Users the task is assigned to; a GIN index serves "assigned to me" and the assignedTo filter. */
    assignedTo: text('assigned_to').array().notNull().default(sql`'{}'::text[]`),
    assignedBy: text('assigned_by'),
    ...lifecycle(),
  },
  (t) => [
    index('tasks_live_created_idx').on(t.isDeleted, t.createdAt),
    index('tasks_assigned_to_idx').using('gin', t.assignedTo),
    index('tasks_created_by_idx').on(t.createdBy),
    index('tasks_status_idx').on(t.status),
    // The status chips with a date range and the date sort: counted from the index alone (index-only scan)
    // and paged in index order, without visiting the rows that do not match.
    index('tasks_live_status_date_idx')
      .on(t.status, t.date.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false`),
    index('tasks_date_idx').on(t.date),
    index('tasks_deadline_idx').on(t.deadline),
    index('tasks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // A title filter of one or two characters matches the start of the title (list-sql matchText).
    index('tasks_title_prefix_idx')
      .on(sql`lower(${t.title}) text_pattern_ops`)
      .where(sql`${t.isDeleted} = false`),
  ],
);
