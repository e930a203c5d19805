import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUserWithSession,
  call,
  createRole,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';

/** GET /api/auth/who-can (issue 23): the people a screen names when it cannot offer an action. */
describe('who can', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('names the active users whose unexpired roles together grant every permission asked', async () => {
    const updaters = await createRole(ctx.database, [{ resource: 'customer', actions: ['read', 'update'] }]);
    const margins = await createRole(ctx.database, [{ resource: 'product-margin', actions: ['suggestion'] }]);
    const both = await createRole(ctx.database, [
      { resource: 'customer', actions: ['update'] },
      { resource: 'product-margin', actions: ['suggestion'] },
    ]);
    const expired = await createRole(
      ctx.database,
      [
        { resource: 'customer', actions: ['update'] },
        { resource: 'product-margin', actions: ['suggestion'] },
      ],
      { expiresAt: '2020-01-01' },
    );
    const twoRoles = await createUser(ctx.database, {
      roleIds: [updaters, margins],
      overrides: { name: 'Aa Two Roles' },
    });
    const oneRole = await createUser(ctx.database, { roleIds: [both], overrides: { name: 'Ab One Role' } });
    await createUser(ctx.database, { roleIds: [updaters], overrides: { name: 'Ac Only Updates' } });
    await createUser(ctx.database, { roleIds: [expired], overrides: { name: 'Ad Expired Role' } });
    await createUser(ctx.database, { roleIds: [both], overrides: { name: 'Ae Blocked', status: 'Blocked' } });
    await createUser(ctx.database, {
      roleIds: [both],
      overrides: { name: 'Af Deleted', isDeleted: true, status: 'Deleted' },
    });

    // Any signed-in user may ask, whatever they hold.
    const asker = await asUserWithSession(ctx, []);
    const res = await asker.request({
      method: 'GET',
      url: '/api/auth/who-can?needs=customer:update,product-margin:suggestion',
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().data.users.map((u: { name: string }) => u.name);
    // The bootstrapped administrator holds everything.
    expect(names.filter((n: string) => n.startsWith('A'))).toEqual(
      expect.arrayContaining(['Aa Two Roles', 'Ab One Role']),
    );
    for (const n of ['Ac Only Updates', 'Ad Expired Role', 'Ae Blocked', 'Af Deleted'])
      expect(names).not.toContain(n);
    expect(res.json().data.users.map((u: { _id: string }) => u._id)).toEqual(
      expect.arrayContaining([twoRoles.id, oneRole.id]),
    );
    expect(res.json().data.total).toBe(3);
  });

  it('refuses what is not in the catalogue, and answers only signed-in users', async () => {
    const asker = await asUserWithSession(ctx, []);
    for (const needs of ['customer:fly', 'nothing', '', 'a:b,c:d,e:f,g:h,i:j,k:l']) {
      const res = await asker.request({ method: 'GET', url: `/api/auth/who-can?needs=${needs}` });
      expect(res.statusCode, needs).toBe(400);
      expect(res.json().message).toMatch(/needs/);
    }
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/auth/who-can?needs=customer:read' })).statusCode,
    ).toBe(401);
  });
});
