import type { FastifyBaseLogger } from 'fastify';
import { Redis, ReplyError } from 'ioredis';
import type { Clock } from './clock.ts';
import { serviceUnavailable } from './errors.ts';
import type { RateLimitStore } from './rate-limit.ts';
import {
  hashToken,
  IDLE_TTL_MS,
  isLive,
  isTokenShaped,
  needsTouch,
  newSession,
  type SessionRecord,
  type SessionStore,
} from './sessions.ts';

/**
 * Sessions and rate-limit counters in Redis (REDIS_URL), so several server processes behind one address
 * share them. Same semantics as the database / memory stores: the injected clock decides whether a session
 * is live or a window is over; Redis key TTLs are housekeeping only (dead keys disappear by themselves),
 * set with a margin so Redis never ends something the clock still calls live.
 *
 * Keys (all under the prefix, `karya:` by default):
 *   session:<sha256 of token>   JSON of the session record
 *   user-sessions:<userId>      set of the user's token hashes (for destroyForUser)
 *   rate:<key>                  hash {count, resetAt} of a fixed window
 */

/** Added to every housekeeping TTL: Redis must never drop a key before the clock says it is dead. */
export const HOUSEKEEPING_MARGIN_MS = 10 * 60 * 1000;

export class RedisConnectError extends Error {}

/** The URL without credentials, for messages. */
export const describeRedisUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'the configured REDIS_URL';
  }
};

/**
 * Connect now (not lazily on the first command), so a wrong REDIS_URL stops the start with a clear message.
 * Later outages are logged once per outage; commands then fail after a couple of reconnection attempts
 * (503 through `unavailableWhenDown`) instead of hanging, and the client reconnects by itself. Attempts are
 * at most 500 ms apart, so a request waits at most about 1.5 s for its 503 and service resumes within half a
 * second of Redis coming back.
 */
export const connectRedis = async (url: string, log?: FastifyBaseLogger): Promise<Redis> => {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
  });
  let lastError: Error | undefined;
  const remember = (error: Error) => {
    lastError = error;
  };
  redis.on('error', remember);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new RedisConnectError(`Could not connect to Redis at ${describeRedisUrl(url)}: ${reason}`);
  }
  redis.off('error', remember);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.error(`Redis connection lost (${describeRedisUrl(url)}): ${error.message}`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info('Redis connection restored');
  });
  return redis;
};

/** Close gracefully when the connection is up; otherwise just drop it (quit would wait for a reconnect). */
export const closeRedis = async (redis: Redis) => {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {}
  }
  redis.disconnect();
};

/**
 * A command failed because the connection is down, not because Redis answered with an error (a ReplyError
 * is a bug in a script or a key, and stays a 500).
 */
const isOutage = (redis: Redis, error: unknown) =>
  !(error instanceof ReplyError) &&
  (redis.status !== 'ready' ||
    (error instanceof Error &&
      (error.name === 'MaxRetriesPerRequestError' ||
        /Connection is closed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|writeable/.test(error.message))));

/**
 * Every method of a store, with a Redis outage turned into 503 'The service is temporarily unavailable…'
 * (the guard and sign-in then answer that instead of a 500). There is no fallback to another store: a
 * session written elsewhere would not be seen by the other processes.
 */
const unavailableWhenDown = <T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  redis: Redis,
  store: T,
): T => {
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, method] of Object.entries(store))
    wrapped[name] = async (...args) => {
      try {
        return await method(...args);
      } catch (error) {
        if (isOutage(redis, error)) throw serviceUnavailable();
        throw error;
      }
    };
  return wrapped as T;
};

type StoredSession = {
  userId: string;
  remember: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  ipAddress: string | null;
  userAgent: string | null;
};

const toStored = (r: SessionRecord, extra: { ipAddress?: string; userAgent?: string }): StoredSession => ({
  userId: r.userId,
  remember: r.remember,
  createdAt: r.createdAt.getTime(),
  lastSeenAt: r.lastSeenAt.getTime(),
  expiresAt: r.expiresAt.getTime(),
  ipAddress: extra.ipAddress ?? null,
  userAgent: extra.userAgent?.slice(0, 500) ?? null,
});

const fromStored = (tokenHash: string, raw: string): SessionRecord | null => {
  try {
    const s = JSON.parse(raw) as Partial<StoredSession>;
    if (
      typeof s.userId !== 'string' ||
      typeof s.remember !== 'boolean' ||
      typeof s.createdAt !== 'number' ||
      typeof s.lastSeenAt !== 'number' ||
      typeof s.expiresAt !== 'number'
    )
      return null;
    return {
      tokenHash,
      userId: s.userId,
      remember: s.remember,
      createdAt: new Date(s.createdAt),
      lastSeenAt: new Date(s.lastSeenAt),
      expiresAt: new Date(s.expiresAt),
    };
  } catch {
    return null;
  }
};

/** When the clock will call this session dead if nothing touches it, as a TTL from now (plus the margin). */
const housekeepingTtl = (r: SessionRecord, now: Date) => {
  const deadline = r.remember
    ? r.expiresAt.getTime()
    : Math.min(r.expiresAt.getTime(), r.lastSeenAt.getTime() + IDLE_TTL_MS);
  return Math.max(1, deadline - now.getTime()) + HOUSEKEEPING_MARGIN_MS;
};

