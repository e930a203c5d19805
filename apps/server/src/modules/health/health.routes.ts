import { healthSchema, readySchema } from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import { publicAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers } from '../../platform/openapi-answers.ts';

/** A readiness check that has not answered by then counts as down (a load balancer must not wait on it). */
export const READY_TIMEOUT_MS = 3000;
/** SMTP is asked at most this often: a load balancer probing every few seconds must not open a connection each time. */
const MAIL_CHECK_EVERY_MS = 30_000;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

export const healthRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  // Liveness: the process runs and answers. It touches nothing outside the process, so a database outage
  // makes the server not ready (below) without a load balancer restarting healthy processes.
  app.get(
    '/health',
    {
      config: { answer: answers(healthSchema), access: publicAccess },
      schema: { tags: ['Health'], summary: 'Liveness: the process answers (version and database kind)' },
    },
    async () =>
      ok('OK', {
        status: 'ok',
        version: deps.version,
        database: deps.database.kind,
        // DATABASE_READ_URL: the replica's state (streaming, lagging, unreachable) and lag.
        ...(deps.replica ? { replica: deps.replica.status() } : {}),
      }),
  );

  let mailChecked: { at: number; result: Promise<unknown> } | undefined;
  const check = (name: string, run: () => Promise<unknown>) => {
    if (name !== 'mail') return run();
    const now = Date.now();
    if (!mailChecked || now - mailChecked.at > MAIL_CHECK_EVERY_MS) mailChecked = { at: now, result: run() };
    return mailChecked.result;
  };

  // Readiness: the database, Redis when configured, and mail each answer. 503 names what does not, so a
  // load balancer sends no traffic here and an operator sees why; nothing secret (no URL) is in the answer.
  app.get(
    '/ready',
    {
      config: { answer: answers(readySchema), access: publicAccess },
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the database, Redis (when configured) and mail answer',
      },
    },
    async (request, reply) => {
      const names = Object.keys(deps.readiness);
      const results = await Promise.allSettled(
        names.map((name) => withTimeout(check(name, deps.readiness[name]!), READY_TIMEOUT_MS)),
      );
      const checks: Record<string, string> = {};
      const down: string[] = [];
      results.forEach((result, i) => {
        const name = names[i]!;
        if (result.status === 'fulfilled') checks[name] = result.value === 'log' ? 'ok (log only)' : 'ok';
        else {
          checks[name] = 'unavailable';
          down.push(name);
          request.log.warn({ check: name, err: result.reason }, 'readiness check failed');
        }
      });
      if (down.length) {
        return reply.status(503).send({
          success: false,
          message: `Not ready: ${down.join(', ')} ${down.length === 1 ? 'does' : 'do'} not answer.`,
          error: 'NOT_READY',
          data: { status: 'unavailable', checks },
          requestId: request.id,
        });
      }
      return ok('Ready', { status: 'ready', checks });
    },
  );
};
