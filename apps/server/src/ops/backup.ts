import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type DatabaseKind, type Db, migrationsFolder } from '../db/client.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';

/**
 * A backup archive (issue 13 §1): one .tar.gz holding manifest.json first, then one JSON-lines dump per
 * table of the public schema (tables/<name>.jsonl: each row as row_to_json, sorted by that text, so the
 * same data gives the same bytes on PGlite and on PostgreSQL), then the uploaded files the snapshot's
 * `files` rows name (files/<storage key>). The format is logical, so an archive of the embedded database
 * restores into PostgreSQL and back.
 */
export const BACKUP_FORMAT = 'karya-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_NAME = /^karya-backup-\d{4}-\d{2}-\d{2}T\d{6}Z(?:-\d+)?\.tar\.gz$/;

/** A problem to tell the person running the backup or restore, as is. */
export class BackupError extends Error {}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);
/** Table and sequence names as our migrations make them; anything else is not our archive. */
const sqlName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The latest migration applied to the database that was saved. */
  schema: z.object({ migrations: count, latest: z.string(), when: count }),
  tables: z.array(z.object({ name: sqlName, rows: count, bytes: count, sha256: sha256Hex })),
  sequences: z.array(
    z.object({ name: sqlName, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  files: z.array(
    z.object({ name: z.string().regex(/^[0-9a-f]{24}\.[a-z]{2,5}$/), bytes: count, sha256: sha256Hex }),
  ),
  /** Files named by a `files` row whose bytes were already gone when the backup was taken. */
  missingFiles: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export type SchemaVersion = Manifest['schema'];

const journal = () =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;

/** The schema this code migrates to: the last migration of its journal. */
export const codeSchemaVersion = (): SchemaVersion => {
  const entries = journal();
  const last = entries.at(-1)!;
  return { migrations: entries.length, latest: last.tag, when: last.when };
};

type Queryable = Pick<Db, 'execute'>;

export const rowsOf = async <T>(q: Queryable, query: SQL) =>
  ((await q.execute(query)) as unknown as { rows: T[] }).rows;

/** The schema a database is at: drizzle's journal of applied migrations (null: none applied). */
export const databaseSchemaVersion = async (q: Queryable): Promise<SchemaVersion | null> => {
  const [exists] = await rowsOf<{ t: string | null }>(
    q,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists?.t) return null;
  const [row] = await rowsOf<{ n: number; when: string | null }>(
    q,
    sql`select count(*)::int as n, max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  if (!row?.n || !row.when) return null;
  const when = Number(row.when);
  const tag = journal().find((e) => e.when === when)?.tag ?? `unknown (newer than this Karya)`;
  return { migrations: row.n, latest: tag, when };
};

/**
 * Output settings for the dump and its check: rows read as the same text on every engine and every
 * server configuration (timestamps in UTC, floats in their shortest exact form).
 */
export const setDumpSettings = async (tx: Queryable) => {
  await tx.execute(sql`set local time zone 'UTC'`);
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
};

export const publicTables = async (q: Queryable) =>
  (
    await rowsOf<{ name: string }>(
      q,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename collate "C"`,
    )
  ).map((r) => r.name);

const BATCH = 1000;

/**
 * A table's rows in dump order, a batch of JSON lines at a time, through a cursor (inside the caller's
 * transaction, so a large table is never held in memory whole).
 */
export const forEachDumpBatch = async (
  tx: Queryable,
  table: string,
  onBatch: (lines: string[]) => Promise<void> | void,
) => {
  await tx.execute(
    sql`declare karya_dump no scroll cursor for select j from (select row_to_json(t)::text as j from ${sql.identifier(table)} t) s order by j collate "C"`,
  );
  for (;;) {
    const rows = await rowsOf<{ j: string }>(tx, sql.raw(`fetch ${BATCH} from karya_dump`));
    if (!rows.length) break;
    await onBatch(rows.map((r) => r.j));
  }
  await tx.execute(sql`close karya_dump`);
};

type TableDump = Manifest['tables'][number];

type Snapshot = {
  schema: SchemaVersion;
  tables: TableDump[];
  sequences: Manifest['sequences'];
  storageKeys: string[];
};

/**
 * Every table, sequence and stored file name as of one moment: one REPEATABLE READ READ ONLY transaction
 * (on PGlite the transaction also holds the engine, so requests wait for the dump, not the archive).
 * Each table's dump goes to stagingDir/<name>.jsonl.
 */
const takeSnapshot = (db: Db, stagingDir: string): Promise<Snapshot> =>
  db.transaction(
    async (tx) => {
      await setDumpSettings(tx);
      const schema = await databaseSchemaVersion(tx);
      if (!schema)
        throw new BackupError('The database holds no Karya schema yet: start Karya once, then back it up.');
      const tables: TableDump[] = [];
      for (const name of await publicTables(tx)) {
        const hash = createHash('sha256');
        const file = await open(path.join(stagingDir, `${name}.jsonl`), 'wx', 0o600);
        let rows = 0;
        let bytes = 0;
        try {
          await forEachDumpBatch(tx, name, async (lines) => {
            const chunk = Buffer.from(`${lines.join('\n')}\n`);
            hash.update(chunk);
            await file.write(chunk);
            rows += lines.length;
            bytes += chunk.length;
          });
        } finally {
          await file.close();
        }
        tables.push({ name, rows, bytes, sha256: hash.digest('hex') });
      }
      const sequences: Manifest['sequences'] = [];
      const names = await rowsOf<{ name: string }>(
        tx,
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where c.relkind = 'S' and n.nspname = 'public' order by c.relname collate "C"`,
      );
      for (const { name } of names) {
        const [s] = await rowsOf<{ v: string; called: boolean }>(
          tx,
          sql`select last_value::text as v, is_called as called from ${sql.identifier(name)}`,
        );
        sequences.push({ name, lastValue: s!.v, isCalled: s!.called });
      }
      const keys = await rowsOf<{ k: string }>(
        tx,
        sql`select storage_key as k from files order by storage_key collate "C"`,
      );
      return { schema, tables, sequences, storageKeys: keys.map((k) => k.k) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

const hashFile = async (file: string) => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
};

/** An entry's bytes from a file, exactly as many as its header announced (a file that changed is an error). */
async function* fileEntry(name: string, file: string, size: number, mtime: Date) {
  yield tarHeader(name, size, mtime);
  let sent = 0;
  for await (const chunk of createReadStream(file)) {
    sent += (chunk as Buffer).length;
    if (sent > size) break;
    yield chunk as Buffer;
  }
  if (sent !== size) throw new BackupError(`${name} changed while the backup was being written; try again.`);
  yield tarPadding(size);
}

/** karya-backup-2026-11-25T093012Z.tar.gz (UTC; sorts by time). */
export const backupFileName = (now: Date) =>
  `karya-backup-${now.toISOString().slice(0, 19).replace(/:/g, '')}Z.tar.gz`;

export type BackupResult = { file: string; manifest: Manifest; bytes: number };

/**
 * Write one archive of the database and the uploaded files under dataDir/files. `to` is a folder (the
 * archive gets a dated name there) or a path ending in .tar.gz. The archive appears under its final name
 * only once complete; a failed backup leaves nothing behind.
 */
export const writeBackup = async (opts: {
  db: Db;
  kind: DatabaseKind;
  dataDir: string;
  to: string;
  appVersion: string;
  now?: Date;
}): Promise<BackupResult> => {
  const now = opts.now ?? new Date();
  const toFile = opts.to.endsWith('.tar.gz');
  const dir = toFile ? path.dirname(path.resolve(opts.to)) : path.resolve(opts.to);
  // Backups hold password hashes and sessions: the folder is the owner's alone.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let target = toFile ? path.resolve(opts.to) : path.join(dir, backupFileName(now));
  for (let n = 2; !toFile && (await exists(target)); n++)
    target = path.join(dir, backupFileName(now).replace('.tar.gz', `-${n}.tar.gz`));
  if (await exists(target)) throw new BackupError(`${target} already exists; choose another name.`);

  const staging = await mkdtemp(path.join(dir, '.karya-backup-'));
  const partial = `${target}.partial`;
  try {
    const snapshot = await takeSnapshot(opts.db, staging);
    const filesDir = path.resolve(opts.dataDir, 'files');
    const files: Manifest['files'] = [];
    const missingFiles: string[] = [];
    for (const name of snapshot.storageKeys) {
      const file = path.join(filesDir, name);
      if (!(await exists(file))) missingFiles.push(name);
      else files.push({ name, ...(await hashFile(file)) });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      appVersion: opts.appVersion,
      source: opts.kind,
      schema: snapshot.schema,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      missingFiles,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    async function* entries() {
      yield tarHeader('manifest.json', manifestBytes.length, now);
      yield manifestBytes;
      yield tarPadding(manifestBytes.length);
      for (const t of manifest.tables)
        yield* fileEntry(`tables/${t.name}.jsonl`, path.join(staging, `${t.name}.jsonl`), t.bytes, now);
      for (const f of manifest.files)
        yield* fileEntry(`files/${f.name}`, path.join(filesDir, f.name), f.bytes, now);
      yield tarEnd();
    }
    await pipeline(
      entries(),
      createGzip({ level: 6 }),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    // On disk before it takes its final name, so a crash never leaves a complete-looking partial archive.
    const written = await open(partial, 'r');
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(partial, target);
    return { file: target, manifest, bytes: (await stat(target)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
};

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** One line about an archive for people: tables, rows, files. */
export const describeManifest = (m: Manifest) => {
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  return `${m.tables.length} tables, ${rows} rows, ${m.files.length} files (schema ${m.schema.latest}, Karya ${m.appVersion}, from ${m.source}, taken ${m.createdAt})`;
};
