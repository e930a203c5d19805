import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db } from './db.ts';
import { runMigrations, START_LOCK_KEY } from './migrate.ts';
import { withRowMapper } from './row-mapper.ts';
import { schema } from './schema.ts';

export type { Db };
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** The pending migrations of `folder` (this version's by default), all or none; MigrationError on failure. */
  migrate: (folder?: string) => Promise<void>;
  /**
   * Runs fn while no other Karya process runs its own on this database: start-up (migrations, the
   * administrator, demo data). The embedded database has one process by its lock file.
   */
  exclusively: <T>(fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** The embedded engine, when that is what runs (tests dump and restore it). */
  pglite?: PGlite;
  /** The PostgreSQL server's address, when that is what runs (the auth feed listens on it). */
  url?: string;
  /**
   * A streaming replica's pool (DATABASE_READ_URL), for read requests' reads outside a transaction
   * (platform/read-replica.ts decides when); everything else uses `db`, the primary.
   */
  replica?: Db;
  /** The replica's address (its lag is polled on a connection of its own). */
  replicaUrl?: string;
};

/** Where the SQL migrations live: next to the source in development, copied beside the bundle in dist. */
export const migrationsFolder = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'drizzle'), path.join(here, '../../drizzle')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('SQL migrations folder not found');
};

export const pgliteExtensions = { pg_trgm };

export const openPglite = async (
  pglite: PGlite,
  logger?: Logger,
  onClose?: () => void,
): Promise<Database> => {
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: (folder = migrationsFolder()) => runMigrations(db, folder),
    exclusively: (fn) => fn(),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        onClose?.();
      }
    },
  };
};

/** The embedded database under DATA_DIR/pgdata, or an in-memory one for dataDir ':memory:'. */
export const openEmbedded = async (dataDir: string, logger?: Logger) => {
  if (dataDir === ':memory:') return openPglite(new PGlite({ extensions: pgliteExtensions }), logger);
  const release = lockDataDir(dataDir);
  try {
    const dir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    return await openPglite(new PGlite(dir, { extensions: pgliteExtensions }), logger, release);
  } catch (error) {
    release();
    throw error;
  }
};

const newPool = (url: string, max: number, connectionTimeoutMillis: number, sqlTraceFile?: string) => {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis });
  if (sqlTraceFile) pool.on('connect', (client) => traceClient(client, sqlTraceFile));
  // An idle connection the server ends (a PostgreSQL restart, a terminated backend) is dropped from the pool
  // and replaced on demand; without this listener the error would end the process.
  pool.on('error', (error) => console.error(`A PostgreSQL connection was closed: ${error.message}`));
  return pool;
};

export const openPostgres = async (
  url: string,
  max = 10,
  sqlTraceFile?: string,
  readUrl?: string,
): Promise<Database> => {
  // A request waits at most 5 s for a connection, then answers 503, rather than hanging while PostgreSQL is
  // away.
  const pool = newPool(url, max, 5000, sqlTraceFile);
  // Fail fast with a clear message rather than on the first request.
  const client = await pool.connect();
  client.release();
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  // The replica is not required to start: while it does not answer, reads go to the primary (the poll of
  // platform/read-replica.ts notices within 50 ms that it went away).
  const readPool = readUrl ? newPool(readUrl, max, 5000, sqlTraceFile) : undefined;
  const replica = readPool ? (drizzleNodePg(readPool, { schema }) as unknown as Db) : undefined;
  return {
    db,
    kind: 'postgres',
    url,
    ...(replica ? { replica, replicaUrl: readUrl } : {}),
    migrate: (folder = migrationsFolder()) => runMigrations(db, folder),
    exclusively: async (fn) => {
      // A session lock on a connection of its own, which is then closed rather than returned to the pool:
      // closing it releases the lock even when the unlock could not be sent. fn uses other connections.
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(${START_LOCK_KEY}::bigint)`);
        return await fn();
      } finally {
        client.release(true);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
};

/** What a standing-in handle (platform/request-transaction.ts scopedDb) answers with the handle it means now. */
export const CURRENT_DB = Symbol('karya.currentDb');

/**
 * A statement prepared once per database and reused (the hot paths of every request: built and parsed
 * once, not per call), its rows mapped by a mapper made once (row-mapper.ts).
 */
export const preparedPerDb = <Q>(build: (db: Db) => Q) => {
  const cache = new WeakMap<Db, Q>();
  return (handle: Db) => {
    // A handle that stands for another at each call (the request's transaction or the pool: scopedDb)
    // names it, so a statement is bound to where this call runs, never to where the first one ran.
    const db = (handle as Db & { [CURRENT_DB]?: Db })[CURRENT_DB] ?? handle;
    let query = cache.get(db);
    if (!query) {
      query = withRowMapper(build(db));
      cache.set(db, query);
    }
    return query;
  };
};

/**
 * The SQL trace (SQL_TRACE_FILE, diagnostics; the benchmark replays it): each statement as one JSON line
 * with its parameters, and on PostgreSQL the name it was prepared under, so a replay prepares what the
 * server prepares.
 */
type TracedStatement = { sql: string; params: unknown[]; name?: string };
const trace = (file: string, s: TracedStatement) => appendFileSync(file, `${JSON.stringify(s)}\n`);
export const fileSqlTrace = (file: string): Logger => ({
  logQuery: (query, params) => trace(file, { sql: query, params }),
});
/** Every statement a pooled connection sends, transactions included, with its name when prepared. */
const traceClient = (client: pg.PoolClient, file: string) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const c = (typeof config === 'object' && config ? config : {}) as Partial<pg.QueryConfig>;
    const text = typeof config === 'string' ? config : c.text;
    if (text)
      trace(file, {
        sql: text,
        params: (Array.isArray(rest[0]) ? rest[0] : c.values) ?? [],
        ...(c.name ? { name: c.name } : {}),
      });
    return query(config, ...rest);
  }) as typeof client.query;
};

export const openDatabase = (opts: {
  databaseUrl?: string;
  databaseReadUrl?: string;
  dataDir: string;
  sqlTraceFile?: string;
}) =>
  opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.sqlTraceFile, opts.databaseReadUrl)
    : openEmbedded(opts.dataDir, opts.sqlTraceFile ? fileSqlTrace(opts.sqlTraceFile) : undefined);
