// Users: messages, the checks and history every change shares, the list and one user. Creating and
// editing is in users-write.ts; delete, restore, block and password in users-lifecycle.ts.
import {
  can,
  EMPLOYMENT_TYPES_WITH_DURATION,
  type HistoryAction,
  type HistoryValue,
  isSuperAdminRoleName,
  type ListQuery,
  PROFILE_IMAGE_TYPES,
  PROFILE_IMAGE_WRONG_TYPE,
  type UserDto,
  type UserSuggestionDto,
} from '@karya/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, type StoredImage, userRoles, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { type HistoryActor, historyPage, recordUpdate, type Snapshot } from '../../platform/history.ts';
import { storeImage as storeRecordImage, type Upload } from '../../platform/images.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import { type Principal, rolesOfUser, type UserRow } from '../../platform/principal.ts';
import { listPage, runList, suggest } from '../../platform/records.ts';
import { loadUserDto, rolesByUser, toUserDto, userNames } from './user-dto.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'sessions' | 'clock'>;

export type { Upload };

export const USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  rolesMissing: 'One or more roles do not exist',
  superAdminRoleOnly: 'Only a Super Admin can assign the Super Admin role.',
  superAdminLocked: 'The Super Admin user cannot be changed by others.',
  ownSuperAdminRole: 'You cannot remove your own Super Admin role.',
  restoreBeforeUpdate: 'Restore the user before updating',
  restoreBeforePassword: 'Restore the user before changing the password',
  restoreBeforeBlock: 'Restore the user before blocking or unblocking',
  deleteSelf: 'You cannot delete your own account',
  blockSelf: 'You cannot block your own account',
  alreadyDeleted: 'User is already deleted',
  notDeleted: 'User is not deleted',
  permanentNeedsDeleted: 'Only a deleted user can be deleted permanently',
  alreadyBlocked: 'User is already blocked',
  notBlocked: 'User is not blocked',
  deletedFilterForbidden: 'You don’t have permission to see deleted users.',
} as const;

// ---------------------------------------------------------------------------------------------- helpers

export const findUser = async (db: Db, id: string): Promise<UserRow> => {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound(USER_MESSAGES.notFound);
  return u;
};

const holdsSuperAdmin = async (db: Db, userId: string) =>
  (await rolesOfUser(db, userId)).some((r) => isSuperAdminRoleName(r.name));

/** The Super Admin user is changed by nobody but themselves. */
export const assertNotOthersSuperAdmin = async (db: Db, principal: Principal, target: UserRow) => {
  if (target.id !== principal.user.id && (await holdsSuperAdmin(db, target.id)))
    throw forbidden(USER_MESSAGES.superAdminLocked);
};

export const assertEmailFree = async (db: Db, email: string, exceptId?: string) => {
  const conditions: SQL[] = [sql`lower(${users.email}) = lower(${email})`, eq(users.isDeleted, false)];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw conflict(USER_MESSAGES.emailTaken);
};

/** The roles to assign, all of which must exist; the Super Admin role only from a Super Admin. */
export const checkRoles = async (db: Db, principal: Principal, ids: readonly string[]) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { ids: wanted, refs: [] as RoleRef[], hasSuperAdmin: false };
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, wanted));
  if (rows.length !== wanted.length) throw badRequest(USER_MESSAGES.rolesMissing);
  const hasSuperAdmin = rows.some((r) => isSuperAdminRoleName(r.name));
  if (hasSuperAdmin && !principal.isSuperAdmin) throw forbidden(USER_MESSAGES.superAdminRoleOnly);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return { ids: wanted, refs: wanted.map((id) => ({ _id: id, name: byId.get(id)! })), hasSuperAdmin };
};

// ---------------------------------------------------------------------------------------------- history

export type RoleRef = { _id: string; name: string };

export const USER_HISTORY = { entity: 'user', title: users.name } as const;

/**
 * The tracked fields of a user (HISTORY_FIELDS.user). The password is its hash: the domain's deny-list
 * turns a change of it into "Password changed" without values. Roles only when the change is about them.
 */
export const userSnapshot = (u: UserRow, roleRefs?: RoleRef[]): Snapshot => ({
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
  address: u.address as HistoryValue,
  emergencyContact: u.emergencyContact,
  socialMedia: u.socialMedia,
  notes: u.notes,
  status: u.status,
  image: u.image?.url ?? null,
  password: u.passwordHash,
  ...(roleRefs ? { roles: roleRefs } : {}),
});

export const roleRefsOf = async (tx: Db, userId: string): Promise<RoleRef[]> =>
  (await rolesOfUser(tx, userId)).map((r) => ({ _id: r.id, name: r.name }));

/** The user row, locked for the rest of the transaction: the entry's "from" is what the change replaced. */
export const lockUser = async (tx: Db, id: string): Promise<UserRow> => {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  if (!u) throw notFound(USER_MESSAGES.notFound);
  return u;
};

