import { createHash } from 'node:crypto';
import { todayInAppZone } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { ABSOLUTE_TTL_MS, countSessions, IDLE_TTL_MS, REMEMBER_TTL_MS } from '../src/platform/sessions.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminSession,
  call,
  createRole,
  createTestApp,
  createUser,
  login,
  SECURITY,
  sessionCookieFrom,
  type TestContext,
} from './helpers.ts';

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

/** The raw Set-Cookie line for the session cookie, as the browser receives it. */
const rawSessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([res.headers['set-cookie']].flat() as string[]).find((c) => c?.startsWith('karya_sid=')) ?? '';
const tokenOf = (cookie: string) => cookie.slice('karya_sid='.length);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('session cookie and store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (cookie: string) => call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);

  it('over plain HTTP the cookie is HttpOnly, SameSite=Lax, path /, not Secure, a browser-session cookie', async () => {
    const u = await createUser(ctx.database);
    const { res, cookie } = await login(ctx.app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const parts = rawSessionCookie(res)
      .split(';')
      .map((p) => p.trim().toLowerCase());
    expect(parts).toContain('httponly');
    expect(parts).toContain('samesite=lax');
    expect(parts).toContain('path=/');
    expect(parts).not.toContain('secure');
    expect(parts.some((p) => p.startsWith('max-age=') || p.startsWith('expires='))).toBe(false);
    // 256 random bits (43 base64url characters); the store keeps only their SHA-256.
    expect(tokenOf(cookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(tokenOf(cookie))]);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(cookie));
  });

  it('sign-in issues a new id: a cookie planted before it is never adopted and is ended', async () => {
    // Fixation: the attacker's own valid session, or a made-up value, sits in the victim's browser.
    const attacker = await createUser(ctx.database);
    const victim = await createUser(ctx.database);
    const attackersOwn = (await login(ctx.app, attacker.email, attacker.password)).cookie;
    const madeUp = 'karya_sid=attacker-chosen-value-0123456789abcdefghijklmnop';
    for (const planted of [attackersOwn, madeUp]) {
      const res = await call(
        ctx.app,
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: victim.email, password: victim.password, ...SECURITY },
        },
        planted,
      );
      expect(res.statusCode).toBe(200);
      const issued = sessionCookieFrom(res);
      expect(issued).toMatch(/^karya_sid=[A-Za-z0-9_-]{43}$/);
      expect(issued).not.toBe(planted);
      expect((await me(planted)).statusCode).toBe(401);
      const mine = await me(issued);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data._id).toBe(victim.id);
    }
  });

  it('logout deletes the session row; the other device stays signed in', async () => {
    const u = await createUser(ctx.database);
    const laptop = await login(ctx.app, u.email, u.password);
    const phone = await login(ctx.app, u.email, u.password);
    expect(await countSessions(ctx.database.db, u.id)).toBe(2);
    const out = await call(ctx.app, { method: 'POST', url: '/api/auth/logout' }, laptop.cookie);
    expect(out.statusCode).toBe(200);
    const cleared = rawSessionCookie(out).toLowerCase();
    expect(cleared).toMatch(/^karya_sid=;/);
    expect(cleared).toContain('httponly');
    expect(cleared).toMatch(/expires=thu, 01 jan 1970/);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(tokenOf(phone.cookie))]);
    expect((await me(laptop.cookie)).statusCode).toBe(401);
    expect((await me(phone.cookie)).statusCode).toBe(200);
  });
});

