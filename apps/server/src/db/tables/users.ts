import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type Address, type Device, id, lifecycle, type Point, type StoredImage, ts } from './columns.ts';
import { roles } from './roles.ts';

// Users, the roles they hold, and what they did (the users module; sign-in writes the activities).
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    maritalStatus: text('marital_status').notNull(),
    employmentType: text('employment_type'),
    duration: integer('duration').notNull().default(0),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    bio: text('bio'),
    address: jsonb('address').$type<Address>(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('Active'),
    image: jsonb('image').$type<StoredImage>(),
    emergencyContact: jsonb('emergency_contact')
      .$type<{ name: string; relationship: string; phone: string }[]>()
      .notNull()
      .default([]),
    socialMedia: jsonb('social_media').$type<Record<string, string>>().notNull().default({}),
    notes: text('notes'),
    lastPasswordChanged: ts('last_password_changed'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    lastLogin: ts('last_login'),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('users_email_live_uq').on(sql`lower(${t.email})`).where(sql`${t.isDeleted} = false`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_idx').on(t.name),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    ipAddress: text('ip_address'),
    deviceInfo: jsonb('device_info').$type<Device>(),
    message: text('message').notNull(),
    location: jsonb('location').$type<Point>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_activities_user_created_idx').on(t.userId, t.createdAt)],
);
