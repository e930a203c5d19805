import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';
import { customers } from './customers.ts';
import { quotations, requirements } from './requirements.ts';

/** Follow-ups get their number from a sequence (spec 2 §3: followUpId, shown as FI0001). */
export const followUpIdSeq = pgSequence('follow_up_id_seq', { startWith: 1 });

/** The next follow-up block as stored (spec 2 §3 nextFollowUp). */
export type NextFollowUpRow = {
  nextRequired: boolean;
  type: string | null;
  date: string | null;
  time: string | null;
  visitors: string[];
  followUpBy: string | null;
};

/**
 * Follow-ups (spec 2 §3). Date and time are the local (Asia/Kolkata) day and HH:mm as the form sends them;
 * the list's date chips, the sort and the morning reminder read (is_deleted, date, time). Visitors are a
 * user-id array with a GIN index (visits); followUpBy is the one user of a call or mail. The reason's
 * record: a requirement or a quotation (set null if it is deleted for good); project ids join when
 * projects exist. A follow-up goes with its customer.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    followUpId: integer('follow_up_id').notNull().default(sql`nextval('follow_up_id_seq')`),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    requirementId: text('requirement_id').references(() => requirements.id, { onDelete: 'set null' }),
    quotationId: text('quotation_id').references(() => quotations.id, { onDelete: 'set null' }),
    projectId: text('project_id'),
    otherReason: text('other_reason'),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    visitors: text('visitors').array().notNull().default(sql`'{}'::text[]`),
    followUpBy: text('follow_up_by'),
    status: text('status').notNull(),
    response: text('response'),
    remarks: text('remarks'),
    nextFollowUp: jsonb('next_follow_up').$type<NextFollowUpRow | null>(),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('follow_ups_follow_up_id_idx').on(t.followUpId),
    index('follow_ups_live_date_idx').on(t.isDeleted, t.date, t.time, t.id),
    index('follow_ups_live_created_idx').on(t.isDeleted, t.createdAt),
    index('follow_ups_live_updated_idx').on(t.isDeleted, t.updatedAt),
    index('follow_ups_customer_idx').on(t.customerId, t.date),
    index('follow_ups_requirement_idx').on(t.requirementId),
    index('follow_ups_quotation_idx').on(t.quotationId),
    index('follow_ups_visitors_idx').using('gin', t.visitors),
    index('follow_ups_follow_up_by_idx').on(t.followUpBy, t.date),
    index('follow_ups_created_by_idx').on(t.createdBy),
    index('follow_ups_deleted_by_idx').on(t.deletedBy),
    index('follow_ups_status_idx').on(t.status),
    // The queue counts (overdue, due today, upcoming) and the per-day chart read it alone (decision 0010).
    index('follow_ups_live_status_date_idx').on(t.isDeleted, t.status, t.date, t.time),
    index('follow_ups_type_idx').on(t.type),
    index('follow_ups_reason_idx').on(t.reason),
  ],
);

/**
 * The follow-up work kept by the writes (issue 29; decision 0026): one row per live follow-up that stands for
 * a piece of work (its own, or its plan's), with the day and time it is due and the people in whose scope it
 * is. Maintained only by the database's triggers on follow_ups and customers (migration 0043), in the
 * writing transaction, from the rules of follow-up-due-sql.ts; never written by the app.
 */
export const followUpWork = pgTable(
  'follow_up_work',
  {
    followUpId: text('follow_up_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    dueTime: text('due_time').notNull(),
    /** Who sees it without view-all: the follow-up's creator, caller and visitors, the customer's creator and assignees. */
    people: text('people').array().notNull(),
  },
  (t) => [
    index('follow_up_work_customer_idx').on(t.customerId),
    // The dashboard's upcoming work, soonest first (everyone's), and one person's (migration 0045).
    index('follow_up_work_due_idx').on(t.dueDay, t.dueTime, t.followUpId),
    index('follow_up_work_people_idx').using('gin', t.people),
  ],
);

/**
 * The follow-ups without a response kept by the writes (issue 29; decision 0026): one row per live follow-up
 * not Cancelled whose response and remarks are blank, at its date and time, with the people in whose scope
 * it is (those of follow_up_work). The CRM dashboard's "no response" list reads the latest of them up to now,
 * everyone's or one person's, from here: found through the user's follow-ups one by one, a Sales Executive's
 * list read 1,667 rows at the benchmark's scale. Maintained only by triggers (migration 0047).
 */
export const followUpSilent = pgTable(
  'follow_up_silent',
  {
    followUpId: text('follow_up_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    people: text('people').array().notNull(),
  },
  (t) => [
    index('follow_up_silent_customer_idx').on(t.customerId),
    index('follow_up_silent_at_idx').on(t.date, t.time, t.followUpId),
    index('follow_up_silent_people_idx').using('gin', t.people),
  ],
);

/** The work per scope ('*': everyone's; else a user id) and due day: the badge's and dashboard's counts. */
export const followUpDueDays = pgTable(
  'follow_up_due_days',
  {
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

/** The same per due time: what of today is already overdue and what is still ahead. */
export const followUpDueTimes = pgTable(
  'follow_up_due_times',
  {
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day, t.time] })],
);
