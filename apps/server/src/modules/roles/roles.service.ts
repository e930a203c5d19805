import {
  isSuperAdminRoleName,
  MODULES,
  newId,
  type RoleDto,
  type RoleInput,
  type roleUpdateSchema,
} from '@karya/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { resources, roles } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { RoleRow } from '../../platform/principal.ts';
import { suggest } from '../../platform/records.ts';

export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;
type StoredPermission = RoleRow['permissions'][number];
type ResourceRow = typeof resources.$inferSelect;

export const ROLE_NAME_TAKEN = 'A role with this name already exists';
export const SUPER_ADMIN_UNCHANGEABLE = 'The Super Admin role cannot be changed.';
export const SUPER_ADMIN_UNDELETABLE = 'The Super Admin role cannot be deleted.';
export const ROLE_NOT_FOUND = 'Role not found';

const isSuperAdminRole = (r: Pick<RoleRow, 'name' | 'isSystem'>) =>
  r.isSystem || isSuperAdminRoleName(r.name);

export const toRoleDto = (r: RoleRow): RoleDto => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  expiresAt: r.expiresAt,
  isSystem: isSuperAdminRole(r),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const moduleRank = (m: string) => {
  const i = (MODULES as readonly string[]).indexOf(m);
  return i < 0 ? MODULES.length : i;
};

/** The stored catalogue in display order: modules hrm, crm, admin, then catalogue position. */
export const listResources = async (db: Db) => {
  const rows = await db.select().from(resources).orderBy(asc(resources.position), asc(resources.name));
  return rows
    .sort((a, b) => moduleRank(a.module) - moduleRank(b.module) || a.position - b.position)
    .map((r) => ({ _id: r.id, name: r.name, module: r.module, actions: r.actions }));
};

/**
 * Permissions as stored: the module comes from the catalogue (whatever the client sent), repeated
 * resources are merged, and every action must be one the catalogue offers for that resource.
 * Output follows catalogue order so a role reads the same however its form was filled in.
 */
const normalisePermissions = async (
  db: Db,
  input: { resource: string; actions: string[] }[],
): Promise<StoredPermission[]> => {
  const catalogue = new Map<string, ResourceRow>();
  for (const r of await db.select().from(resources)) catalogue.set(r.name, r);
  const merged = new Map<string, Set<string>>();
  for (const p of input) {
    const entry = catalogue.get(p.resource);
    if (!entry) throw badRequest('Invalid resource. Please provide a valid resource.');
    const set = merged.get(p.resource) ?? new Set<string>();
    for (const a of p.actions) {
      if (!entry.actions.includes(a)) throw badRequest(`Invalid action ${a} for resource ${p.resource}`);
      set.add(a);
    }
    merged.set(p.resource, set);
  }
  return [...merged]
    .map(([name, set]) => ({ entry: catalogue.get(name)!, set }))
    .sort(
      (a, b) =>
        moduleRank(a.entry.module) - moduleRank(b.entry.module) || a.entry.position - b.entry.position,
    )
    .map(({ entry, set }) => ({
      resource: entry.name,
      module: entry.module,
      actions: entry.actions.filter((a) => set.has(a)),
    }));
};

const isRealDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/** expiresAt arrives as YYYY-MM-DD (or a timestamp whose day is taken); null or absent means never. */
const toExpiryDay = (v: string | null | undefined) => {
  if (v === undefined || v === null) return null;
  const day = v.trim().slice(0, 10);
  if (!isRealDay(day)) throw badRequest('Invalid date');
  return day;
};

const findByName = async (db: Db, name: string) => {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return row;
};

/** Unique violation on roles_name_uq (a concurrent create/rename) answers like the checked case. */
const isUniqueViolation = (error: unknown) => {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

export const getRole = async (db: Db, id: string) => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw notFound(ROLE_NOT_FOUND);
  return row;
};

export const listRoles = async (db: Db, page: number, limit: number) => {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(roles);
  const rows = await db
    .select()
    .from(roles)
    .orderBy(desc(roles.createdAt), desc(roles.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { roles: rows.map(toRoleDto), rolesCount: n, page, limit };
};

/** Up to 20 roles whose name contains the text; the already selected ones always come first. */
/** Up to 20 roles whose name contains the text; the already selected ones come first. */
export const suggestRoles = async (db: Db, name: string, selectedIds: string[]) =>
  (
    await suggest<{ id: string; name: string }>({
      db,
      table: roles,
      id: roles.id,
      name: roles.name,
      select: { id: roles.id, name: roles.name },
      live: [],
      input: { name: name.trim(), selectedIds },
    })
  ).map((r) => ({ _id: r.id, name: r.name }));

export const createRole = async (db: Db, clock: Clock, input: RoleInput, actorId: string) => {
  const name = input.name.trim();
  if (isSuperAdminRoleName(name) || (await findByName(db, name))) throw conflict(ROLE_NAME_TAKEN);
  const permissions = await normalisePermissions(db, input.permissions);
  const now = clock.now();
  const row: typeof roles.$inferInsert = {
    id: newId(now),
    name,
    description: input.description.trim(),
    permissions,
    expiresAt: toExpiryDay(input.expiresAt),
    isSystem: false,
    createdBy: actorId,
    updatedBy: actorId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const [created] = await db.insert(roles).values(row).returning();
    return toRoleDto(created!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN);
    throw error;
  }
};

export const updateRole = async (
  db: Db,
  clock: Clock,
  id: string,
  input: RoleUpdateInput,
  actorId: string,
) => {
  const existing = await getRole(db, id);
  if (isSuperAdminRole(existing)) throw forbidden(SUPER_ADMIN_UNCHANGEABLE);
  const set: Partial<typeof roles.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (isSuperAdminRoleName(name)) throw conflict(ROLE_NAME_TAKEN);
    const other = await findByName(db, name);
    if (other && other.id !== id) throw conflict(ROLE_NAME_TAKEN);
    set.name = name;
  }
  if (input.description !== undefined) set.description = input.description.trim();
  if (input.permissions !== undefined) set.permissions = await normalisePermissions(db, input.permissions);
  if (input.expiresAt !== undefined) set.expiresAt = toExpiryDay(input.expiresAt);
  if (Object.keys(set).length === 0) return toRoleDto(existing);
  set.updatedAt = clock.now();
  set.updatedBy = actorId;
  try {
    const [updated] = await db.update(roles).set(set).where(eq(roles.id, id)).returning();
    if (!updated) throw notFound(ROLE_NOT_FOUND);
    return toRoleDto(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN);
    throw error;
  }
};

/** Hard delete: the user_roles rows go with it (ON DELETE CASCADE), so holders lose it at once. */
export const deleteRole = async (db: Db, id: string) => {
  const existing = await getRole(db, id);
  if (isSuperAdminRole(existing)) throw forbidden(SUPER_ADMIN_UNDELETABLE);
  await db.delete(roles).where(eq(roles.id, id));
};
