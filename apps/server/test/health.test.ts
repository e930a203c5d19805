import { type AddressInfo, createServer, type Server } from 'node:net';
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

  it('GET /api/ready checks the database and mail, and names each check', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { status: 'ready', checks: { database: 'ok', mail: 'ok (log only)' } },
    });
  });

  it('every answer carries its request id, and an error answer quotes it', async () => {
    const miss = await call(ctx.app, { method: 'GET', url: '/api/nope' });
    expect(miss.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(miss.json().requestId).toBe(miss.headers['x-request-id']);
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBe(bad.headers['x-request-id']);
    // A load balancer's own id is kept when it is plausible, replaced when it could forge a log line.
    const forwarded = await call(ctx.app, {
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234abcd' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-1234abcd');
    const forged = await call(ctx.app, {
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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

  it.each(['/api/health', '/api/nope', '/api/auth/me', '/', '/hrm/tasks', '/login'])(
    'sends the security headers on %s (API, refusals, web shell and misses alike)',
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

describe('readiness when a service does not answer', () => {
  let ctx: TestContext;
  let smtp: Server;
  beforeAll(async () => {
    // An SMTP "server" that accepts the connection and closes it at once: mail cannot go out.
    smtp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { realMailer: true });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => smtp.close(resolve));
  });

  it('answers 503 naming mail, while liveness stays 200', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Not ready: mail does not answer.',
      data: { checks: { database: 'ok', mail: 'unavailable' } },
      requestId: res.headers['x-request-id'],
    });
    expect(JSON.stringify(res.json())).not.toContain('smtp://');
    expect((await call(ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
