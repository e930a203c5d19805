import { effectivePermissions, type PermissionRef, permissionKey } from '@karya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';

/** How many names an answer carries; `total` says how many there are. */
export const WHO_CAN_NAMES = 5;

/**
 * Who may do something (issue 23): the active users whose unexpired roles, together, grant every one of
 * `needs`. A screen that cannot offer an action, or a message asking for a fix the user cannot make,
 * names these people. Any signed-in user may ask: the answer is names only, the people one would ask anyway.
 * Roles are few, so what each grants is worked out here; the users come from one query by role.
 */
export const whoCan = async (db: Db, clock: Clock, needs: readonly PermissionRef[]) => {
  const now = clock.now();
  const allRoles = await db.select().from(roles);
  const grants = new Map(allRoles.map((r) => [r.id, effectivePermissions([r], now)]));
  const has = (perms: ReadonlySet<string>, n: PermissionRef) =>
    perms.has(permissionKey(n.resource, n.action));
  // Permissions add up across a user's roles, so a role granting any one of the needs makes a candidate.
  const candidates = allRoles.filter((r) => needs.some((n) => has(grants.get(r.id)!, n))).map((r) => r.id);
  if (candidates.length === 0) return { users: [], total: 0 };
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(userRoles.roleId, candidates), eq(users.isDeleted, false), eq(users.status, 'Active')))
    .orderBy(asc(users.name), asc(users.id));
  if (rows.length === 0) return { users: [], total: 0 };
  const links = await db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(
      inArray(
        userRoles.userId,
        rows.map((r) => r.id),
      ),
    );
  const rolesOf = new Map<string, string[]>();
  for (const l of links) rolesOf.set(l.userId, [...(rolesOf.get(l.userId) ?? []), l.roleId]);
  const byId = new Map(allRoles.map((r) => [r.id, r]));
  const holding = rows.filter((u) => {
    const held = (rolesOf.get(u.id) ?? []).flatMap((id) => byId.get(id) ?? []);
    const perms = effectivePermissions(held, now);
    return needs.every((n) => has(perms, n));
  });
  return {
    users: holding.slice(0, WHO_CAN_NAMES).map((u) => ({ _id: u.id, name: u.name })),
    total: holding.length,
  };
};
