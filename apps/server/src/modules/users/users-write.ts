// Creating and editing users (by an admin, or one's own profile), with roles, image and history.
import {
  newId,
  type ProfileUpdateInput,
  type UserCreateInput,
  type UserDto,
  type UserUpdateInput,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { userRoles, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate } from '../../platform/history.ts';
import { removeStoredFile, type Upload } from '../../platform/images.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  assertEmailFree,
  assertNotOthersSuperAdmin,
  checkRoles,
  cleanAddress,
  durationFor,
  findUser,
  isUniqueViolation,
  lockUser,
  mustLoad,
  type RoleRef,
  roleRefsOf,
  storeImage,
  USER_HISTORY,
  USER_MESSAGES,
  userSnapshot,
} from './users.service.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'sessions' | 'clock'>;

// ------------------------------------------------------------------------------------------ create/edit

export const createUser = async (
  deps: Deps,
  principal: Principal,
  input: UserCreateInput,
  upload: Upload,
): Promise<UserDto> => {
  await assertEmailFree(deps.db, input.email);
  const roleCheck = await checkRoles(deps.db, principal, input.roles ?? []);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const id = newId(now);
  // The file is stored first (its type is checked by content) and removed again if the insert fails.
  const image = await storeImage(deps, upload, id);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        gender: input.gender,
        dateOfBirth: input.dateOfBirth ? input.dateOfBirth.slice(0, 10) : null,
        maritalStatus: input.maritalStatus,
        employmentType: input.employmentType ?? null,
        duration: durationFor(input.employmentType, input.duration),
        languages: input.languages,
        bio: input.bio ?? null,
        address: cleanAddress(input.address),
        passwordHash,
        // The administrator knows this password, so the user must replace it at first sign-in.
        mustChangePassword: true,
        status: input.status ?? 'Active',
        image,
        emergencyContact: input.emergencyContact ?? [],
        socialMedia: input.socialMedia ?? {},
        notes: input.notes ?? null,
        isEmailVerified: false,
        isPhoneVerified: false,
        createdBy: principal.user.id,
        updatedBy: principal.user.id,
        createdAt: now,
        updatedAt: now,
      });
      if (roleCheck.ids.length)
        await tx.insert(userRoles).values(roleCheck.ids.map((roleId) => ({ userId: id, roleId })));
      const [created] = await tx.select().from(users).where(eq(users.id, id));
      await recordChange(tx, principal, now, {
        entity: USER_HISTORY.entity,
        recordId: id,
        title: created!.name,
        action: 'create',
        changes: diffSnapshots('user', null, userSnapshot(created!, roleCheck.refs)),
      });
    });
  } catch (error) {
    if (image) await removeStoredFile(deps, image.fileId);
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
  return mustLoad(deps.db, id);
};

type EditInput = UserUpdateInput | ProfileUpdateInput;

const PERSONAL_KEYS = [
  'name',
  'email',
  'phone',
  'gender',
  'maritalStatus',
  'languages',
  'bio',
  'address',
  'emergencyContact',
  'socialMedia',
] as const;

/**
 * Update a user. `admin` mode (PATCH /admin/users/:id) may change employment, roles, status and notes;
 * `profile` mode (PATCH /auth/profile/:id) only personal fields — its schema has no others.
 */
export const updateUser = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: EditInput,
  upload: Upload,
): Promise<UserDto> => {
  const target = await findUser(deps.db, id);
  await assertNotOthersSuperAdmin(deps.db, principal, target);
  if (target.isDeleted) throw badRequest(USER_MESSAGES.restoreBeforeUpdate);
  const emailChanged = input.email !== undefined && input.email !== target.email.toLowerCase();
  if (emailChanged) await assertEmailFree(deps.db, input.email!, id);

  const admin = input as UserUpdateInput;
  let roleIds: string[] | undefined;
  let roleRefs: RoleRef[] = [];
  if (admin.roles !== undefined) {
    const check = await checkRoles(deps.db, principal, admin.roles);
    if (target.id === principal.user.id && principal.isSuperAdmin && !check.hasSuperAdmin)
      throw badRequest(USER_MESSAGES.ownSuperAdminRole);
    roleIds = check.ids;
    roleRefs = check.refs;
  }

  const now = deps.clock.now();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now, updatedBy: principal.user.id };
  const fields = set as Record<string, unknown>;
  // Every field sent is applied: null (an optional text sent empty) clears it, [] and {} empty a list.
  for (const key of PERSONAL_KEYS) if (input[key] !== undefined) fields[key] = input[key];
  if (input.address !== undefined) set.address = cleanAddress(input.address);
  if (input.dateOfBirth !== undefined)
    set.dateOfBirth = input.dateOfBirth === null ? null : input.dateOfBirth.slice(0, 10);
  // A new address has not been proven to reach this person.
  if (emailChanged) set.isEmailVerified = false;
  if (admin.employmentType !== undefined || admin.duration !== undefined) {
    // null clears the type (and with it the duration); absent keeps the stored one.
    const type = admin.employmentType !== undefined ? admin.employmentType : target.employmentType;
    set.employmentType = type;
    set.duration = durationFor(type, admin.duration ?? target.duration);
  }
  if (admin.status !== undefined) set.status = admin.status;
  if (admin.notes !== undefined) set.notes = admin.notes;

  const image = await storeImage(deps, upload, id);
  if (image) set.image = image;
  else if (input.deleteImage) set.image = null;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockUser(tx, id);
      const rolesBefore = roleIds !== undefined ? await roleRefsOf(tx, id) : undefined;
      const [after] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
      if (roleIds !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        if (roleIds.length)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      }
      await recordUpdate(tx, principal, now, {
        entity: USER_HISTORY.entity,
        recordId: id,
        title: after!.name,
        before: userSnapshot(before, rolesBefore),
        after: userSnapshot(after!, roleIds !== undefined ? roleRefs : undefined),
      });
    });
  } catch (error) {
    if (image) await removeStoredFile(deps, image.fileId);
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
  // The old image goes only once the new state is committed.
  if (target.image && (image || input.deleteImage)) await removeStoredFile(deps, target.image.fileId);
  return mustLoad(deps.db, id);
};
