import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './helpers.ts';

describe('platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /api/health answers with the version and the database kind', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok', database: expect.any(String) } });
  });

  it('every /api route declares an access rule', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(0);
    for (const r of ctx.app.routeTable) expect(r.access).toBeDefined();
  });

  it('unknown API paths answer 404 in the envelope', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('a state-changing call from a foreign origin is refused', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each(['/api/health', '/api/nope', '/', '/hrm/tasks', '/login'])(
    'sends the security headers on %s (API, web shell and misses alike)',
    async (url) => {
      const res = await call(ctx.app, { method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain('base-uri');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
      // Plain HTTP: no HSTS (sessions.test.ts checks it behind an HTTPS proxy).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );
});
