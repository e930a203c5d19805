import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSOLUTE_TTL_MS, IDLE_TTL_MS, REMEMBER_TTL_MS } from '../src/platform/sessions.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createTestApp, login, type TestContext } from './helpers.ts';

const HOUR = 3600 * 1000;
const MINUTE = 60 * 1000;

describe('session lifetimes (movable clock)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (cookie: string) => call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);

  it('a browser session ends after 8 idle hours', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    ctx.clock.advance(IDLE_TTL_MS - MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(IDLE_TTL_MS + MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('use keeps a browser session alive, but never past 7 days from sign-in', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    let elapsed = 0;
    while (elapsed + 7 * HOUR < ABSOLUTE_TTL_MS - HOUR) {
      ctx.clock.advance(7 * HOUR);
      elapsed += 7 * HOUR;
      expect((await me(cookie)).statusCode).toBe(200);
    }
    ctx.clock.advance(ABSOLUTE_TTL_MS - elapsed + MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('remember-me survives idle days and ends after 30 days', async () => {
    const { res, cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD, { rememberMe: true });
    const set = res.cookies.find((c) => c.name === 'karya_sid');
    expect(set?.maxAge).toBe(REMEMBER_TTL_MS / 1000);
    ctx.clock.advance(29 * 24 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(REMEMBER_TTL_MS);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an ended session is removed from the store, not just refused', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    ctx.clock.advance(IDLE_TTL_MS + MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    const token = cookie.split('=')[1]!;
    expect(await ctx.app.deps.sessions.get(token)).toBeNull();
    // Moving the clock back does not bring it back: the row is gone.
    ctx.clock.advance(-(IDLE_TTL_MS + MINUTE));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('behind an HTTPS proxy (TRUST_PROXY=true)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://karya.example.in' });
  });
  afterAll(() => ctx.close());

  it('marks the session cookie Secure and sends HSTS when the request came over HTTPS', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https', origin: 'https://karya.example.in' },
      payload: {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        location: { type: 'Point', coordinates: [20.29, 85.82] },
        deviceInfo: { os: 'Linux', browser: 'Chromium', device: 'Desktop', model: 'Test' },
      },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'karya_sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('sends no HSTS over plain HTTP', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
