import { todayInAppZone } from './dates.ts';

// The permission checks every screen makes (the signed-in user's set, can, canAll), apart from the
// catalogue of resources and actions (permissions.ts), which only the role screens and the server need.

export type Permission = { resource: string; actions: string[]; module?: string };

/** A set keyed `resource:action` for constant-time checks. */
export type PermissionSet = ReadonlySet<string>;
export const permissionKey = (resource: string, action: string) => `${resource}:${action}`;

export type RoleLike = { name: string; permissions: Permission[]; expiresAt?: string | Date | null };

/**
 * A role whose expiresAt is today or earlier is expired (spec 1 §4). expiresAt is a calendar day
 * (YYYY-MM-DD); "today" is the day in India (APP_TIME_ZONE), so a role ends at midnight IST.
 */
export const isRoleExpired = (role: Pick<RoleLike, 'expiresAt'>, now: Date = new Date()) => {
  if (!role.expiresAt) return false;
  const day =
    typeof role.expiresAt === 'string' ? role.expiresAt.slice(0, 10) : todayInAppZone(role.expiresAt);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return day <= todayInAppZone(now);
};

/** Effective permissions: the union over the user's unexpired roles. No roles, no access. */
export const effectivePermissions = (roles: readonly RoleLike[], now: Date = new Date()): PermissionSet => {
  const set = new Set<string>();
  for (const role of roles) {
    if (isRoleExpired(role, now)) continue;
    for (const p of role.permissions) for (const a of p.actions) set.add(permissionKey(p.resource, a));
  }
  return set;
};

export const can = (perms: PermissionSet, resource: string, action: string) =>
  perms.has(permissionKey(resource, action));

export const canAll = (perms: PermissionSet, resource: string, actions: readonly string[]) =>
  actions.every((a) => can(perms, resource, a));

/** Serialise a permission set into the list form the API returns ({resource, actions}[]). */
export const permissionList = (perms: PermissionSet): Permission[] => {
  const map = new Map<string, string[]>();
  for (const key of perms) {
    const i = key.indexOf(':');
    const resource = key.slice(0, i);
    const list = map.get(resource) ?? [];
    list.push(key.slice(i + 1));
    map.set(resource, list);
  }
  return [...map].map(([resource, actions]) => ({ resource, actions }));
};

export const permissionSetFromList = (list: readonly Permission[]): PermissionSet => {
  const set = new Set<string>();
  for (const p of list) for (const a of p.actions) set.add(permissionKey(p.resource, a));
  return set;
};
