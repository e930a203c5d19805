// The outside services the soak takes away and gives back: the PostgreSQL cluster its database lives on
// (a Debian cluster, driven with pg_ctlcluster) and a Redis of its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Cluster = { version: string; name: string; port: number };

const run = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error?.message ?? ''}`.trim() };
};

/**
 * The local cluster serving the URL's port, or why the soak cannot restart it (another host, no Debian
 * cluster tools, not allowed to run them).
 */
export const findCluster = (url: string): Cluster | string => {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname))
    return `PostgreSQL at ${u.host} is not on this machine`;
  const port = Number(u.port || 5432);
  const list = run('pg_lsclusters', ['--no-header']);
  if (!list.ok) return `pg_lsclusters failed (${list.output || 'not installed'})`;
  for (const line of list.output.split('\n')) {
    const [version, name, p] = line.trim().split(/\s+/);
    if (version && name && Number(p) === port) return { version, name, port };
  }
  return `no PostgreSQL cluster listed on port ${port} (pg_lsclusters)`;
};

export const clusterOnline = (c: Cluster) =>
  run('pg_lsclusters', ['--no-header', c.version, c.name]).output.split(/\s+/)[3] === 'online';

/** pg_ctlcluster start or stop (fast: open sessions are ended, as a restart under load does). */
export const clusterCtl = (c: Cluster, action: 'start' | 'stop') => {
  const r = run('pg_ctlcluster', [c.version, c.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);
  if (!r.ok) throw new Error(`pg_ctlcluster ${c.version} ${c.name} ${action} failed: ${r.output}`);
};

export type PrivateRedis = {
  url: string;
  start: () => Promise<void>;
  /** SHUTDOWN SAVE: the sessions survive, as with a Redis restarted by its service manager. */
  stop: () => Promise<void>;
};

/**
 * A redis-server of the soak's own on a free port, its dump in `dir`, so stopping it cuts only the soak's
 * server (the machine's Redis serves other tests meanwhile). null when redis-server is not installed.
 */
export const privateRedis = async (dir: string): Promise<PrivateRedis | null> => {
  if (!run('redis-server', ['--version']).ok) return null;
  const port = await freePort();
  const cli = (...args: string[]) => run('redis-cli', ['-p', String(port), ...args]);
  let child: ChildProcess | undefined;
  const exitOnQuit = () => child?.kill('SIGKILL');
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      process.once('exit', exitOnQuit);
      for (let i = 0; i < 100; i++) {
        if (cli('ping').output === 'PONG') return;
        await sleep(100);
      }
      throw new Error(`redis-server did not answer on port ${port}`);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      cli('shutdown', 'save');
      await exited;
      process.off('exit', exitOnQuit);
    },
  };
  await redis.start();
  return redis;
};
