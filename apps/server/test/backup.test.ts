import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_ATTENDANCE_RULES, todayInAppZone } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openEmbedded, openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';
import { mailOutbox, otpCodes, users } from '../src/db/schema.ts';
import { loadDemoData } from '../src/demo/index.ts';
import { type Manifest, publicTables, rowsOf, writeBackup } from '../src/ops/backup.ts';
import { BACKUP_JOB, pruneBackups, takeScheduledBackup } from '../src/ops/backup-service.ts';
import { askServer } from '../src/ops/control.ts';
import { restoreArchive, tablesWithData } from '../src/ops/restore.ts';
import { readTar, tarEnd, tarHeader, tarPadding } from '../src/ops/tar.ts';
import { storeUpload } from '../src/platform/files.ts';
import { runOnce } from '../src/platform/jobs.ts';
import { openTestDatabase } from './db.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminSession,
  createTestApp,
  SECURITY,
  type TestContext,
} from './helpers.ts';
import { adminQuery, postgresProblem, SERVICE_PG_URL } from './services.ts';

/**
 * Backup and restore (issue 13 §1): an archive of a database holding every record type restores into an
 * empty PGlite and an empty PostgreSQL with every table's row count and checksum equal (the restored
 * database is backed up again and the two manifests compared); damaged, truncated, foreign and newer
 * archives and a non-empty target are refused with nothing changed; the daily backup is taken once; and
 * `npm run backup` asks a running server on the embedded database for its archive. The PostgreSQL part
 * skips, saying why, where PostgreSQL does not answer.
 */

const pgProblem = await postgresProblem();
if (pgProblem)
  console.warn(
    `[backup.test] PostgreSQL round trips SKIPPED: ${pgProblem}. They need PostgreSQL (TEST_DATABASE_URL).`,
  );

const SERVER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const work = mkdtempSync(path.join(tmpdir(), 'karya-backup-test-'));
const newDir = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
/** The smallest PNG there is, 1 × 1 (an uploaded item image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a backup says about the data: per table its rows and checksum, the sequences, the files. */
const contentOf = (m: Manifest) => ({
  schema: m.schema,
  tables: m.tables,
  sequences: m.sequences,
  files: m.files,
});

const backupOf = async (database: Database, dataDir: string, to: string) =>
  writeBackup({ db: database.db, kind: database.kind, dataDir, to, appVersion: '0.1.0' });

