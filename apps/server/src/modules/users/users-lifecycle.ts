import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { recordChange } from '../../platform/history.ts';
import { removeStoredFile } from '../../platform/images.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Principal } from '../../platform/principal.ts';
import { deletedStamps, restoredStamps } from '../../platform/record-lifecycle.ts';
import {
  assertEmailFree,
  assertNotOthersSuperAdmin,
  changeUser,
  findUser,
  isUniqueViolation,
  mustLoad,
  USER_HISTORY,
  USER_MESSAGES,
} from './users.service.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'sessions' | 'clock'>;

// -------------------------------------------------------------------------------------------- lifecycle

export const deleteUser = async (deps: Deps, principal: Principal, id: string) => {
  const target = await findUser(deps.db, id);
  if (target.id === principal.user.id) throw badRequest(USER_MESSAGES.deleteSelf);
  await assertNotOthersSuperAdmin(deps.db, principal, target);
  if (target.isDeleted) throw badRequest(USER_MESSAGES.alreadyDeleted);
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    changeUser(
      tx,
      principal,
      now,
      id,
      { ...deletedStamps(principal, now), status: 'Deleted', updatedBy: principal.user.id },
      'delete',
    ),
  );
  await deps.sessions.destroyForUser(id);
};

export const restoreUser = async (deps: Deps, principal: Principal, id: string) => {
  const target = await findUser(deps.db, id);
  if (!target.isDeleted) throw badRequest(USER_MESSAGES.notDeleted);
  await assertEmailFree(deps.db, target.email, id);
  const now = deps.clock.now();
  try {
    await deps.db.transaction((tx) =>
      changeUser(
        tx,
        principal,
        now,
        id,
        { ...restoredStamps(principal, now), status: 'Recovered' },
        'restore',
      ),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
  return mustLoad(deps.db, id);
};

export const deleteUserPermanently = async (deps: Deps, principal: Principal, id: string) => {
  const target = await findUser(deps.db, id);
  if (!target.isDeleted) throw badRequest(USER_MESSAGES.permanentNeedsDeleted);
  // Sessions, role links, activities and codes go with the row (ON DELETE CASCADE); history keeps a
  // tombstone entry.
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await recordChange(tx, principal, now, {
      entity: USER_HISTORY.entity,
      recordId: id,
      title: target.name,
      action: 'delete-permanently',
    });
  });
  if (target.image) await removeStoredFile(deps, target.image.fileId);
};

export const setBlocked = async (deps: Deps, principal: Principal, id: string, blocked: boolean) => {
  const target = await findUser(deps.db, id);
  if (blocked && target.id === principal.user.id) throw badRequest(USER_MESSAGES.blockSelf);
  await assertNotOthersSuperAdmin(deps.db, principal, target);
  if (target.isDeleted) throw badRequest(USER_MESSAGES.restoreBeforeBlock);
  if (blocked && target.status === 'Blocked') throw badRequest(USER_MESSAGES.alreadyBlocked);
  if (!blocked && target.status !== 'Blocked') throw badRequest(USER_MESSAGES.notBlocked);
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    changeUser(tx, principal, now, id, {
      status: blocked ? 'Blocked' : 'Active',
      updatedAt: now,
      updatedBy: principal.user.id,
    }),
  );
  if (blocked) await deps.sessions.destroyForUser(id);
  return mustLoad(deps.db, id);
};

export const adminChangePassword = async (
  deps: Deps,
  principal: Principal,
  id: string,
  newPassword: string,
  context: { ipAddress: string | null },
) => {
  const target = await findUser(deps.db, id);
  await assertNotOthersSuperAdmin(deps.db, principal, target);
  if (target.isDeleted) throw badRequest(USER_MESSAGES.restoreBeforePassword);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  // The administrator now knows the password, so the user must choose their own at next sign-in.
  await deps.db.transaction((tx) =>
    changeUser(tx, principal, now, id, {
      passwordHash,
      lastPasswordChanged: now,
      mustChangePassword: true,
      updatedAt: now,
      updatedBy: principal.user.id,
    }),
  );
  await deps.sessions.destroyForUser(id);
  await logActivity(deps.db, {
    userId: id,
    type: 'PASSWORD_CHANGE',
    message: `Password changed by ${principal.user.name}`,
    ipAddress: context.ipAddress,
  });
};
