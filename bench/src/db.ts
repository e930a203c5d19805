import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm/sql';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';

/** The little the bench needs from a database driver, for PGlite and node-postgres alike. */
export type Sql = {
  /** `name`: prepared under that name on the connection, as the server does with its hot statements. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
};

/** The app's own SQL (drizzle's `execute`) over the bench driver: rendered, then run. */
export const asDb = (sql: Sql): Db => {
  const dialect = new PgDialect();
  return {
    execute: async (query: SQL) => {
      const q = dialect.sqlToQuery(query);
      return { rows: await sql.query(q.sql, q.params) };
    },
  } as unknown as Db;
};

export type Target =
  | { kind: 'pglite'; label: 'PGlite'; dataDir: string }
  | { kind: 'postgres'; label: 'PostgreSQL'; url: string; adminUrl: string; database: string };

export const scaleTag = (scale: number) => String(scale).replace('.', '_');

export const pgliteTarget = (root: string, scale: number): Target => ({
  kind: 'pglite',
  label: 'PGlite',
  dataDir: path.join(root, 'bench', '.data', `pglite-${scaleTag(scale)}`),
});

export type PostgresTarget = Extract<Target, { kind: 'postgres' }>;

export const postgresTarget = (adminUrl: string, scale: number, prefix = 'karya_bench'): PostgresTarget => {
  // BENCH_DATABASE names another database (a run beside someone else's on the same server).
  const database = process.env.BENCH_DATABASE ?? `${prefix}_${scaleTag(scale)}`;
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return { kind: 'postgres', label: 'PostgreSQL', url: u.toString(), adminUrl, database };
};

/** Can we reach this PostgreSQL server at all? */
export const postgresAnswers = async (url: string) => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
};

const pgliteSql = (db: PGlite): Sql => ({
  async query<T>(text: string, params?: unknown[]) {
    return (await db.query<T>(text, params)).rows;
  },
  async exec(text) {
    await db.exec(text);
  },
  close: () => db.close(),
});

/** A driver-level connection (or a pool of `max`) to the target's database. */
export const openSql = async (target: Target, max = 1): Promise<Sql> => {
  if (target.kind === 'pglite') {
    const db = new PGlite(path.join(target.dataDir, 'pgdata'), { extensions: { pg_trgm } });
    await db.waitReady;
    return pgliteSql(db);
  }
  const pool = new pg.Pool({ connectionString: target.url, max });
  return {
    async query<T>(text: string, params?: unknown[], name?: string) {
      return (await pool.query({ text, values: params as unknown[], name })).rows as T[];
    },
    async exec(text) {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
};

/** Remove the target's database, so the next run starts empty. */
export const dropTarget = async (target: Target) => {
  if (target.kind === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
    mkdirSync(target.dataDir, { recursive: true });
    return;
  }
  const c = new pg.Client({ connectionString: target.adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${target.database} with (force)`);
  await c.query(`create database ${target.database}`);
  await c.end();
};

/** Does the target hold a finished data set of this version? */
export const readMeta = async (target: Target): Promise<Record<string, string> | null> => {
  if (target.kind === 'pglite' && !existsSync(path.join(target.dataDir, 'pgdata', 'PG_VERSION'))) return null;
  if (target.kind === 'postgres') {
    const c = new pg.Client({ connectionString: target.adminUrl });
    await c.connect();
    const r = await c.query('select 1 from pg_database where datname = $1', [target.database]);
    await c.end();
    if (r.rowCount === 0) return null;
  }
  const sql = await openSql(target);
  try {
    const rows = await sql.query<{ key: string; value: string }>(`select key, value from bench_meta`);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } catch {
    return null;
  } finally {
    await sql.close();
  }
};
