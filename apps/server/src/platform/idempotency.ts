import { ERROR_CODES } from '@karya/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** The header a client sends with a write it may replay (a follow-up logged offline, sent again later). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for replays. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** status 0: the first request with this key is still running. */
const IN_PROGRESS = 0;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
  otherRequest: 'This Idempotency-Key was already used for another request.',
  inProgress: 'This request is still being processed. Try again in a moment.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request claimed its idempotency key: its answer is stored for replays. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

/**
 * Writes a client may send twice (issue 11: a follow-up saved offline is replayed when the connection
 * returns, and the first attempt may have reached the server before the connection dropped). A POST or
 * PATCH with an `Idempotency-Key` header from a signed-in user claims the key (a row in idempotency_keys,
 * the primary key (user, key) makes the claim atomic), runs, and stores its answer; the same key again
 * gets the stored answer with `Idempotent-Replay: true` and changes nothing. A replay while the first is
 * still running answers 409; a key reused for another method or path 400. A 5xx answer releases the key so
 * the client may try again. Answers are kept for a week.
 *
 * The claim and the record's own write are separate statements: a process killed after the record's
 * transaction committed and before the answer was stored leaves the claim in progress, and replays then
 * answer 409 rather than write twice (nothing is duplicated; the user sees the message).
 */
export const registerIdempotency = (api: FastifyInstance, db: Db, clock: Clock) => {
  api.decorateRequest('idempotencyClaim', null);
  let lastSweep = 0;

  api.addHook('preHandler', async (request: FastifyRequest, reply) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !request.principal) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY.test(key))
      throw new AppError(400, IDEMPOTENCY_MESSAGES.invalidKey, ERROR_CODES.VALIDATION);
    const userId = request.principal.user.id;
    const path = request.url.split('?')[0]!;
    const now = clock.now();
    if (now.getTime() - lastSweep > 60 * 60 * 1000) {
      lastSweep = now.getTime();
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
    }
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method: request.method, path, status: IN_PROGRESS, body: {}, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { userId, key };
      return;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!stored) throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress, ERROR_CODES.CONFLICT);
    if (stored.method !== request.method || stored.path !== path)
      throw new AppError(400, IDEMPOTENCY_MESSAGES.otherRequest, ERROR_CODES.VALIDATION);
    if (stored.status === IN_PROGRESS)
      throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress, ERROR_CODES.CONFLICT);
    return reply.code(stored.status).header('idempotent-replay', 'true').send(stored.body);
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = { success: reply.statusCode < 400, message: payload };
    }
    await db.update(idempotencyKeys).set({ status: reply.statusCode, body }).where(where);
    return payload;
  });
};
