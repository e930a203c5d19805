import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { type Device, id, type Point, ts } from './columns.ts';
import { users } from './users.ts';

/** Every e-mail the app sends; without SMTP_URL this is the dev outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    delivered: boolean('delivered').notNull().default(false),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Issue 28 (decision 0024): the user the mail was sent to or for (the person a code or reminder went to,
     * the sales executive who sent a quotation to a customer); null for mail of no one's (none yet).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** MAIL_KINDS: what it is about; decides whether it can be sent again. */
    kind: text('kind').notNull().default('other'),
    /** queued, sent, failed, or logged (no mail server set up). */
    status: text('status').notNull().default('queued'),
    /** Where in the app the mail is about (/crm/quotations/{id}). */
    link: text('link'),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_user_idx').on(t.userId, t.createdAt)],
);

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
