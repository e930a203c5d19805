import {
  isSuperAdminRoleName,
  type MeDto,
  type Permission,
  type PermissionSet,
  permissionList,
  type UserDto,
} from '@karya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import type { Principal, RoleRow, UserRow } from '../../platform/principal.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The one place a user row becomes what the API returns. Never exposes the password hash. */
export const toUserDto = (
  u: UserRow,
  userRolesList: Pick<RoleRow, 'id' | 'name' | 'expiresAt'>[],
  deletedBy: { _id: string; name: string } | null = null,
): UserDto => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  gender: u.gender,
  dateOfBirth: u.dateOfBirth,
  maritalStatus: u.maritalStatus,
  employmentType: u.employmentType,
  duration: u.duration,
  languages: u.languages,
  bio: u.bio,
  address: u.address ?? null,
  roles: userRolesList.map((r) => ({ _id: r.id, name: r.name, expiresAt: r.expiresAt })),
  status: u.status,
  image: u.image ? { url: u.image.url } : null,
  emergencyContact: u.emergencyContact,
  socialMedia: u.socialMedia,
  notes: u.notes,
  lastPasswordChanged: iso(u.lastPasswordChanged),
  lastLogin: iso(u.lastLogin),
  isDeleted: u.isDeleted,
  deletedAt: iso(u.deletedAt),
  deletedBy,
  isEmailVerified: u.isEmailVerified,
  isPhoneVerified: u.isPhoneVerified,
  isSuperAdmin: userRolesList.some((r) => isSuperAdminRoleName(r.name)),
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

/** Roles of many users in one query, keyed by user id. */
export const rolesByUser = async (db: Db, userIds: string[]) => {
  const map = new Map<string, Pick<RoleRow, 'id' | 'name' | 'expiresAt'>[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, expiresAt: roles.expiresAt })
    .from(userRoles)
    .innerJoin(roles, eq(userRoles.roleId, roles.id))
    .where(inArray(userRoles.userId, userIds));
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, expiresAt: r.expiresAt });
    map.set(r.userId, list);
  }
  return map;
};

/** Names of users by id (for deletedBy, createdBy ... references). */
export const userNames = async (db: Db, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  const map = new Map<string, { _id: string; name: string }>();
  if (wanted.length === 0) return map;
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  for (const r of rows) map.set(r.id, { _id: r.id, name: r.name });
  return map;
};

/** One user as the API returns it, or null. */
export const loadUserDto = async (db: Db, id: string): Promise<UserDto | null> => {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) return null;
  const r = await rolesByUser(db, [u.id]);
  const names = await userNames(db, [u.deletedBy]);
  return toUserDto(u, r.get(u.id) ?? [], u.deletedBy ? (names.get(u.deletedBy) ?? null) : null);
};

/** The signed-in user with what the session may do (GET /auth/me, sign-in answer). */
/**
 * A permission set's list form, made once per set: the principal's set is shared by every request on the
 * same role versions (principalFor), and the web app asks for it at every start.
 */
const lists = new WeakMap<PermissionSet, Permission[]>();
const listOf = (perms: PermissionSet) => {
  let list = lists.get(perms);
  if (!list) {
    list = permissionList(perms);
    lists.set(perms, list);
  }
  return list;
};

export const toMeDto = (p: Principal, companyState: string): MeDto => ({
  ...toUserDto(p.user, p.roles),
  permissions: listOf(p.permissions),
  expiredRoles: p.expiredRoleNames,
  mustChangePassword: p.user.mustChangePassword,
  companyState,
});
