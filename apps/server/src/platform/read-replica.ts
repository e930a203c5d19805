import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { readingFrom } from './request-transaction.ts';

/**
 * Reads on a streaming replica (DATABASE_READ_URL, issue 29). A GET or HEAD under /api runs its handler
 * with its reads outside a transaction sent to the replica (request-transaction.ts scopedDb); its session
 * and permission checks run before the handler, on the primary, as does every write request, every
 * transaction, start-up and the jobs. So a blocked user, an expired role or a changed permission counts on
 * the very next request in every process, as without a replica.
 *
 * Read-your-writes: when a signed-in user's write request has run, the primary's WAL position is noted
 * against the user, in this process and (REDIS_URL) in Redis for a while, so that every process sees it.
 * That user's reads go to the replica only once its replay position has reached the note; until then to
 * the primary. The replay position is polled by one timer per process (every POLL_MS), beside the
 * primary's position, which gives the lag: how long ago the primary was where the replica is now. A
 * replica that does not answer or lags more than MAX_LAG_MS gets no reads at all (a warning, once) until
 * it is back.
 */
export const POLL_MS = 50;
export const MAX_LAG_MS = 5000;
/** A poll's statement not answered by then: that server counts as not answering. */
const POLL_TIMEOUT_MS = 2000;
/** How long a write's position is kept: past it the replica has replayed it, or lags too far to be read. */
const NOTE_TTL_MS = 6 * MAX_LAG_MS;

export type ReplicaState = 'starting' | 'streaming' | 'lagging' | 'unreachable';
export type ReplicaStatus = {
  state: ReplicaState;
  /** Now: how long ago the primary was at the position the replica has replayed (null: not known). */
  lagMs: number | null;
  /** The most seen since the process started (the benchmark reports it). */
  maxLagMs: number;
  /** Read requests sent to the replica and to the primary since the process started. */
  reads: { replica: number; primary: number };
};

export type ReadRouter = {
  /** Where a read request by this user (null: not signed in) reads: the replica, or undefined for the primary. */
  pick: (userId: string | null) => Promise<Db | undefined>;
  /** After a write request by this user: its reads wait for the replica to reach what the primary has now. */
  noteWrite: (userId: string) => Promise<void>;
  status: () => ReplicaStatus;
  stop: () => Promise<void>;
};

/** A WAL position 'X/Y' as a fixed-width hex string: positions compare as strings (in Redis's Lua too). */
export const lsnKey = (lsn: string) => {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return hi.padStart(8, '0') + lo.padStart(8, '0');
};

/** Sets the key to the later of what it holds and ARGV[1], for ARGV[2] ms. */
const NOTE_SCRIPT = `local v = redis.call('get', KEYS[1])
if (not v) or v < ARGV[1] then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
else redis.call('pexpire', KEYS[1], ARGV[2]) end
return 1`;

const one = async (db: Db, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0] ?? {};
};

/**
 * The poll's own connection to one server (not a pooled one: under load a pool's connections are all
 * busy and the poll would wait behind the requests, and measure that wait as lag). Made again after a
 * failure; a statement that takes longer than POLL_TIMEOUT_MS counts as a failure.
 */
