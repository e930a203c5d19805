import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  agent,
  answerOf,
  asUserWith,
  call,
  createRole,
  createTestApp,
  createUser,
  login,
  SECURITY,
  sessionCookieFrom,
  type TestContext,
} from '../../../test/helpers.ts';
import { userActivities, users } from '../../db/schema.ts';

const NO_FILE = '/api/files/aaaaaaaaaaaaaaaaaaaaaaaa';
let ipSeq = 0;
/** A fresh client address, so one test's failures never count against another's. */
const newIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const signIn = (ctx: TestContext, payload: object, opts: { ip?: string; cookie?: string } = {}) =>
  call(
    ctx.app,
    {
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...SECURITY, ...payload },
      remoteAddress: opts.ip ?? newIp(),
    },
    opts.cookie,
  );

const activitiesOf = (ctx: TestContext, userId: string) =>
  ctx.database.db.select().from(userActivities).where(eq(userActivities.userId, userId));

describe('auth: sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs in with an httpOnly SameSite=Lax browser-session cookie and answers the user', async () => {
    const u = await createUser(ctx.database);
    const res = await signIn(ctx, { email: u.email, password: u.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      data: { _id: u.id, email: u.email },
    });
    expect(body.data.passwordHash).toBeUndefined();
    expect(body.data.lastLogin).not.toBeNull();
    const c = res.cookies.find((x) => x.name === 'karya_sid')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.path).toBe('/');
    expect(c.maxAge).toBeUndefined();
    expect(c.expires).toBeUndefined();
    expect(c.secure).toBeUndefined();

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.lastLogin).not.toBeNull();
    const log = await activitiesOf(ctx, u.id);
    expect(log).toContainEqual(
      expect.objectContaining({
        type: 'LOGIN_SUCCESS',
        deviceInfo: SECURITY.deviceInfo,
        location: SECURITY.location,
        ipAddress: expect.any(String),
      }),
    );
  });

  it('keeps the cookie 30 days with remember-me', async () => {
    const u = await createUser(ctx.database);
    const res = await signIn(ctx, { email: u.email, password: u.password, rememberMe: true });
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'karya_sid')!;
    expect(c.maxAge).toBe(30 * 24 * 3600);
  });

  it('gives a new session id on each sign-in and ends the session the request carried', async () => {
    const u = await createUser(ctx.database);
    const first = await signIn(ctx, { email: u.email, password: u.password });
    const cookie1 = sessionCookieFrom(first);
    const second = await signIn(ctx, { email: u.email, password: u.password }, { cookie: cookie1 });
    const cookie2 = sessionCookieFrom(second);
    expect(cookie2).not.toBe('');
    expect(cookie2).not.toBe(cookie1);
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie1)).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie2)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way, and logs both', async () => {
    const u = await createUser(ctx.database);
    const wrong = await signIn(ctx, { email: u.email, password: 'Wrong@12345' });
    const unknown = await signIn(ctx, { email: 'nobody.here@karya.test', password: 'Wrong@12345' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(answerOf(wrong)).toEqual(answerOf(unknown));
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(sessionCookieFrom(wrong)).toBe('');
    expect(await activitiesOf(ctx, u.id)).toContainEqual(expect.objectContaining({ type: 'LOGIN_FAILED' }));
    const anonymous = await ctx.database.db
      .select()
      .from(userActivities)
      .where(eq(userActivities.type, 'LOGIN_FAILED'));
    expect(anonymous.some((a) => a.userId === null)).toBe(true);
  });

  it('accepts the e-mail in any case', async () => {
    const u = await createUser(ctx.database);
    const res = await signIn(ctx, { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
  });

  it('validates the body with the domain messages', async () => {
    const missingLocation = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, deviceInfo: SECURITY.deviceInfo },
    });
    expect(missingLocation.statusCode).toBe(400);
    expect(missingLocation.json().message).toBe('Location is required');

    const badDevice = await signIn(ctx, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      deviceInfo: { ...SECURITY.deviceInfo, os: '' },
    });
    expect(badDevice.statusCode).toBe(400);
    expect(badDevice.json().message).toBe('Device os is required');

    const badEmail = await signIn(ctx, { email: 'not-an-email', password: ADMIN_PASSWORD });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Invalid email format');

    const threeCoords = await signIn(ctx, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      location: { type: 'Point', coordinates: [1, 2, 3] },
    });
    expect(threeCoords.statusCode).toBe(400);
    expect(threeCoords.json().message).toBe('Location must have exactly 2 coordinates');

    const shortPassword = await signIn(ctx, { email: ADMIN_EMAIL, password: 'Ad@1234' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toBe('Password must be at least 8 characters long');
  });

  it('refuses blocked, inactive and deleted users', async () => {
    const blocked = await createUser(ctx.database, { overrides: { status: 'Blocked' } });
    const res = await signIn(ctx, { email: blocked.email, password: blocked.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account has been blocked. Please contact the administrator.');
    expect(sessionCookieFrom(res)).toBe('');
    // The status is only told to someone who knows the password.
    const blockedWrong = await signIn(ctx, { email: blocked.email, password: 'Wrong@12345' });
    expect(blockedWrong.statusCode).toBe(401);

    const inactive = await createUser(ctx.database, { overrides: { status: 'Inactive' } });
    expect((await signIn(ctx, { email: inactive.email, password: inactive.password })).statusCode).toBe(403);

    const deleted = await createUser(ctx.database, { overrides: { isDeleted: true, status: 'Deleted' } });
    const d = await signIn(ctx, { email: deleted.email, password: deleted.password });
    expect(d.statusCode).toBe(401);
    expect(d.json().message).toBe('Invalid email or password');
  });

  it('lets a user who must change the password sign in, then the guard asks for the change', async () => {
    const u = await createUser(ctx.database, { overrides: { mustChangePassword: true } });
    const res = await signIn(ctx, { email: u.email, password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mustChangePassword).toBe(true);
    const cookie = sessionCookieFrom(res);
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie)).statusCode).toBe(200);
    const other = await call(ctx.app, { method: 'GET', url: NO_FILE }, cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it("carries the company's GST state in me and the session answer (the party forms name it)", async () => {
    const u = await createUser(ctx.database);
    const { cookie } = await login(ctx.app, u.email, u.password);
    for (const url of ['/api/auth/me', '/api/auth/session']) {
      const res = await call(ctx.app, { method: 'GET', url }, cookie);
      expect(res.json().data.companyState, url).toBe('Odisha');
    }
  });

  it('lets an unverified user reach me but not the rest', async () => {
    const u = await createUser(ctx.database, { overrides: { isEmailVerified: false } });
    const { cookie } = await login(ctx.app, u.email, u.password);
    const me = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.isEmailVerified).toBe(false);
    const other = await call(ctx.app, { method: 'GET', url: NO_FILE }, cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      error: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email to continue.',
    });
  });
});

