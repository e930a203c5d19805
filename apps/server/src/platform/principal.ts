import {
  effectivePermissions,
  isRoleExpired,
  isSuperAdminRoleName,
  type PermissionSet,
  todayInAppZone,
} from '@karya/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../db/client.ts';
import { roles, userRoles, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { ClientInfo } from './request-info.ts';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** The signed-in person as every route sees them. */
export type Principal = {
  user: UserRow;
  roles: RoleRow[];
  permissions: PermissionSet;
  expiredRoleNames: string[];
  isSuperAdmin: boolean;
  sessionTokenHash: string;
  /** The device the request came from (history records it); set by the access guard. */
  client?: ClientInfo;
};

export const rolesOfUser = (db: Db, userId: string) =>
  db
    .select({ role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(userRoles.roleId, roles.id))
    .where(eq(userRoles.userId, userId))
    .then((rows) => rows.map((r) => r.role));

/**
 * Which rows a signed-in request stands on: its user's and each role's, each with its version. The version
 * is PostgreSQL's `xmin`, which every write of a row changes, however it is made (a route, another
 * process, the command line, a hand edit), so comparing it is exact where a time-to-live would not be.
 */
export type HolderRefs = { userId: string; userVersion: string; roles: { id: string; version: string }[] };

/** A row's version: its `xmin`, as text. */
const versionOf = (table: typeof users | typeof roles) => sql<string>`${table}.xmin::text`;

/** The version columns a statement selects to name its holder (with users left-joined to their roles). */
export const holderVersionColumns = {
  userVersion: versionOf(users),
  roleId: roles.id,
  roleVersion: versionOf(roles) as SQL<string | null>,
};

type VersionRow = { userVersion: string; roleId: string | null; roleVersion: string | null };

/** The refs from the rows of such a statement (one per role, or one with no role); none: no such user. */
export const holderRefsFrom = (userId: string, rows: readonly VersionRow[]): HolderRefs | null => {
  const first = rows[0];
  if (!first) return null;
  return {
    userId,
    userVersion: first.userVersion,
    roles: rows.flatMap((r) => (r.roleId && r.roleVersion ? [{ id: r.roleId, version: r.roleVersion }] : [])),
  };
};

/** For a user whose session store keeps no holder (Redis): the versions alone, one prepared join. */
const holderRefsQuery = preparedPerDb((db) =>
  db
    .select(holderVersionColumns)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('karya_holder_versions'),
);
const userQuery = preparedPerDb((db) =>
  db
    .select({ user: users, version: versionOf(users) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('karya_holder_user'),
);

type Versioned<T> = { version: string; row: T };
type Derived = Pick<Principal, 'permissions' | 'expiredRoleNames' | 'isSuperAdmin'>;
/** Rows by id at the version they were read, and what a set of role versions grants on a given day. */
type HolderCache = {
  users: Map<string, Versioned<UserRow>>;
  roles: Map<string, Versioned<RoleRow>>;
  derived: Map<string, Derived>;
};
/** Each map holds at most this many entries; the oldest goes first. */
const CACHE_LIMIT = 10_000;
const caches = new WeakMap<Db, HolderCache>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { users: new Map(), roles: new Map(), derived: new Map() };
    caches.set(db, cache);
  }
  return cache;
};
const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > CACHE_LIMIT) map.delete(map.keys().next().value as K);
  return value;
};
/** Frozen: one row object serves many requests, so none of them may change it. */
const versioned = <T extends object>(version: string, row: T): Versioned<T> => ({
  version,
  row: Object.freeze(row),
});

/**
 * The principal for these refs. The rows come from this process's cache when their versions match, and
 * are read again when they do not (a changed or new row), so every request sees the rows as they are now:
 * a blocked user, a changed role or a removed assignment counts on the next request, in every process.
 * What the roles grant is derived once per set of role versions and day (roles expire by the day).
 */
export const principalFor = async (
  db: Db,
  clock: Clock,
  refs: HolderRefs,
  sessionTokenHash: string,
): Promise<Principal | null> => {
  const cache = cacheOf(db);
  let user = cache.users.get(refs.userId);
  if (user?.version !== refs.userVersion) {
    const [row] = await userQuery(db).execute({ userId: refs.userId });
    if (!row) return null;
    user = remember(cache.users, refs.userId, versioned(row.version, row.user));
  }
  const stale = refs.roles.filter((r) => cache.roles.get(r.id)?.version !== r.version).map((r) => r.id);
  if (stale.length > 0) {
    const rows = await db
      .select({ role: roles, version: versionOf(roles) })
      .from(roles)
      .where(inArray(roles.id, stale));
    for (const r of rows) remember(cache.roles, r.role.id, versioned(r.version, r.role));
  }
  // A role deleted since the refs were read has no row: it grants nothing.
  const held = refs.roles.flatMap((r) => {
    const role = cache.roles.get(r.id);
    return role ? [role] : [];
  });
  const now = clock.now();
  const key = `${todayInAppZone(now)}|${held.map((r) => `${r.row.id}:${r.version}`).join(',')}`;
  const roleRows = held.map((r) => r.row);
  const derived =
    cache.derived.get(key) ??
    remember(cache.derived, key, {
      permissions: effectivePermissions(roleRows, now),
      expiredRoleNames: roleRows.filter((r) => isRoleExpired(r, now)).map((r) => r.name),
      isSuperAdmin: roleRows.some((r) => isSuperAdminRoleName(r.name)),
    });
  return { user: user.row, roles: roleRows, ...derived, sessionTokenHash };
};

/** The versions a user's principal stands on, read now; null: no such user. */
export const holderRefsOf = async (db: Db, userId: string) =>
  holderRefsFrom(userId, await holderRefsQuery(db).execute({ userId }));

/** The principal of a user by id (sign-in; a session store that keeps no holder). */
export const loadPrincipal = async (
  db: Db,
  clock: Clock,
  userId: string,
  sessionTokenHash: string,
): Promise<Principal | null> => {
  const refs = await holderRefsOf(db, userId);
  return refs ? principalFor(db, clock, refs, sessionTokenHash) : null;
};