describe("ending a user's sessions", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof adminSession>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  const me = (cookie: string) => call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);

  /** A user signed in on two devices through the real sign-in. */
  const signedInTwice = async () => {
    const u = await createUser(ctx.database);
    const devices = [await login(ctx.app, u.email, u.password), await login(ctx.app, u.email, u.password)];
    for (const d of devices) expect((await me(d.cookie)).statusCode).toBe(200);
    return { ...u, cookies: devices.map((d) => d.cookie) };
  };

  const expectAllEnded = async (u: { id: string; cookies: string[] }) => {
    expect(await countSessions(ctx.database.db, u.id)).toBe(0);
    for (const c of u.cookies) expect((await me(c)).statusCode).toBe(401);
    // The administrator who did it is still signed in.
    expect((await admin.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  };

  it('blocking a user ends every session of that user', async () => {
    const u = await signedInTwice();
    const res = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/block` });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(u);
  });

  it('deleting a user ends every session of that user', async () => {
    const u = await signedInTwice();
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/users/${u.id}` });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(u);
  });

  it("an administrator setting a user's password ends every session of that user", async () => {
    const u = await signedInTwice();
    const res = await admin.request({
      method: 'POST',
      url: `/api/admin/users/${u.id}/change-password`,
      payload: { newPassword: 'Strong@Pass1', confirmNewPassword: 'Strong@Pass1' },
    });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(u);
  });

  it('changing one’s own password ends the other sessions and keeps the current one', async () => {
    const roleId = await createRole(ctx.database, [{ resource: 'auth', actions: ['change-password'] }]);
    const u = await createUser(ctx.database, { roleIds: [roleId] });
    const [current, other] = [
      await login(ctx.app, u.email, u.password),
      await login(ctx.app, u.email, u.password),
    ];
    const res = await call(
      ctx.app,
      {
        method: 'POST',
        url: `/api/auth/${u.id}/change-password`,
        payload: {
          oldPassword: u.password,
          newPassword: 'Fresh@12345',
          confirmNewPassword: 'Fresh@12345',
          ...SECURITY,
        },
      },
      current!.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(current!.cookie)).statusCode).toBe(200);
    expect((await me(other!.cookie)).statusCode).toBe(401);
    expect(await countSessions(ctx.database.db, u.id)).toBe(1);
  });

  it.each([
    ['Blocked', { status: 'Blocked' }],
    ['Inactive', { status: 'Inactive' }],
    ['deleted', { isDeleted: true, status: 'Deleted' }],
  ] as const)(
    'a user %s behind the routes’ back loses every session on the next request',
    async (_, change) => {
      const u = await signedInTwice();
      await ctx.database.db.update(users).set(change).where(eq(users.id, u.id));
      expect((await me(u.cookies[0]!)).statusCode).toBe(401);
      // The guard removed all of them, not just the one that knocked.
      expect(await countSessions(ctx.database.db, u.id)).toBe(0);
      expect((await me(u.cookies[1]!)).statusCode).toBe(401);
    },
  );
});

describe('an expired role (movable clock)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('loses its permissions on the next request of the same session when the clock passes its day', async () => {
    // "Tomorrow" in India by the app's clock; a role is expired from its expiry day on (spec 1 §4).
    const tomorrow = todayInAppZone(new Date(ctx.clock.now().getTime() + 24 * HOUR));
    const roleId = await createRole(ctx.database, [{ resource: 'role', actions: ['read'] }], {
      name: 'Seasonal reader',
      expiresAt: tomorrow,
    });
    const u = await createUser(ctx.database, { roleIds: [roleId] });
    const { cookie } = await login(ctx.app, u.email, u.password, { rememberMe: true });
    const roles = () => call(ctx.app, { method: 'GET', url: '/api/admin/roles' }, cookie);
    expect((await roles()).statusCode).toBe(200);
    const before = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(before.json().data.permissions).toEqual([{ resource: 'role', actions: ['read'] }]);
    expect(before.json().data.expiredRoles).toEqual([]);

    ctx.clock.advance(24 * HOUR);
    // Same session, nothing else changed: the role no longer counts.
    const after = await roles();
    expect(after.statusCode).toBe(403);
    const meAfter = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(meAfter.statusCode).toBe(200);
    expect(meAfter.json().data.permissions).toEqual([]);
    expect(meAfter.json().data.expiredRoles).toEqual(['Seasonal reader']);
  });
});
