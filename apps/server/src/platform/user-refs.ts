import type { UserRef } from '@karya/domain';
import { and, inArray, not, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './principal.ts';

/** A user as records name them (created by, assignee, …). */
export const userRefOf = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'image'>): UserRef => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  image: u.image ? { url: u.image.url } : null,
});

/** The references of these users; those in `known` (the caller, say) are not read again. */
export const userRefs = async (
  db: Db,
  ids: Iterable<string | null | undefined>,
  known?: ReadonlyMap<string, UserRef>,
) => {
  const map = new Map<string, UserRef>(known);
  const wanted = [...new Set([...ids].filter((x): x is string => Boolean(x) && !map.has(x as string)))];
  if (wanted.length === 0) return map;
  const rows = await refsQuery(db).execute({ ids: wanted });
  for (const r of rows) map.set(r.id, userRefOf(r));
  return map;
};

/** Every record's answer names its people: one statement, prepared once per connection. */
const refsQuery = preparedPerDb((db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, image: users.image })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('karya_user_refs'),
);

/** A user as a DTO reference (UserRef), built from the row `alias` of users. */
export const userJson = (alias: string) =>
  sql.raw(
    `json_build_object('_id', ${alias}.id, 'name', ${alias}.name, 'email', ${alias}.email, 'image', case when ${alias}.image is null then null else json_build_object('url', ${alias}.image->>'url') end)`,
  );
/** The users among `ids` (a text[] expression) as one JSON array, deleted users included, unordered. */
export const usersAmong = (ids: SQL) =>
  sql<
    UserRef[]
  >`coalesce((select json_agg(${userJson('u')}) from ${users} u where u.id = any(${ids})), '[]'::json)`;
/** Which of the given user ids are missing or deleted (assignees and members must be live users). */
export const missingLiveUsers = async (db: Db, ids: readonly string[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), not(users.isDeleted)));
  const live = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !live.has(id));
};

/** The stamps of a record as its DTO shows them. */
export const stampsDto = (
  row: {
    createdBy: string | null;
    createdAt: Date;
    updatedAt: Date;
    isDeleted: boolean;
    deletedAt: Date | null;
    deletedBy: string | null;
  },
  refs: Map<string, UserRef>,
) => ({
  createdBy: row.createdBy ? (refs.get(row.createdBy) ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isDeleted: row.isDeleted,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  deletedBy: row.deletedBy ? (refs.get(row.deletedBy) ?? null) : null,
});
