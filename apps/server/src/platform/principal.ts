import { effectivePermissions, isRoleExpired, isSuperAdminRoleName, type PermissionSet } from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
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
 * The user and their roles in one round trip, prepared once per database: this runs on every signed-in
 * request, so it is the hottest query of the server (see the benchmark).
 */
const principalQuery = preparedPerDb((db) =>
  db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('karya_principal'),
);

export const loadPrincipal = async (
  db: Db,
  clock: Clock,
  userId: string,
  sessionTokenHash: string,
): Promise<Principal | null> => {
  const rows = await principalQuery(db).execute({ userId });
  const user = rows[0]?.user;
  if (!user) return null;
  return principalFrom(
    user,
    rows.flatMap((r) => (r.role ? [r.role] : [])),
    clock,
    sessionTokenHash,
  );
};

/** The principal from rows already read (the database session store reads them with the session). */
export const principalFrom = (
  user: UserRow,
  roleRows: RoleRow[],
  clock: Clock,
  sessionTokenHash: string,
): Principal => {
  const now = clock.now();
  return {
    user,
    roles: roleRows,
    permissions: effectivePermissions(roleRows, now),
    expiredRoleNames: roleRows.filter((r) => isRoleExpired(r, now)).map((r) => r.name),
    isSuperAdmin: roleRows.some((r) => isSuperAdminRoleName(r.name)),
    sessionTokenHash,
  };
};