/** Update a user row and write the entry of what changed, in the caller's transaction. */
export const changeUser = async (
  tx: Db,
  actor: HistoryActor,
  now: Date,
  id: string,
  set: Partial<typeof users.$inferInsert>,
  action: HistoryAction = 'update',
) => {
  const before = await lockUser(tx, id);
  const [after] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
  await recordUpdate(tx, actor, now, {
    entity: USER_HISTORY.entity,
    recordId: id,
    title: after!.name,
    action,
    before: userSnapshot(before),
    after: userSnapshot(after!),
  });
  return after!;
};

/** GET /admin/users/{id}/history: newest first, paged. */
export const userHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({
    db,
    principal,
    entity: USER_HISTORY.entity,
    table: users,
    id,
    messages: USER_MESSAGES,
    query,
  });

export const isUniqueViolation = (error: unknown): boolean => {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** The profile image: JPEG or PNG by content. */
export const storeImage = (deps: Deps, upload: Upload, ownerId: string) =>
  storeRecordImage(deps, upload, ownerId, PROFILE_IMAGE_TYPES, PROFILE_IMAGE_WRONG_TYPE);

/** Only Contract and Internship carry a duration; every other type stores 0 (spec 1 §4). */
export const durationFor = (employmentType: string | null | undefined, duration: number | undefined) =>
  employmentType && (EMPLOYMENT_TYPES_WITH_DURATION as readonly string[]).includes(employmentType)
    ? (duration ?? 0)
    : 0;

/** A blank street or zip code is no street or zip code (the address is stored as sent, minus those). */
export const cleanAddress = <T extends { street?: string; zipCode?: string }>(address: T): T => {
  const out = { ...address };
  if (!out.street) delete out.street;
  if (!out.zipCode) delete out.zipCode;
  return out;
};

export const mustLoad = async (db: Db, id: string): Promise<UserDto> => {
  const dto = await loadUserDto(db, id);
  if (!dto) throw notFound(USER_MESSAGES.notFound);
  return dto;
};

// ------------------------------------------------------------------------------------------------- list

const userColumns: ListColumns = {
  filters: {
    name: { kind: 'text', on: users.name },
    email: { kind: 'text', on: users.email },
    phone: { kind: 'text', on: users.phone },
    status: { kind: 'in', on: users.status },
    maritalStatus: { kind: 'in', on: users.maritalStatus },
    employmentType: { kind: 'in', on: users.employmentType },
    gender: { kind: 'in', on: users.gender },
    'address.city': { kind: 'text', on: sql`(${users.address}->>'city')` },
    'address.state': { kind: 'text', on: sql`(${users.address}->>'state')` },
    createdAt: { kind: 'dateRange', on: users.createdAt },
    updatedAt: { kind: 'dateRange', on: users.updatedAt },
    deletedBy: { kind: 'in', on: users.deletedBy },
    isDeleted: { kind: 'boolean', on: users.isDeleted },
    roles: {
      kind: 'custom',
      build: (value) =>
        Array.isArray(value) && value.length
          ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.roleId, value)})`
          : undefined,
    },
  },
  sort: {
    name: sql`lower(${users.name})`,
    email: users.email,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    lastLogin: users.lastLogin,
  },
  id: users.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export const listUsers = async (db: Db, principal: Principal, query: ListQuery) => {
  // Live users unless asked otherwise; the Deleted filter needs restore on user (no bulk actions exist).
  const filters = { isDeleted: false, ...query.filters };
  if (filters.isDeleted === true && !can(principal.permissions, 'user', 'restore'))
    throw forbidden(USER_MESSAGES.deletedFilterForbidden);
  const { rows, total } = await runList<UserRow>({
    db,
    table: users,
    columns: userColumns,
    query,
    filters,
  });
  const [roleMap, names] = await Promise.all([
    rolesByUser(
      db,
      rows.map((r) => r.id),
    ),
    userNames(
      db,
      rows.map((r) => r.deletedBy),
    ),
  ]);
  return listPage(
    'users',
    rows.map((u) =>
      toUserDto(u, roleMap.get(u.id) ?? [], u.deletedBy ? (names.get(u.deletedBy) ?? null) : null),
    ),
    total,
    query,
  );
};

/** Up to 20 live, unblocked users matching the name or e-mail; the already selected ones always come first. */
export const suggestUsers = async (
  db: Db,
  input: { name: string; selectedIds: string[] },
): Promise<UserSuggestionDto[]> => {
  const rows = await suggest<{ id: string; name: string; email: string; image: StoredImage | null }>({
    db,
    table: users,
    id: users.id,
    name: users.name,
    alsoMatch: [users.email],
    select: { id: users.id, name: users.name, email: users.email, image: users.image },
    live: [eq(users.isDeleted, false), ne(users.status, 'Blocked')],
    input,
  });
  return rows.map((u) => ({
    _id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ? { url: u.image.url } : null,
  }));
};

export const getUser = (db: Db, id: string) => mustLoad(db, id);
