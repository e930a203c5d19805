import { connect, createServer, type Server, type Socket } from 'node:net';
import { newId } from '@karya/domain';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service.ts';
import type { Clock } from '../src/platform/clock.ts';
import { memoryRateLimitStore, type RateLimitStore } from '../src/platform/rate-limit.ts';
import {
  closeRedis,
  connectRedis,
  HOUSEKEEPING_MARGIN_MS,
  RedisConnectError,
  redisRateLimitStore,
  redisSessionStore,
} from '../src/platform/redis-stores.ts';
import {
  ABSOLUTE_TTL_MS,
  countSessions,
  dbSessionStore,
  hashToken,
  IDLE_TTL_MS,
  REMEMBER_TTL_MS,
  type SessionStore,
} from '../src/platform/sessions.ts';
import { openTestDatabase } from './db.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createTestApp, createUser, login, testClock } from './helpers.ts';
import { deleteRedisKeys, SERVICE_REDIS_URL } from './services.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// A real Redis (REDIS_URL, or the local default); the Redis half is skipped, saying why, where none answers.
const REDIS_URL = SERVICE_REDIS_URL;
const PREFIX = `karya-test:${process.pid}-${Math.random().toString(36).slice(2, 10)}:`;
const redis: Redis | null = await connectRedis(REDIS_URL).catch((error: Error) => {
  console.warn(`[redis-stores.test] Redis tests SKIPPED: ${error.message}. Set REDIS_URL to run them.`);
  return null;
});

/** Removes every key this run made (all under PREFIX). */
const cleanRedis = async () => {
  if (redis) await deleteRedisKeys(redis, PREFIX);
};

afterAll(async () => {
  if (!redis) return;
  await cleanRedis();
  await closeRedis(redis);
});

type Harness = {
  sessions: (clock: Clock) => SessionStore;
  rateLimit: (clock: Clock) => RateLimitStore;
  newUser: () => Promise<string>;
  close: () => Promise<void>;
};

