import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL primary and a streaming replica of the test's own (issue 29): initdb into a temporary
 * directory, and `pg_basebackup -R` from it into a second cluster on another port. Never the machine's
 * own cluster. PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user
 * (runuser), in directories it owns. The benchmark's replica run (bench/src/replica.ts) uses it too.
 */
const run = promisify(execFile);

/** The newest PostgreSQL server programs' directory (initdb, pg_ctl, pg_basebackup), or null. */
export const postgresBinaries = (): string | null => {
  const candidates: string[] = [];
  if (existsSync('/usr/lib/postgresql'))
    for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)))
      candidates.push(`/usr/lib/postgresql/${v}/bin`);
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  return (
    candidates.find((dir) =>
      ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((p) => existsSync(path.join(dir, p))),
    ) ?? null
  );
};

const asRoot = process.getuid?.() === 0;

/** Why these clusters cannot be made here, or null. */
export const clusterProblem = (): string | null => {
  if (!postgresBinaries()) return 'no PostgreSQL server programs (initdb, pg_ctl, pg_basebackup) were found';
  if (asRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return 'running as root, but there is no postgres user (or no runuser) to run PostgreSQL as';
    }
  }
  return null;
};

export type Cluster = {
  name: string;
  dir: string;
  port: number;
  url: string;
  start: () => Promise<void>;
  /** pg_ctl stop; 'immediate' is a crash (no shutdown checkpoint). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  log: () => string;
};

export type ClusterPair = { root: string; primary: Cluster; replica: Cluster; remove: () => Promise<void> };

/**
 * A primary on `ports[0]` and its streaming replica on `ports[1]`, both running. `replicaConf` lines go to
 * the replica's configuration (e.g. recovery_min_apply_delay, to make its lag visible).
 */
export const startClusterPair = async (opts: {
  ports: [number, number];
  replicaConf?: string[];
  primaryConf?: string[];
}): Promise<ClusterPair> => {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server programs found');
  const root = mkdtempSync(path.join(tmpdir(), 'karya-replica-'));
  const owner = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : null;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: root })
      : run(path.join(bin, program), args, { cwd: root });

  const cluster = (name: string, port: number): Cluster => {
    const dir = path.join(root, name);
    const logFile = path.join(root, `${name}.log`);
    return {
      name,
      dir,
      port,
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      start: async () => {
        await pg('pg_ctl', ['-D', dir, '-l', logFile, '-w', '-t', '60', 'start']);
      },
      stop: async (mode = 'fast') => {
        await pg('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
      },
      log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    };
  };
  const primary = cluster('primary', opts.ports[0]);
  const replica = cluster('replica', opts.ports[1]);
  const remove = async () => {
    for (const c of [replica, primary])
      if (existsSync(path.join(c.dir, 'postmaster.pid'))) await c.stop('immediate').catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    appendFileSync(
      path.join(primary.dir, 'postgresql.conf'),
      [
        '',
        `port = ${primary.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 120',
        'shared_buffers = 64MB',
        // A test's data is thrown away: no waiting on the disk.
        'fsync = off',
        ...(opts.primaryConf ?? []),
        '',
      ].join('\n'),
    );
    appendFileSync(path.join(primary.dir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await primary.start();
    await pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      replica.dir,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
    ]);
    // -R wrote standby.signal and primary_conninfo; the copied configuration names the primary's port.
    appendFileSync(
      path.join(replica.dir, 'postgresql.auto.conf'),
      [`port = ${replica.port}`, 'hot_standby = on', ...(opts.replicaConf ?? []), ''].join('\n'),
    );
    await replica.start();
  } catch (error) {
    const logs = `${primary.log()}\n${replica.log()}`.slice(-4000);
    await remove();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return { root, primary, replica, remove };
};
