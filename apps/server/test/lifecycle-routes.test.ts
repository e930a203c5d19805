import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type TestContext } from './helpers.ts';

/**
 * registerLifecycleRoutes registers exactly the lifecycle routes a module declares, each with the
 * permission written at its call site (the behaviour of each route is tested in the modules' files).
 */
describe('lifecycle routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const lifecycleOf = (base: string) =>
    ctx.app.routeTable
      .filter((r) => r.url.startsWith(`${base}/`) && /\/(:id|bulk)/.test(r.url) && r.method !== 'GET')
      .filter((r) => r.method === 'DELETE' || r.url.endsWith('/restore'))
      .map(
        (r) =>
          `${r.method} ${r.url} ${'resource' in r.access ? `${r.access.resource}:${r.access.actions.join('+')}` : '?'}`,
      )
      .sort();

  it('registers the six routes of tasks but the /permanent one (DELETE on a deleted task is the permanent delete)', () => {
    expect(lifecycleOf('/api/hrm/tasks')).toEqual([
      'DELETE /api/hrm/tasks/:id task:delete',
      'DELETE /api/hrm/tasks/bulk task:bulk-delete',
      'DELETE /api/hrm/tasks/bulk/permanent task:bulk-delete-permanently',
      'PATCH /api/hrm/tasks/:id/restore task:restore',
      'PATCH /api/hrm/tasks/bulk/restore task:bulk-restore',
    ]);
  });

  it('registers the single-record routes of teams and users, and no bulk forms they did not declare', () => {
    for (const [base, resource] of [
      ['/api/admin/teams', 'team'],
      ['/api/admin/users', 'user'],
    ] as const) {
      expect(lifecycleOf(base), resource).toEqual([
        `DELETE ${base}/:id ${resource}:delete`,
        `DELETE ${base}/:id/permanent ${resource}:delete-permanently`,
        `PATCH ${base}/:id/restore ${resource}:restore`,
      ]);
    }
  });

  it('answers 404 for a lifecycle path a module left out', async () => {
    const admin = await asAdmin(ctx.app);
    const res = await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${'a'.repeat(24)}/permanent` });
    expect(res.statusCode).toBe(404);
  });
});
