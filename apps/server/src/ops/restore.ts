import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { AUTH_CHANNEL } from '../platform/auth-channel.ts';
import {
  BackupError,
  codeSchemaVersion,
  forEachDumpBatch,
  type Manifest,
  manifestSchema,
  publicTables,
  rowsOf,
  setDumpSettings,
} from './backup.ts';
import { readTar, type TarEntry, TarError } from './tar.ts';

/** The manifest is small (a line per table and file); anything larger is not ours. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

const collect = async (body: AsyncIterable<Buffer>, limit: number) => {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of body) {
    n += chunk.length;
    if (n > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** What a zlib or tar failure means for the person restoring. */
const archiveProblem = (file: string, error: unknown) => {
  if (error instanceof BackupError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return new BackupError(`${file} does not exist.`);
  if (e.code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup archive.`);
  if (e.code === 'Z_BUF_ERROR')
    return new BackupError(`The backup ${file} is incomplete (it was cut short); nothing was changed.`);
  if (e.code === 'Z_DATA_ERROR' || error instanceof TarError)
    return new BackupError(`The backup ${file} is damaged (${e.message}); nothing was changed.`);
  return error as Error;
};

type Expected = { bytes: number; sha256: string; rows?: number };

/**
 * Read the archive from end to end and check every entry against its manifest. `onEntry` sees each
 * entry's bytes as they pass (the restore's second pass loads them); an entry whose checksum differs
 * throws before the caller commits. Returns the manifest.
 */
const walkArchive = async (
  file: string,
  onEntry?: (manifest: Manifest, entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<Manifest> => {
  try {
    const magic = Buffer.alloc(2);
    const handle = await open(file, 'r');
    try {
      await handle.read(magic, 0, 2, 0);
    } finally {
      await handle.close();
    }
    if (magic[0] !== 0x1f || magic[1] !== 0x8b)
      throw new BackupError(
        `${file} is not a Karya backup (it is not a .tar.gz archive); nothing was changed.`,
      );
    const entries = readTar(createReadStream(file).pipe(createGunzip()));
    const first = await entries.next();
    const foreign = (why: string) =>
      new BackupError(`${file} is not a Karya backup (${why}); nothing was changed.`);
    if (first.done || first.value.name !== 'manifest.json')
      throw foreign('it does not begin with its manifest');
    const raw = await collect(first.value.body, MAX_MANIFEST_BYTES);
    let parsedJson: unknown;
    try {
      parsedJson = raw && JSON.parse(raw.toString('utf8'));
    } catch {
      throw foreign('its manifest is not JSON');
    }
    const head = parsedJson as { format?: unknown; formatVersion?: unknown } | null;
    if (head?.format !== 'karya-backup') throw foreign('its manifest names another format');
    if (typeof head.formatVersion === 'number' && head.formatVersion > 1)
      throw new BackupError(
        `${file} was written in a newer backup format (${head.formatVersion}) than this Karya reads; restore it with a newer Karya. Nothing was changed.`,
      );
    const parsed = manifestSchema.safeParse(parsedJson);
    if (!parsed.success)
      throw new BackupError(
        `The backup ${file} has a damaged manifest (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}); nothing was changed.`,
      );
    const manifest = parsed.data;
    const expected = new Map<string, Expected>([
      ...manifest.tables.map((t) => [`tables/${t.name}.jsonl`, t] as const),
      ...manifest.files.map((f) => [`files/${f.name}`, f] as const),
    ]);
    const damaged = (why: string) =>
      new BackupError(`The backup ${file} is damaged: ${why}; nothing was changed.`);
    const seen = new Set<string>();
    for await (const entry of entries) {
      const want = expected.get(entry.name);
      if (!want) throw damaged(`it holds ${entry.name}, which its manifest does not list`);
      if (seen.has(entry.name)) throw damaged(`it holds ${entry.name} twice`);
      seen.add(entry.name);
      if (entry.size !== want.bytes)
        throw damaged(`${entry.name} has ${entry.size} bytes, its manifest says ${want.bytes}`);
      const hash = createHash('sha256');
      let lines = 0;
      async function* checked() {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          for (const b of chunk) if (b === 0x0a) lines++;
          yield chunk;
        }
      }
      if (onEntry) await onEntry(manifest, entry, checked());
      else for await (const _ of checked());
      if (hash.digest('hex') !== want.sha256) throw damaged(`the checksum of ${entry.name} does not match`);
      if (want.rows !== undefined && lines !== want.rows)
        throw damaged(`${entry.name} holds ${lines} rows, its manifest says ${want.rows}`);
    }
    const missing = [...expected.keys()].filter((name) => !seen.has(name));
    if (missing.length)
      throw damaged(`${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ' …' : ''} missing`);
    return manifest;
  } catch (error) {
    throw archiveProblem(file, error);
  }
};

/** Check a backup archive end to end (nothing is written). Throws BackupError saying what is wrong. */
export const verifyArchive = (file: string) => walkArchive(file);

/** Restore needs the schema the archive was taken at: the same migrations as this code. */
export const checkSchemaVersion = (manifest: Manifest, file: string) => {
  const code = codeSchemaVersion();
  if (manifest.schema.when > code.when)
    throw new BackupError(
      `${file} was taken by a newer Karya (${manifest.appVersion}, schema ${manifest.schema.latest}) than this one (schema ${code.latest}). Upgrade Karya first, then restore. Nothing was changed.`,
    );
  if (manifest.schema.when < code.when)
    throw new BackupError(
      `${file} was taken by an older Karya (${manifest.appVersion}, schema ${manifest.schema.latest}) than this one (schema ${code.latest}). Restore it with that version, then start this version on the restored data: it upgrades the database itself. Nothing was changed.`,
    );
};

/** Tables of the target that hold rows ("users: 3 rows"), empty when the target is empty. */
export const tablesWithData = async (db: Pick<Db, 'execute'>) => {
  const held: string[] = [];
  for (const table of await publicTables(db)) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    if (row!.n > 0) held.push(`${table}: ${row!.n} rows`);
  }
  return held;
};

export const nonEmptyTargetMessage = (held: string[]) =>
  `The target database already holds data (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''}). Restore fills an empty database only: use a new DATA_DIR, or a new PostgreSQL database (createdb). Nothing was changed.`;

/** The uploads folder must be absent or empty; returns a message when it is not. */
export const filesFolderProblem = async (dataDir: string) => {
  const dir = path.resolve(dataDir, 'files');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.length
    ? `${dir} already holds ${names.length} files. Restore fills an empty DATA_DIR only. Nothing was changed.`
    : null;
};

/** Rows per INSERT (each a JSON array parsed by the server): large enough to be quick, small in memory. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

async function* lines(body: AsyncIterable<Buffer>) {
  // A chunk may end inside a character: the decoder keeps its first bytes for the next one.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of body) {
    const text = rest + decoder.write(chunk);
    const parts = text.split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

export type RestoreResult = { manifest: Manifest; rows: number; files: number };

/**
 * Fill an empty database and an empty DATA_DIR/files from a backup archive. The archive is checked end to
 * end first; then, in ONE transaction: every table is locked and found empty, the foreign keys and our
 * triggers are set aside, the rows go in, the triggers and keys come back (the keys checked over every row),
 * the sequences are set, and each table is read back in dump order and its checksum compared with the
 * archive's. Any difference rolls
 * everything back and removes the files written. The database must already be migrated to the archive's
 * schema (restoreInto checks the version; the CLI migrates the empty target first).
 */
export const restoreArchive = async (opts: {
  file: string;
  database: Database;
  dataDir: string;
}): Promise<RestoreResult> => {
  const manifest = await verifyArchive(opts.file);
  checkSchemaVersion(manifest, opts.file);
  const filesProblem = await filesFolderProblem(opts.dataDir);
  if (filesProblem) throw new BackupError(filesProblem);
  const filesDir = path.resolve(opts.dataDir, 'files');
  const written: string[] = [];
  let rows = 0;
  try {
    await opts.database.db.transaction(async (tx) => {
      await setDumpSettings(tx);
      const tables = await publicTables(tx);
      if (
        [...tables].sort().join(',') !==
        manifest.tables
          .map((t) => t.name)
          .sort()
          .join(',')
      )
        throw new BackupError(
          `The target database's tables differ from the backup's (is it migrated to schema ${manifest.schema.latest}?). Nothing was changed.`,
        );
      await tx.execute(
        sql`lock table ${sql.join(
          tables.map((t) => sql.identifier(t)),
          sql`, `,
        )} in access exclusive mode`,
      );
      const held = await tablesWithData(tx);
      if (held.length) throw new BackupError(nonEmptyTargetMessage(held));
      const keys = await rowsOf<{ t: string; name: string; def: string }>(
        tx,
        sql`select conrelid::regclass::text as t, conname as name, pg_get_constraintdef(oid) as def
              from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by conname`,
      );
      for (const k of keys) await tx.execute(sql.raw(`alter table ${k.t} drop constraint ${quote(k.name)}`));
      // The rows go in as they were dumped: no trigger of ours counts or copies anything on the way.
      for (const t of tables) await tx.execute(sql`alter table ${sql.identifier(t)} disable trigger user`);

      await walkArchive(opts.file, async (_m, entry, body) => {
        const table = /^tables\/([a-z0-9_]+)\.jsonl$/.exec(entry.name)?.[1];
        if (table) {
          rows += await insertRows(tx, table, body);
          return;
        }
        await mkdir(filesDir, { recursive: true });
        const target = path.join(filesDir, entry.name.slice('files/'.length));
        const out = await open(target, 'wx', 0o600);
        written.push(target);
        try {
          for await (const chunk of body) await out.write(chunk);
        } finally {
          await out.close();
        }
      });

      for (const t of tables) await tx.execute(sql`alter table ${sql.identifier(t)} enable trigger user`);
      // The auth triggers were set aside with the rest: the listening processes drop all they keep.
      await tx.execute(sql`select pg_notify(${AUTH_CHANNEL}, '*')`);
      for (const k of keys)
        await tx.execute(sql.raw(`alter table ${k.t} add constraint ${quote(k.name)} ${k.def}`));
      for (const s of manifest.sequences)
        await tx.execute(sql`select setval(${s.name}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
      for (const t of manifest.tables) {
        const hash = createHash('sha256');
        let n = 0;
        await forEachDumpBatch(tx, t.name, (batch) => {
          hash.update(`${batch.join('\n')}\n`);
          n += batch.length;
        });
        if (n !== t.rows || hash.digest('hex') !== t.sha256)
          throw new BackupError(
            `Table ${t.name} read back differently from the backup (${n} rows, the backup has ${t.rows}); nothing was restored.`,
          );
      }
    });
  } catch (error) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    throw error;
  }
  return { manifest, rows, files: written.length };
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const insertRows = async (tx: Pick<Db, 'execute'>, table: string, body: AsyncIterable<Buffer>) => {
  let batch: string[] = [];
  let bytes = 0;
  let total = 0;
  const flush = async () => {
    if (!batch.length) return;
    const id = sql.identifier(table);
    await tx.execute(
      sql`insert into ${id} select * from json_populate_recordset(null::${id}, ${`[${batch.join(',')}]`}::json)`,
    );
    total += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines(body)) {
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return total;
};
