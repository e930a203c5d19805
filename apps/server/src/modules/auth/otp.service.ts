import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { newId, OTP_LENGTH, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@karya/domain';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, tooManyRequests } from '../../platform/errors.ts';

/** What a code is for; a code issued for one purpose never satisfies another. */
export type OtpPurpose = 'verify-email' | 'reset';

export const OTP_MESSAGES = {
  invalid: 'Invalid verification code',
  expired: 'Verification code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  /** Password reset (public): one answer for a wrong, expired, used or locked code and an unknown e-mail. */
  resetRefused: 'Invalid or expired verification code',
  resendWait: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
} as const;

// Only a hash is stored; the user id and purpose are mixed in so equal codes of two users differ.
export const hashOtp = (userId: string, purpose: OtpPurpose, code: string) =>
  createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const latest = async (db: Db, userId: string, purpose: OtpPurpose, unusedOnly: boolean) => {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, purpose),
        unusedOnly ? isNull(otpCodes.usedAt) : undefined,
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
};

/** Seconds until a new code may be sent for this user and purpose (0 when it may be sent now). */
export const resendWaitSeconds = async (db: Db, clock: Clock, userId: string, purpose: OtpPurpose) => {
  const last = await latest(db, userId, purpose, false);
  if (!last) return 0;
  const elapsedMs = clock.now().getTime() - last.createdAt.getTime();
  const waitMs = OTP_RESEND_SECONDS * 1000 - elapsedMs;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
};

/**
 * A new code for the user: refused with 429 within the resend wait; older unused codes of the same
 * purpose stop working. Returns the plain code (to be mailed, never stored) and the row id.
 */
export const issueOtp = async (db: Db, clock: Clock, userId: string, purpose: OtpPurpose) => {
  const wait = await resendWaitSeconds(db, clock, userId, purpose);
  if (wait > 0) throw tooManyRequests(OTP_MESSAGES.resendWait(wait), wait);
  const code = newCode();
  const now = clock.now();
  const id = newId();
  await db.transaction(async (tx) => {
    await tx
      .delete(otpCodes)
      .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt)));
    // Used codes only matter for the resend wait; old ones go.
    await tx
      .delete(otpCodes)
      .where(and(eq(otpCodes.userId, userId), lt(otpCodes.expiresAt, new Date(now.getTime() - 86_400_000))));
    await tx.insert(otpCodes).values({
      id,
      userId,
      purpose,
      codeHash: hashOtp(userId, purpose, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  return { id, code };
};

/** Forget a code that could not be delivered, so the user may ask again at once. */
export const discardOtp = async (db: Db, id: string) => {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
};

/**
 * Check a code against the user's latest unused one. A wrong code costs one of OTP_MAX_TRIES tries
 * (counted atomically, so parallel guesses cannot exceed it). Returns the id of the matching code, which
 * the caller then consumes inside its own transaction with consumeOtp. Throws 400 with the reason.
 */
export const checkOtp = async (db: Db, clock: Clock, userId: string, purpose: OtpPurpose, code: string) => {
  const row = await latest(db, userId, purpose, true);
  if (!row) throw badRequest(OTP_MESSAGES.invalid);
  if (row.attempts >= OTP_MAX_TRIES) throw badRequest(OTP_MESSAGES.tooManyTries);
  if (row.expiresAt.getTime() <= clock.now().getTime()) throw badRequest(OTP_MESSAGES.expired);
  if (sameHash(row.codeHash, hashOtp(userId, purpose, code))) return row.id;
  const [updated] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP_MAX_TRIES)))
    .returning({ attempts: otpCodes.attempts });
  if (!updated || updated.attempts >= OTP_MAX_TRIES) throw badRequest(OTP_MESSAGES.tooManyTries);
  throw badRequest(OTP_MESSAGES.invalid);
};

/** Mark a checked code used; false when a parallel request used it first (each code works once). */
export const consumeOtp = async (db: Db, clock: Clock, id: string) => {
  const rows = await db
    .update(otpCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt), lt(otpCodes.attempts, OTP_MAX_TRIES)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
};
