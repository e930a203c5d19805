import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * Attendance (issue 28, decision 0022): each check-in and check-out as it was made. `at` is the device's
 * time of the tap (a punch made without signal arrives later, with its own time); `day` is the India day it
 * counts for (a check-out counts for its check-in's day, so a night shift is one day). A day's status is
 * computed from these, the rules, holidays and visits when read, never stored: a correction or a changed
 * rule changes it without a rewrite.
 */
export const attendancePunches = pgTable(
  'attendance_punches',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: ts('at').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    device: text('device'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('attendance_punches_user_day_idx').on(t.userId, t.day, t.at),
    index('attendance_punches_day_idx').on(t.day),
    // One punch per user per instant: a double tap (or a replay without its key) is one punch.
    uniqueIndex('attendance_punches_user_at_uq').on(t.userId, t.at),
  ],
);

/** The company's attendance rules (one row, id 'company'); absent: DEFAULT_ATTENDANCE_RULES. */
export const attendanceRules = pgTable('attendance_rules', {
  id: text('id').primaryKey(),
  officeStart: text('office_start').notNull(),
  officeEnd: text('office_end').notNull(),
  graceMinutes: integer('grace_minutes').notNull(),
  halfDayBelowMinutes: integer('half_day_below_minutes').notNull(),
  weeklyOff: integer('weekly_off').array().notNull(),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});

/**
 * A check-in or check-out the user forgot, asked for with a reason (issue 28): Pending until a manager of
 * the person's team (or someone with view-all) approves it, which adds the punch (`punchId`), or rejects it
 * with a reason.
 */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    at: ts('at').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Pending'),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    punchId: text('punch_id').references(() => attendancePunches.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('attendance_corrections_user_idx').on(t.userId, t.createdAt),
    index('attendance_corrections_pending_idx').on(t.status, t.createdAt),
    // One request waiting per person, day and kind.
    uniqueIndex('attendance_corrections_pending_uq')
      .on(t.userId, t.day, t.kind)
      .where(sql`${t.status} = 'Pending'`),
  ],
);
