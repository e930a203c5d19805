import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, lifecycle, ts } from './columns.ts';
import { roles } from './roles.ts';
import { users } from './users.ts';

/**
 * Leave applications (issue 28, decision 0023). `halves` is the working days taken, in halves (exact sums),
 * computed when applied from the range, the weekly off and the holidays. Never deleted: a cancelled leave
 * keeps its row (Cancelled holds no days); the lifecycle columns give it the list kit's shape and stamps.
 */
export const leaves = pgTable(
  'leaves',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveType: text('leave_type').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    half: text('half'),
    halves: integer('halves').notNull(),
    year: integer('year').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Pending'),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    cancelledBy: text('cancelled_by'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    ...lifecycle(),
  },
  (t) => [
    index('leaves_user_from_idx').on(t.userId, t.fromDate),
    index('leaves_status_from_idx').on(t.status, t.fromDate),
    index('leaves_from_idx').on(t.fromDate, t.id),
    index('leaves_user_year_idx').on(t.userId, t.year, t.leaveType),
    // Leave over a day or a month (attendance's On Leave, the calendar): what ends on or after its start
    // and starts by its end; ending after the start bounds the read to recent and coming leave.
    index('leaves_status_to_idx').on(t.status, t.toDate, t.fromDate),
    check('leaves_range_ck', sql`${t.toDate} >= ${t.fromDate}`),
    check('leaves_halves_ck', sql`${t.halves} > 0`),
  ],
);

/** Yearly days of a leave type for a role or for one person (exactly one of the two), in halves. */
export const leaveAllocations = pgTable(
  'leave_allocations',
  {
    id: id(),
    year: integer('year').notNull(),
    leaveType: text('leave_type').notNull(),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    halves: integer('halves').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('leave_allocations_role_uq')
      .on(t.year, t.leaveType, t.roleId)
      .where(sql`${t.roleId} is not null`),
    uniqueIndex('leave_allocations_user_uq')
      .on(t.year, t.leaveType, t.userId)
      .where(sql`${t.userId} is not null`),
    check('leave_allocations_target_ck', sql`(${t.roleId} is null) <> (${t.userId} is null)`),
  ],
);
