import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { roles, userRoles, users } from '../src/db/schema.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { Mailer, MailMessage } from '../src/platform/mail.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { openTestDatabase } from './db.ts';

export const ORIGIN = 'http://localhost:80';
export const ADMIN_EMAIL = 'admin@karya.test';
export const ADMIN_PASSWORD = 'Admin@12345';
export const SECURITY = {
  location: { type: 'Point' as const, coordinates: [20.2961, 85.8245] as [number, number] },
  deviceInfo: { os: 'Linux', browser: 'Chromium', device: 'Desktop', model: 'Test' },
};

/** A clock tests can move. */
export const testClock = (start = new Date()) => {
  let now = start.getTime();
  const clock: Clock & { advance: (ms: number) => void; set: (d: Date) => void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (d) => {
      now = d.getTime();
    },
  };
  return clock;
};

/** A mailer that keeps messages in memory (the SMTP path itself is tested against a real SMTP server). */
export const memoryMailer = () => {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; lastCodeFor: (to: string) => string | undefined } = {
    sent,
    async send(m) {
      sent.push(m);
      return newId();
    },
    async sendInBackground(m) {
      sent.push(m);
      return newId();
    },
    async idle() {},
    async check() {
      return 'log' as const;
    },
    lastCodeFor: (to) =>
      [...sent]
        .reverse()
        .find((m) => m.to === to)
        ?.text.match(/\b(\d{6})\b/)?.[1],
  };
  return mailer;
};

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof testClock>;
  mailer: ReturnType<typeof memoryMailer>;
  close: () => Promise<void>;
};

/**
 * A real app on a real (fresh) database with the administrator bootstrapped. `realMailer` builds the app
 * with the real SMTP mailer (pass SMTP_URL in env); ctx.mailer then stays empty. `database`: a migrated
 * database the test opened itself (close() closes it).
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  opts: { realMailer?: boolean; database?: Database } = {},
): Promise<TestContext> => {
  const database = opts.database ?? (await openTestDatabase(inject('templatePath')));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    ...env,
  });
  await bootstrap(database.db, config);
  const clock = testClock();
  const mailer = memoryMailer();
  const app = await buildApp({
    config,
    database,
    clock,
    mailer: opts.realMailer ? undefined : mailer,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mailer,
    close: async () => {
      await app.close();
      await database.close();
      // The files the test stored: every run of the suite left one folder per test file behind.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type Agent = {
  cookie: string;
  request: (opts: InjectOptions) => ReturnType<typeof call>;
};

/**
 * An answer's body without its request id: what "answers alike" compares (the id differs on every request
 * by design; everything else must be the same).
 */
export const answerOf = (res: { json: () => unknown }) => {
  const { requestId: _, ...rest } = res.json() as Record<string, unknown>;
  return rest;
};

/** Inject with the app's own Origin (state-changing calls need it) and an optional session cookie. */
export const call = (
  app: FastifyInstance,
  opts: InjectOptions,
  cookie?: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    ...opts,
    headers: { origin: ORIGIN, host: 'localhost:80', ...(cookie ? { cookie } : {}), ...(opts.headers ?? {}) },
  });

export const sessionCookieFrom = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'karya_sid');
  return c ? `karya_sid=${c.value}` : '';
};

export const login = async (app: FastifyInstance, email: string, password: string, extra: object = {}) => {
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...SECURITY, ...extra },
  });
  return { res, cookie: sessionCookieFrom(res) };
};

export const asAdmin = async (app: FastifyInstance) => {
  const { res, cookie } = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  if (!cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return agent(app, cookie);
};

export const agent = (app: FastifyInstance, cookie: string): Agent => ({
  cookie,
  request: (opts) => call(app, opts, cookie),
});

/** Builders: a role with the given permissions and a user holding it, straight into the database. */
export const createRole = async (
  database: Database,
  permissions: { resource: string; actions: string[] }[],
  overrides: Partial<typeof roles.$inferInsert> = {},
) => {
  const id = newId();
  await database.db.insert(roles).values({
    id,
    name: `Role ${id.slice(-6)}`,
    description: 'test role',
    permissions: permissions.map((p) => ({ ...p, module: 'admin' })),
    ...overrides,
  });
  return id;
};

let seq = 0;
export const createUser = async (
  database: Database,
  opts: {
    roleIds?: string[];
    password?: string;
    overrides?: Partial<typeof users.$inferInsert>;
  } = {},
) => {
  const id = newId();
  seq += 1;
  const email = `user${seq}.${id.slice(-6)}@karya.test`;
  const password = opts.password ?? 'User@12345';
  await database.db.insert(users).values({
    id,
    name: `Test User ${seq}`,
    email,
    phone: '9876543210',
    gender: 'Female',
    maritalStatus: 'Single',
    languages: ['English'],
    address: { city: 'Cuttack', state: 'Odisha', country: 'India' },
    passwordHash: await hashPassword(password),
    isEmailVerified: true,
    isPhoneVerified: true,
    ...opts.overrides,
  });
  for (const roleId of opts.roleIds ?? []) await database.db.insert(userRoles).values({ userId: id, roleId });
  return { id, email, password };
};

/** A signed-in agent for a new user holding exactly these permissions. */
export const asUserWith = async (
  ctx: TestContext,
  permissions: { resource: string; actions: string[] }[],
) => {
  const roleIds = permissions.length ? [await createRole(ctx.database, permissions)] : [];
  const u = await createUser(ctx.database, { roleIds });
  const { res, cookie } = await login(ctx.app, u.email, u.password);
  if (!cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...agent(ctx.app, cookie), user: u };
};

/** A signed-in agent for an existing user without going through /auth/login (a session made directly). */
export const sessionAgent = async (ctx: TestContext, userId: string) => {
  const { token } = await ctx.app.deps.sessions.create({ userId, remember: false });
  return agent(ctx.app, `karya_sid=${token}`);
};

/** Like asUserWith, but signed in through the session store directly. */
export const asUserWithSession = async (
  ctx: TestContext,
  permissions: { resource: string; actions: string[] }[],
) => {
  const roleIds = permissions.length ? [await createRole(ctx.database, permissions)] : [];
  const u = await createUser(ctx.database, { roleIds });
  return { ...(await sessionAgent(ctx, u.id)), user: u };
};

/** The bootstrapped administrator (holds the Super Admin role), signed in through the session store. */
export const adminSession = async (ctx: TestContext) => {
  const [admin] = await ctx.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)).limit(1);
  if (!admin) throw new Error('bootstrapped admin missing');
  return { ...(await sessionAgent(ctx, admin.id)), user: { id: admin.id, email: ADMIN_EMAIL } };
};
