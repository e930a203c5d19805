// Signing in and changing one's password, with the limits and messages the auth routes share. The codes
// sent by e-mail (account verification, password reset) are in auth-codes.service.ts.
import {
  can,
  type changePasswordSchema,
  type DeviceInfo,
  ERROR_CODES,
  effectivePermissions,
  type GeoPoint,
  historyFieldLabel,
  type LoginInput,
  type MeDto,
  SIGN_IN_STATUSES,
} from '@karya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Region } from '../../config.ts';
import { type Point, users } from '../../db/schema.ts';
import { logActivity } from '../../platform/activity.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { type HistoryActor, recordChange } from '../../platform/history.ts';
import { burnPasswordTime, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { loadPrincipal, type Principal, rolesOfUser } from '../../platform/principal.ts';
import { currentCompanyState } from '../company/company.service.ts';
import { toMeDto } from '../users/user-dto.ts';

/** Failed sign-ins tolerated per account and per client address within one window. */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20, windowSeconds: 15 * 60 } as const;
/**
 * Password reset, for anyone who can reach the server: requests and wrong codes per address within a
 * window (429 with Retry-After, the same for every e-mail), and codes e-mailed per account per day (past
 * that, the answer stays the same and no code goes out).
 */
export const RESET_LIMITS = {
  requestsPerIp: 20,
  wrongCodesPerIp: 20,
  windowSeconds: 15 * 60,
  codesPerAccountPerDay: 10,
} as const;
/** Wrong old passwords tolerated per user within one window (a stolen session must not guess). */
export const CHANGE_PASSWORD_LIMIT = { tries: 5, windowSeconds: 15 * 60 } as const;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  blocked: 'Your account has been blocked. Please contact the administrator.',
  inactive: 'Your account is inactive. Please contact the administrator.',
  outsideRegion: 'Sign-in from your current location is not allowed.',
  tooManyLogins: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  tooManyResetRequests: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many password reset attempts from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  tooManyPasswordTries: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  notSelf: 'You can only do this for your own account.',
  oldPasswordWrong: 'Old password is incorrect',
  samePassword: 'New password must be different from the old password',
  emailAlreadyVerified: 'Email is already verified',
  mailFailed: 'We could not send the email right now. Please try again later.',
  resetRequested: 'If an account exists for this email, a verification code has been sent.',
} as const;

type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Who is calling: the address, the browser, and the session cookie the request already carried. */
export type RequestInfo = { ip: string | null; userAgent?: string; currentToken?: string | null };
type Security = { location: GeoPoint; deviceInfo: DeviceInfo };

export const accountKey = (email: string) => `login-fail:account:${email.toLowerCase()}`;
const ipKey = (ip: string | null) => `login-fail:ip:${ip ?? 'unknown'}`;
export const resetSendKey = (email: string) => `reset-otp:${email.toLowerCase()}`;
export const resetIpKey = (ip: string | null) => `reset-request:ip:${ip ?? 'unknown'}`;
export const resetWrongIpKey = (ip: string | null) => `reset-wrong:ip:${ip ?? 'unknown'}`;
export const resetDailyKey = (userId: string) => `reset-codes:day:${userId}`;

/** 429 once an address has used up its reset attempts of the window (any e-mail: the same answer). */
export const refuseBusyAddress = async (deps: AppDeps, key: string, limit: number) => {
  const seen = await deps.rateLimit.peek(key);
  if (seen.count >= limit)
    throw tooManyRequests(AUTH_MESSAGES.tooManyResetRequests(seen.resetInSeconds), seen.resetInSeconds);
};

export const isInsideRegion = (region: Region, point: GeoPoint) => {
  const [lat, lng] = point.coordinates as [number, number];
  return lat >= region.minLat && lat <= region.maxLat && lng >= region.minLng && lng <= region.maxLng;
};

/** The live (not deleted) user with this e-mail, compared without case. */
export const findLiveUser = async (deps: AppDeps, email: string) => {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.isDeleted, false)))
    .limit(1);
  return user;
};

export const pointOf = (location: GeoPoint): Point => ({
  type: 'Point',
  coordinates: [location.coordinates[0]!, location.coordinates[1]!],
});

/** A password change in the user's history: that it happened, by whom and from where; never a value. */
export const recordPasswordChange = (
  tx: Parameters<typeof recordChange>[0],
  actor: HistoryActor,
  now: Date,
  user: { id: string; name: string },
) =>
  recordChange(tx, actor, now, {
    entity: 'user',
    recordId: user.id,
    title: user.name,
    action: 'update',
    changes: [
      {
        field: 'password',
        label: historyFieldLabel('user', 'password'),
        from: null,
        to: null,
        redacted: true,
      },
    ],
  });

export const activity = (deps: AppDeps, info: RequestInfo, security: Security) => ({
  log: (type: Parameters<typeof logActivity>[1]['type'], userId: string | null, message: string) =>
    logActivity(deps.db, {
      userId,
      type,
      message,
      ipAddress: info.ip,
      deviceInfo: security.deviceInfo,
      location: {
        type: 'Point',
        coordinates: [security.location.coordinates[0]!, security.location.coordinates[1]!],
      },
    }),
});

export type LoginResult = { token: string; remember: boolean; me: MeDto };

/**
 * Sign-in (spec 1 §5). Limits are checked before the password, so a locked account refuses even the right
 * one; an unknown e-mail and a wrong password answer the same and cost the same time.
 */
