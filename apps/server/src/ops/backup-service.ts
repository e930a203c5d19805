import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { todayInAppZone } from '@karya/domain';
import type { Config } from '../config.ts';
import type { AppDeps } from '../platform/deps.ts';
import { every, runOnce } from '../platform/jobs.ts';
import { BACKUP_NAME, type BackupResult, describeManifest, writeBackup } from './backup.ts';
import { listenForControl } from './control.ts';

export const BACKUP_JOB = 'backup';

type Deps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'version'>;
type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** BACKUP_DIR, else DATA_DIR/backups. */
export const backupDir = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

export const backupNow = (deps: Deps, to: string = backupDir(deps.config)) =>
  writeBackup({
    db: deps.database.db,
    kind: deps.database.kind,
    dataDir: deps.config.DATA_DIR,
    to,
    appVersion: deps.version,
    now: deps.clock.now(),
  });

/** Keep the newest `keep` archives of the folder (by their dated names); returns the names removed. */
export const pruneBackups = async (dir: string, keep: number) => {
  const names = (await readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
};

/**
 * The day's backup, taken by exactly one process (the (backup, day) claim in job_runs), then the folder
 * pruned to BACKUP_KEEP archives. Returns the backup, or null when the day's was already taken.
 */
export const takeScheduledBackup = async (deps: Deps) => {
  let result: BackupResult | null = null;
  await runOnce(deps.database.db, BACKUP_JOB, todayInAppZone(deps.clock.now()), async () => {
    result = await backupNow(deps);
    const removed = await pruneBackups(path.dirname(result.file), deps.config.BACKUP_KEEP);
    return { file: path.basename(result.file), bytes: result.bytes, removed };
  });
  return result as BackupResult | null;
};

/** 'HH:mm' now in India. */
const clockTimeInApp = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);

/**
 * Each process checks every minute; once BACKUP_AT (India time) has passed, the day's backup is claimed
 * by one of them. On the embedded database the process also answers `npm run backup` on its control
 * socket (ops/control.ts). Returns the stop function.
 */
export const startBackupServices = async (deps: Deps, log: Log) => {
  const stops: (() => unknown)[] = [];
  if (deps.config.BACKUP_AT !== 'off') {
    let doneFor = '';
    stops.push(
      every(
        60_000,
        async () => {
          const now = deps.clock.now();
          const today = todayInAppZone(now);
          if (doneFor === today || clockTimeInApp(now) < deps.config.BACKUP_AT) return;
          const result = await takeScheduledBackup(deps);
          doneFor = today;
          if (result) log.info({ file: result.file, bytes: result.bytes }, 'scheduled backup written');
        },
        (err) => log.error({ err }, 'scheduled backup failed'),
      ),
    );
  }
  if (deps.database.kind === 'pglite' && deps.config.DATA_DIR !== ':memory:') {
    try {
      stops.push(
        await listenForControl(deps.config.DATA_DIR, async (request) => {
          if (request.command !== 'backup') return { ok: false, message: 'Unknown request.' };
          const result = await backupNow(deps, request.to);
          log.info({ file: result.file, bytes: result.bytes }, 'backup written on request');
          return { ok: true, file: result.file, summary: describeManifest(result.manifest) };
        }),
      );
    } catch (err) {
      log.error(
        { err },
        'the backup control socket could not be opened; npm run backup needs the server stopped',
      );
    }
  }
  return async () => {
    for (const stop of stops) await stop();
  };
};
