import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { type Device, id, type Point, ts } from './columns.ts';

/** Every e-mail the app sends; without SMTP_URL this is the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  delivered: boolean('delivered').notNull().default(false),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * One history for every record type (platform/history.ts). No foreign key to the records or the actor: a
 * permanent delete keeps its tombstone entry, and a user deleted for good still shows by the name kept.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: id(),
    /** The resource name of the permission catalogue: 'task', 'team', 'user'. */
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    bulk: boolean('bulk').notNull().default(false),
    at: ts('at').notNull(),
    byId: text('by_id'),
    byName: text('by_name'),
    device: jsonb('device').$type<Device>(),
    location: jsonb('location').$type<Point>(),
    title: text('title').notNull(),
    changes: jsonb('changes').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('record_history_record_at_idx').on(t.entity, t.recordId, t.at.desc(), t.id.desc())],
);

/**
 * Answers to POSTs sent with an `Idempotency-Key` (a follow-up logged offline and replayed when the
 * connection returns): the first answer is kept, a replay with the same key by the same user gets it again
 * and changes nothing (platform/idempotency.ts). Kept for a week.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Scheduled jobs that must run once per period across every server process (the morning follow-up
 * e-mail): a row per job and period, inserted by the process that runs it, so a second process or a
 * restart finds it taken (platform/jobs.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    detail: jsonb('detail'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
