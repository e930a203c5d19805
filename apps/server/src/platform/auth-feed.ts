import pg from 'pg';
import { AUTH_CHANNEL, AUTH_FEED_APPLICATION } from './auth-channel.ts';
import type { HolderRefs } from './principal.ts';

/**
 * The auth feed (decision 0020): what every signed-in request used to read from the database (its session,
 * and the versions of its user's and roles' rows) kept in this process, and dropped the moment a write
 * changes it, by any path, in any process.
 *
 * - The database tells: triggers on sessions, users, user_roles and roles (migration 0033) send
 *   `pg_notify('karya_auth', …)` in the writing transaction, so a route, another process, the command line
 *   and an edit by hand all count. The payload names what changed: `s:<token hash>`, `u:<user id>`,
 *   `r:<role id>`, or `*` (everything: a restore).
 * - **Exact, not eventual.** A notification travels on this process's own listening connection, so a request
 *   could arrive before it does. Before a request uses the cache, it waits for a round trip on that
 *   connection that started after the request arrived (`sync`): PostgreSQL sends a listening session every
 *   notification committed before a statement ends ahead of that statement's answer, so when the round trip
 *   returns, every change committed before the request arrived has been applied. Requests that arrive
 *   together share one round trip: one `select 1` per round trip, not a session statement per request.
 * - A value read from the database is kept only when no change arrived while it was read (the epoch), so
 *   a change that lands between the read and the keeping is never hidden.
 * - When the listening connection fails, or a round trip takes longer than `SYNC_TIMEOUT_MS`, the feed is
 *   down: everything kept is dropped and every request reads the database, as it did before, until the
 *   connection is back and listening again.
 */
export type AuthFeed = {
  /** The session for a token hash (the store's record, naming its user), kept or loaded. */
  session<S extends KeptSession>(tokenHash: string, load: () => Promise<S | null>): Promise<S | null>;
  /** The versions a user's principal stands on, kept or loaded (a session store that keeps none: Redis). */
  holder(userId: string, load: () => Promise<HolderRefs | null>): Promise<HolderRefs | null>;
  /** A session this process changed or ended: dropped at once (the notification follows). */
  forgetSession(tokenHash: string): void;
  close(): Promise<void>;
};

/** What the feed needs of a session store's record: whose it is (a change to the user drops it). */
type KeptSession = { userId: string };

/** A round trip slower than this counts the listening connection as lost. */
export const SYNC_TIMEOUT_MS = 2000;
/** Each map holds at most this many entries; the oldest goes first. */
const LIMIT = 10_000;
const RETRY_MS = [250, 1000, 5000, 15_000];

type Log = { warn: (msg: string) => void; info: (msg: string) => void };

const keep = <V>(map: Map<string, V>, key: string, value: V) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > LIMIT) map.delete(map.keys().next().value as string);
};

export const startAuthFeed = async (url: string, log: Log): Promise<AuthFeed> => {
  const sessions = new Map<string, KeptSession>();
  const holders = new Map<string, HolderRefs>();
  /** Counts every change applied and every loss of the connection: a load that saw it change keeps nothing. */
  let epoch = 0;
  let client: pg.Client | null = null;
  let closed = false;
  let retry = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    sessions.clear();
    holders.clear();
    epoch++;
  };
  const apply = (payload: string) => {
    epoch++;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') sessions.delete(id);
    else if (kind === 'u:') {
      holders.delete(id);
      for (const [hash, s] of sessions) if (s.userId === id) sessions.delete(hash);
    } else {
      // A role's change reaches every holder of it; roles change seldom, so everything goes. So does '*'.
      dropAll();
    }
  };

  /** Another try at listening, later each time (the last wait repeats). */
  const retryLater = () => {
    retryTimer = setTimeout(() => void connect(), RETRY_MS[Math.min(retry++, RETRY_MS.length - 1)]);
    retryTimer.unref();
  };
  const lose = (why: string) => {
    const lost = client;
    if (!lost) return;
    client = null;
    dropAll();
    lost.removeAllListeners('notification');
    lost.end().catch(() => {});
    if (closed) return;
    log.warn(`The auth feed stopped listening (${why}); requests read their session from the database.`);
    retryLater();
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: AUTH_FEED_APPLICATION,
    });
    c.on('error', (e) => (client === c ? lose(e.message) : undefined));
    c.on('end', () => (client === c ? lose('the connection ended') : undefined));
    try {
      await c.connect();
      c.on('notification', (m) => {
        if (client === c && m.channel === AUTH_CHANNEL) apply(m.payload ?? '*');
      });
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
    } catch (e) {
      c.end().catch(() => {});
      if (closed) return;
      if (retry === 0) log.warn(`The auth feed could not listen: ${(e as Error).message}`);
      retryLater();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    // Anything kept before may have missed a change while nobody listened.
    dropAll();
    client = c;
    if (retry > 0) log.info('The auth feed listens again.');
    retry = 0;
  };

  // The round trips: one runs at a time; a request that arrives during one waits for the next.
  let current: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  const roundTrip = (): Promise<boolean> => {
    const c = client;
    if (!c) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const p = Promise.race([
      c.query('select 1').then(
        () => client === c,
        (e: Error) => {
          if (client === c) lose(e.message);
          return false;
        },
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          if (client === c) lose(`no answer in ${SYNC_TIMEOUT_MS} ms`);
          resolve(false);
        }, SYNC_TIMEOUT_MS);
      }),
    ]).finally(() => {
      clearTimeout(timer);
      if (current === p) current = null;
    });
    current = p;
    return p;
  };
  /**
   * True once every change committed before this call has been applied; false while the feed is down. A
   * round trip starts once the event loop has taken in what arrived with this request (setImmediate), so
   * requests read from the sockets together share it: every one of them arrived before it started.
   */
  const sync = (): Promise<boolean> => {
    if (!client) return Promise.resolve(false);
    next ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => current)
      .then(() => {
        next = null;
        return roundTrip();
      });
    return next;
  };

  const read = async <V>(map: Map<string, V>, key: string, load: () => Promise<V | null>) => {
    if (!(await sync())) return load();
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const seen = epoch;
    const value = await load();
    if (value !== null && client && epoch === seen) keep(map, key, value);
    return value;
  };

  await connect();
  return {
    session: <S extends KeptSession>(tokenHash: string, load: () => Promise<S | null>) =>
      read(sessions, tokenHash, load) as Promise<S | null>,
    holder: (userId, load) => read(holders, userId, load),
    forgetSession: (tokenHash) => {
      sessions.delete(tokenHash);
      epoch++;
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      dropAll();
      await c?.end().catch(() => {});
    },
  };
};