/** An empty, migrated PostgreSQL database of its own; dropped by the returned close. */
const pgDatabases: string[] = [];
const newPostgres = async () => {
  const name = `karya_backup_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  pgDatabases.push(name);
  const u = new URL(SERVICE_PG_URL);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 2);
  await database.migrate();
  return { database, url: u.toString() };
};

let ctx: TestContext;
let sourceDir: string;
let archive: string;
let source: Manifest;
const opened: Database[] = [];
/** An empty, migrated embedded database (from the run's template when there is one). */
const emptyPglite = async () => {
  const template = inject('templatePath');
  const database = await openPglite(
    new PGlite({
      extensions: pgliteExtensions,
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    }),
  );
  if (!template) await database.migrate();
  opened.push(database);
  return database;
};
/** An empty database of the suite's engine (PGlite, or PostgreSQL in the TEST_DATABASE_URL pass). */
const emptyTestDatabase = async () => {
  const database = await openTestDatabase(inject('templatePath'));
  opened.push(database);
  return database;
};

beforeAll(async () => {
  // The source: the demo data (users, roles, teams, tasks, catalogue, customers, follow-ups, requirements,
  // purchases, sales, adjustments) and what the demo does not make: a session, an idempotent write and its
  // history, an uploaded file, a one-time code, an e-mail in the outbox, a job run.
  ctx = await createTestApp();
  const { db } = ctx.database;
  await loadDemoData(db);
  const admin = await adminSession(ctx);
  const task = await admin.request({
    method: 'POST',
    url: '/api/hrm/tasks',
    headers: { 'idempotency-key': 'backup-test-0001' },
    payload: {
      title: 'Back up the office — ଓଡ଼ିଆ "quoted" \\ slash',
      date: '2026-11-20',
      deadline: '2026-11-25',
      status: 'Scheduled',
      priority: 'Medium',
      assignedTo: [admin.user.id],
    },
  });
  expect(task.statusCode, task.body).toBe(201);
  // Attendance (issue 28): the company's rules and a correction waiting for a decision.
  const rules = await admin.request({
    method: 'PUT',
    url: '/api/hrm/attendances/rules',
    payload: { ...DEFAULT_ATTENDANCE_RULES, graceMinutes: 10 },
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const correction = await admin.request({
    method: 'POST',
    url: '/api/hrm/attendances/corrections',
    payload: {
      date: todayInAppZone(new Date(ctx.clock.now().getTime() - 86_400_000)),
      kind: 'out',
      time: '18:00',
      reason: 'Forgot to check out',
    },
  });
  expect(correction.statusCode, correction.body).toBe(201);
  // Leave (issue 28): the year's allocations and an application waiting for a decision.
  const allocations = await admin.request({
    method: 'PUT',
    url: '/api/hrm/leaves/allocations',
    payload: { year: 2026, allocations: [{ leaveType: 'Earned', userId: admin.user.id, days: 18 }] },
  });
  expect(allocations.statusCode, allocations.body).toBe(200);
  const leaveDay = todayInAppZone(
    new Date(ctx.clock.now().getTime() + 86_400_000 * (new Date(ctx.clock.now()).getUTCDay() === 6 ? 2 : 1)),
  );
  const leave = await admin.request({
    method: 'POST',
    url: '/api/hrm/leaves',
    payload: { leaveType: 'Unpaid', from: leaveDay, to: leaveDay, reason: 'Back up the leave too' },
  });
  expect(leave.statusCode, leave.body).toBe(201);
  // Expense claims (issue 28): the rules and a draft with its line.
  const expenseRulesSaved = await admin.request({
    method: 'PUT',
    url: '/api/hrm/expenses/rules',
    payload: { ratePerKm: 5, receiptAbove: 400 },
  });
  expect(expenseRulesSaved.statusCode, expenseRulesSaved.body).toBe(200);
  const claim = await admin.request({
    method: 'POST',
    url: '/api/hrm/expenses',
    payload: {
      title: 'Back up the claims too',
      lines: [{ date: todayInAppZone(ctx.clock.now()), category: 'Travel', distanceKm: 12.5 }],
    },
  });
  expect(claim.statusCode, claim.body).toBe(201);
  await storeUpload(
    ctx.app.deps,
    { data: PNG, filename: 'logo.png', ownerId: admin.user.id },
    ['image/png'],
    'wrong type',
  );
  await db.insert(otpCodes).values({
    id: 'a'.repeat(24),
    userId: admin.user.id,
    purpose: 'reset',
    codeHash: 'b'.repeat(64),
    expiresAt: new Date(),
  });
  await db
    .insert(mailOutbox)
    .values({ id: 'c'.repeat(24), to: ADMIN_EMAIL, subject: 'Hello', text: 'Line\nTwo' });
  await runOnce(db, 'backup-test', '2026-11-25', async () => ({ ok: true, n: 1.5 }));
  sourceDir = ctx.app.deps.config.DATA_DIR;
  const result = await backupOf(ctx.database, sourceDir, newDir('archives'));
  archive = result.file;
  source = result.manifest;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  for (const d of opened) await d.close().catch(() => undefined);
  for (const name of pgDatabases)
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe('a backup', () => {
  it('holds every table, each with rows, its row count as the database counts it, and the uploaded file', async () => {
    const tables = await publicTables(ctx.database.db);
    expect(source.tables.map((t) => t.name)).toEqual(tables);
    for (const t of source.tables) {
      const [row] = await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${sql.identifier(t.name)}`,
      );
      expect(t.rows, `${t.name} has rows`).toBeGreaterThan(0);
      expect(t.rows, t.name).toBe(row!.n);
    }
    expect(source.sequences.map((s) => s.name)).toContain('product_item_sku_seq');
    expect(source.files).toHaveLength(1);
    expect(path.basename(archive)).toMatch(/^karya-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz$/);
    // manifest.json first, then the tables, then the files.
    const names: string[] = [];
    const { createReadStream } = await import('node:fs');
    const { createGunzip } = await import('node:zlib');
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) names.push(entry.name);
    expect(names[0]).toBe('manifest.json');
    expect(names.slice(1, 1 + source.tables.length)).toEqual(
      source.tables.map((t) => `tables/${t.name}.jsonl`),
    );
    expect(names.at(-1)).toBe(`files/${source.files[0]!.name}`);
  });
});

