import { randomBytes } from 'node:crypto';
import { allPermissions, newId, RESOURCES, SUPER_ADMIN_ROLE_NAME } from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { resources, roles, userRoles, users } from './db/schema.ts';
import { seedHolidays } from './modules/holidays/holidays.service.ts';
import { hashPassword } from './platform/passwords.ts';

/** Bring the stored resource catalogue in line with packages/domain (runs on every start). */
export const syncResources = async (db: Db) => {
  await db.transaction(async (tx) => {
    for (const [position, r] of RESOURCES.entries()) {
      await tx
        .insert(resources)
        .values({ id: newId(), name: r.name, module: r.module, actions: [...r.actions], position })
        .onConflictDoUpdate({
          target: resources.name,
          set: { module: r.module, actions: [...r.actions], position },
        });
    }
  });
};

/** The Super Admin role always holds every permission of the current catalogue. */
export const ensureSuperAdminRole = async (db: Db) => {
  const [existing] = await db.select().from(roles).where(sql`lower(${roles.name}) = 'super admin'`).limit(1);
  if (existing) {
    await db
      .update(roles)
      .set({ permissions: allPermissions(), isSystem: true, expiresAt: null })
      .where(eq(roles.id, existing.id));
    return existing.id;
  }
  const id = newId();
  await db.insert(roles).values({
    id,
    name: SUPER_ADMIN_ROLE_NAME,
    description: 'Every permission in every module. Given to the administrator created at first start.',
    permissions: allPermissions(),
    isSystem: true,
  });
  return id;
};

export type BootstrapResult = { adminCreated: boolean; adminEmail?: string; generatedPassword?: string };

/**
 * Every start: the catalogue, the Super Admin role and the holiday list (idempotent). First start on an
 * empty database: an administrator from ADMIN_EMAIL / ADMIN_PASSWORD (a password is generated and
 * reported once when none is given).
 */
export const bootstrap = async (db: Db, config: Config): Promise<BootstrapResult> => {
  await syncResources(db);
  await seedHolidays(db);
  const superAdminRoleId = await ensureSuperAdminRole(db);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return { adminCreated: false };
  const email = (config.ADMIN_EMAIL ?? 'admin@karya.local').toLowerCase();
  const generated = config.ADMIN_PASSWORD ? undefined : generatePassword();
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: config.ADMIN_NAME,
      email,
      phone: '9000000000',
      gender: 'Other',
      maritalStatus: 'Other',
      employmentType: 'Full-Time',
      languages: ['English'],
      address: { city: 'Bhubaneswar', state: 'Odisha', country: 'India' },
      passwordHash: await hashPassword(config.ADMIN_PASSWORD ?? generated!),
      status: 'Active',
      isEmailVerified: true,
      isPhoneVerified: true,
      lastPasswordChanged: new Date(),
    });
    await tx.insert(userRoles).values({ userId: id, roleId: superAdminRoleId });
  });
  return { adminCreated: true, adminEmail: email, generatedPassword: generated };
};

/** 16 characters that satisfy both password rule sets. */
export const generatePassword = () => {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}Aa1@`;
};