/** The behaviour every session store and rate-limit store must have, whatever keeps the data. */
const storeContract = (name: string, setup: () => Promise<Harness>, skip = false) =>
  describe.skipIf(skip)(name, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(() => h?.close());

    describe('sessions', () => {
      it('creates a session whose record is found by its token, stored under the token hash', async () => {
        const clock = testClock();
        const store = h.sessions(clock);
        const userId = await h.newUser();
        const { token, record } = await store.create({ userId, remember: false, ipAddress: '10.0.0.1' });
        expect(record.tokenHash).toBe(hashToken(token));
        expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(ABSOLUTE_TTL_MS);
        const found = await store.get(token);
        expect(found).toMatchObject({ tokenHash: hashToken(token), userId, remember: false });
        expect(found?.createdAt.getTime()).toBe(clock.now().getTime());
        expect(found?.expiresAt.getTime()).toBe(record.expiresAt.getTime());
      });

      it('answers null for an unknown, empty or over-long token', async () => {
        const store = h.sessions(testClock());
        expect(await store.get('not-a-token')).toBeNull();
        expect(await store.get('')).toBeNull();
        expect(await store.get('x'.repeat(101))).toBeNull();
      });

      it('ends a browser session after 8 idle hours, for good', async () => {
        const clock = testClock();
        const store = h.sessions(clock);
        const { token } = await store.create({ userId: await h.newUser(), remember: false });
        clock.advance(IDLE_TTL_MS - MINUTE);
        expect(await store.get(token)).not.toBeNull();
        // That use counted: another 8 hours less a minute is still fine.
        clock.advance(IDLE_TTL_MS - MINUTE);
        expect(await store.get(token)).not.toBeNull();
        clock.advance(IDLE_TTL_MS + MINUTE);
        expect(await store.get(token)).toBeNull();
        // Removed, not just refused: moving the clock back does not bring it back.
        clock.advance(-(IDLE_TTL_MS + MINUTE));
        expect(await store.get(token)).toBeNull();
      });

      it('keeps a used browser session, but never past 7 days from sign-in', async () => {
        const clock = testClock();
        const store = h.sessions(clock);
        const { token } = await store.create({ userId: await h.newUser(), remember: false });
        let elapsed = 0;
        while (elapsed + 7 * HOUR < ABSOLUTE_TTL_MS) {
          clock.advance(7 * HOUR);
          elapsed += 7 * HOUR;
          expect(await store.get(token)).not.toBeNull();
        }
        clock.advance(ABSOLUTE_TTL_MS - elapsed);
        expect(await store.get(token)).toBeNull();
      });

      it('keeps a remember-me session through idle days and ends it after 30 days', async () => {
        const clock = testClock();
        const store = h.sessions(clock);
        const { token, record } = await store.create({ userId: await h.newUser(), remember: true });
        expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(REMEMBER_TTL_MS);
        clock.advance(29 * DAY);
        expect(await store.get(token)).not.toBeNull();
        clock.advance(REMEMBER_TTL_MS - 29 * DAY);
        expect(await store.get(token)).toBeNull();
      });

      it('writes lastSeenAt at most once a minute', async () => {
        const clock = testClock();
        const store = h.sessions(clock);
        const { token, record } = await store.create({ userId: await h.newUser(), remember: false });
        clock.advance(30 * SECOND);
        expect((await store.get(token))?.lastSeenAt.getTime()).toBe(record.createdAt.getTime());
        clock.advance(2 * MINUTE);
        const touchedAt = clock.now().getTime();
        expect((await store.get(token))?.lastSeenAt.getTime()).toBe(touchedAt);
        clock.advance(30 * SECOND);
        // Read back from the store: the touch was written.
        expect((await store.get(token))?.lastSeenAt.getTime()).toBe(touchedAt);
      });

      it('destroys one session; destroying an unknown token is harmless', async () => {
        const store = h.sessions(testClock());
        const userId = await h.newUser();
        const a = await store.create({ userId, remember: false });
        const b = await store.create({ userId, remember: true });
        await store.destroy(a.token);
        await store.destroy('never-issued');
        expect(await store.get(a.token)).toBeNull();
        expect(await store.get(b.token)).not.toBeNull();
      });

      it("destroys a user's sessions, all or all but one, and nobody else's", async () => {
        const store = h.sessions(testClock());
        const userId = await h.newUser();
        const other = await h.newUser();
        const [s1, s2, s3] = [
          await store.create({ userId, remember: false }),
          await store.create({ userId, remember: true }),
          await store.create({ userId, remember: false }),
        ];
        const others = await store.create({ userId: other, remember: false });

        await store.destroyForUser(userId, s2.record.tokenHash);
        expect(await store.get(s1.token)).toBeNull();
        expect(await store.get(s3.token)).toBeNull();
        expect(await store.get(s2.token)).not.toBeNull();
        expect(await store.get(others.token)).not.toBeNull();

        await store.destroyForUser(userId);
        expect(await store.get(s2.token)).toBeNull();
        expect(await store.get(others.token)).not.toBeNull();
        // A user without sessions: nothing to do.
        await store.destroyForUser(await h.newUser());
      });
    });

    describe('rate limits', () => {
      it('counts hits in a fixed window; peek does not count', async () => {
        const clock = testClock();
        const store = h.rateLimit(clock);
        const key = `k-${newId()}`;
        expect(await store.peek(key)).toEqual({ count: 0, resetInSeconds: 0 });
        expect(await store.hit(key, 60)).toEqual({ count: 1, resetInSeconds: 60 });
        expect(await store.hit(key, 60)).toEqual({ count: 2, resetInSeconds: 60 });
        expect(await store.peek(key)).toEqual({ count: 2, resetInSeconds: 60 });
        // Later hits do not move the window's end.
        clock.advance(10 * SECOND);
        expect(await store.hit(key, 60)).toEqual({ count: 3, resetInSeconds: 50 });
        clock.advance(49_500);
        expect(await store.peek(key)).toEqual({ count: 3, resetInSeconds: 1 });
      });

      it('starts over when the window is over', async () => {
        const clock = testClock();
        const store = h.rateLimit(clock);
        const key = `k-${newId()}`;
        await store.hit(key, 30);
        await store.hit(key, 30);
        clock.advance(30 * SECOND);
        expect(await store.peek(key)).toEqual({ count: 0, resetInSeconds: 0 });
        expect(await store.hit(key, 30)).toEqual({ count: 1, resetInSeconds: 30 });
        clock.advance(15 * MINUTE);
        expect(await store.hit(key, 900)).toEqual({ count: 1, resetInSeconds: 900 });
      });

      it('resets a key and keeps keys apart', async () => {
        const store = h.rateLimit(testClock());
        const a = `a-${newId()}`;
        const b = `b-${newId()}`;
        await store.hit(a, 60);
        await store.hit(a, 60);
        await store.hit(b, 60);
        await store.reset(a);
        expect(await store.peek(a)).toEqual({ count: 0, resetInSeconds: 0 });
        expect((await store.peek(b)).count).toBe(1);
        expect((await store.hit(a, 60)).count).toBe(1);
      });

      it('counts concurrent hits exactly once each', async () => {
        const store = h.rateLimit(testClock());
        const key = `c-${newId()}`;
        const results = await Promise.all(Array.from({ length: 40 }, () => store.hit(key, 60)));
        expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
        expect((await store.peek(key)).count).toBe(40);
      });
    });
  });

