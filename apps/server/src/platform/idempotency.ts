import { ERROR_CODES } from '@karya/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError, isDatabaseUnavailable } from './errors.ts';
import { runInRequestTransaction } from './request-transaction.ts';

/** The header a client sends with a write it may send again (the outbox, a form saved again after a lost answer). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for replays. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/**
 * status 0: a claim made by a version before issue 22, whose process may have died mid-request. This
 * version never commits a claim without its answer, so only such old rows are still "in progress".
 */
const IN_PROGRESS = 0;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
  otherRequest: 'This Idempotency-Key was already used for another request.',
  inProgress: 'This request is still being processed. Try again in a moment.',
} as const;

type Stored = typeof idempotencyKeys.$inferSelect;
/** The key was claimed by a request that has committed: its answer is sent instead of running again. */
class Replay extends Error {
  constructor(readonly stored: Stored | undefined) {
    super('replay');
  }
}

/** The status an error will be answered with (the error handler's mapping, in short). */
const statusOf = (error: unknown): number => {
  if (error instanceof AppError) return error.statusCode;
  if (isDatabaseUnavailable(error)) return 503;
  if (error instanceof ZodError || hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Writes a client may send twice (issue 11: a follow-up saved offline is replayed when the connection
 * returns; issue 22: every form's save, pressed again after a lost answer). A POST or PATCH with an
 * `Idempotency-Key` from a signed-in user runs in one transaction (request-transaction.ts) whose first
 * statement claims (user, key) in idempotency_keys and whose last stores the answer: so the claim commits
 * exactly when the write does. A process killed before the commit leaves no claim (the retry runs, at once);
 * killed after, the retry gets the first answer (`Idempotent-Replay: true`) and writes nothing. Two requests
 * with one key at once: the second's claim waits for the first's transaction, then replays its answer, or
 * runs if the first was undone. A refusal (4xx) frees the key (nothing was written: the client may correct
 * and send again); a 5xx undoes everything. A key reused for another method or path answers 400. Answers
 * are kept for a week. A multipart write (the approval's two PDFs) is keyed the same way: its transaction,
 * and so the claim, opens once the form reader has read every part. The key is matched by user, method and
 * path, not by a digest of the body: a form sent again after a lost answer, even one edited meanwhile, gets
 * the answer of what was written (the web makes a new key after any answer).
 */
export const registerIdempotency = (api: FastifyInstance, db: Db, clock: Clock) => {
  let lastSweep = 0;
  const sweep = async (now: Date) => {
    if (now.getTime() - lastSweep < 60 * 60 * 1000) return;
    lastSweep = now.getTime();
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  };

  const keyOf = (request: FastifyRequest): string | null => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !request.principal) return null;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY.test(key))
      throw new AppError(400, IDEMPOTENCY_MESSAGES.invalidKey, ERROR_CODES.VALIDATION);
    return key;
  };

  const replay = (request: FastifyRequest, reply: FastifyReply, path: string, stored: Stored | undefined) => {
    // Not there: swept between the claim and this read, or an old version's claim in progress.
    if (!stored || stored.status === IN_PROGRESS)
      throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress, ERROR_CODES.CONFLICT);
    if (stored.method !== request.method || stored.path !== path)
      throw new AppError(400, IDEMPOTENCY_MESSAGES.otherRequest, ERROR_CODES.VALIDATION);
    reply.code(stored.status).header('idempotent-replay', 'true');
    return stored.body;
  };

  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') && !methods.includes('PATCH')) return;
    const handler = route.handler;
    route.handler = async function idempotent(this: FastifyInstance, request, reply) {
      if (request.method !== 'POST' && request.method !== 'PATCH') return handler.call(this, request, reply);
      const key = keyOf(request);
      if (!key) return handler.call(this, request, reply);
      const userId = request.principal!.user.id;
      const path = request.url.split('?')[0]!;
      const now = clock.now();
      await sweep(now);
      const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
      // A handler that answers with reply.send(): the answer is held until the transaction has committed
      // with it, then sent.
      const send = reply.send;
      let held: { payload: unknown } | undefined;
      let answered!: () => void;
      const whenAnswered = new Promise<undefined>((resolve) => {
        answered = () => resolve(undefined);
      });
      reply.send = ((payload?: unknown) => {
        held = { payload };
        answered();
        return reply;
      }) as typeof reply.send;
      try {
        const result = await runInRequestTransaction({
          db,
          eager: !request.isMultipart(),
          open: async (tx) => {
            const claimed = await tx
              .insert(idempotencyKeys)
              .values({
                userId,
                key,
                method: request.method,
                path,
                status: IN_PROGRESS,
                body: {},
                createdAt: now,
              })
              .onConflictDoNothing()
              .returning({ key: idempotencyKeys.key });
            if (claimed.length) return;
            const [stored] = await tx.select().from(idempotencyKeys).where(mine);
            throw new Replay(stored);
          },
          // The reply is a thenable that settles once the answer is out: a handler that returns it (`return
          // reply.send(...)`) settles only after the held answer is sent, so the handler counts as done
          // when it answers.
          handler: () => {
            const running = Promise.resolve(handler.call(this, request, reply));
            running.catch(() => undefined);
            return Promise.race([running, whenAnswered]);
          },
          end: (outcome) => {
            if ('error' in outcome) {
              if (outcome.error instanceof Replay || statusOf(outcome.error) >= 500) return { commit: false };
              // A refusal: what the route wrote before refusing stays as it would without a key (a counted
              // wrong code, say); the key is free for the corrected request.
              return {
                commit: true,
                last: async (tx) => void (await tx.delete(idempotencyKeys).where(mine)),
              };
            }
            const status = reply.statusCode;
            const body = held ? held.payload : outcome.result;
            if (status >= 500) return { commit: false };
            if (status >= 400 || !isPlainObject(body))
              return {
                commit: true,
                last: async (tx) => void (await tx.delete(idempotencyKeys).where(mine)),
              };
            return {
              commit: true,
              last: async (tx) =>
                void (await tx
                  .update(idempotencyKeys)
                  .set({ status, body: JSON.parse(JSON.stringify(body)) })
                  .where(mine)),
            };
          },
        });
        reply.send = send;
        return held ? reply.send(held.payload) : result;
      } catch (error) {
        reply.send = send;
        if (error instanceof Replay) return replay(request, reply, path, error.stored);
        throw error;
      }
    };
  });
};