/**
 * Store the session, add it to the user's set, and make the set live at least as long as this session can
 * (a session never outlives its expiresAt, so the set's TTL only ever grows here).
 */
const CREATE_SESSION = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[4]) then
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
return 1
`;

export const redisSessionStore = (redis: Redis, clock: Clock, prefix = 'karya:'): SessionStore => {
  const sessionKey = (tokenHash: string) => `${prefix}session:${tokenHash}`;
  const userKey = (userId: string) => `${prefix}user-sessions:${userId}`;

  /** Housekeeping on the way: drop hashes whose session key Redis has already expired. */
  const pruneUserSet = async (userId: string) => {
    const hashes = await redis.smembers(userKey(userId));
    if (hashes.length === 0) return;
    const pipeline = redis.pipeline();
    for (const h of hashes) pipeline.exists(sessionKey(h));
    const results = (await pipeline.exec()) ?? [];
    // A token is random and never reused: a hash whose key is gone stays gone.
    const gone = hashes.filter((_, i) => results[i]?.[1] === 0);
    if (gone.length) await redis.srem(userKey(userId), ...gone);
  };

  const remove = async (tokenHash: string, userId: string | null) => {
    const tx = redis.multi().del(sessionKey(tokenHash));
    if (userId) tx.srem(userKey(userId), tokenHash);
    await tx.exec();
  };

  return unavailableWhenDown(redis, {
    async create(s) {
      const now = clock.now();
      const { token, record } = newSession(s, now);
      await redis.eval(
        CREATE_SESSION,
        2,
        sessionKey(record.tokenHash),
        userKey(s.userId),
        JSON.stringify(toStored(record, s)),
        housekeepingTtl(record, now),
        record.tokenHash,
        record.expiresAt.getTime() - now.getTime() + HOUSEKEEPING_MARGIN_MS,
      );
      await pruneUserSet(s.userId);
      return { token, record };
    },
    async get(token) {
      if (!isTokenShaped(token)) return null;
      const tokenHash = hashToken(token);
      const raw = await redis.get(sessionKey(tokenHash));
      if (raw === null) return null;
      const record = fromStored(tokenHash, raw);
      const now = clock.now();
      if (!record || !isLive(record, now)) {
        await remove(tokenHash, record?.userId ?? null);
        return null;
      }
      if (needsTouch(record, now)) {
        const stored = { ...(JSON.parse(raw) as StoredSession), lastSeenAt: now.getTime() };
        record.lastSeenAt = now;
        // XX: only while it still exists, so a touch racing a logout elsewhere cannot bring it back.
        const written = await redis.set(
          sessionKey(tokenHash),
          JSON.stringify(stored),
          'PX',
          housekeepingTtl(record, now),
          'XX',
        );
        if (written === null) return null;
      }
      return record;
    },
    async destroy(token) {
      const tokenHash = hashToken(token);
      const raw = await redis.get(sessionKey(tokenHash));
      await remove(tokenHash, raw === null ? null : (fromStored(tokenHash, raw)?.userId ?? null));
    },
    async destroyForUser(userId, exceptTokenHash) {
      const hashes = (await redis.smembers(userKey(userId))).filter((h) => h !== exceptTokenHash);
      if (hashes.length === 0) return;
      await redis
        .multi()
        .del(...hashes.map(sessionKey))
        .srem(userKey(userId), ...hashes)
        .exec();
    },
  } satisfies SessionStore);
};

/**
 * One hit in a fixed window, atomically. The window's end (resetAt, from the injected clock) is stored with
 * the count, so the clock decides when a window is over, exactly as in the memory store; the key's TTL only
 * clears it away afterwards.
 * KEYS[1] = counter; ARGV = now (ms), resetAt of a new window (ms), housekeeping TTL of a new window (ms).
 */
const HIT = `
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt'))
if (not resetAt) or resetAt <= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'resetAt', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {count, redis.call('HGET', KEYS[1], 'resetAt')}
`;

export const redisRateLimitStore = (redis: Redis, clock: Clock, prefix = 'karya:'): RateLimitStore => {
  const key = (k: string) => `${prefix}rate:${k}`;
  const left = (resetAt: number, now: number) => Math.max(0, Math.ceil((resetAt - now) / 1000));
  return unavailableWhenDown(redis, {
    async hit(k, windowSeconds) {
      const now = clock.now().getTime();
      const windowMs = windowSeconds * 1000;
      const [count, resetAt] = (await redis.eval(
        HIT,
        1,
        key(k),
        now,
        now + windowMs,
        windowMs + HOUSEKEEPING_MARGIN_MS,
      )) as [number, string];
      return { count: Number(count), resetInSeconds: left(Number(resetAt), now) };
    },
    async peek(k) {
      const [count, resetAt] = await redis.hmget(key(k), 'count', 'resetAt');
      const now = clock.now().getTime();
      if (count === null || resetAt === null || Number(resetAt) <= now)
        return { count: 0, resetInSeconds: 0 };
      return { count: Number(count), resetInSeconds: left(Number(resetAt), now) };
    },
    async reset(k) {
      await redis.del(key(k));
    },
  } satisfies RateLimitStore);
};
