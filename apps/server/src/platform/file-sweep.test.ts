import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { files } from '../db/schema.ts';
import {
  FILE_SWEEP_GRACE_MS,
  MismatchedFolder,
  ORPHAN_LIMIT,
  startFileSweep,
  sweepOrphanFiles,
} from './file-sweep.ts';

/**
 * Bytes no `files` row names (a process killed between an upload and its commit) are removed; named ones
 * stay, whatever their age; a recent one stays unless no other process can be writing (the embedded
 * database's start).
 */
describe('orphan file sweep', () => {
  let ctx: TestContext;
  let dir = '';
  const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);
  /** Bytes in the storage folder under a key of ours, written `age` hours ago; with a row when `named`. */
  const stored = async (opts: { named: boolean; hours: number }) => {
    const id = newId();
    const key = `${id}.pdf`;
    await ctx.app.deps.storage.put(key, Buffer.from('%PDF-1.4 test'));
    utimesSync(path.join(dir, key), hoursAgo(opts.hours), hoursAgo(opts.hours));
    if (opts.named)
      await ctx.database.db
        .insert(files)
        .values({ id, storageKey: key, originalName: 'a.pdf', mimeType: 'application/pdf', size: 13 });
    return key;
  };
  const keys = async () => {
    const out: string[] = [];
    for await (const f of ctx.app.deps.storage.list()) out.push(f.key);
    return out.sort();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = path.join(ctx.app.deps.config.DATA_DIR, 'files');
  });
  afterAll(() => ctx.close());

  it('removes old bytes no row names; keeps named ones, recent ones and names that are not ours', async () => {
    const namedOld = await stored({ named: true, hours: 48 });
    const orphanOld = await stored({ named: false, hours: 2 });
    const orphanRecent = await stored({ named: false, hours: 0 });
    const namedRecent = await stored({ named: true, hours: 0 });
    writeFileSync(path.join(dir, 'notes.txt'), 'not a key of ours');
    utimesSync(path.join(dir, 'notes.txt'), hoursAgo(5), hoursAgo(5));

    const removed = await sweepOrphanFiles(ctx.app.deps, new Date(Date.now() - FILE_SWEEP_GRACE_MS));
    expect(removed).toBe(1);
    expect(await keys()).toEqual([namedOld, orphanRecent, namedRecent].sort());
    expect(await keys()).not.toContain(orphanOld);

    // At the embedded database's start no other process writes here: every orphan goes at once.
    const stop = await startFileSweep(ctx.app.deps, { exclusive: true, log: ctx.app.log });
    stop();
    expect(await keys()).toEqual([namedOld, namedRecent].sort());
    // A named file's bytes are whole; a file whose name is not a key of ours is left alone.
    expect((await ctx.app.deps.storage.get(namedOld))?.length).toBe(13);
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('a folder whose files the database mostly does not name is left alone (DATA_DIR and database mismatched)', async () => {
    const named = await stored({ named: true, hours: 3 });
    const strays: string[] = [];
    for (let i = 0; i <= ORPHAN_LIMIT; i++) strays.push(await stored({ named: false, hours: 3 }));
    const hourAgo = new Date(Date.now() - FILE_SWEEP_GRACE_MS);
    await expect(sweepOrphanFiles(ctx.app.deps, hourAgo)).rejects.toBeInstanceOf(MismatchedFolder);
    expect(await keys()).toEqual(expect.arrayContaining([named, ...strays]));
    // Once the database names as many as are strays, they are leftovers again, and go.
    for (const key of strays.slice(0, 60))
      await ctx.database.db.insert(files).values({
        id: key.slice(0, 24),
        storageKey: key,
        originalName: 'a.pdf',
        mimeType: 'application/pdf',
        size: 13,
      });
    expect(await sweepOrphanFiles(ctx.app.deps, hourAgo)).toBe(strays.length - 60);
  });

  it('an empty or missing folder is nothing to do', async () => {
    const fresh = await createTestApp();
    try {
      expect(await sweepOrphanFiles(fresh.app.deps, new Date())).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
