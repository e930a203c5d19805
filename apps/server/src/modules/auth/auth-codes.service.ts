// The codes sent by e-mail: account verification and password reset (spec 1).
import {
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  PHONE_METHOD_UNAVAILABLE,
  type resetSendOtpSchema,
  type resetVerifyOtpSchema,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Principal, UserRow } from '../../platform/principal.ts';
import { clientInfo } from '../../platform/request-info.ts';
import {
  AUTH_MESSAGES,
  accountKey,
  activity,
  ensureSelf,
  findLiveUser,
  pointOf,
  RESET_LIMITS,
  type RequestInfo,
  recordPasswordChange,
  refuseBusyAddress,
  resetDailyKey,
  resetIpKey,
  resetSendKey,
  resetWrongIpKey,
} from './auth.service.ts';
import { checkOtp, consumeOtp, discardOtp, issueOtp, OTP_MESSAGES } from './otp.service.ts';

type ResetSendOtpInput = z.infer<typeof resetSendOtpSchema>;
type ResetVerifyOtpInput = z.infer<typeof resetVerifyOtpSchema>;

const codeMail = (to: string, subject: string, code: string, what: string, userId: string) => {
  const minutes = OTP_TTL_SECONDS / 60;
  return {
    to,
    about: { userId, kind: 'code' as const },
    subject,
    text: [
      `Your Karya ${what} code is ${code}.`,
      '',
      `It expires in ${minutes} minutes and works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
  };
};

const refusePhone = (method: string) => {
  if (method === 'phone') throw badRequest(PHONE_METHOD_UNAVAILABLE);
};

/** Account verification, step one: a code to the user's e-mail. */
export const sendVerificationCode = async (
  deps: AppDeps,
  principal: Principal,
  id: string,
  method: string,
) => {
  ensureSelf(principal, id);
  refusePhone(method);
  const user = principal.user;
  if (user.isEmailVerified) throw badRequest(AUTH_MESSAGES.emailAlreadyVerified);
  const { id: codeId, code } = await issueOtp(deps.db, deps.clock, user.id, 'verify-email');
  try {
    await deps.mailer.send(
      codeMail(user.email, 'Your Karya verification code', code, 'verification', user.id),
    );
  } catch {
    // Not delivered: the code is dropped so the user may ask again at once.
    await discardOtp(deps.db, codeId);
    throw new AppError(503, AUTH_MESSAGES.mailFailed, 'MAIL_FAILED');
  }
  return { expiresInSeconds: OTP_TTL_SECONDS, resendInSeconds: OTP_RESEND_SECONDS };
};

/** Account verification, step two. */
export const verifyEmailCode = async (
  deps: AppDeps,
  principal: Principal,
  id: string,
  input: { method: string; otp: string },
) => {
  ensureSelf(principal, id);
  refusePhone(input.method);
  const user = principal.user;
  if (user.isEmailVerified) throw badRequest(AUTH_MESSAGES.emailAlreadyVerified);
  const codeId = await checkOtp(deps.db, deps.clock, user.id, 'verify-email', input.otp);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeOtp(tx, deps.clock, codeId))) throw badRequest(OTP_MESSAGES.invalid);
    await tx
      .update(users)
      .set({ isEmailVerified: true, updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id));
  });
};

/**
 * Password reset, step one. The answer is the same whether or not the e-mail belongs to someone,
 * including the 429 within the resend wait, so the form cannot be used to find accounts.
 */
export const requestPasswordReset = async (deps: AppDeps, input: ResetSendOtpInput, info: RequestInfo) => {
  refusePhone(input.method);
  const email = (input.email ?? '').toLowerCase();
  await refuseBusyAddress(deps, resetIpKey(info.ip), RESET_LIMITS.requestsPerIp);
  await deps.rateLimit.hit(resetIpKey(info.ip), RESET_LIMITS.windowSeconds);
  const key = resetSendKey(email);
  const recent = await deps.rateLimit.peek(key);
  if (recent.count > 0)
    throw tooManyRequests(OTP_MESSAGES.resendWait(recent.resetInSeconds), recent.resetInSeconds);
  await deps.rateLimit.hit(key, OTP_RESEND_SECONDS);

  const user: UserRow | undefined = await findLiveUser(deps, email);
  await activity(deps, info, input).log('RESET_PASSWORD', user?.id ?? null, 'Password reset code requested');
  if (user) {
    // The counter above is the wait everyone sees. If it was forgotten (a restart, another process) while
    // the user's last code is younger than 30 s, issueOtp refuses; no new code goes out, and the answer
    // stays the one an unknown e-mail gets.
    // Past the day's codes for this account nothing more is sent, and the answer does not say so.
    const today = await deps.rateLimit.peek(resetDailyKey(user.id));
    const issued =
      today.count >= RESET_LIMITS.codesPerAccountPerDay
        ? null
        : await issueOtp(deps.db, deps.clock, user.id, 'reset').catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 429) return null;
            throw error;
          });
    if (issued) await deps.rateLimit.hit(resetDailyKey(user.id), 24 * 3600);
    // Delivered in the background: waiting on SMTP (or failing with it) would tell, by the time or the
    // answer, who has an account. A failed delivery discards the code; the outbox row keeps the error.
    if (issued)
      await deps.mailer.sendInBackground(
        codeMail(user.email, 'Your Karya password reset code', issued.code, 'password reset', user.id),
        () => discardOtp(deps.db, issued.id),
      );
  }
  return { resendInSeconds: OTP_RESEND_SECONDS };
};

/** Password reset, step two: the code and the new password; every session of the user ends. */
export const resetPassword = async (deps: AppDeps, input: ResetVerifyOtpInput, info: RequestInfo) => {
  refusePhone(input.method);
  const email = (input.email ?? '').toLowerCase();
  await refuseBusyAddress(deps, resetWrongIpKey(info.ip), RESET_LIMITS.wrongCodesPerIp);
  const user = await findLiveUser(deps, email);
  // Anyone may call this, so every refusal reads the same: 'expired' or 'too many tries' would tell that
  // the e-mail has an account (an unknown e-mail never has a code to expire or to lock). Each refusal
  // counts against the address, so codes cannot be guessed across many accounts from one place.
  const refused = async () => {
    await deps.rateLimit.hit(resetWrongIpKey(info.ip), RESET_LIMITS.windowSeconds);
    return badRequest(OTP_MESSAGES.resetRefused);
  };
  if (!user) throw await refused();
  const codeId = await checkOtp(deps.db, deps.clock, user.id, 'reset', input.otp).catch(
    async (error: unknown) => {
      throw error instanceof AppError && error.statusCode === 400 ? await refused() : error;
    },
  );
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await consumeOtp(tx, deps.clock, codeId))) throw await refused();
    // The code arrived by e-mail, which proves the address too.
    await tx
      .update(users)
      .set({
        passwordHash,
        lastPasswordChanged: now,
        mustChangePassword: false,
        isEmailVerified: true,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    // Nobody is signed in: the user, proven by the code, is who changed it.
    await recordPasswordChange(
      tx,
      { user, client: clientInfo(info.userAgent), location: pointOf(input.location) },
      now,
      user,
    );
  });
  await deps.sessions.destroyForUser(user.id);
  await deps.rateLimit.reset(accountKey(email));
  await activity(deps, info, input).log('RESET_PASSWORD', user.id, 'Password reset successfully');
};