export const login = async (deps: AppDeps, input: LoginInput, info: RequestInfo): Promise<LoginResult> => {
  const { log } = activity(deps, info, input);
  const email = input.email.toLowerCase();
  const user = await findLiveUser(deps, email);

  const [account, address] = await Promise.all([
    deps.rateLimit.peek(accountKey(email)),
    deps.rateLimit.peek(ipKey(info.ip)),
  ]);
  const locked = [
    account.count >= LOGIN_LIMITS.perAccount ? account.resetInSeconds : 0,
    address.count >= LOGIN_LIMITS.perIp ? address.resetInSeconds : 0,
  ];
  const wait = Math.max(...locked);
  if (wait > 0) {
    await log('LOGIN_FAILED', user?.id ?? null, 'Sign-in refused: too many failed attempts');
    throw tooManyRequests(AUTH_MESSAGES.tooManyLogins(wait), wait);
  }

  const fail = async (userId: string | null) => {
    await Promise.all([
      deps.rateLimit.hit(accountKey(email), LOGIN_LIMITS.windowSeconds),
      deps.rateLimit.hit(ipKey(info.ip), LOGIN_LIMITS.windowSeconds),
    ]);
    await log('LOGIN_FAILED', userId, 'Sign-in failed: invalid email or password');
    return unauthorized(AUTH_MESSAGES.invalidCredentials);
  };

  const region = deps.config.allowedRegion;
  const outside = region !== null && !isInsideRegion(region, input.location);
  // Only an account holding the exemption gets past the region lock, and only with its right password.
  const exempt =
    outside &&
    user !== undefined &&
    can(
      effectivePermissions(await rolesOfUser(deps.db, user.id), deps.clock.now()),
      'user',
      'allow-login-outside-region',
    );
  // Every path hashes once, so neither the answer nor its timing tells an unknown e-mail from an account.
  const passwordRight = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordTime(input.password).then(() => false);
  if (outside && !(exempt && passwordRight)) {
    // From outside, an exempt account's wrong password answers exactly as an unknown e-mail or an account
    // without the exemption: the region refusal, counted against the account and the address like any
    // failed attempt (so the limits do not tell them apart either).
    await Promise.all([
      deps.rateLimit.hit(accountKey(email), LOGIN_LIMITS.windowSeconds),
      deps.rateLimit.hit(ipKey(info.ip), LOGIN_LIMITS.windowSeconds),
    ]);
    await log(
      'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION',
      user?.id ?? null,
      `Sign-in refused: location outside the allowed region (${region?.name})`,
    );
    throw forbidden(AUTH_MESSAGES.outsideRegion, ERROR_CODES.OUTSIDE_REGION);
  }

  if (!user || !passwordRight) throw await fail(user?.id ?? null);

  // The right password of an account that may not sign in: say why, but only after the password matched.
  if (!SIGN_IN_STATUSES.includes(user.status as never)) {
    if (user.status === 'Blocked') {
      await log('LOGIN_FAILED', user.id, 'Sign-in refused: account blocked');
      throw forbidden(AUTH_MESSAGES.blocked);
    }
    if (user.status === 'Inactive') {
      await log('LOGIN_FAILED', user.id, 'Sign-in refused: account inactive');
      throw forbidden(AUTH_MESSAGES.inactive);
    }
    throw await fail(user.id);
  }

  // A new session id on every sign-in: a cookie planted before sign-in is worthless after it.
  if (info.currentToken) await deps.sessions.destroy(info.currentToken);
  const remember = input.rememberMe === true;
  const { token, record } = await deps.sessions.create({
    userId: user.id,
    remember,
    ipAddress: info.ip ?? undefined,
    userAgent: info.userAgent,
  });
  await deps.db.update(users).set({ lastLogin: deps.clock.now() }).where(eq(users.id, user.id));
  await deps.rateLimit.reset(accountKey(email));
  await log('LOGIN_SUCCESS', user.id, 'Login successful');
  const principal = await loadPrincipal(deps.db, deps.clock, user.id, record.tokenHash);
  if (!principal) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  return { token, remember, me: toMeDto(principal, currentCompanyState(deps)) };
};

export const ensureSelf = (principal: Principal, id: string) => {
  if (principal.user.id !== id) throw forbidden(AUTH_MESSAGES.notSelf);
};

/**
 * Change own password. auth:change-password is needed, except while a change is forced: a user who must
 * change the password can always do so, whatever the roles say.
 */
export const changeOwnPassword = async (
  deps: AppDeps,
  principal: Principal,
  id: string,
  input: ChangePasswordInput,
  info: RequestInfo,
) => {
  ensureSelf(principal, id);
  const user = principal.user;
  if (!user.mustChangePassword && !can(principal.permissions, 'auth', 'change-password')) throw forbidden();

  const key = `change-password-fail:${user.id}`;
  const tries = await deps.rateLimit.peek(key);
  if (tries.count >= CHANGE_PASSWORD_LIMIT.tries)
    throw tooManyRequests(AUTH_MESSAGES.tooManyPasswordTries(tries.resetInSeconds), tries.resetInSeconds);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await deps.rateLimit.hit(key, CHANGE_PASSWORD_LIMIT.windowSeconds);
    throw badRequest(AUTH_MESSAGES.oldPasswordWrong);
  }
  if (input.newPassword === input.oldPassword) throw badRequest(AUTH_MESSAGES.samePassword);

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, lastPasswordChanged: now, mustChangePassword: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await recordPasswordChange(tx, { ...principal, location: pointOf(input.location) }, now, user);
  });
  await deps.rateLimit.reset(key);
  // Every other device signs in again with the new password; this one stays.
  await deps.sessions.destroyForUser(user.id, principal.sessionTokenHash);
  await activity(deps, info, input).log('PASSWORD_CHANGE', user.id, 'Password changed successfully');
};
