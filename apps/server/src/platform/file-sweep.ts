import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { FileStorage } from './files.ts';
import { every } from './jobs.ts';

/**
 * Orphan files (issue 26 §3). Every upload stores its bytes first and names them in a `files` row written
 * in the write's own transaction; a failure in between removes the bytes at once (the approval, images,
 * items), but a process killed between the write and the commit cannot. Such bytes are named by no row: the
 * sweep removes them. A file is judged only once it is older than `GRACE_MS` (another process sharing the
 * folder may be between its write and its commit) except at start on the embedded database, where the
 * DATA_DIR lock (db/data-dir-lock.ts) means no other process writes here and this one has not started yet.
 */
export const FILE_SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * More orphans than this, outnumbering the files the database names, is not a crash's leftovers but a
 * folder and a database that do not belong together (DATA_DIR kept while DATABASE_URL changed): nothing is
 * removed, and the log says why.
 */
export const ORPHAN_LIMIT = 100;

export class MismatchedFolder extends Error {
  constructor(
    readonly orphans: number,
    readonly named: number,
  ) {
    super(
      `${orphans} stored files are named by no record and only ${named} are: is this DATA_DIR the database's? Nothing was removed.`,
    );
  }
}

/** Removes stored bytes written before `writtenBefore` that no `files` row names; how many went. */
export const sweepOrphanFiles = async (
  deps: { db: Db; storage: FileStorage },
  writtenBefore: Date,
): Promise<number> => {
  const orphans: string[] = [];
  let named = 0;
  let batch: string[] = [];
  const judge = async () => {
    const rows = await deps.db
      .select({ key: files.storageKey })
      .from(files)
      .where(inArray(files.storageKey, batch));
    const kept = new Set(rows.map((r) => r.key));
    named += kept.size;
    orphans.push(...batch.filter((key) => !kept.has(key)));
    batch = [];
  };
  for await (const { key, writtenAt } of deps.storage.list()) {
    if (writtenAt >= writtenBefore) continue;
    batch.push(key);
    if (batch.length >= BATCH) await judge();
  }
  if (batch.length) await judge();
  if (orphans.length > ORPHAN_LIMIT && orphans.length > named)
    throw new MismatchedFolder(orphans.length, named);
  for (const key of orphans) await deps.storage.remove(key);
  return orphans.length;
};

/**
 * The sweep at start (awaited, before the server listens) and then every hour. `exclusive`: no other
 * process can be writing to this folder (the embedded database's lock), so at start every orphan goes.
 */
export const startFileSweep = async (
  deps: { db: Db; storage: FileStorage },
  opts: { exclusive: boolean; log: FastifyBaseLogger; everyMs?: number },
) => {
  const sweep = async (writtenBefore: Date) => {
    try {
      const removed = await sweepOrphanFiles(deps, writtenBefore);
      if (removed)
        opts.log.warn({ removed }, 'removed stored files no record names (a write that never committed)');
    } catch (err) {
      if (err instanceof MismatchedFolder) opts.log.error(err.message);
      else opts.log.warn({ err }, 'the orphan file sweep failed; the next round tries again');
    }
  };
  const graced = () => new Date(Date.now() - FILE_SWEEP_GRACE_MS);
  await sweep(opts.exclusive ? new Date() : graced());
  return every(
    opts.everyMs ?? FILE_SWEEP_GRACE_MS,
    () => sweep(graced()),
    () => undefined,
  );
};
