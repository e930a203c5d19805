import { ERROR_CODES, OTP_MAX_TRIES } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { mailOutbox, otpCodes } from '../src/db/schema.ts';
import { LOGIN_LIMITS, RESET_LIMITS } from '../src/modules/auth/auth.service.ts';
import { countSessions } from '../src/platform/sessions.ts';
import {
  ADMIN_EMAIL,
  answerOf,
  call,
  createTestApp,
  createUser,
  login,
  SECURITY,
  sessionCookieFrom,
  type TestContext,
} from './helpers.ts';

/**
 * Sign-in abuse (hostile-input suite): failed sign-ins per account and per address, the same answer for
 * known and unknown e-mails, and the one-time codes (10 minutes, single use, 5 tries, stored hashed,
 * 30 s between sends). Time moves on the app's test clock only.
 *
 * argon2 is wrapped (pass-through, counting) so a test can see that an unknown e-mail costs a password
 * verification too; nothing of ours is replaced.
 */
const argon = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifyCalls += 1;
      return real.verify(...args);
    },
  };
});

const MINUTE = 60_000;
const WINDOW_MS = LOGIN_LIMITS.windowSeconds * 1000;
const WRONG = 'Wrong@12345';
const RESET_REFUSED = 'Invalid or expired verification code';

let ipSeq = 0;
/** A fresh client address, so one test's failures never count against another's. */
const newIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const signIn = (
  ctx: TestContext,
  email: string,
  password: string,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...SECURITY },
    remoteAddress: opts.ip ?? newIp(),
    headers: opts.headers,
  });

/** Retry-After as a number of seconds; fails unless it is a plain positive integer. */
const retryAfter = (res: LightMyRequestResponse) => {
  const value = String(res.headers['retry-after']);
  expect(value).toMatch(/^[1-9]\d*$/);
  return Number(value);
};

/** Password reset, step one, from an address (inject's default when none is given). */
const askReset = (app: FastifyInstance, email: string, ip?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/reset-password/send-otp',
    payload: { method: 'email', email, ...SECURITY },
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** Password reset, step two: the code and a new password. */
const resetWithCode = (app: FastifyInstance, email: string, otp: string, ip?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/reset-password/verify-otp',
    payload: {
      method: 'email',
      email,
      otp,
      newPassword: 'Reset@12345',
      confirmNewPassword: 'Reset@12345',
      ...SECURITY,
    },
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** Header names of an answer, minus those that differ on every response anyway. */
const headerNames = (res: LightMyRequestResponse) =>
  Object.keys(res.headers)
    .filter((h) => h !== 'date')
    .sort();

describe('sign-in: failures per account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('5 failures (any case of the e-mail) lock the account; the right password is refused until the lock ends', async () => {
    const u = await createUser(ctx.database);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const email = i % 2 ? u.email.toUpperCase() : u.email;
      expect((await signIn(ctx, email, WRONG)).statusCode).toBe(401);
    }
    const locked = await signIn(ctx, u.email, u.password);
    expect(locked.statusCode).toBe(429);
    expect(answerOf(locked)).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      error: ERROR_CODES.RATE_LIMITED,
    });
    const wait = retryAfter(locked);
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    expect(wait).toBeGreaterThan(LOGIN_LIMITS.windowSeconds - 60);
    expect(sessionCookieFrom(locked)).toBe('');
    expect(await countSessions(ctx.database.db, u.id)).toBe(0);

    // Two seconds before the end: still locked, and attempts during the lock do not extend it.
    ctx.clock.advance(WINDOW_MS - 2000);
    for (const password of [u.password, WRONG, u.password]) {
      const res = await signIn(ctx, u.email, password);
      expect(res.statusCode).toBe(429);
      expect(retryAfter(res)).toBeLessThanOrEqual(2);
      expect(res.json().message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    }
    expect(await countSessions(ctx.database.db, u.id)).toBe(0);

    ctx.clock.advance(3000);
    const open = await signIn(ctx, u.email, u.password);
    expect(open.statusCode).toBe(200);
    expect(sessionCookieFrom(open)).not.toBe('');
  });

  it('an unknown e-mail locks alike: the same status, body and Retry-After as a known account', async () => {
    const u = await createUser(ctx.database);
    const ghost = `ghost.${u.id}@karya.test`;
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const [known, unknown] = [await signIn(ctx, u.email, WRONG), await signIn(ctx, ghost, WRONG)];
      expect(known.statusCode).toBe(401);
      expect(answerOf(unknown)).toEqual(answerOf(known));
    }
    const [known, unknown] = [await signIn(ctx, u.email, u.password), await signIn(ctx, ghost, u.password)];
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(answerOf(unknown)).toEqual(answerOf(known));
    expect(retryAfter(unknown)).toBe(retryAfter(known));
    expect(headerNames(unknown)).toEqual(headerNames(known));
  });
});

