import type { AddressInfo } from 'node:net';
import { PHONE_METHOD_UNAVAILABLE } from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_EMAIL,
  agent,
  answerOf,
  call,
  createTestApp,
  createUser,
  login,
  SECURITY,
  type TestContext,
} from '../../../test/helpers.ts';
import { mailOutbox, otpCodes, userActivities, users } from '../../db/schema.ts';

/** Every refused reset code reads the same (known or unknown e-mail, wrong, expired, used or locked). */
const RESET_REFUSED = 'Invalid or expired verification code';

const unverifiedAgent = async (ctx: TestContext) => {
  const u = await createUser(ctx.database, { overrides: { isEmailVerified: false } });
  const { cookie } = await login(ctx.app, u.email, u.password);
  return { ...agent(ctx.app, cookie), user: u };
};

describe('account verification by e-mail code', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const send = (a: Awaited<ReturnType<typeof unverifiedAgent>>, method = 'email') =>
    a.request({ method: 'POST', url: `/api/auth/${a.user.id}/send-otp`, payload: { method } });
  const verify = (a: Awaited<ReturnType<typeof unverifiedAgent>>, otp: string, method = 'email') =>
    a.request({ method: 'POST', url: `/api/auth/${a.user.id}/verify-otp`, payload: { method, otp } });

  it('sends a code, refuses a resend within 30 s, verifies the e-mail once', async () => {
    const a = await unverifiedAgent(ctx);
    const res = await send(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Verification code sent to your email',
      data: { expiresInSeconds: 600, resendInSeconds: 30 },
    });
    const code = ctx.mailer.lastCodeFor(a.user.email)!;
    expect(code).toMatch(/^\d{6}$/);

    // Only a hash is stored.
    const rows = await ctx.database.db.select().from(otpCodes).where(eq(otpCodes.userId, a.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('verify-email');
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);

    const again = await send(a);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);

    ctx.clock.advance(31_000);
    expect((await send(a)).statusCode).toBe(200);
    const second = ctx.mailer.lastCodeFor(a.user.email)!;
    if (second !== code) {
      // The older code stopped working when the new one was sent.
      expect((await verify(a, code)).json().message).toBe('Invalid verification code');
    }

    const wrong = await verify(a, second === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');

    const okRes = await verify(a, second);
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json()).toEqual({
      success: true,
      message: 'Email verified successfully',
      data: { message: 'Email verified successfully' },
    });
    const me = await a.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.isEmailVerified).toBe(true);

    const twice = await verify(a, second);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Email is already verified');
    const sendVerified = await send(a);
    expect(sendVerified.statusCode).toBe(400);
    expect(sendVerified.json().message).toBe('Email is already verified');
  });

  it('a code expires after 10 minutes', async () => {
    const a = await unverifiedAgent(ctx);
    await send(a);
    const code = ctx.mailer.lastCodeFor(a.user.email)!;
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    const res = await verify(a, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verification code has expired. Please request a new one.');
  });

  it('five wrong tries kill the code', async () => {
    const a = await unverifiedAgent(ctx);
    await send(a);
    const code = ctx.mailer.lastCodeFor(a.user.email)!;
    const bad = code === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++)
      expect((await verify(a, bad)).json().message).toBe('Invalid verification code');
    const fifth = await verify(a, bad);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new code.');
    const right = await verify(a, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
    // A new code works again.
    ctx.clock.advance(31_000);
    await send(a);
    expect((await verify(a, ctx.mailer.lastCodeFor(a.user.email)!)).statusCode).toBe(200);
  });

  it('refuses the phone method, someone else’s id and a malformed code', async () => {
    const a = await unverifiedAgent(ctx);
    const phone = await send(a, 'phone');
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe(PHONE_METHOD_UNAVAILABLE);
    const b = await unverifiedAgent(ctx);
    const other = await a.request({
      method: 'POST',
      url: `/api/auth/${b.user.id}/send-otp`,
      payload: { method: 'email' },
    });
    expect(other.statusCode).toBe(403);
    const short = await verify(a, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('OTP must be 6 digits');
    const badMethod = await send(a, 'pigeon');
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().message).toBe('Invalid verification method');
  });

  it('is reachable while a password change is still required', async () => {
    const u = await createUser(ctx.database, {
      overrides: { isEmailVerified: false, mustChangePassword: true },
    });
    const { cookie } = await login(ctx.app, u.email, u.password);
    const res = await call(
      ctx.app,
      { method: 'POST', url: `/api/auth/${u.id}/send-otp`, payload: { method: 'email' } },
      cookie,
    );
    expect(res.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const u = await createUser(ctx.database, { overrides: { isEmailVerified: false } });
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/auth/${u.id}/send-otp`,
      payload: { method: 'email' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset by e-mail code', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const sendReset = (email: string, method = 'email') =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method, email, ...(method === 'phone' ? { phone: '9876543210' } : {}), ...SECURITY },
    });
  const resetWith = (email: string, otp: string, newPassword = 'Reset@12345') =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/verify-otp',
      payload: { method: 'email', email, otp, newPassword, confirmNewPassword: newPassword, ...SECURITY },
    });

  it('answers the same for known and unknown e-mails, including the resend wait', async () => {
    const u = await createUser(ctx.database);
    const known = await sendReset(u.email);
    const unknown = await sendReset('no.such.person@karya.test');
    expect(known.statusCode).toBe(200);
    expect(answerOf(known)).toEqual(answerOf(unknown));
    expect(known.json()).toEqual({
      success: true,
      message: 'If an account exists for this email, a verification code has been sent.',
      data: { resendInSeconds: 30 },
    });
    expect(ctx.mailer.lastCodeFor(u.email)).toMatch(/^\d{6}$/);
    expect(ctx.mailer.lastCodeFor('no.such.person@karya.test')).toBeUndefined();

    const knownAgain = await sendReset(u.email);
    const unknownAgain = await sendReset('no.such.person@karya.test');
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(answerOf(knownAgain)).toEqual(answerOf(unknownAgain));
    expect(knownAgain.headers['retry-after']).toBeDefined();

    const log = await ctx.database.db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, u.id), eq(userActivities.type, 'RESET_PASSWORD')));
    expect(log.map((l) => l.message)).toEqual(['Password reset code requested']);
  });

  it('resets the password once with the code and ends every session', async () => {
    const u = await createUser(ctx.database, { overrides: { mustChangePassword: true } });
    const s1 = await login(ctx.app, u.email, u.password);
    const s2 = await login(ctx.app, u.email, u.password);
    expect((await sendReset(u.email.toUpperCase())).statusCode).toBe(200);
    const code = ctx.mailer.lastCodeFor(u.email)!;
    const rows = await ctx.database.db.select().from(otpCodes).where(eq(otpCodes.userId, u.id));
    expect(rows.map((r) => r.purpose)).toEqual(['reset']);
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = await resetWith(u.email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(RESET_REFUSED);

    const res = await resetWith(u.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password reset successfully', data: null });
    for (const s of [s1, s2])
      expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, s.cookie)).statusCode).toBe(401);
    expect((await login(ctx.app, u.email, u.password)).res.statusCode).toBe(401);
    const fresh = await login(ctx.app, u.email, 'Reset@12345');
    expect(fresh.res.statusCode).toBe(200);
    expect(fresh.res.json().data.mustChangePassword).toBe(false);

    // The code worked once.
    const replay = await resetWith(u.email, code, 'Again@12345');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(RESET_REFUSED);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.lastPasswordChanged).not.toBeNull();
    const log = await ctx.database.db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, u.id), eq(userActivities.type, 'RESET_PASSWORD')));
    expect(log.map((l) => l.message).sort()).toEqual([
      'Password reset code requested',
      'Password reset successfully',
    ]);
  });

  it('applies expiry and the five-try limit to reset codes, answering every refusal alike', async () => {
    const u = await createUser(ctx.database);
    await sendReset(u.email);
    const code = ctx.mailer.lastCodeFor(u.email)!;
    const bad = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await resetWith(u.email, bad)).json().message).toBe(RESET_REFUSED);
    // The fifth wrong try killed the code: the right one is refused too, with the same words.
    const dead = await resetWith(u.email, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toBe(RESET_REFUSED);

    ctx.clock.advance(31_000);
    await sendReset(u.email);
    const next = ctx.mailer.lastCodeFor(u.email)!;
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await resetWith(u.email, next);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_REFUSED);
    expect((await login(ctx.app, u.email, u.password)).res.statusCode).toBe(200);
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const res = await resetWith('ghost@karya.test', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_REFUSED);
  });

  it('a verification code does not reset a password', async () => {
    const u = await createUser(ctx.database, { overrides: { isEmailVerified: false } });
    const { cookie } = await login(ctx.app, u.email, u.password);
    await call(
      ctx.app,
      { method: 'POST', url: `/api/auth/${u.id}/send-otp`, payload: { method: 'email' } },
      cookie,
    );
    const res = await resetWith(u.email, ctx.mailer.lastCodeFor(u.email)!);
    expect(res.statusCode).toBe(400);
  });

  it('refuses the phone method and checks the form', async () => {
    const phone = await sendReset(ADMIN_EMAIL, 'phone');
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe(PHONE_METHOD_UNAVAILABLE);
    const noEmail = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method: 'email', ...SECURITY },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('Email is required');
    const mismatch = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/verify-otp',
      payload: {
        method: 'email',
        email: ADMIN_EMAIL,
        otp: '123456',
        newPassword: 'Reset@12345',
        confirmNewPassword: 'Other@12345',
        ...SECURITY,
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Confirmation password does not match');
  });
});

describe('password reset code over real SMTP', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];
  /** While set, the SMTP server holds each message before accepting it. */
  let gate: Promise<void> | null = null;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, done) {
        // A mailbox that does not exist: delivery fails.
        if (address.address.startsWith('bounce')) return done(new Error('550 no such mailbox'));
        done();
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          await gate;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { realMailer: true });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset code, which then resets the password', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method: 'email', email: ADMIN_EMAIL, ...SECURITY },
    });
    expect(res.statusCode).toBe(200);
    // Delivered in the background (the answer does not wait on SMTP).
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.to).toEqual([ADMIN_EMAIL]);
    const code = received[0]!.raw.match(/code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await vi.waitFor(async () => {
      const [outbox] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ADMIN_EMAIL));
      expect(outbox!.delivered).toBe(true);
    });

    const reset = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/verify-otp',
      payload: {
        method: 'email',
        email: ADMIN_EMAIL,
        otp: code,
        newPassword: 'Smtp@12345',
        confirmNewPassword: 'Smtp@12345',
        ...SECURITY,
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(ctx.app, ADMIN_EMAIL, 'Smtp@12345')).res.statusCode).toBe(200);
  });

  it('answers before the SMTP server has accepted the message', async () => {
    let release!: () => void;
    gate = new Promise<void>((r) => {
      release = r;
    });
    const u = await createUser(ctx.database);
    const before = received.length;
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/reset-password/send-otp',
      payload: { method: 'email', email: u.email, ...SECURITY },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(before);
    release();
    gate = null;
    await vi.waitFor(() => expect(received).toHaveLength(before + 1));
  });

  it('a failed delivery answers like an unknown e-mail, keeps the error and leaves no code behind', async () => {
    const email = 'bounce.reset@karya.test';
    const u = await createUser(ctx.database, { overrides: { email } });
    const ask = (email: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/auth/reset-password/send-otp',
        payload: { method: 'email', email, ...SECURITY },
      });
    const known = await ask(email);
    const unknown = await ask('bounce.nobody@karya.test');
    expect(known.statusCode).toBe(200);
    expect(answerOf(known)).toEqual(answerOf(unknown));
    await vi.waitFor(async () => {
      const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row!.delivered).toBe(false);
      expect(row!.error).toContain('no such mailbox');
    });
    await vi.waitFor(async () => {
      expect(await ctx.database.db.select().from(otpCodes).where(eq(otpCodes.userId, u.id))).toHaveLength(0);
    });
  });
});