describe('restore', () => {
  it('into an empty embedded database: every count and checksum equal, the file and the sequences come back', async () => {
    const target = await emptyPglite();
    const dataDir = newDir('pglite-target');
    const result = await restoreArchive({ file: archive, database: target, dataDir });
    expect(result.files).toBe(1);
    expect(result.rows).toBe(source.tables.reduce((n, t) => n + t.rows, 0));
    const again = await backupOf(target, dataDir, newDir('pglite-again'));
    expect(contentOf(again.manifest)).toEqual(contentOf(source));
    const key = source.files[0]!.name;
    expect(readFileSync(path.join(dataDir, 'files', key)).equals(PNG)).toBe(true);
    // The restored sequence continues where the source stopped.
    const [next] = await rowsOf<{ v: string }>(
      target.db,
      sql`select nextval('product_item_sku_seq')::text as v`,
    );
    const sku = source.sequences.find((s) => s.name === 'product_item_sku_seq')!;
    expect(Number(next!.v)).toBe(Number(sku.lastValue) + 1);
    // In the run against PostgreSQL there is no migrated PGlite template, so the empty target migrates from
    // scratch: beside the browser tests on two cores that passed 30 s (CI, stop 31).
  }, 120_000);

  describe.skipIf(Boolean(pgProblem))('on PostgreSQL and across', () => {
    it('into PostgreSQL, from there into PostgreSQL again and back into PGlite: every count and checksum equal at each step', async () => {
      const first = await newPostgres();
      const dirA = newDir('pg-a');
      await restoreArchive({ file: archive, database: first.database, dataDir: dirA });
      const fromPg = await backupOf(first.database, dirA, newDir('pg-a-archive'));
      await first.database.close();
      expect(fromPg.manifest.source).toBe('postgres');
      expect(contentOf(fromPg.manifest)).toEqual(contentOf(source));

      // PostgreSQL round trip.
      const second = await newPostgres();
      const dirB = newDir('pg-b');
      await restoreArchive({ file: fromPg.file, database: second.database, dataDir: dirB });
      const again = await backupOf(second.database, dirB, newDir('pg-b-archive'));
      await second.database.close();
      expect(contentOf(again.manifest)).toEqual(contentOf(source));

      // And back to the embedded database.
      const back = await emptyPglite();
      const dirC = newDir('pg-back');
      await restoreArchive({ file: fromPg.file, database: back, dataDir: dirC });
      const last = await backupOf(back, dirC, newDir('pg-back-archive'));
      expect(contentOf(last.manifest)).toEqual(contentOf(source));
    }, 120_000);
  });
});

