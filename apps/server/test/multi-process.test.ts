import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service.ts';
import { closeRedis, connectRedis } from '../src/platform/redis-stores.ts';
import { SECURITY } from './helpers.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freePort,
  PUBLIC_URL,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilHealthy,
} from './server-process.ts';
import { deleteRedisKeys, postgresProblem, SERVICE_PG_URL, SERVICE_REDIS_URL } from './services.ts';

/**
 * Two real server processes (node + tsx, src/main.ts) on one PostgreSQL database and one Redis, as behind
 * a load balancer: a session made on one is valid on the other, logout on one ends it on both, and the
 * sign-in limit counts across both. Skipped, saying why, where PostgreSQL or Redis does not answer.
 */

const PG_URL = SERVICE_PG_URL;
const REDIS_URL = SERVICE_REDIS_URL;
const PREFIX = `karya-mp:${process.pid}-${Math.random().toString(36).slice(2, 10)}:`;
const DB_NAME = `karya_mp_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-mp-'));

const pgProblem = await postgresProblem();
const redis: Redis | null = await connectRedis(REDIS_URL).catch(() => null);
const skipReason = [pgProblem, redis ? null : `Redis at ${REDIS_URL} did not answer`]
  .filter(Boolean)
  .join('; ');
if (skipReason)
  console.warn(
    `[multi-process.test] two-process test SKIPPED: ${skipReason}. It needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).`,
  );

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!redis) return;
  await deleteRedisKeys(redis, PREFIX);
  await closeRedis(redis);
});

const databaseUrl = () => {
  const u = new URL(PG_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
};

const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

type Server = ServerProcess;

/** A process of the pair: its own DATA_DIR, the shared database and Redis; every request carries PUBLIC_URL as Origin. */
const start = (name: string, port: number, env: Record<string, string> = {}): Server =>
  spawnServer({
    name,
    port,
    env: {
      DATA_DIR: path.join(dataDir, name),
      DATABASE_URL: databaseUrl(),
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      ...env,
    },
  });

const stop = stopServer;

const api = (server: Server, method: string, url: string, opts: { cookie?: string; body?: unknown } = {}) =>
  fetch(`http://127.0.0.1:${server.port}/api${url}`, {
    method,
    headers: {
      origin: PUBLIC_URL,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });

const signIn = (server: Server, password: string) =>
  api(server, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password, ...SECURITY } });

const sessionCookie = (res: Response) => {
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('karya_sid='));
  return sid ? sid.split(';')[0]! : '';
};

describe.skipIf(Boolean(skipReason))('two server processes on one PostgreSQL and one Redis', () => {
  let a: Server | undefined;
  let b: Server | undefined;
  let c: Server | undefined;
  let deadRedisPort = 0;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: A runs the migrations and creates the administrator; B then finds them done.
    a = start('A', portA);
    await waitUntilHealthy(a);
    b = start('B', portB);
    // C, alongside B, points at a Redis that does not answer (see the last test).
    deadRedisPort = await freePort();
    c = start('C', await freePort(), { REDIS_URL: `redis://127.0.0.1:${deadRedisPort}` });
    await waitUntilHealthy(b);
    // Three processes start one after another beside CI's other suites: a minute was once not enough.
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b), stop(c)]);
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  });

  it('a session made on A is valid on B, and logout on B ends it on both', async () => {
    const login = await signIn(a!, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    expect(cookie).not.toBe('');

    const meOnB = await api(b!, 'GET', '/auth/me', { cookie });
    expect(meOnB.status).toBe(200);
    expect(((await meOnB.json()) as { data: { email: string } }).data.email).toBe(ADMIN_EMAIL);

    expect((await api(b!, 'POST', '/auth/logout', { cookie })).status).toBe(200);
    expect((await api(a!, 'GET', '/auth/me', { cookie })).status).toBe(401);
    expect((await api(b!, 'GET', '/auth/me', { cookie })).status).toBe(401);
  });

  it('a change made outside a process counts on its very next request, though it served the rows before', async () => {
    const cookie = sessionCookie(await signIn(a!, ADMIN_PASSWORD));
    const me = async (server: Server) => {
      const res = await api(server, 'GET', '/auth/me', { cookie });
      return res.status === 200 ? ((await res.json()) as { data: { name: string } }).data.name : res.status;
    };
    const rolesList = async (server: Server) => (await api(server, 'GET', '/admin/roles', { cookie })).status;
    // Both processes have read the administrator and the role by now (their caches hold them).
    for (const s of [a!, b!]) {
      expect(await me(s)).not.toBe('Renamed by hand');
      expect(await rolesList(s)).toBe(200);
    }
    const database = new pg.Client({ connectionString: databaseUrl() });
    await database.connect();
    try {
      await database.query(`update users set name = 'Renamed by hand' where email = $1`, [ADMIN_EMAIL]);
      expect(await me(b!)).toBe('Renamed by hand');
      expect(await me(a!)).toBe('Renamed by hand');
      // The role taken away by hand: neither process grants it on the next request; given back, both do.
      const held = await database.query(
        `delete from user_roles where user_id = (select id from users where email = $1) returning *`,
        [ADMIN_EMAIL],
      );
      expect(held.rowCount).toBeGreaterThan(0);
      expect(await rolesList(b!)).toBe(403);
      expect(await rolesList(a!)).toBe(403);
      for (const r of held.rows)
        await database.query('insert into user_roles (user_id, role_id) values ($1, $2)', [
          r.user_id,
          r.role_id,
        ]);
      expect(await rolesList(b!)).toBe(200);
      // The role's own permissions edited by hand count at once too.
      const [role] = held.rows as { role_id: string }[];
      const before = await database.query('select permissions from roles where id = $1', [role!.role_id]);
      await database.query(`update roles set permissions = '[]'::jsonb where id = $1`, [role!.role_id]);
      expect(await rolesList(a!)).toBe(403);
      await database.query('update roles set permissions = $2 where id = $1', [
        role!.role_id,
        JSON.stringify(before.rows[0].permissions),
      ]);
      expect(await rolesList(a!)).toBe(200);
    } finally {
      await database.end();
    }
  });

  it('failed sign-ins alternating between A and B are counted together', async () => {
    // As on one process: perAccount wrong passwords answer 401, the next attempt 429.
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const res = await signIn(i % 2 === 0 ? a! : b!, 'Wrong@12345');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await signIn(LOGIN_LIMITS.perAccount % 2 === 0 ? a! : b!, 'Wrong@12345');
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    // Locked on both, even with the right password.
    expect((await signIn(a!, ADMIN_PASSWORD)).status).toBe(429);
    expect((await signIn(b!, ADMIN_PASSWORD)).status).toBe(429);
  });

  it('a process whose Redis does not answer stops at start with a clear message and exit code 1', async () => {
    expect(await c!.exited).toBe(1);
    expect(c!.output()).toContain(`Could not connect to Redis at redis://127.0.0.1:${deadRedisPort}`);
  });
});
