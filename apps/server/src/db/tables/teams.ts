import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, lifecycle } from './columns.ts';
import { users } from './users.ts';

// Teams and their members (the teams module).
export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    ...lifecycle(),
  },
  (t) => [
    index('teams_live_created_idx').on(t.isDeleted, t.createdAt),
    index('teams_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** The order the members were given in. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);
