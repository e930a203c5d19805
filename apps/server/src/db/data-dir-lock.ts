import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database: PGlite does not refuse a second process on the same
 * DATA_DIR/pgdata, and the two then overwrite each other's writes without a word (checked with PGlite 0.5:
 * the rows the first process wrote were gone after both closed). Whatever opens the data directory (the
 * server, npm run stock:verify, a backup) takes DATA_DIR/karya.lock first: a file made with O_EXCL holding
 * the owner's pid. A lock whose process is gone (killed, crashed) is taken over.
 */

export class DataDirLockedError extends Error {}

type Holder = { pid: number; host: string; started: string | null; nonce: string };

export const LOCK_FILE = 'karya.lock';

/** The lock files this process holds: a second open of one of them here is refused like another process's. */
const held = new Set<string>();

/**
 * When the kernel started the process (Linux's /proc, field 22 of stat), so that a pid that another process
 * took after a crash (a container's pid 1 after a restart) is not mistaken for the owner; null elsewhere.
 */
const processStart = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const readHolder = (file: string): Holder | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
};

/** False only when the owner surely is gone; a lock from another machine cannot be checked and stands. */
const ownerAlive = (file: string, owner: Holder) => {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = processStart(owner.pid);
  return !(owner.started && started && owner.started !== started);
};

/**
 * Moves the stale lock aside (an atomic rename) before deleting it, so that of two processes breaking it
 * at once the later one cannot delete the lock the earlier one has just made: what it moved aside is put
 * back when it is not the stale lock it judged.
 */
const breakStaleLock = (file: string, stale: Holder, nonce: string) => {
  const aside = `${file}.${process.pid}.${nonce}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readHolder(aside)?.nonce !== stale.nonce) {
    try {
      linkSync(aside, file);
    } catch {}
  }
  unlinkSync(aside);
};

/**
 * Takes DATA_DIR/karya.lock for this process, or throws DataDirLockedError saying who holds it. Returns the
 * release function (also run at process exit, so an exit without closing the database leaves no lock).
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const nonce = randomBytes(8).toString('hex');
  const me: Holder = { pid: process.pid, host: hostname(), started: processStart(process.pid), nonce };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readHolder(file);
      // An unreadable lock is one being written right now: it stands.
      if (owner && attempt < 3 && !ownerAlive(file, owner)) {
        breakStaleLock(file, owner, nonce);
        continue;
      }
      const who = owner
        ? `pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}`
        : `see ${file}`;
      throw new DataDirLockedError(
        `Another Karya process (${who}) is using DATA_DIR ${dir}: a server, or a tool such as npm run stock:verify. ` +
          'Stop it first, or give this one its own DATA_DIR.' +
          (owner && owner.host !== hostname()
            ? ` If nothing runs there any more, delete ${file} and start again.`
            : ''),
      );
    }
  }
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.off('exit', release);
    if (readHolder(file)?.nonce === nonce) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
};
