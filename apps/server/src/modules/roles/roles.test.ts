import { newId, RESOURCES, type RoleDto, todayInAppZone } from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  asAdmin,
  asUserWith,
  call,
  createRole,
  createTestApp,
  createUser,
  login,
  type TestContext,
} from '../../../test/helpers.ts';
import { roles, userRoles } from '../../db/schema.ts';

const validRole = (over: Record<string, unknown> = {}) => ({
  name: `Field Staff ${newId().slice(-6)}`,
  description: 'Visits schools',
  permissions: [{ resource: 'customer', actions: ['read', 'create'] }],
  ...over,
});

// Days of India's calendar, as role expiry counts them (a UTC day is a day behind from 18:30 UTC).
const isoDaysFromToday = (n: number) => {
  const d = new Date(`${todayInAppZone()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const isoToday = () => isoDaysFromToday(0);

describe('roles and resources', () => {
  let ctx: TestContext;
  let admin: Agent;
  let superAdminId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await asAdmin(ctx.app);
    const [row] = await ctx.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.name}) = 'super admin'`);
    superAdminId = row!.id;
  });
  afterAll(() => ctx.close());

  describe('access', () => {
    it.each([
      ['GET', '/api/admin/resources'],
      ['GET', '/api/admin/roles'],
      ['GET', '/api/admin/roles/suggestion'],
      ['GET', `/api/admin/roles/${'a'.repeat(24)}`],
      ['DELETE', `/api/admin/roles/${'a'.repeat(24)}`],
    ])('%s %s answers 401 without a session', async (method, url) => {
      const res = await call(ctx.app, { method: method as 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    });

    it('POST and PATCH answer 401 without a session', async () => {
      expect(
        (await call(ctx.app, { method: 'POST', url: '/api/admin/roles', payload: validRole() })).statusCode,
      ).toBe(401);
      expect(
        (
          await call(ctx.app, {
            method: 'PATCH',
            url: `/api/admin/roles/${'a'.repeat(24)}`,
            payload: { description: 'x' },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('each route needs its own action on role', async () => {
      const reader = await asUserWith(ctx, [{ resource: 'role', actions: ['read'] }]);
      expect((await reader.request({ method: 'GET', url: '/api/admin/roles' })).statusCode).toBe(200);
      expect((await reader.request({ method: 'GET', url: '/api/admin/resources' })).statusCode).toBe(200);
      expect((await reader.request({ method: 'GET', url: '/api/admin/roles/suggestion' })).statusCode).toBe(
        403,
      );
      expect(
        (await reader.request({ method: 'POST', url: '/api/admin/roles', payload: validRole() })).statusCode,
      ).toBe(403);
      const id = await createRole(ctx.database, [{ resource: 'task', actions: ['read'] }]);
      expect(
        (
          await reader.request({
            method: 'PATCH',
            url: `/api/admin/roles/${id}`,
            payload: { description: 'y' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await reader.request({ method: 'DELETE', url: `/api/admin/roles/${id}` })).statusCode).toBe(
        403,
      );

      const outsider = await asUserWith(ctx, [{ resource: 'user', actions: ['read'] }]);
      const res = await outsider.request({ method: 'GET', url: '/api/admin/roles' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: 'FORBIDDEN' });
    });

    it('a user with no roles gets 403 on permissioned routes', async () => {
      const nobody = await asUserWith(ctx, []);
      for (const url of [
        '/api/admin/roles',
        '/api/admin/resources',
        '/api/admin/dashboard',
        '/api/crm/dashboard',
      ]) {
        expect((await nobody.request({ method: 'GET', url })).statusCode).toBe(403);
      }
    });

    it('an expired role grants nothing on the next request', async () => {
      const roleId = await createRole(ctx.database, [{ resource: 'role', actions: ['read'] }], {
        expiresAt: isoDaysFromToday(5),
      });
      const u = await createUser(ctx.database, { roleIds: [roleId] });
      const { cookie } = await login(ctx.app, u.email, u.password);
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie)).statusCode).toBe(200);
      // Expiry today counts as expired (spec 1 §4): the same session loses the permission at once.
      await ctx.database.db.update(roles).set({ expiresAt: isoToday() }).where(eq(roles.id, roleId));
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie)).statusCode).toBe(403);
    });

    it('a role that expires today grants nothing from the first request', async () => {
      const roleId = await createRole(ctx.database, [{ resource: 'role', actions: ['read'] }], {
        expiresAt: isoToday(),
      });
      const u = await createUser(ctx.database, { roleIds: [roleId] });
      const { cookie } = await login(ctx.app, u.email, u.password);
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie)).statusCode).toBe(403);
    });
  });

  describe('GET /admin/resources', () => {
    it('serves the stored catalogue in module order hrm, crm, admin', async () => {
      const res = await admin.request({ method: 'GET', url: '/api/admin/resources' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Resources fetched successfully' });
      const list = body.data as { _id: string; name: string; module: string; actions: string[] }[];
      expect(list).toHaveLength(RESOURCES.length);
      expect(list[0]).toMatchObject({ name: 'hrm', module: 'hrm', actions: ['read'] });
      expect(list[0]!._id).toMatch(/^[0-9a-f]{24}$/);
      const modules = list.map((r) => r.module);
      expect(modules.lastIndexOf('hrm')).toBeLessThan(modules.indexOf('crm'));
      expect(modules.lastIndexOf('crm')).toBeLessThan(modules.indexOf('admin'));
      expect(list.find((r) => r.name === 'role')?.actions).toEqual([
        'create',
        'read',
        'update',
        'delete',
        'suggestion',
      ]);
    });
  });

  describe('POST /admin/roles validation', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing name', { name: undefined }, 'Role name is required.'],
      ['empty name', { name: '   ' }, 'Role name cannot be empty.'],
      ['missing description', { description: undefined }, 'Description is required.'],
      ['empty description', { description: '' }, 'Description cannot be empty.'],
      ['missing permissions', { permissions: undefined }, 'Permissions array is required.'],
      ['empty permissions', { permissions: [] }, 'At least one permission is required.'],
      [
        'unknown resource',
        { permissions: [{ resource: 'spaceship', actions: ['read'] }] },
        'Invalid resource. Please provide a valid resource.',
      ],
      [
        'empty actions',
        { permissions: [{ resource: 'customer', actions: [] }] },
        'At least one action permission is required.',
      ],
      ['past expiry', { expiresAt: isoDaysFromToday(-1) }, 'Expiration date must be today or in the future.'],
      ['impossible date', { expiresAt: '2099-02-30' }, 'Invalid date'],
      [
        'action the resource does not offer',
        { permissions: [{ resource: 'role', actions: ['read', 'adjust'] }] },
        'Invalid action adjust for resource role',
      ],
    ];
    it.each(cases)('%s answers 400', async (_label, over, message) => {
      const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(roles);
      const res = await admin.request({ method: 'POST', url: '/api/admin/roles', payload: validRole(over) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(roles);
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  });

  describe('create, read, update, delete', () => {
    let created: RoleDto;

    it('creates a role: module from the catalogue, duplicates merged, createdBy recorded', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/roles',
        payload: {
          name: '  Branch Coordinator  ',
          description: 'Runs a branch',
          permissions: [
            { resource: 'customer', actions: ['read'], module: 'admin' },
            { resource: 'hrm', actions: ['read'] },
            { resource: 'customer', actions: ['update', 'read'] },
          ],
          expiresAt: isoDaysFromToday(30),
        },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Role created successfully' });
      created = body.data;
      expect(created).toMatchObject({
        name: 'Branch Coordinator',
        description: 'Runs a branch',
        expiresAt: isoDaysFromToday(30),
        isSystem: false,
        permissions: [
          { resource: 'hrm', module: 'hrm', actions: ['read'] },
          { resource: 'customer', module: 'crm', actions: ['read', 'update'] },
        ],
      });
      expect(created._id).toMatch(/^[0-9a-f]{24}$/);
      const [row] = await ctx.database.db.select().from(roles).where(eq(roles.id, created._id));
      expect(row!.createdBy).toMatch(/^[0-9a-f]{24}$/);
    });

    it('accepts expiresAt null and today', async () => {
      const a = await admin.request({
        method: 'POST',
        url: '/api/admin/roles',
        payload: validRole({ expiresAt: null }),
      });
      expect(a.statusCode).toBe(201);
      expect(a.json().data.expiresAt).toBeNull();
      const b = await admin.request({
        method: 'POST',
        url: '/api/admin/roles',
        payload: validRole({ expiresAt: isoToday() }),
      });
      expect(b.statusCode).toBe(201);
      expect(b.json().data.expiresAt).toBe(isoToday());
    });

    it('role names are unique, case-insensitively', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/roles',
        payload: validRole({ name: 'branch COORDINATOR' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'A role with this name already exists' });
    });

    it('a role named super admin cannot be created', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/roles',
        payload: validRole({ name: 'SUPER admin' }),
      });
      expect(res.statusCode).toBe(409);
    });

    it('reads one role; 400 on a bad id, 404 on an unknown one', async () => {
      const res = await admin.request({ method: 'GET', url: `/api/admin/roles/${created._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(created);
      expect((await admin.request({ method: 'GET', url: '/api/admin/roles/not-an-id' })).statusCode).toBe(
        400,
      );
      const missing = await admin.request({ method: 'GET', url: `/api/admin/roles/${newId()}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, message: 'Role not found' });
    });

    it('lists every role newest first with its count and isSystem', async () => {
      const res = await admin.request({ method: 'GET', url: '/api/admin/roles' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { roles: RoleDto[]; rolesCount: number; page: number; limit: number };
      expect(data.page).toBe(1);
      expect(data.limit).toBe(100);
      expect(data.rolesCount).toBe(data.roles.length);
      const [{ n }] = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(roles)) as [
        { n: number },
      ];
      expect(data.rolesCount).toBe(n);
      const times = data.roles.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(data.roles.find((r) => r._id === superAdminId)?.isSystem).toBe(true);
      expect(data.roles.find((r) => r._id === created._id)?.isSystem).toBe(false);
      const paged = await admin.request({ method: 'GET', url: '/api/admin/roles?page=2&limit=1' });
      expect(paged.json().data).toMatchObject({ page: 2, limit: 1, rolesCount: n });
      expect(paged.json().data.roles).toHaveLength(1);
      expect((await admin.request({ method: 'GET', url: '/api/admin/roles?limit=0' })).statusCode).toBe(400);
      expect((await admin.request({ method: 'GET', url: '/api/admin/roles?page=abc' })).statusCode).toBe(400);
    });

    it('suggests roles by name with the selected ones first', async () => {
      const res = await admin.request({ method: 'GET', url: '/api/admin/roles/suggestion?name=coord' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Roles fetched successfully',
        data: [{ _id: created._id, name: 'Branch Coordinator' }],
      });
      const sel = await admin.request({
        method: 'GET',
        url: `/api/admin/roles/suggestion?name=coord&selectedIds=${superAdminId}`,
      });
      expect(sel.json().data.map((r: { name: string }) => r.name)).toEqual([
        'Super Admin',
        'Branch Coordinator',
      ]);
      // LIKE wildcards are plain text.
      expect(
        (await admin.request({ method: 'GET', url: '/api/admin/roles/suggestion?name=%25' })).json().data,
      ).toEqual([]);
      const all = await admin.request({ method: 'GET', url: '/api/admin/roles/suggestion' });
      expect(all.json().data.length).toBeGreaterThan(1);
      expect(all.json().data.length).toBeLessThanOrEqual(20);
      expect(
        (await admin.request({ method: 'GET', url: '/api/admin/roles/suggestion?selectedIds=zzz' }))
          .statusCode,
      ).toBe(400);
    });

    it('at most 20 suggestions', async () => {
      await ctx.database.db.insert(roles).values(
        Array.from({ length: 25 }, (_, i) => ({
          id: newId(),
          name: `Bulk Suggest ${String(i).padStart(2, '0')}`,
          description: 'x',
          permissions: [],
        })),
      );
      const res = await admin.request({
        method: 'GET',
        url: '/api/admin/roles/suggestion?name=bulk%20suggest',
      });
      expect(res.json().data).toHaveLength(20);
    });

    it('updates a role partially and checks names and actions', async () => {
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${created._id}`,
        payload: { description: 'Runs two branches', expiresAt: null },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Role updated successfully',
        data: { name: 'Branch Coordinator', description: 'Runs two branches', expiresAt: null },
      });
      const perms = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${created._id}`,
        payload: { permissions: [{ resource: 'task', actions: ['read', 'view-all'] }] },
      });
      expect(perms.json().data.permissions).toEqual([
        { resource: 'task', module: 'hrm', actions: ['read', 'view-all'] },
      ]);

      const other = await createRole(ctx.database, [{ resource: 'task', actions: ['read'] }], {
        name: 'Taken Name',
      });
      expect(other).toBeTruthy();
      const clash = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${created._id}`,
        payload: { name: 'taken name' },
      });
      expect(clash.statusCode).toBe(409);
      const toSuper = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${created._id}`,
        payload: { name: 'Super Admin' },
      });
      expect(toSuper.statusCode).toBe(409);
      const sameName = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${created._id}`,
        payload: { name: 'BRANCH coordinator' },
      });
      expect(sameName.statusCode).toBe(200);
      expect(sameName.json().data.name).toBe('BRANCH coordinator');
      for (const [payload, message] of [
        [{ name: '' }, 'Role name cannot be empty.'],
        [{ permissions: [] }, 'At least one permission is required.'],
        [{ expiresAt: isoDaysFromToday(-3) }, 'Expiration date must be today or in the future.'],
        [
          { permissions: [{ resource: 'hrm', actions: ['delete'] }] },
          'Invalid action delete for resource hrm',
        ],
      ] as const) {
        const bad = await admin.request({ method: 'PATCH', url: `/api/admin/roles/${created._id}`, payload });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(message);
      }
      const missing = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${newId()}`,
        payload: { description: 'x' },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('the Super Admin role cannot be changed or deleted', async () => {
      const upd = await admin.request({
        method: 'PATCH',
        url: `/api/admin/roles/${superAdminId}`,
        payload: { description: 'mine now' },
      });
      expect(upd.statusCode).toBe(403);
      expect(upd.json().message).toBe('The Super Admin role cannot be changed.');
      const del = await admin.request({ method: 'DELETE', url: `/api/admin/roles/${superAdminId}` });
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe('The Super Admin role cannot be deleted.');
      // Still there, and the administrator still holds everything.
      expect(
        (await admin.request({ method: 'GET', url: `/api/admin/roles/${superAdminId}` })).statusCode,
      ).toBe(200);
    });

    it('deleting a role removes it from its holders at once', async () => {
      const roleId = await createRole(ctx.database, [{ resource: 'role', actions: ['read'] }]);
      const u = await createUser(ctx.database, { roleIds: [roleId] });
      const { cookie } = await login(ctx.app, u.email, u.password);
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie)).statusCode).toBe(200);

      const res = await admin.request({ method: 'DELETE', url: `/api/admin/roles/${roleId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Role deleted successfully', data: null });
      const links = await ctx.database.db.select().from(userRoles).where(eq(userRoles.roleId, roleId));
      expect(links).toHaveLength(0);
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie)).statusCode).toBe(403);
      expect((await admin.request({ method: 'DELETE', url: `/api/admin/roles/${roleId}` })).statusCode).toBe(
        404,
      );
    });
  });
});
