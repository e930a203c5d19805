import {
  changePasswordSchema,
  emailVerifiedSchema,
  loginSchema,
  meDtoSchema,
  nullData,
  objectIdSchema,
  resetCodeRequestedSchema,
  resetSendOtpSchema,
  resetVerifyOtpSchema,
  sendOtpSchema,
  verificationCodeSentSchema,
  verifyOtpSchema,
} from '@karya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, publicAccess, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { clientIp } from '../../platform/request-info.ts';
import { REMEMBER_TTL_MS, SESSION_COOKIE } from '../../platform/sessions.ts';
import { currentCompanyState } from '../company/company.service.ts';
import { toMeDto } from '../users/user-dto.ts';
import { AUTH_MESSAGES, changeOwnPassword, login, type RequestInfo } from './auth.service.ts';
import {
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
  verifyEmailCode,
} from './auth-codes.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Auth'];

/** Routes that fix what the guard asks for (password change, verification) must run before it is fixed. */
const meAccess = signedIn({ beforePasswordChange: true, beforeVerification: true });

const infoOf = (request: FastifyRequest): RequestInfo => ({
  ip: clientIp(request),
  userAgent: request.headers['user-agent'],
  currentToken: request.cookies[SESSION_COOKIE] ?? null,
});

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: request.protocol === 'https',
});

const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

export const authRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    {
      config: { answer: answers(meDtoSchema, [429]), access: publicAccess },
      schema: { tags, summary: 'Sign in (sets the session cookie)', body: loginSchema },
    },
    async (request, reply) => {
      const result = await login(deps, request.body, infoOf(request));
      reply.setCookie(SESSION_COOKIE, result.token, {
        ...cookieOptions(request),
        // Without remember-me the cookie lives as long as the browser session.
        ...(result.remember ? { maxAge: REMEMBER_TTL_MS / 1000 } : {}),
      });
      return ok('Login successful', result.me);
    },
  );

  r.post(
    '/auth/logout',
    { config: { answer: answers(nullData), access: meAccess }, schema: { tags, summary: 'Sign out' } },
    async (request, reply) => {
      if (request.sessionToken) await deps.sessions.destroy(request.sessionToken);
      clearSessionCookie(request, reply);
      return ok('Logged out successfully', null);
    },
  );

  r.get(
    '/auth/me',
    {
      config: { answer: answers(meDtoSchema), access: meAccess },
      schema: { tags, summary: 'The signed-in user' },
    },
    async (request) =>
      ok('User fetched successfully', toMeDto(principalOf(request), currentCompanyState(deps))),
  );

  // The web app's start-up check: 200 with the user, or with null when nobody is signed in. /auth/me keeps
  // its 401 (spec); a visitor on the sign-in page is not an error, and a 401 there logs one in the browser.
  r.get(
    '/auth/session',
    {
      config: { answer: answers(meDtoSchema.nullable()), access: publicAccess },
      schema: { tags, summary: 'The signed-in user, or null when not signed in' },
    },
    async (request) =>
      ok(
        request.principal ? 'User fetched successfully' : 'Not signed in',
        request.principal ? toMeDto(request.principal, currentCompanyState(deps)) : null,
      ),
  );

  r.post(
    '/auth/:id/change-password',
    // auth:change-password is checked in the service: a forced change must never be a dead end.
    {
      config: { answer: answers(nullData), access: meAccess },
      schema: { tags, summary: 'Change own password', params: idParams, body: changePasswordSchema },
    },
    async (request) => {
      await changeOwnPassword(deps, principalOf(request), request.params.id, request.body, infoOf(request));
      return ok('Password changed successfully', null);
    },
  );

  r.post(
    '/auth/:id/send-otp',
    {
      config: { answer: answers(verificationCodeSentSchema, [429]), access: meAccess },
      schema: { tags, summary: 'Send an e-mail verification code', params: idParams, body: sendOtpSchema },
    },
    async (request) => {
      const data = await sendVerificationCode(
        deps,
        principalOf(request),
        request.params.id,
        request.body.method,
      );
      return ok('Verification code sent to your email', data);
    },
  );

  r.post(
    '/auth/:id/verify-otp',
    {
      config: { answer: answers(emailVerifiedSchema), access: meAccess },
      schema: { tags, summary: 'Verify the e-mail with the code', params: idParams, body: verifyOtpSchema },
    },
    async (request) => {
      await verifyEmailCode(deps, principalOf(request), request.params.id, request.body);
      return ok('Email verified successfully', { message: 'Email verified successfully' });
    },
  );

  r.post(
    '/auth/reset-password/send-otp',
    {
      config: { answer: answers(resetCodeRequestedSchema, [429]), access: publicAccess },
      schema: { tags, summary: 'Request a password-reset code', body: resetSendOtpSchema },
    },
    async (request) => {
      const data = await requestPasswordReset(deps, request.body, infoOf(request));
      return ok(AUTH_MESSAGES.resetRequested, data);
    },
  );

  r.post(
    '/auth/reset-password/verify-otp',
    {
      config: { answer: answers(nullData, [429]), access: publicAccess },
      schema: { tags, summary: 'Reset the password with the code', body: resetVerifyOtpSchema },
    },
    async (request) => {
      await resetPassword(deps, request.body, infoOf(request));
      return ok('Password reset successfully', null);
    },
  );
};
