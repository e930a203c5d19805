import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Database,
  migrationsFolder,
  openEmbedded,
  openPglite,
  openPostgres,
  pgliteExtensions,
} from '../src/db/client.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock.ts';
import { MigrationError } from '../src/db/migrate.ts';
import { postgresProblem, SERVICE_PG_URL } from './services.ts';
import {
  bundleServer,
  freePort,
  migrationsWith,
  SERVER_DIR,
  type ServerProcess,
  startServer,
  stopServer,
  waitUntilHealthy,
} from './upgrade-kit.ts';

/**
 * Issue 13 §2: migrations run under a lock and all or nothing. One process on an embedded data directory
 * (DATA_DIR/karya.lock); on PostgreSQL two processes starting together on an empty database migrate it
 * once and create one administrator; a migration that fails leaves the database as it was, and the server
 * stops saying so (exit code 1).
 */

const pgProblem = await postgresProblem();
if (pgProblem) console.warn(`[migrate-lock.test] PostgreSQL parts SKIPPED: ${pgProblem}.`);

/** Real server processes on a shared two-core machine: a start can take many seconds when it is busy. */
const PROCESSES = { timeout: 180_000 };

const JOURNAL_SIZE = (
  JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const scratch = mkdtempSync(path.join(tmpdir(), 'karya-migrate-'));
const servers: ServerProcess[] = [];
const databases: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  for (const name of databases)
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
});

