import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  call,
  createRole,
  createTestApp,
  createUser,
  SECURITY,
  type TestContext,
} from '../../../test/helpers.ts';
import { listUrl } from './users-test-kit.ts';

const ZERO_ID = '000000000000000000000000';

describe('users: access rules on every endpoint', () => {
  let ctx: TestContext;
  let outsider: Agent & { user: { id: string } };
  let targetId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Holds permissions, just none on user or profile.
    outsider = await asUserWithSession(ctx, [{ resource: 'role', actions: ['read', 'create'] }]);
    targetId = (await createUser(ctx.database)).id;
  });
  afterAll(() => ctx.close());

  const endpoints = () => [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'GET', url: '/api/admin/users/suggestion' },
    { method: 'GET', url: `/api/admin/users/${targetId}` },
    { method: 'POST', url: '/api/admin/users', payload: {} },
    { method: 'PATCH', url: `/api/admin/users/${targetId}`, payload: {} },
    { method: 'PATCH', url: `/api/auth/profile/${targetId}`, payload: {} },
    { method: 'DELETE', url: `/api/admin/users/${targetId}` },
    { method: 'PATCH', url: `/api/admin/users/${targetId}/restore` },
    { method: 'DELETE', url: `/api/admin/users/${targetId}/permanent` },
    { method: 'PATCH', url: `/api/admin/users/${targetId}/block` },
    { method: 'PATCH', url: `/api/admin/users/${targetId}/unblock` },
    {
      method: 'POST',
      url: `/api/admin/users/${targetId}/change-password`,
      payload: { newPassword: 'Strong@Pass1' },
    },
    { method: 'GET', url: `/api/admin/users/${targetId}/activities` },
    {
      method: 'POST',
      url: '/api/admin/user-activities',
      payload: { type: 'CUSTOMER_EXPORT', message: 'Exported customers', ...SECURITY },
    },
  ];

  it('answers 401 without a session', async () => {
    for (const e of endpoints()) {
      const res = await call(ctx.app, e as never);
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
    }
  });

  it('answers 403 without the permission', async () => {
    for (const e of endpoints()) {
      // Logging an activity needs only a session (tested in the write suite).
      if (e.url === '/api/admin/user-activities') continue;
      const res = await outsider.request(e as never);
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
    }
  });

  it('answers 400 on a malformed id, everywhere an id is taken', async () => {
    const admin = await adminSession(ctx);
    for (const e of endpoints()) {
      if (!e.url.includes(targetId)) continue;
      const res = await admin.request({ ...e, url: e.url.replace(targetId, 'not-an-id') } as never);
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(400);
      expect(res.json().message).toBe('Invalid id');
    }
  });

  it('answers 404 for an id that does not exist', async () => {
    const admin = await adminSession(ctx);
    const get = await admin.request({ method: 'GET', url: `/api/admin/users/${ZERO_ID}` });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe('User not found');
    const acts = await admin.request({ method: 'GET', url: `/api/admin/users/${ZERO_ID}/activities` });
    expect(acts.statusCode).toBe(404);
  });
});