describe('sign-in: failures per address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('20 failures from one address across accounts lock that address for every account, until the window ends', async () => {
    const ip = '203.0.113.50';
    // Four failures on each of five accounts: no account reaches its own limit.
    const victims = [];
    for (let i = 0; i < 5; i++) victims.push(await createUser(ctx.database));
    let n = 0;
    for (const v of victims)
      for (let i = 0; i < 4; i++) {
        // Without TRUST_PROXY a forged X-Forwarded-For changes nothing: the socket address counts.
        const forged = { 'x-forwarded-for': `192.0.2.${++n}` };
        expect((await signIn(ctx, v.email, WRONG, { ip, headers: forged })).statusCode).toBe(401);
      }
    expect(n).toBe(LOGIN_LIMITS.perIp);

    const fresh = await createUser(ctx.database);
    const blocked = await signIn(ctx, fresh.email, fresh.password, {
      ip,
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(ERROR_CODES.RATE_LIMITED);
    const wait = retryAfter(blocked);
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    expect(wait).toBeGreaterThan(LOGIN_LIMITS.windowSeconds - 60);
    expect(sessionCookieFrom(blocked)).toBe('');

    // Another address is not affected, nor are the accounts themselves.
    expect((await signIn(ctx, fresh.email, fresh.password)).statusCode).toBe(200);
    expect((await signIn(ctx, victims[0]!.email, victims[0]!.password)).statusCode).toBe(200);

    ctx.clock.advance(WINDOW_MS + 1000);
    expect((await signIn(ctx, fresh.email, fresh.password, { ip })).statusCode).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=true)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => ctx.close());

  it('counts the address the proxy saw: rotating a forged leftmost X-Forwarded-For dodges nothing', async () => {
    const proxy = '127.0.0.1';
    const client = '198.51.100.77';
    const victims = [];
    for (let i = 0; i < 5; i++) victims.push(await createUser(ctx.database));
    let n = 0;
    for (const v of victims)
      for (let i = 0; i < 4; i++) {
        // The client writes the first entry; the proxy appends the address it saw.
        const headers = { 'x-forwarded-for': `192.0.2.${++n}, ${client}` };
        expect((await signIn(ctx, v.email, WRONG, { ip: proxy, headers })).statusCode).toBe(401);
      }
    const fresh = await createUser(ctx.database);
    const blocked = await signIn(ctx, fresh.email, fresh.password, {
      ip: proxy,
      headers: { 'x-forwarded-for': `192.0.2.250, ${client}` },
    });
    expect(blocked.statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    const other = await signIn(ctx, fresh.email, fresh.password, {
      ip: proxy,
      headers: { 'x-forwarded-for': '198.51.100.78' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('TRUST_PROXY takes true, false or proxy addresses, and refuses anything else', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/karya-unused' };
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual([
      'loopback',
      'linklocal',
      'uniquelocal',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
    ]);
    for (const bad of ['2', 'everything', '10.0.0.500', '10.0.0.0/33', '10.0.0.1,'])
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(
        "TRUST_PROXY: must be true, false or the proxies' IP addresses/CIDRs",
      );
  });
});

describe('known and unknown e-mails answer alike', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('sign-in: a wrong password, an unknown e-mail and a blocked account with a wrong password answer alike and cost one argon2 verification each', async () => {
    const u = await createUser(ctx.database);
    const blocked = await createUser(ctx.database, { overrides: { status: 'Blocked' } });
    const answers = [];
    for (const email of [u.email, `nobody.${u.id}@karya.test`, blocked.email]) {
      argon.verifyCalls = 0;
      const res = await signIn(ctx, email, WRONG);
      expect(argon.verifyCalls, email).toBe(1);
      answers.push(res);
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(answerOf(res)).toEqual({
        success: false,
        message: 'Invalid email or password',
        error: ERROR_CODES.UNAUTHENTICATED,
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(headerNames(res)).toEqual(headerNames(answers[0]!));
    }
  });

  it('reset, step one: the same answer and headers, and the same 429 and Retry-After within 30 s', async () => {
    const u = await createUser(ctx.database);
    const ghost = `ghost.${u.id}@karya.test`;
    const [known, unknown] = [await askReset(ctx.app, u.email), await askReset(ctx.app, ghost)];
    expect(known.statusCode).toBe(200);
    expect(answerOf(unknown)).toEqual(answerOf(known));
    expect(headerNames(unknown)).toEqual(headerNames(known));
    ctx.clock.advance(10_000);
    const [knownAgain, unknownAgain] = [await askReset(ctx.app, u.email), await askReset(ctx.app, ghost)];
    expect(knownAgain.statusCode).toBe(429);
    expect(answerOf(unknownAgain)).toEqual(answerOf(knownAgain));
    expect(retryAfter(knownAgain)).toBe(20);
    expect(retryAfter(unknownAgain)).toBe(20);
  });

  it('reset, step one: an app with fresh counters (a restart, another process) still answers alike within 30 s', async () => {
    const u = await createUser(ctx.database);
    const ghost = `ghost.${u.id}@karya.test`;
    expect((await askReset(ctx.app, u.email)).statusCode).toBe(200);
    const first = ctx.mailer.lastCodeFor(u.email)!;
    const mails = ctx.mailer.sent.length;

    // Same database and clock, its own (empty) counters: the code row still says "sent 5 s ago".
    const other = await buildApp({
      config: ctx.app.deps.config,
      database: ctx.database,
      clock: ctx.clock,
      mailer: ctx.mailer,
      logger: false,
    });
    try {
      await other.ready();
      ctx.clock.advance(5000);
      const [known, unknown] = [await askReset(other, u.email), await askReset(other, ghost)];
      expect(known.statusCode).toBe(200);
      expect(answerOf(known)).toEqual(answerOf(unknown));
      // No second code went out; the first one still works.
      expect(ctx.mailer.sent.length).toBe(mails);
    } finally {
      await other.close();
    }
    expect((await resetWithCode(ctx.app, u.email, first)).statusCode).toBe(200);
  });

  it('reset, step two: wrong, locked, expired and used codes read the same as an unknown e-mail', async () => {
    const u = await createUser(ctx.database);
    const ghost = `ghost.${u.id}@karya.test`;
    ctx.clock.advance(31_000);
    await askReset(ctx.app, u.email);
    await askReset(ctx.app, ghost);
    const code = ctx.mailer.lastCodeFor(u.email)!;
    const bad = code === '123456' ? '654321' : '123456';
    const same = async (label: string, otp: string) => {
      const [known, unknown] = [
        await resetWithCode(ctx.app, u.email, otp),
        await resetWithCode(ctx.app, ghost, otp),
      ];
      expect(known.statusCode, label).toBe(400);
      expect(known.json(), label).toMatchObject({ message: RESET_REFUSED });
      expect(answerOf(unknown), label).toEqual(answerOf(known));
    };
    for (let i = 1; i <= OTP_MAX_TRIES; i++) await same(`wrong try ${i}`, bad);
    await same('the right code after five wrong tries', code);

    ctx.clock.advance(31_000);
    await askReset(ctx.app, u.email);
    const fresh = ctx.mailer.lastCodeFor(u.email)!;
    ctx.clock.advance(10 * MINUTE);
    await same('an expired code', fresh);

    ctx.clock.advance(31_000);
    await askReset(ctx.app, u.email);
    const last = ctx.mailer.lastCodeFor(u.email)!;
    expect((await resetWithCode(ctx.app, u.email, last)).statusCode).toBe(200);
    await same('a used code', last);
  });
});

describe('one-time codes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** An unverified user signed in, with helpers for the verification code routes. */
  const unverified = async () => {
    const u = await createUser(ctx.database, { overrides: { isEmailVerified: false } });
    const { cookie } = await login(ctx.app, u.email, u.password);
    const send = () =>
      call(
        ctx.app,
        { method: 'POST', url: `/api/auth/${u.id}/send-otp`, payload: { method: 'email' } },
        cookie,
      );
    const verify = (otp: string) =>
      call(
        ctx.app,
        { method: 'POST', url: `/api/auth/${u.id}/verify-otp`, payload: { method: 'email', otp } },
        cookie,
      );
    return { ...u, send, verify, code: () => ctx.mailer.lastCodeFor(u.email)! };
  };

  it('a code works until its 10th minute and not from then on', async () => {
    const early = await unverified();
    expect((await early.send()).statusCode).toBe(200);
    ctx.clock.advance(10 * MINUTE - 1000);
    expect((await early.verify(early.code())).statusCode).toBe(200);

    const late = await unverified();
    expect((await late.send()).statusCode).toBe(200);
    ctx.clock.advance(10 * MINUTE);
    const res = await late.verify(late.code());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verification code has expired. Please request a new one.');
  });

  it('a code works once, even when two requests race with it', async () => {
    const u = await createUser(ctx.database);
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method: 'email', email: u.email, ...SECURITY },
    });
    expect(sent.statusCode).toBe(200);
    const code = ctx.mailer.lastCodeFor(u.email)!;
    const both = await Promise.all([
      resetWithCode(ctx.app, u.email, code),
      resetWithCode(ctx.app, u.email, code),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await resetWithCode(ctx.app, u.email, code)).statusCode).toBe(400);
  });

  it('wrong guesses in parallel still get five tries at most, then the right code is refused', async () => {
    const u = await unverified();
    await u.send();
    const code = u.code();
    const bad = code === '123456' ? '654321' : '123456';
    const guesses = await Promise.all(Array.from({ length: 12 }, () => u.verify(bad)));
    for (const g of guesses) expect(g.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(otpCodes).where(eq(otpCodes.userId, u.id));
    expect(row!.attempts).toBe(OTP_MAX_TRIES);
    const right = await u.verify(code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('a resend is refused with 429 and a counting-down Retry-After until 30 s have passed', async () => {
    const u = await unverified();
    expect((await u.send()).statusCode).toBe(200);
    ctx.clock.advance(29_000);
    const early = await u.send();
    expect(early.statusCode).toBe(429);
    expect(retryAfter(early)).toBe(1);
    expect(early.json()).toMatchObject({
      message: 'Please wait 1 second before requesting a new code.',
      error: ERROR_CODES.RATE_LIMITED,
    });
    ctx.clock.advance(1000);
    expect((await u.send()).statusCode).toBe(200);

    const reset = () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/auth/reset-password/send-otp',
        payload: { method: 'email', email: u.email, ...SECURITY },
      });
    expect((await reset()).statusCode).toBe(200);
    ctx.clock.advance(29_000);
    const resetEarly = await reset();
    expect(resetEarly.statusCode).toBe(429);
    expect(retryAfter(resetEarly)).toBe(1);
    ctx.clock.advance(1000);
    expect((await reset()).statusCode).toBe(200);
  });
});

describe('password reset: limits per address and per account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('one address may ask for 20 resets (any e-mails) per window, then gets the same 429 for every e-mail', async () => {
    const ip = newIp();
    const known = await createUser(ctx.database);
    for (let i = 0; i < RESET_LIMITS.requestsPerIp; i++)
      expect((await askReset(ctx.app, `nobody${i}@karya.test`, ip)).statusCode).toBe(200);
    const forKnown = await askReset(ctx.app, known.email, ip);
    const forUnknown = await askReset(ctx.app, 'nobody.else@karya.test', ip);
    expect(forKnown.statusCode).toBe(429);
    expect(answerOf(forKnown)).toEqual(answerOf(forUnknown));
    const wait = retryAfter(forKnown);
    expect(wait).toBeLessThanOrEqual(RESET_LIMITS.windowSeconds);
    expect(wait).toBeGreaterThan(RESET_LIMITS.windowSeconds - 60);
    // Another address is not affected; the window ends.
    expect((await askReset(ctx.app, known.email, newIp())).statusCode).toBe(200);
    ctx.clock.advance(RESET_LIMITS.windowSeconds * 1000 + 1000);
    expect((await askReset(ctx.app, 'nobody.later@karya.test', ip)).statusCode).toBe(200);
  });

  it('20 wrong codes from one address, across accounts, stop even the right code until the window ends', async () => {
    const ip = newIp();
    const victim = await createUser(ctx.database);
    expect((await askReset(ctx.app, victim.email, newIp())).statusCode).toBe(200);
    const code = ctx.mailer.lastCodeFor(victim.email)!;
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await createUser(ctx.database));
    let n = 0;
    for (const o of others)
      for (let i = 0; i < RESET_LIMITS.wrongCodesPerIp / 4; i++) {
        const wrong = String(100000 + ++n);
        expect((await resetWithCode(ctx.app, o.email, wrong, ip)).statusCode).toBe(400);
      }
    const blocked = await resetWithCode(ctx.app, victim.email, code, ip);
    expect(blocked.statusCode).toBe(429);
    expect(retryAfter(blocked)).toBeLessThanOrEqual(RESET_LIMITS.windowSeconds);
    // From another address the right code still works: the limit is the address's, not the account's.
    expect((await resetWithCode(ctx.app, victim.email, code, newIp())).statusCode).toBe(200);
  });

  it('an account gets at most 10 codes a day; past that the answer is the same and nothing is sent', async () => {
    const u = await createUser(ctx.database);
    const sentTo = () => ctx.mailer.sent.filter((m) => m.to === u.email).length;
    for (let i = 0; i < RESET_LIMITS.codesPerAccountPerDay; i++) {
      expect((await askReset(ctx.app, u.email, newIp())).statusCode).toBe(200);
      ctx.clock.advance(31_000);
    }
    expect(sentTo()).toBe(RESET_LIMITS.codesPerAccountPerDay);
    const more = await askReset(ctx.app, u.email, newIp());
    const unknown = await askReset(ctx.app, 'nobody.daily@karya.test', newIp());
    expect(more.statusCode).toBe(200);
    expect(answerOf(more)).toEqual(answerOf(unknown));
    expect(sentTo()).toBe(RESET_LIMITS.codesPerAccountPerDay);
    ctx.clock.advance(24 * 3600 * 1000);
    expect((await askReset(ctx.app, u.email, newIp())).statusCode).toBe(200);
    expect(sentTo()).toBe(RESET_LIMITS.codesPerAccountPerDay + 1);
  });
});

describe('one-time codes are never stored in the clear', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The real mailer (no SMTP_URL: the dev outbox), so the stored copy of the message can be read.
    ctx = await createTestApp({}, { realMailer: true });
  });
  afterAll(() => ctx.close());

  it('the code row holds a hash and the outbox copy of the e-mail masks the code', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method: 'email', email: ADMIN_EMAIL, ...SECURITY },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ADMIN_EMAIL));
    expect(mail!.text).toContain('Your Karya password reset code is ******.');
    expect(mail!.text).not.toMatch(/\d{6}/);
    const rows = await ctx.database.db.select().from(otpCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
