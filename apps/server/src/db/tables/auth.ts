import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { users } from './users.ts';

// Sessions and one-time codes (the auth module).
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database row cannot be replayed as a cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes for password reset and account verification; only a hash of the code is stored. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);
