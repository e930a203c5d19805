import { effectivePermissions, isRoleExpired, isSuperAdminRoleName, type PermissionSet } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, userRoles, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';

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
};

export const rolesOfUser = (db: Db, userId: string) =>
  db
    .select({ role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(userRoles.roleId, roles.id))
    .where(eq(userRoles.userId, userId))
    .then((rows) => rows.map((r) => r.role));

export const loadPrincipal = async (
  db: Db,
  clock: Clock,
  userId: string,
  sessionTokenHash: string,
): Promise<Principal | null> => {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const roleRows = await rolesOfUser(db, userId);
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
