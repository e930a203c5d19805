import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, stamps } from './columns.ts';

// Roles and the permission catalogue they draw from (the roles module).
export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    permissions: jsonb('permissions')
      .$type<{ resource: string; actions: string[]; module: string }[]>()
      .notNull()
      .default([]),
    expiresAt: date('expires_at', { mode: 'string' }),
    isSystem: boolean('is_system').notNull().default(false),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('roles_name_uq').on(sql`lower(${t.name})`)],
);

/** The resource catalogue as stored (synced from packages/domain on every start). */
export const resources = pgTable('resources', {
  id: id(),
  name: text('name').notNull().unique(),
  module: text('module').notNull(),
  actions: jsonb('actions').$type<string[]>().notNull(),
  position: integer('position').notNull().default(0),
});