const adminQuery = async (query: string) => {
  const client = new pg.Client({ connectionString: SERVICE_PG_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

/** A new, empty PostgreSQL database (dropped after the file); its URL. */
const freshPostgres = async () => {
  const name = `karya_migrate_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  databases.push(name);
  const u = new URL(SERVICE_PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const journal = (database: Database) =>
  rows<{ hash: string; created_at: string }>(
    database,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  );

const tableExists = async (database: Database, table: string) =>
  (await rows<{ t: string | null }>(database, sql`select to_regclass(${table})::text as t`))[0]!.t !== null;

const columnExists = async (database: Database, table: string, column: string) =>
  (
    await rows(
      database,
      sql`select 1 from information_schema.columns where table_name = ${table} and column_name = ${column}`,
    )
  ).length > 0;

/** A good migration, then one whose second statement fails after its first changed a table. */
const GOOD = { tag: '9001_upgrade_probe', statements: ['CREATE TABLE "upgrade_probe" ("id" integer)'] };
const BROKEN = {
  tag: '9002_broken_on_purpose',
  statements: ['ALTER TABLE "users" ADD COLUMN "probe" text', 'INSERT INTO "no_such_table" VALUES (1)'],
};

describe('the embedded database has one process', PROCESSES, () => {
  it('a second server on the same DATA_DIR is refused, saying which process holds it; after a crash the next one starts', async () => {
    const dataDir = path.join(scratch, 'one-process');
    const first = startServer('first', {
      cwd: SERVER_DIR,
      args: ['--import', 'tsx', 'src/main.ts'],
      port: await freePort(),
      env: { DATA_DIR: dataDir },
    });
    servers.push(first);
    await waitUntilHealthy(first);

    const second = startServer('second', {
      cwd: SERVER_DIR,
      args: ['--import', 'tsx', 'src/main.ts'],
      port: await freePort(),
      env: { DATA_DIR: dataDir },
    });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Karya process (pid ${first.child.pid}) is using DATA_DIR ${path.resolve(dataDir)}`,
    );
    expect(second.output()).toContain('Stop it first, or give this one its own DATA_DIR.');
    // A tool in this process (stock:verify, a backup) is refused the same way.
    await expect(openEmbedded(dataDir)).rejects.toThrow(DataDirLockedError);

    // Killed outright, the first leaves its lock behind; the next opener finds its process gone.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const database = await openEmbedded(dataDir);
    try {
      expect(await rows(database, sql`select 1 from users`)).toHaveLength(1);
      expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('the lock: held once per process, a stale owner taken over, an owner on another machine stands', () => {
    const dir = path.join(scratch, 'lock');
    const file = path.join(dir, LOCK_FILE);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(
      `Another Karya process (pid ${process.pid}) is using DATA_DIR ${dir}`,
    );
    release();
    expect(existsSync(file)).toBe(false);

    const leave = (owner: object) => writeFileSync(file, JSON.stringify({ nonce: 'x', ...owner }));
    // This process's own pid, from an earlier run (a container's pid 1 after a restart): not held here.
    leave({ pid: process.pid, host: hostname(), started: '1' });
    lockDataDir(dir)();
    // A live process (the test runner's parent) that started at another time than recorded: the pid was reused.
    leave({ pid: process.ppid, host: hostname(), started: '1' });
    lockDataDir(dir)();
    // A live process as recorded stands.
    leave({ pid: process.ppid, host: hostname(), started: null });
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.ppid})`);
    leave({ pid: process.pid, host: 'elsewhere', started: null });
    expect(() => lockDataDir(dir)).toThrow(
      `(pid ${process.pid} on elsewhere) is using DATA_DIR ${dir}: a server, or a tool such as npm run stock:verify. Stop it first, or give this one its own DATA_DIR. If nothing runs there any more, delete ${file} and start again.`,
    );
  });
});

const failedMigrationLeavesItAsItWas = async (database: Database) => {
  await database.migrate();
  const before = await journal(database);
  expect(before).toHaveLength(JOURNAL_SIZE);

  const broken = migrationsWith(path.join(scratch, `broken-${database.kind}`), [GOOD, BROKEN]);
  const failure = await database.migrate(broken).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(MigrationError);
  expect((failure as Error).message).toMatch(
    /^The database could not be upgraded to this version: 9002_broken_on_purpose: relation "no_such_table" does not exist\. Nothing was changed; the database is as it was\. Restore the previous version of Karya, or fix the cause and start again\.$/,
  );
  // Neither the good migration before it nor the broken one's first statement stayed.
  expect(await journal(database)).toEqual(before);
  expect(await tableExists(database, 'upgrade_probe')).toBe(false);
  expect(await columnExists(database, 'users', 'probe')).toBe(false);

  // The cause fixed, the same upgrade goes through.
  const fixed = migrationsWith(path.join(scratch, `fixed-${database.kind}`), [GOOD]);
  await database.migrate(fixed);
  expect(await journal(database)).toHaveLength(JOURNAL_SIZE + 1);
  expect(await tableExists(database, 'upgrade_probe')).toBe(true);
};

describe('a migration that fails changes nothing', PROCESSES, () => {
  it('on PGlite', async () => {
    const database = await openPglite(new PGlite({ extensions: pgliteExtensions }));
    try {
      await failedMigrationLeavesItAsItWas(database);
    } finally {
      await database.close();
    }
  });

  it.skipIf(Boolean(pgProblem))('on PostgreSQL', async () => {
    const database = await openPostgres(await freshPostgres(), 4);
    try {
      await failedMigrationLeavesItAsItWas(database);
    } finally {
      await database.close();
    }
  });

  it('the server stops with the message and exit code 1, and the data is as it was', async () => {
    const dataDir = path.join(scratch, 'failed-upgrade');
    const database = await openEmbedded(dataDir);
    await database.migrate();
    const before = await journal(database);
    await database.close();

    const bundleDir = path.join(scratch, 'broken-build');
    const main = await bundleServer(
      bundleDir,
      migrationsWith(path.join(scratch, 'broken-for-server'), [GOOD, BROKEN]),
    );
    const server = startServer('broken', {
      cwd: bundleDir,
      args: [main],
      port: await freePort(),
      env: { DATA_DIR: dataDir },
    });
    servers.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'The database could not be upgraded to this version: 9002_broken_on_purpose: relation "no_such_table" does not exist. Nothing was changed; the database is as it was. Restore the previous version of Karya, or fix the cause and start again.',
    );

    const after = await openEmbedded(dataDir);
    try {
      expect(await journal(after)).toEqual(before);
      expect(await tableExists(after, 'upgrade_probe')).toBe(false);
      expect(await columnExists(after, 'users', 'probe')).toBe(false);
    } finally {
      await after.close();
    }
  });
});

describe.skipIf(Boolean(pgProblem))('PostgreSQL: processes starting together migrate once', PROCESSES, () => {
  it('two pools migrating one empty database at once record each migration once', async () => {
    const url = await freshPostgres();
    const [a, b] = [await openPostgres(url, 2), await openPostgres(url, 2)];
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const entries = await journal(a);
      expect(entries).toHaveLength(JOURNAL_SIZE);
      expect(new Set(entries.map((e) => e.hash)).size).toBe(JOURNAL_SIZE);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('two servers started together on an empty database both start, with one administrator', async () => {
    const url = await freshPostgres();
    const [a, b] = await Promise.all(
      ['a', 'b'].map(async (name) =>
        startServer(name, {
          cwd: SERVER_DIR,
          args: ['--import', 'tsx', 'src/main.ts'],
          port: await freePort(),
          env: { DATA_DIR: path.join(scratch, `together-${name}`), DATABASE_URL: url },
        }),
      ),
    );
    servers.push(a!, b!);
    await Promise.all([waitUntilHealthy(a!), waitUntilHealthy(b!)]);
    // One of them created the administrator (and says so); the other found the work done.
    const created = [a!, b!].filter((s) =>
      s.output().includes('Karya is ready. Sign in as the administrator'),
    );
    expect(created).toHaveLength(1);

    const database = await openPostgres(url, 1);
    try {
      const entries = await journal(database);
      expect(entries).toHaveLength(JOURNAL_SIZE);
      expect(new Set(entries.map((e) => e.hash)).size).toBe(JOURNAL_SIZE);
      expect(await rows(database, sql`select 1 from users`)).toHaveLength(1);
      expect(await rows(database, sql`select 1 from roles where lower(name) = 'super admin'`)).toHaveLength(
        1,
      );
    } finally {
      await database.close();
    }
  });
});