describe('auth: failed sign-in limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('locks an account after 5 failures, even against the right password, until the window ends', async () => {
    const u = await createUser(ctx.database);
    for (let i = 0; i < 5; i++) {
      const res = await signIn(ctx, { email: u.email, password: 'Wrong@12345' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn(ctx, { email: u.email, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(sessionCookieFrom(locked)).toBe('');
    // Another account is not affected.
    expect((await signIn(ctx, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).statusCode).toBe(200);

    ctx.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signIn(ctx, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account counter', async () => {
    const u = await createUser(ctx.database);
    for (let i = 0; i < 4; i++) await signIn(ctx, { email: u.email, password: 'Wrong@12345' });
    expect((await signIn(ctx, { email: u.email, password: u.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(ctx, { email: u.email, password: 'Wrong@12345' });
    expect((await signIn(ctx, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('limits one address to 20 failures across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      const res = await signIn(ctx, { email: `ghost${i}@karya.test`, password: 'Wrong@12345' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(ctx, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await signIn(ctx, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });
});

describe('auth: allowed region', () => {
  let ctx: TestContext;
  const OUTSIDE = { type: 'Point' as const, coordinates: [28.6139, 77.209] };
  beforeAll(async () => {
    ctx = await createTestApp({ ALLOWED_REGION: 'odisha' });
  });
  afterAll(() => ctx.close());

  it('refuses a sign-in from outside the region and logs it', async () => {
    const u = await createUser(ctx.database);
    const res = await signIn(ctx, { email: u.email, password: u.password, location: OUTSIDE });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Sign-in from your current location is not allowed.',
      error: 'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION',
    });
    expect(sessionCookieFrom(res)).toBe('');
    expect(await activitiesOf(ctx, u.id)).toContainEqual(
      expect.objectContaining({ type: 'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION', location: OUTSIDE }),
    );
    // Inside the region the same user signs in.
    expect((await signIn(ctx, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('lets a user holding allow-login-outside-region sign in from anywhere', async () => {
    const roleId = await createRole(ctx.database, [
      { resource: 'user', actions: ['allow-login-outside-region'] },
    ]);
    const u = await createUser(ctx.database, { roleIds: [roleId] });
    const res = await signIn(ctx, { email: u.email, password: u.password, location: OUTSIDE });
    expect(res.statusCode).toBe(200);
    // The exemption does not skip the password, and its wrong password answers exactly as an unknown
    // e-mail does from outside: nothing tells an exempt account apart.
    const wrong = await signIn(ctx, { email: u.email, password: 'Wrong@12345', location: OUTSIDE });
    const unknown = await signIn(ctx, {
      email: 'nobody-here@karya.test',
      password: 'Wrong@12345',
      location: OUTSIDE,
    });
    expect(wrong.statusCode).toBe(403);
    expect(answerOf(wrong)).toEqual(answerOf(unknown));
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(await activitiesOf(ctx, u.id)).toContainEqual(
      expect.objectContaining({ type: 'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION' }),
    );
  });

  it('ignores an expired role that held the exemption', async () => {
    const roleId = await createRole(
      ctx.database,
      [{ resource: 'user', actions: ['allow-login-outside-region'] }],
      { expiresAt: '2000-01-01' },
    );
    const u = await createUser(ctx.database, { roleIds: [roleId] });
    const res = await signIn(ctx, { email: u.email, password: u.password, location: OUTSIDE });
    expect(res.statusCode).toBe(403);
  });
});

describe('auth: session, me and logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 401 on /auth/me without a cookie or with a made-up one', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, 'karya_sid=made-up');
    expect(res.statusCode).toBe(401);
  });

  it('returns the user with effective permissions and expired role names', async () => {
    const active = await createRole(ctx.database, [{ resource: 'auth', actions: ['change-password'] }]);
    const expired = await createRole(ctx.database, [{ resource: 'role', actions: ['read'] }], {
      name: 'Seasonal',
      expiresAt: '2001-01-01',
    });
    const u = await createUser(ctx.database, { roleIds: [active, expired] });
    const { cookie } = await login(ctx.app, u.email, u.password);
    const res = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('User fetched successfully');
    expect(body.data.permissions).toEqual([{ resource: 'auth', actions: ['change-password'] }]);
    expect(body.data.expiredRoles).toEqual(['Seasonal']);
    expect(body.data.mustChangePassword).toBe(false);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const u = await createUser(ctx.database);
    const { cookie } = await login(ctx.app, u.email, u.password);
    const res = await call(ctx.app, { method: 'POST', url: '/api/auth/logout' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully', data: null });
    const cleared = res.cookies.find((c) => c.name === 'karya_sid')!;
    expect(cleared.value).toBe('');
    // Replaying the old cookie does not work.
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie)).statusCode).toBe(401);
  });

  it('logout without a session answers 401', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('auth: change own password', () => {
  let ctx: TestContext;
  const body = (oldPassword: string, newPassword: string) => ({
    oldPassword,
    newPassword,
    confirmNewPassword: newPassword,
    ...SECURITY,
  });
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses a wrong old password and an unchanged one', async () => {
    const a = await asUserWith(ctx, [{ resource: 'auth', actions: ['change-password'] }]);
    const url = `/api/auth/${a.user.id}/change-password`;
    const wrong = await a.request({ method: 'POST', url, payload: body('Nope@12345', 'Fresh@12345') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Old password is incorrect');
    const same = await a.request({ method: 'POST', url, payload: body(a.user.password, a.user.password) });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('New password must be different from the old password');
    const weak = await a.request({ method: 'POST', url, payload: body(a.user.password, 'weakpass') });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain at least one uppercase letter');
    const mismatch = await a.request({
      method: 'POST',
      url,
      payload: { ...body(a.user.password, 'Fresh@12345'), confirmNewPassword: 'Other@12345' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Confirmation password must match');
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const a = await asUserWith(ctx, [{ resource: 'auth', actions: ['change-password'] }]);
    const other = await login(ctx.app, a.user.email, a.user.password);
    const res = await a.request({
      method: 'POST',
      url: `/api/auth/${a.user.id}/change-password`,
      payload: body(a.user.password, 'Fresh@12345'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully', data: null });
    expect((await a.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, other.cookie)).statusCode).toBe(401);
    expect((await login(ctx.app, a.user.email, a.user.password)).res.statusCode).toBe(401);
    expect((await login(ctx.app, a.user.email, 'Fresh@12345')).res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.lastPasswordChanged).not.toBeNull();
    const log = await ctx.database.db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, a.user.id), eq(userActivities.type, 'PASSWORD_CHANGE')));
    expect(log).toHaveLength(1);
  });

  it('needs auth:change-password and the own id', async () => {
    const a = await asUserWith(ctx, [{ resource: 'user', actions: ['read'] }]);
    const res = await a.request({
      method: 'POST',
      url: `/api/auth/${a.user.id}/change-password`,
      payload: body(a.user.password, 'Fresh@12345'),
    });
    expect(res.statusCode).toBe(403);
    const b = await asUserWith(ctx, [{ resource: 'auth', actions: ['change-password'] }]);
    const someoneElse = await b.request({
      method: 'POST',
      url: `/api/auth/${a.user.id}/change-password`,
      payload: body(b.user.password, 'Fresh@12345'),
    });
    expect(someoneElse.statusCode).toBe(403);
    expect((await login(ctx.app, a.user.email, a.user.password)).res.statusCode).toBe(200);
  });

  it('a forced change works without the permission and clears mustChangePassword', async () => {
    const u = await createUser(ctx.database, { overrides: { mustChangePassword: true } });
    const { cookie } = await login(ctx.app, u.email, u.password);
    const me = agent(ctx.app, cookie);
    const res = await me.request({
      method: 'POST',
      url: `/api/auth/${u.id}/change-password`,
      payload: body(u.password, 'Fresh@12345'),
    });
    expect(res.statusCode).toBe(200);
    const after = await me.request({ method: 'GET', url: '/api/auth/me' });
    expect(after.json().data.mustChangePassword).toBe(false);
    // The guard no longer stops this user (the file simply does not exist).
    expect((await me.request({ method: 'GET', url: NO_FILE })).statusCode).toBe(404);
  });

  it('stops guessing the old password after 5 wrong tries', async () => {
    const a = await asUserWith(ctx, [{ resource: 'auth', actions: ['change-password'] }]);
    const url = `/api/auth/${a.user.id}/change-password`;
    for (let i = 0; i < 5; i++) {
      const res = await a.request({ method: 'POST', url, payload: body('Nope@12345', 'Fresh@12345') });
      expect(res.statusCode).toBe(400);
    }
    const res = await a.request({ method: 'POST', url, payload: body(a.user.password, 'Fresh@12345') });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
