import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { ERROR_CODES, MESSAGES } from '@karya/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { Config } from './config.ts';
import { startAutoAnalyze } from './db/auto-analyze.ts';
import type { Database } from './db/client.ts';
import { scheduleFollowUpReminders } from './jobs/follow-up-reminders.ts';
import { registerModules } from './modules/index.ts';
import { startBackupServices } from './ops/backup-service.ts';
import { accessPlugin } from './platform/access.ts';
import { startAuthFeed } from './platform/auth-feed.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { checkOrigin } from './platform/csrf.ts';
import type { AppDeps } from './platform/deps.ts';
import { AppError, isDatabaseUnavailable, serviceUnavailable } from './platform/errors.ts';
import { startFileSweep } from './platform/file-sweep.ts';
import { type FileStorage, localStorage } from './platform/files.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { registerBodyParsers } from './platform/json-body.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { grantDocsAccess, registerDocs } from './platform/openapi.ts';
import { memoryRateLimitStore, type RateLimitStore } from './platform/rate-limit.ts';
import { registerReadRouting, startReadRouter } from './platform/read-replica.ts';
import { closeRedis, connectRedis, redisRateLimitStore, redisSessionStore } from './platform/redis-stores.ts';
import { requestIdOf } from './platform/request-id.ts';
import { scopedDb } from './platform/request-transaction.ts';
import { SECURITY_HEADERS } from './platform/security-headers.ts';
import { dbSessionStore, type SessionStore } from './platform/sessions.ts';
import { registerApiCompression, registerWebApp } from './platform/static.ts';
import { registerTextGuard } from './platform/text-guard.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  storage?: FileStorage;
  sessions?: SessionStore;
  rateLimit?: RateLimitStore;
  logger?: boolean | object;
  version?: string;
};

const MAX_QUERY_PARAMS = 1000;