storeContract('database session store + memory rate-limit store', async () => {
  const database = await openTestDatabase(inject('templatePath'));
  return {
    sessions: (clock) => dbSessionStore(database.db, clock),
    rateLimit: (clock) => memoryRateLimitStore(clock),
    newUser: async () => (await createUser(database)).id,
    close: () => database.close(),
  };
});

storeContract(
  'Redis session store + Redis rate-limit store',
  async () => ({
    sessions: (clock) => redisSessionStore(redis!, clock, PREFIX),
    rateLimit: (clock) => redisRateLimitStore(redis!, clock, PREFIX),
    newUser: async () => newId(),
    close: async () => {},
  }),
  !redis,
);

describe.skipIf(!redis)('Redis stores: housekeeping and sharing', () => {
  const r = () => redis!;
  const sessionKey = (tokenHash: string) => `${PREFIX}session:${tokenHash}`;
  const userKey = (userId: string) => `${PREFIX}user-sessions:${userId}`;

  it('gives every key a TTL with a margin past the moment the clock ends it', async () => {
    const clock = testClock();
    const store = redisSessionStore(r(), clock, PREFIX);
    const userId = newId();
    const browser = await store.create({ userId, remember: false });
    const remembered = await store.create({ userId, remember: true });
    const ttl = (key: string) => r().pttl(key);

    const browserTtl = await ttl(sessionKey(browser.record.tokenHash));
    expect(browserTtl).toBeGreaterThan(IDLE_TTL_MS);
    expect(browserTtl).toBeLessThanOrEqual(IDLE_TTL_MS + HOUSEKEEPING_MARGIN_MS);
    const rememberTtl = await ttl(sessionKey(remembered.record.tokenHash));
    expect(rememberTtl).toBeGreaterThan(REMEMBER_TTL_MS);
    expect(rememberTtl).toBeLessThanOrEqual(REMEMBER_TTL_MS + HOUSEKEEPING_MARGIN_MS);
    // The user's set lives as long as the longest session in it.
    expect(await ttl(userKey(userId))).toBeGreaterThan(REMEMBER_TTL_MS);
    expect(await r().smembers(userKey(userId))).toEqual(
      expect.arrayContaining([browser.record.tokenHash, remembered.record.tokenHash]),
    );

    // A touch (use after more than a minute) pushes the idle deadline, and the TTL with it.
    clock.advance(7 * HOUR);
    expect(await store.get(browser.token)).not.toBeNull();
    expect(await ttl(sessionKey(browser.record.tokenHash))).toBeGreaterThan(IDLE_TTL_MS);

    const limits = redisRateLimitStore(r(), clock, PREFIX);
    await limits.hit('ttl-check', 900);
    const rateTtl = await ttl(`${PREFIX}rate:ttl-check`);
    expect(rateTtl).toBeGreaterThan(900 * SECOND);
    expect(rateTtl).toBeLessThanOrEqual(900 * SECOND + HOUSEKEEPING_MARGIN_MS);
  });

  it("removes a dead session's keys and prunes the user's set", async () => {
    const clock = testClock();
    const store = redisSessionStore(r(), clock, PREFIX);
    const userId = newId();
    const { token, record } = await store.create({ userId, remember: false });
    clock.advance(IDLE_TTL_MS + MINUTE);
    expect(await store.get(token)).toBeNull();
    expect(await r().exists(sessionKey(record.tokenHash))).toBe(0);
    expect(await r().sismember(userKey(userId), record.tokenHash)).toBe(0);

    // A hash whose key Redis expired by itself is dropped from the set at the user's next sign-in.
    const a = await store.create({ userId, remember: false });
    await r().del(sessionKey(a.record.tokenHash));
    const b = await store.create({ userId, remember: false });
    expect(await r().smembers(userKey(userId))).toEqual([b.record.tokenHash]);

    await store.destroyForUser(userId);
    expect(await r().exists(userKey(userId), sessionKey(b.record.tokenHash))).toBe(0);
  });

  it('shares sessions and counters between two connections (two processes)', async () => {
    const other = await connectRedis(REDIS_URL);
    try {
      const clock = testClock();
      const here = redisSessionStore(r(), clock, PREFIX);
      const there = redisSessionStore(other, clock, PREFIX);
      const userId = newId();
      const { token } = await here.create({ userId, remember: false });
      expect((await there.get(token))?.userId).toBe(userId);
      await there.destroyForUser(userId);
      expect(await here.get(token)).toBeNull();

      const key = `shared-${newId()}`;
      await redisRateLimitStore(r(), clock, PREFIX).hit(key, 60);
      expect((await redisRateLimitStore(other, clock, PREFIX).hit(key, 60)).count).toBe(2);
    } finally {
      await closeRedis(other);
    }
  });
});