describe('a bad archive or target is refused before anything changes', () => {
  const bytes = () => readFileSync(archive);
  const write = (name: string, data: Buffer) => {
    const file = path.join(newDir('bad'), name);
    writeFileSync(file, data);
    return file;
  };
  /** The archive with its manifest changed by `edit`, the rest as it was. */
  const withManifest = async (edit: (m: Record<string, unknown>) => void) => {
    const { createReadStream } = await import('node:fs');
    const { createGunzip } = await import('node:zlib');
    const parts: Buffer[] = [];
    for await (const entry of readTar(createReadStream(archive).pipe(createGunzip()))) {
      const chunks: Buffer[] = [];
      for await (const c of entry.body) chunks.push(c);
      let body = Buffer.concat(chunks);
      if (entry.name === 'manifest.json') {
        const m = JSON.parse(body.toString('utf8'));
        edit(m);
        body = Buffer.from(JSON.stringify(m));
      }
      parts.push(tarHeader(entry.name, body.length, new Date()), body, tarPadding(body.length));
    }
    parts.push(tarEnd());
    return gzipSync(Buffer.concat(parts));
  };

  // One empty target for every refusal: that it is still empty after all of them is the point.
  let target: Database;
  beforeAll(async () => {
    target = await emptyTestDatabase();
  });
  const refused = async (file: string, message: RegExp) => {
    const dataDir = newDir(`refused-${Math.random().toString(16).slice(2, 8)}`);
    await expect(restoreArchive({ file, database: target, dataDir })).rejects.toThrow(message);
    expect(await tablesWithData(target.db)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual([]);
  };

  it('a damaged archive (one byte changed)', async () => {
    const b = bytes();
    b[Math.floor(b.length / 2)]! ^= 0xff;
    await refused(write('damaged.tar.gz', b), /is damaged.*nothing was changed/);
  });

  it('a truncated archive', async () => {
    const b = bytes();
    await refused(write('truncated.tar.gz', b.subarray(0, Math.floor(b.length * 0.8))), /incomplete|damaged/);
    await refused(write('empty.tar.gz', Buffer.alloc(0)), /not a Karya backup/);
  });

  it('a file that is not a backup, and a .tar.gz of something else', async () => {
    await refused(write('notes.tar.gz', Buffer.from('just some notes\n')), /not a Karya backup/);
    const other = Buffer.from('hello\n');
    const tar = Buffer.concat([
      tarHeader('hello.txt', other.length, new Date()),
      other,
      tarPadding(6),
      tarEnd(),
    ]);
    await refused(
      write('other.tar.gz', gzipSync(tar)),
      /not a Karya backup \(it does not begin with its manifest\)/,
    );
    await refused(
      write('foreign.tar.gz', await withManifest((m) => Object.assign(m, { format: 'other-backup' }))),
      /not a Karya backup/,
    );
  });

  it('a manifest that does not match the entries', async () => {
    await refused(
      write(
        'lying.tar.gz',
        await withManifest((m) => {
          const tables = m.tables as { rows: number }[];
          tables[0]!.rows += 1;
        }),
      ),
      /is damaged: tables\/.* holds \d+ rows, its manifest says/,
    );
  });

  it('an archive from a newer schema or a newer format', async () => {
    await refused(
      write(
        'newer.tar.gz',
        await withManifest((m) => {
          const schema = m.schema as { when: number; latest: string };
          schema.when += 1;
          schema.latest = '9999_future';
        }),
      ),
      /taken by a newer Karya .*schema 9999_future.*Upgrade Karya first/,
    );
    await refused(
      write('format.tar.gz', await withManifest((m) => Object.assign(m, { formatVersion: 2 }))),
      /newer backup format/,
    );
  });

  it('a target that already holds data, and a files folder that is not empty', async () => {
    // The source database itself is a full target.
    const before = await tablesWithData(ctx.database.db);
    const dataDir = newDir('full-target');
    await expect(restoreArchive({ file: archive, database: ctx.database, dataDir })).rejects.toThrow(
      /The target database already holds data \(attendance_corrections: 1 rows, attendance_punches: \d+ rows, .*\)\. .*Nothing was changed/,
    );
    expect(await tablesWithData(ctx.database.db)).toEqual(before);
    expect(readdirSync(dataDir)).toEqual([]);

    const withFiles = newDir('files-target');
    mkdirSync(path.join(withFiles, 'files'));
    writeFileSync(path.join(withFiles, 'files', 'old.png'), PNG);
    await expect(restoreArchive({ file: archive, database: target, dataDir: withFiles })).rejects.toThrow(
      /already holds 1 files/,
    );
    expect(await tablesWithData(target.db)).toEqual([]);
    expect(readdirSync(path.join(withFiles, 'files'))).toEqual(['old.png']);
  });
});

describe('the daily backup', () => {
  it('is taken once a day across processes, and the folder keeps the newest BACKUP_KEEP', async () => {
    const dir = newDir('scheduled');
    // Older archives already there (names sort by time), and a file of someone else's that stays.
    const old = ['2026-11-01T020000Z', '2026-11-02T020000Z', '2026-11-03T020000Z', '2026-11-04T020000Z'].map(
      (t) => `karya-backup-${t}.tar.gz`,
    );
    for (const name of old) writeFileSync(path.join(dir, name), 'old');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const deps = {
      ...ctx.app.deps,
      config: { ...ctx.app.deps.config, BACKUP_DIR: dir, BACKUP_KEEP: 3 },
      clock: { now: () => new Date('2026-11-25T21:00:00Z') },
    };
    const first = await takeScheduledBackup(deps);
    expect(first?.file).toBe(path.join(dir, 'karya-backup-2026-11-25T210000Z.tar.gz'));
    // A second process (or this one again) on the same India day finds it taken.
    expect(await takeScheduledBackup(deps)).toBeNull();
    expect(readdirSync(dir).sort()).toEqual([
      'karya-backup-2026-11-03T020000Z.tar.gz',
      'karya-backup-2026-11-04T020000Z.tar.gz',
      'karya-backup-2026-11-25T210000Z.tar.gz',
      'notes.txt',
    ]);
    const [run] = await rowsOf<{ period: string; finished: boolean }>(
      ctx.database.db,
      sql`select period, finished_at is not null as finished from job_runs where job = ${BACKUP_JOB}`,
    );
    expect(run).toEqual({ period: '2026-11-26', finished: true });
    expect(await pruneBackups(dir, 3)).toEqual([]);
  });
});

// Real processes on the embedded database; the TEST_DATABASE_URL pass of the suite has nothing to add to it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'npm run backup and npm run restore (real processes)',
  () => {
    const freePort = () =>
      new Promise<number>((resolve, reject) => {
        const s = createServer();
        s.on('error', reject);
        s.listen(0, '127.0.0.1', () => {
          const { port } = s.address() as { port: number };
          s.close(() => resolve(port));
        });
      });
    const env = (dataDir: string, extra: Record<string, string> = {}) => ({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO: 'false',
      BACKUP_AT: 'off',
      LOG_LEVEL: 'warn',
      ...extra,
    });
    const cli = (args: string[], vars: Record<string, string>) =>
      new Promise<{ code: number; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], {
          cwd: SERVER_DIR,
          env: vars,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d) => {
          output += d;
        });
        child.stderr.on('data', (d) => {
          output += d;
        });
        child.on('exit', (code) => resolve({ code: code ?? -1, output }));
      });

    let server: ChildProcess | undefined;
    let port = 0;
    const serverDir = path.join(work, 'server-data');
    afterAll(() => {
      server?.kill('SIGKILL');
    });

    it('backs up the embedded database while the server holds it, and restores it into an empty DATA_DIR', async () => {
      port = await freePort();
      server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: env(serverDir, { PORT: String(port) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout?.on('data', (d) => {
        output += d;
      });
      server.stderr?.on('data', (d) => {
        output += d;
      });
      const signIn = () =>
        fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, ...SECURITY }),
        });
      for (let i = 0; ; i++) {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (res?.status === 200) break;
        if (i > 1200) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await signIn()).status).toBe(200);

      const archives = newDir('cli-archives');
      const backup = await cli(['backup', archives], env(serverDir));
      expect(backup.output).toMatch(/Backup written by the running server: .*karya-backup-.*\.tar\.gz/);
      expect(backup.code).toBe(0);
      // The server kept its database and still answers.
      expect((await signIn()).status).toBe(200);
      const [file] = readdirSync(archives);
      expect(file).toMatch(/^karya-backup-.*\.tar\.gz$/);

      // Restore refuses a DATA_DIR a server is running on.
      const busy = await cli(['restore', path.join(archives, file!)], env(serverDir));
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/A Karya server is running on .*stop it, then restore/);

      const restoredDir = path.join(work, 'cli-restored');
      const restored = await cli(['restore', path.join(archives, file!)], env(restoredDir));
      expect(restored.output).toMatch(/Restored \d+ rows and 0 files into/);
      expect(restored.code).toBe(0);
      expect(existsSync(path.join(restoredDir, 'pgdata'))).toBe(true);
      // Restoring again over it is refused.
      const twice = await cli(['restore', path.join(archives, file!)], env(restoredDir));
      expect(twice.code).toBe(1);
      expect(twice.output).toMatch(/The target database already holds data/);

      // The server's control socket answers only its owner's processes and goes away with the server.
      expect(await askServer(serverDir, { command: 'ping' })).toEqual({
        ok: true,
        file: '',
        summary: 'ready',
      });
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
      expect(await askServer(serverDir, { command: 'ping' })).toBeNull();

      // With the server stopped the CLI opens the database itself.
      const direct = await cli(['backup', path.join(archives, 'direct.tar.gz')], env(serverDir));
      expect(direct.output).toMatch(/Backup written: .*direct\.tar\.gz/);
      expect(direct.code).toBe(0);
      const restoredDb = await openEmbedded(restoredDir);
      opened.push(restoredDb);
      const users1 = await restoredDb.db.select({ email: users.email }).from(users);
      expect(users1.map((u) => u.email)).toEqual([ADMIN_EMAIL]);
    }, 240_000);
  },
);
