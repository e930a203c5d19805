import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The CRM dashboard's figures kept by the writes (issue 29; decision 0026), as follow_up_work keeps the due
 * work: maintained only by the triggers of migration 0044, in the writing transaction; never written by the
 * app. `kind` is customer, follow-up, requirement or quotation; `scope` is '*' (everyone's) or a user id
 * (the people whose row scope holds the record: its creator, and the customer's creator and assignees; for
 * a follow-up also its caller and visitors); `bucket` is a requirement's status, or a quotation's
 * "status/review status".
 */
export const keptRecords = pgTable(
  'kept_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    customerId: text('customer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bucket: text('bucket').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    people: text('people').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('kept_records_customer_idx').on(t.kind, t.customerId),
    // One person's records (the dashboard's follow-ups without a response in a user's scope; migration 0046).
    index('kept_records_people_idx').using('gin', t.people),
  ],
);

/** Live records per kind, scope and bucket: the totals. */
export const keptTotals = pgTable(
  'kept_totals',
  {
    kind: text('kind').notNull(),
    scope: text('scope').notNull(),
    bucket: text('bucket').notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.scope, t.bucket] })],
);

/** The same per day made (India): what is new this week. */
export const keptDays = pgTable(
  'kept_days',
  {
    kind: text('kind').notNull(),
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bucket: text('bucket').notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.scope, t.day, t.bucket] })],
);