describe.skipIf(!redis)('the app with REDIS_URL', () => {
  it('keeps sessions and sign-in limits in Redis, not in the database', async () => {
    const ctx = await createTestApp({ REDIS_URL, REDIS_PREFIX: PREFIX });
    try {
      const { res, cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      const tokenHash = hashToken(cookie.split('=')[1]!);
      expect(await redis!.exists(`${PREFIX}session:${tokenHash}`)).toBe(1);
      const me = await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
      expect(me.statusCode).toBe(200);
      expect(await countSessions(ctx.database.db, me.json().data._id)).toBe(0);

      // Idle timeout through HTTP, decided by the app's (movable) clock.
      ctx.clock.advance(IDLE_TTL_MS + MINUTE);
      expect((await call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie)).statusCode).toBe(401);
      expect(await redis!.exists(`${PREFIX}session:${tokenHash}`)).toBe(0);

      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
        expect((await login(ctx.app, ADMIN_EMAIL, 'Wrong@12345')).res.statusCode).toBe(401);
      const locked = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(locked.res.statusCode).toBe(429);
      expect(Number(locked.res.headers['retry-after'])).toBe(LOGIN_LIMITS.windowSeconds);
      // The counters are in Redis: the account's counter holds the failures.
      const [, rateKeys] = await redis!.scan('0', 'MATCH', `${PREFIX}rate:*${ADMIN_EMAIL}*`, 'COUNT', 1000);
      expect(rateKeys).toHaveLength(1);
      expect(await redis!.hget(rateKeys[0]!, 'count')).toBe(String(LOGIN_LIMITS.perAccount));
    } finally {
      await ctx.close();
    }
  });
});

/**
 * A TCP relay in front of the real Redis that the test can cut and restore, so an outage after start is
 * simulated without stopping the Redis other tests share.
 */
const redisRelay = async (target: URL) => {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server ? server.close(() => resolve()) : resolve();
      server = null;
    });
  await open();
  return { url: () => `redis://127.0.0.1:${port}${target.pathname}`, cut, restore: open };
};

describe.skipIf(!redis)('the app while Redis is down after start', () => {
  it('answers signed-in requests and sign-in with 503 and a clear message, and recovers when Redis returns', async () => {
    const relay = await redisRelay(new URL(REDIS_URL));
    // Its own prefix: the test above leaves the administrator's sign-in locked under PREFIX.
    const ctx = await createTestApp({ REDIS_URL: relay.url(), REDIS_PREFIX: `${PREFIX}outage:` });
    try {
      const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      const me = () => call(ctx.app, { method: 'GET', url: '/api/auth/me' }, cookie);
      expect((await me()).statusCode).toBe(200);

      await relay.cut();
      const down = await me();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        success: false,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        error: 'SERVICE_UNAVAILABLE',
      });
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      const signIn = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(signIn.res.statusCode).toBe(503);
      // The web app maps any other status to the server's message (spec 1 §8), so the user reads this text.
      expect(signIn.res.json().message).toBe(
        'The service is temporarily unavailable. Please try again in a moment.',
      );

      await relay.restore();
      let back = await me();
      for (let i = 0; i < 40 && back.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await me();
      }
      expect(back.statusCode).toBe(200);
    } finally {
      await ctx.close();
      await relay.cut();
    }
  });
});

describe('a Redis that does not answer', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
  });
  afterAll(() => database.close());

  it('stops the start with a clear message naming the address, not the password', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/karya-unused',
      LOG_LEVEL: 'silent',
      REDIS_URL: `redis://:s3cret@127.0.0.1:${port}/0`,
    });
    const attempt = buildApp({ config, database, logger: false });
    await expect(attempt).rejects.toBeInstanceOf(RedisConnectError);
    await expect(attempt).rejects.toThrow(`Could not connect to Redis at redis://127.0.0.1:${port}/0: `);
    await expect(attempt).rejects.not.toThrow('s3cret');
  });

  it('refuses a REDIS_URL that is not a redis:// URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      'REDIS_URL: must start with redis:// or rediss://',
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow('REDIS_PREFIX:');
  });
});