export const buildApp = async (opts: BuildOptions): Promise<FastifyInstance> => {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Deep or huge JSON is refused before it reaches a handler.
    routerOptions: { maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerBodyParsers(app);

  const clock = opts.clock ?? systemClock;
  // Every module's handle: the request's own transaction while a write runs in one (an idempotent write:
  // platform/request-transaction.ts), else the pool.
  const db = scopedDb(database.db);
  // With REDIS_URL, sessions and rate-limit counters live in Redis, so processes behind one address share
  // them. Fails here, before anything listens, with "Could not connect to Redis at …" (RedisConnectError).
  const redis =
    config.REDIS_URL && (!opts.sessions || !opts.rateLimit)
      ? await connectRedis(config.REDIS_URL, app.log)
      : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  // On PostgreSQL, sessions and the versions they stand on are kept between requests and dropped the moment
  // a write changes them (platform/auth-feed.ts, decision 0020).
  const authFeed = database.url ? await startAuthFeed(database.url, app.log) : undefined;
  if (authFeed) app.addHook('onClose', () => authFeed.close());
  // DATABASE_READ_URL: read requests read from the replica once it has what their user wrote
  // (platform/read-replica.ts); without it nothing below changes.
  const replica =
    database.replica && database.url && database.replicaUrl
      ? startReadRouter({
          primary: database.db,
          replica: database.replica,
          primaryUrl: database.url,
          replicaUrl: database.replicaUrl,
          redis,
          prefix: config.REDIS_PREFIX,
          log: app.log,
        })
      : undefined;
  if (replica) app.addHook('onClose', () => replica.stop());
  const mailer =
    opts.mailer ?? createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const deps: AppDeps = {
    config,
    database: { ...database, db },
    db,
    clock,
    mailer,
    storage: opts.storage ?? localStorage(path.resolve(config.DATA_DIR, 'files')),
    sessions:
      opts.sessions ??
      (redis ? redisSessionStore(redis, clock, config.REDIS_PREFIX) : dbSessionStore(db, clock, authFeed)),
    rateLimit:
      opts.rateLimit ??
      (redis ? redisRateLimitStore(redis, clock, config.REDIS_PREFIX) : memoryRateLimitStore(clock)),
    version: opts.version ?? process.env.npm_package_version ?? '0.1.0',
    ...(replica ? { replica } : {}),
    readiness: {
      database: () => db.execute(sql`select 1`),
      ...(redis ? { redis: () => redis.ping() } : {}),
      mail: () => mailer.check(),
    },
  };
  // The morning follow-up e-mail, once a day across every process (jobs/follow-up-reminders.ts); tests
  // call it with their own clock.
  if (config.FOLLOW_UP_REMINDER_AT !== 'off' && config.NODE_ENV !== 'test') {
    const stop = scheduleFollowUpReminders(deps, config.FOLLOW_UP_REMINDER_AT, app.log);
    app.addHook('onClose', async () => stop());
  }
  // The daily backup, once across every process, and on the embedded database the socket `npm run backup`
  // asks (ops/backup-service.ts); tests call them directly.
  if (config.NODE_ENV !== 'test') {
    const stop = await startBackupServices(deps, app.log);
    app.addHook('onClose', stop);
  }
  // The embedded database has no autovacuum: its statistics are refreshed here (db/auto-analyze.ts).
  if (database.kind === 'pglite' && config.NODE_ENV !== 'test') {
    const stop = startAutoAnalyze(database.db, app.log);
    app.addHook('onClose', async () => stop());
  }
  // Stored bytes that no record names (a process killed between an upload and its commit) are removed
  // before the server listens, then hourly (platform/file-sweep.ts); tests call it directly.
  if (config.NODE_ENV !== 'test') {
    const stop = await startFileSweep(deps, { exclusive: database.kind === 'pglite', log: app.log });
    app.addHook('onClose', async () => stop());
  }
  // Mail still being delivered in the background is finished before the database closes.
  app.addHook('onClose', () => deps.mailer.idle());

  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        error: error.code,
        ...(error.data !== undefined ? { data: error.data } : {}),
        requestId: request.id,
      });
    }
    // PostgreSQL away (restarting, stopped): the same 503 as a Redis outage; the pool reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`The database is unavailable: ${error.message}`);
      const unavailable = serviceUnavailable();
      reply.headers(unavailable.headers);
      return reply.status(503).send({
        success: false,
        message: unavailable.message,
        error: unavailable.code,
        requestId: request.id,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        success: false,
        message: errors[0]?.message ?? 'Invalid request',
        error: ERROR_CODES.VALIDATION,
        errors,
        requestId: request.id,
      });
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send({
        success: false,
        message: errors[0]?.message ?? 'Invalid request',
        error: ERROR_CODES.VALIDATION,
        errors,
        requestId: request.id,
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      // A body over the route's limit (json-body.ts drains it first, so the client can read this).
      if (status === 413) {
        const message =
          code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? MESSAGES.tooLarge(request.routeOptions.bodyLimit)
            : 'The request is too large.';
        return reply
          .status(413)
          .send({ success: false, message, error: ERROR_CODES.TOO_LARGE, requestId: request.id });
      }
      const message =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : code === 'FST_MP_PREMATURE_CLOSE'
            ? MESSAGES.uploadCutOff
            : error.message;
      return reply.status(status).send({ success: false, message, error: code, requestId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      message: 'We’re experiencing some technical issues. Please try again later.',
      requestId: request.id,
    });
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const q = request.url.indexOf('?');
    if (q >= 0 && request.url.split('&').length > MAX_QUERY_PARAMS) {
      throw new AppError(400, 'Too many query parameters.', ERROR_CODES.VALIDATION);
    }
    if (request.url.startsWith('/api')) {
      reply.header('cache-control', 'no-store');
      checkOrigin(request, config.allowedOrigins, config.PUBLIC_URL);
    }
  });
  // No NUL or lone surrogate in a query value, route parameter or body reaches the database (text-guard.ts).
  registerTextGuard(app);
  if (replica) registerReadRouting(app, replica);

  // Before the access plugin: see grantDocsAccess.
  app.addHook('onRoute', grantDocsAccess);
  await app.register(accessPlugin, { db, clock, sessions: deps.sessions, feed: authFeed });
  await registerDocs(app, deps.version, config.PUBLIC_URL);
  await app.register(
    async (api) => {
      // Before the modules: it wraps the POST and PATCH handlers they register.
      registerIdempotency(api, db, clock);
      await registerApiCompression(api);
      await registerModules(api, deps);
    },
    { prefix: '/api' },
  );

  // The built web app, served by the same process; every unknown non-API path gets index.html.
  await registerWebApp(
    app,
    config.WEB_DIST ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
    config.FIRST_PAINT_TIMEOUT_MS,
  );

  app.decorate('deps', deps);
  return app;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
