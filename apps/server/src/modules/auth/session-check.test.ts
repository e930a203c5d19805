import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  type TestContext,
} from '../../../test/helpers.ts';

/** GET /auth/session: the web app's start-up check, which must not log a 401 for a visitor. */
describe('GET /api/auth/session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 200 with null for a visitor, and for a made-up cookie', async () => {
    for (const cookie of [undefined, 'karya_sid=made-up']) {
      const res = await call(ctx.app, { method: 'GET', url: '/api/auth/session' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers with the same user /auth/me gives a signed-in user; /auth/me keeps its 401', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const session = await call(ctx.app, { method: 'GET', url: '/api/auth/session' }, cookie);
    const me = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.email).toBe(ADMIN_EMAIL);
    expect(session.json().data).toEqual(me.json().data);
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('answers null once the session has ended', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    await call(ctx.app, { method: 'POST', url: '/api/auth/logout' }, cookie);
    const res = await call(ctx.app, { method: 'GET', url: '/api/auth/session' }, cookie);
    expect(res.json().data).toBeNull();
  });
});
