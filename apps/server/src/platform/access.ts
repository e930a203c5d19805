import {
  can,
  ERROR_CODES,
  MESSAGES,
  missingDependencies,
  missingDependencyMessage,
  permissionRefKey,
  SIGN_IN_STATUSES,
} from '@karya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { AuthFeed } from './auth-feed.ts';
import type { Clock } from './clock.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { holderRefsOf, type Principal, principalFor } from './principal.ts';
import { clientInfo } from './request-info.ts';
import { SESSION_COOKIE, type SessionStore } from './sessions.ts';

/**
 * What a route needs, declared on the route itself (config.access). Every /api route must declare one;
 * a route without it fails at start-up, so no endpoint is open by accident.
 * - public: anyone (sign-in, password reset, health)
 * - signedIn: any signed-in user; `beforePasswordChange` / `beforeVerification` let the route run while
 *   the user still has to change the password or verify the e-mail (me, logout, the flows that fix it)
 * - permission: a signed-in user holding every listed action on the resource
 */
export type Access =
  | { public: true }
  | { signedIn: true; beforePasswordChange?: boolean; beforeVerification?: boolean }
  | {
      resource: string;
      actions: readonly string[];
      beforePasswordChange?: boolean;
      beforeVerification?: boolean;
    };

export const permission = (resource: string, ...actions: string[]): Access => ({ resource, actions });
export const signedIn = (
  opts: { beforePasswordChange?: boolean; beforeVerification?: boolean } = {},
): Access => ({
  signedIn: true,
  ...opts,
});
export const publicAccess: Access = { public: true };

export type RouteEntry = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** The signed-in principal of a request that passed a non-public access check. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};

export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; clock: Clock; sessions: SessionStore; feed?: AuthFeed }) => {
    app.decorate('routeTable', [] as RouteEntry[]);
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionToken', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.routeTable.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const session = await opts.sessions.get(token);
        if (session) {
          // A store that keeps no holder (Redis): the versions by user, kept by the feed where there is one.
          const holder =
            session.holder ??
            (opts.feed
              ? await opts.feed.holder(session.userId, () => holderRefsOf(opts.db, session.userId))
              : await holderRefsOf(opts.db, session.userId));
          const principal = holder
            ? await principalFor(opts.db, opts.clock, holder, session.tokenHash)
            : null;
          // A deleted or blocked user has no session, whatever the store still holds.
          if (
            principal &&
            !principal.user.isDeleted &&
            SIGN_IN_STATUSES.includes(principal.user.status as never)
          ) {
            principal.client = clientInfo(request.headers['user-agent']);
            request.principal = principal;
            request.sessionToken = token;
          } else {
            await opts.sessions.destroyForUser(session.userId);
          }
        }
      }
      if ('public' in access) return;
      const p = request.principal;
      if (!p) throw unauthorized();
      if (p.user.mustChangePassword && !access.beforePasswordChange)
        throw forbidden(MESSAGES.passwordChangeRequired, ERROR_CODES.PASSWORD_CHANGE_REQUIRED);
      if (!p.user.isEmailVerified && !access.beforeVerification)
        throw forbidden(MESSAGES.emailNotVerified, ERROR_CODES.EMAIL_NOT_VERIFIED);
      if (!('resource' in access)) return;
      if (!access.actions.every((a) => can(p.permissions, access.resource, a))) throw forbidden();
      // An action held without what it needs (the pickers of its form) cannot be finished: say what is
      // missing rather than let the call fail later on a field (packages/domain permission-dependencies).
      for (const action of access.actions) {
        const missing = missingDependencies(p.permissions, access.resource, action);
        if (missing.length)
          throw new AppError(
            403,
            missingDependencyMessage(access.resource, action, missing),
            ERROR_CODES.MISSING_DEPENDENCY,
            {},
            { missing: missing.map(permissionRefKey) },
          );
      }
    });
  },
  { name: 'access' },
);