const probe = (url: string) => {
  let client: pg.Client | null = null;
  const drop = () => {
    client?.end().catch(() => {});
    client = null;
  };
  return {
    lsn: async (text: string) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        if (!client) {
          const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: POLL_TIMEOUT_MS });
          c.on('error', () => {
            if (client === c) drop();
          });
          try {
            await c.connect();
          } catch (error) {
            c.end().catch(() => {});
            throw error;
          }
          client = c;
        }
        const answer = await Promise.race([
          client.query<{ lsn: string | null }>(text),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${POLL_TIMEOUT_MS} ms`)),
              POLL_TIMEOUT_MS,
            );
          }),
        ]);
        return answer.rows[0]?.lsn ?? null;
      } catch (error) {
        drop();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close: drop,
  };
};

export const startReadRouter = (opts: {
  primary: Db;
  replica: Db;
  primaryUrl: string;
  replicaUrl: string;
  redis?: Redis;
  prefix?: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  maxLagMs?: number;
}): ReadRouter => {
  const { primary, replica, redis, log } = opts;
  const pollMs = opts.pollMs ?? POLL_MS;
  const maxLagMs = opts.maxLagMs ?? MAX_LAG_MS;
  const keyOf = (userId: string) => `${opts.prefix ?? 'karya:'}read-after:${userId}`;
  /** The primary's recent positions, oldest first: the lag is the age of the oldest the replica lacks. */
  const samples: { at: number; lsn: string }[] = [];
  let replayed: string | null = null;
  let state: ReplicaState = 'starting';
  let lagMs: number | null = null;
  let maxSeen = 0;
  const reads = { replica: 0, primary: 0 };
  const notes = new Map<string, { lsn: string; until: number }>();

  // Logged once per outage: when the replica stops being read, and when it is read again.
  const become = (next: ReplicaState, why: string) => {
    if (next === state) return;
    const wasDown = state === 'lagging' || state === 'unreachable';
    if (next === 'streaming') {
      if (wasDown) log.info(`The read replica is streaming again (${why}): reads go to it.`);
    } else if (!wasDown)
      log.warn(`The read replica is ${next} (${why}): reads go to the primary until it is back.`);
    state = next;
  };

  const primaryProbe = probe(opts.primaryUrl);
  const replicaProbe = probe(opts.replicaUrl);
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    const at = Date.now();
    try {
      const [p, r] = await Promise.all([
        primaryProbe.lsn('select pg_current_wal_lsn()::text as lsn'),
        replicaProbe
          .lsn('select pg_last_wal_replay_lsn()::text as lsn')
          .then((lsn) => ({ lsn }))
          .catch((error: Error) => ({ error })),
      ]);
      samples.push({ at, lsn: lsnKey(String(p)) });
      while (samples.length > 1 && samples[0]!.at < at - 2 * maxLagMs) samples.shift();
      if ('error' in r) {
        replayed = null;
        lagMs = null;
        become('unreachable', (r.error as Error).message);
        return;
      }
      if (r.lsn === null || r.lsn === undefined) {
        replayed = null;
        lagMs = null;
        become('unreachable', 'it is not replaying: not a standby');
        return;
      }
      replayed = lsnKey(String(r.lsn));
      const now = Date.now();
      const lacking = samples.find((s) => s.lsn > replayed!);
      lagMs = lacking ? now - lacking.at : 0;
      // Behind even the oldest position kept: at least that far behind.
      maxSeen = Math.max(maxSeen, lagMs);
      if (lagMs > maxLagMs) become('lagging', `${lagMs} ms behind the primary`);
      else become('streaming', `${lagMs} ms behind the primary`);
    } catch (error) {
      // The primary did not answer: its own outage answers 503 elsewhere; nothing is known of the replica.
      lagMs = null;
      log.debug({ err: error }, 'read replica: the primary did not answer the poll');
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), pollMs);
  timer.unref();
  void poll();

  const noteOf = async (userId: string) => {
    let lsn = notes.get(userId);
    if (lsn && lsn.until < Date.now()) {
      notes.delete(userId);
      lsn = undefined;
    }
    const shared = redis ? await redis.get(keyOf(userId)) : null;
    if (shared && (!lsn || shared > lsn.lsn)) return shared;
    return lsn?.lsn;
  };

  return {
    pick: async (userId) => {
      let use = state === 'streaming' && replayed !== null;
      if (use && userId) {
        try {
          const needed = await noteOf(userId);
          use = !needed || (replayed !== null && replayed >= needed);
        } catch (error) {
          // Redis did not answer: what this user wrote elsewhere is not known, so the primary answers.
          log.debug({ err: error }, 'read replica: the write note could not be read');
          use = false;
        }
      }
      reads[use ? 'replica' : 'primary']++;
      return use ? replica : undefined;
    },
    noteWrite: async (userId) => {
      const { lsn } = await one(primary, sql`select pg_current_wal_lsn()::text as lsn`);
      const key = lsnKey(String(lsn));
      const now = Date.now();
      const held = notes.get(userId);
      if (!held || held.lsn < key || held.until < now)
        notes.set(userId, { lsn: key, until: now + NOTE_TTL_MS });
      if (notes.size > 10_000) for (const [u, n] of notes) if (n.until < now) notes.delete(u);
      if (redis) await redis.eval(NOTE_SCRIPT, 1, keyOf(userId), key, String(NOTE_TTL_MS));
    },
    status: () => ({ state, lagMs, maxLagMs: maxSeen, reads: { ...reads } }),
    stop: async () => {
      clearInterval(timer);
      primaryProbe.close();
      replicaProbe.close();
    },
  };
};

const READS = new Set(['GET', 'HEAD']);

/**
 * The routing itself: /api GET and HEAD handlers run reading from the replica when `pick` allows; a
 * signed-in user's other requests note their write before the answer goes out (so a read sent once the
 * answer is in finds it). Registered before the routes (an onRoute hook).
 */
export const registerReadRouting = (app: FastifyInstance, router: ReadRouter) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    const methods = [route.method].flat();
    if (!methods.some((m) => READS.has(m))) return;
    const handler = route.handler;
    route.handler = async function fromReplica(this: FastifyInstance, request, reply) {
      if (!READS.has(request.method)) return handler.call(this, request, reply);
      const replica = await router.pick(request.principal?.user.id ?? null);
      if (!replica) return handler.call(this, request, reply);
      return readingFrom(replica, () => handler.call(this, request, reply));
    };
  });
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method) || request.method === 'OPTIONS' || !request.principal) return;
    await router.noteWrite(request.principal.user.id).catch((error) => {
      request.log.warn({ err: error }, 'read replica: the write position could not be noted');
    });
  });
};