describe('users: list, filters, sorting, suggestion, detail', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  const ids: Record<string, string> = {};
  let roleId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    roleId = await createRole(ctx.database, [{ resource: 'hrm', actions: ['read'] }], {
      name: 'Filter Role',
    });
    const make = async (key: string, overrides: Record<string, unknown>, roleIds: string[] = []) => {
      ids[key] = (await createUser(ctx.database, { overrides: overrides as never, roleIds })).id;
    };
    await make('alpha', {
      name: 'Alpha_Listed',
      email: 'alpha.listed@karya.test',
      phone: '9123456780',
      createdAt: new Date('2024-03-10T20:00:00Z'), // 2024-03-11 01:30 in Kolkata
      updatedAt: new Date('2024-03-10T20:00:00Z'),
    });
    await make(
      'beta',
      {
        name: 'Beta Listed',
        email: 'beta.listed@karya.test',
        status: 'Blocked',
        maritalStatus: 'Married',
        gender: 'Male',
        employmentType: 'Contract',
        duration: 6,
        address: { city: 'Puri', state: 'Odisha', country: 'India' },
        createdAt: new Date('2024-03-12T10:00:00Z'),
        lastLogin: new Date('2025-01-01T00:00:00Z'),
      },
      [roleId],
    );
    await make('gamma', {
      name: 'Gamma Listed',
      email: 'gamma.listed@karya.test',
      address: { city: 'Sambalpur', state: 'Goa', country: 'India' },
      createdAt: new Date('2024-03-13T10:00:00Z'),
    });
    await make('alphaX', { name: 'AlphaXListed', email: 'alphax.listed@karya.test' });
  });
  afterAll(() => ctx.close());

  const list = async (params: [string, string][], who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: listUrl('/api/admin/users', params) });
    return res;
  };
  const names = (res: { json: () => { data: { users: { name: string }[] } } }) =>
    res.json().data.users.map((u) => u.name);

  it('lists live users newest first with the page envelope and no password', async () => {
    const res = await list([]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Users fetched successfully' });
    expect(body.data).toMatchObject({ page: 1, limit: 20, usersCount: 5 });
    expect(body.data.users).toHaveLength(5);
    const created = body.data.users.map((u: { createdAt: string }) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(res.body).not.toMatch(/password_?hash/i);
    const beta = body.data.users.find((u: { _id: string }) => u._id === ids.beta);
    expect(beta.roles).toEqual([{ _id: roleId, name: 'Filter Role', expiresAt: null }]);
  });

  it('filters by text, treating LIKE wildcards literally', async () => {
    expect(names(await list([['filters[name]', 'a_l']]))).toEqual(['Alpha_Listed']);
    expect(names(await list([['filters[name]', '%']]))).toEqual([]);
    expect(names(await list([['filters[email]', 'BETA.LISTED']]))).toEqual(['Beta Listed']);
    expect(names(await list([['filters[phone]', '912345']]))).toEqual(['Alpha_Listed']);
    expect(names(await list([['filters[address.city]', 'puri']]))).toEqual(['Beta Listed']);
    expect(names(await list([['filters[address.state]', 'goa']]))).toEqual(['Gamma Listed']);
  });

  it('filters by enum lists, roles and date ranges read in Kolkata', async () => {
    expect(names(await list([['filters[status][]', 'Blocked']]))).toEqual(['Beta Listed']);
    expect(
      names(
        await list([
          ['filters[maritalStatus][]', 'Married'],
          ['filters[gender][]', 'Male'],
          ['filters[employmentType][]', 'Contract'],
        ]),
      ),
    ).toEqual(['Beta Listed']);
    expect(names(await list([['filters[roles][]', roleId]]))).toEqual(['Beta Listed']);
    const day = (start: string, end: string) =>
      list([
        ['filters[createdAt][start]', start],
        ['filters[createdAt][end]', end],
      ]);
    expect(names(await day('2024-03-11', '2024-03-11'))).toEqual(['Alpha_Listed']);
    expect(names(await day('2024-03-10', '2024-03-10'))).toEqual([]);
    expect(names(await day('2024-03-11', '2024-03-13'))).toEqual([
      'Gamma Listed',
      'Beta Listed',
      'Alpha_Listed',
    ]);
    expect(names(await list([['filters[updatedAt][end]', '2024-03-11']]))).toEqual(['Alpha_Listed']);
  });

  it('sorts by the allowed fields and paginates with a true count', async () => {
    const scope: [string, string][] = [['filters[email]', 'listed@']];
    expect(names(await list([...scope, ['sortBy', 'name'], ['sortOrder', 'asc']]))).toEqual([
      'Alpha_Listed',
      'AlphaXListed',
      'Beta Listed',
      'Gamma Listed',
    ]);
    expect(names(await list([...scope, ['sortBy', 'name'], ['sortOrder', 'desc']]))[0]).toBe('Gamma Listed');
    expect(names(await list([...scope, ['sortBy', 'lastLogin'], ['sortOrder', 'desc']]))[0]).toBe(
      'Beta Listed',
    );
    const page2 = await list([...scope, ['sortBy', 'email'], ['page', '2'], ['limit', '3']]);
    expect(page2.json().data).toMatchObject({ usersCount: 4, page: 2, limit: 3 });
    expect(names(page2)).toEqual(['Gamma Listed']);
  });

  it('refuses bad list input with 400 and a clear message', async () => {
    const cases: [string, string][][] = [
      [['filters[__proto__]', 'x']],
      [['filters[constructor][prototype]', 'x']],
      [['filters[password]', 'x']],
      [['unknown', 'x']],
      [['filters[status][]', 'Sleeping']],
      [['filters[createdAt][start]', '2024-13-45']],
      [['filters[createdAt][start]', 'yesterday']],
      [['filters[roles][]', 'nope']],
      [['filters[isDeleted]', 'maybe']],
      [['limit', '1000']],
      [['page', '0']],
      [['sortBy', 'passwordHash']],
      [['sortOrder', 'sideways']],
    ];
    for (const params of cases) {
      const res = await list(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message, JSON.stringify(params)).toEqual(expect.any(String));
    }
    expect((await list([['limit', '1000']])).json().message).toBe('limit must be at most 100');
  });

  it('shows deleted users only on request, and only to holders of restore', async () => {
    const victim = await createUser(ctx.database, { overrides: { name: 'Deleted Listed' } });
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/users/${victim.id}` })).statusCode).toBe(
      200,
    );
    expect(names(await list([['filters[name]', 'Deleted Listed']]))).toEqual([]);
    const deleted = await list([
      ['filters[isDeleted]', 'true'],
      ['filters[deletedBy][]', admin.user.id],
    ]);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.users).toHaveLength(1);
    expect(deleted.json().data.users[0]).toMatchObject({
      name: 'Deleted Listed',
      isDeleted: true,
      status: 'Deleted',
      deletedBy: { _id: admin.user.id },
    });
    const reader = await asUserWithSession(ctx, [{ resource: 'user', actions: ['read'] }]);
    expect((await list([], reader)).statusCode).toBe(200);
    expect((await list([['filters[isDeleted]', 'true']], reader)).statusCode).toBe(403);
    const restorer = await asUserWithSession(ctx, [{ resource: 'user', actions: ['read', 'restore'] }]);
    expect((await list([['filters[isDeleted]', 'true']], restorer)).statusCode).toBe(200);
    // The detail page still shows a deleted user, for its deleted banner.
    const detail = await admin.request({ method: 'GET', url: `/api/admin/users/${victim.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ isDeleted: true, deletedBy: { _id: admin.user.id } });
  });

  it('suggests live, unblocked users by name or e-mail, selected ones first', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/users/suggestion?name=listed' });
    expect(res.statusCode).toBe(200);
    const found = res.json().data.map((u: { name: string }) => u.name);
    expect(found).toEqual(['Alpha_Listed', 'AlphaXListed', 'Gamma Listed']);
    expect(res.json().data[0]).toEqual({
      _id: ids.alpha,
      name: 'Alpha_Listed',
      email: 'alpha.listed@karya.test',
      image: null,
    });
    const withSelected = await admin.request({
      method: 'GET',
      url: `/api/admin/users/suggestion?name=gamma&selectedIds=${ids.beta},${ids.alpha}`,
    });
    expect(withSelected.json().data.map((u: { _id: string }) => u._id)).toEqual([
      ids.alpha,
      ids.beta,
      ids.gamma,
    ]);
    const bad = await admin.request({ method: 'GET', url: '/api/admin/users/suggestion?selectedIds=zzz' });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 22; i += 1) await createUser(ctx.database);
    const capped = await admin.request({ method: 'GET', url: '/api/admin/users/suggestion' });
    expect(capped.json().data).toHaveLength(20);
  });

  it('returns one user with roles and the Super Admin mark', async () => {
    const res = await admin.request({ method: 'GET', url: `/api/admin/users/${admin.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: admin.user.id, isSuperAdmin: true, isDeleted: false });
    expect(res.json().data.roles[0].name).toBe('Super Admin');
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });
});
