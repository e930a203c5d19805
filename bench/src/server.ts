import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverNodeOptions } from '../../scripts/server-node-options.mjs';
import type { Target } from './db.ts';

export const ADMIN_EMAIL = 'bench-admin@karya.test';
export const ADMIN_PASSWORD = 'Bench@2026secure';
/** The security context every sign-in carries (spec 1 §5). */
export const SECURITY = {
  location: { type: 'Point', coordinates: [20.29, 85.82] },
  deviceInfo: { os: 'Linux', browser: 'autocannon', device: 'Desktop', model: 'bench' },
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export type RunningServer = {
  url: string;
  origin: string;
  pid: number;
  /** Resident memory of the server process now, in MiB (Linux /proc). */
  rssMiB: () => number;
  stop: () => Promise<void>;
};

const waitForHealth = async (url: string, child: ChildProcess, output: () => string) => {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /api/health within 2 minutes:\n${output()}`);
};

/** What every benchmarked server runs with: production, on this port, the bench administrator, no demo data,
 * quiet logs and no backups. */
export const benchServerEnv = (port: number) => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO: 'false',
  LOG_LEVEL: 'warn',
  BACKUP_AT: 'off',
});

/** The production server (apps/server/dist/main.js, serving the built web app) on the target database. */
export const startServer = async (
  root: string,
  target: Target,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> => {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...benchServerEnv(port),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (target.kind === 'postgres') env.DATABASE_URL = target.url;
  else env.DATA_DIR = target.dataDir;
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // As `npm start` runs it (its heap cap included), unless a run sets HEAP_LIMIT_MIB.
  const options = serverNodeOptions(env);
  const child = spawn(
    process.execPath,
    [...options, ...profile, path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log);
  return {
    url,
    origin: url,
    pid: child.pid!,
    rssMiB: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return kb / 1024;
      } catch {
        return 0;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
};

/** Sign in through the API; returns the Cookie header value. */
export const signIn = async (server: RunningServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
  const r = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ email, password, ...SECURITY }),
  });
  if (!r.ok) throw new Error(`Sign-in as ${email} failed: ${r.status} ${await r.text()}`);
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('karya_sid='));
  if (!cookie) throw new Error('Sign-in gave no session cookie');
  return cookie.split(';')[0]!;
};

/**
 * One streamed download from the server, timed: the X-Total-Count it announces, the seconds to the first
 * byte and to the end, the megabytes that crossed the wire (fetch inflates a compressed answer; the
 * Content-Encoding says whether it was) and the server's resident memory before and at its peak, sampled
 * every 200 ms (the export benches).
 */
export const timedDownload = async (server: RunningServer, url: string, headers: Record<string, string>) => {
  const rssBefore = server.rssMiB();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rssMiB());
  }, 200);
  try {
    const start = process.hrtime.bigint();
    const r = await fetch(`${server.url}${url}`, { headers });
    if (!r.ok || !r.body) throw new Error(`${url}: ${r.status} ${await r.text()}`);
    const total = Number(r.headers.get('x-total-count'));
    let bytes = 0;
    let firstByte = 0;
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = Number(process.hrtime.bigint() - start) / 1e9;
      bytes += chunk.length;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    return {
      total,
      seconds: +seconds.toFixed(2),
      firstByteSeconds: +firstByte.toFixed(2),
      perSecond: Math.round(total / seconds),
      megabytes: +(bytes / 1024 / 1024).toFixed(2),
      encoding: r.headers.get('content-encoding') ?? 'identity',
      serverRssBeforeMiB: Math.round(rssBefore),
      serverRssPeakMiB: Math.round(rssPeak),
    };
  } finally {
    clearInterval(sampler);
  }
};
