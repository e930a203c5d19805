import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../src/db/client.ts';
import { SECURITY } from './helpers.ts';

/**
 * A real server process (node + tsx, src/main.ts, as multi-process.test.ts starts them, or another build
 * of it) for the tests that kill, stop and restart it (crash.test.ts, shutdown.test.ts, and through
 * upgrade-kit.ts the upgrade and start-up lock tests): its output, its exit, calls to its API.
 */
export const SERVER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const PUBLIC_URL = 'http://karya.test';
export const ADMIN_EMAIL = 'admin@karya.test';
export const ADMIN_PASSWORD = 'Admin@12345';

export type ServerProcess = {
  /** Which one, in a test that starts several. */
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals>;
};

/** An answer read whole: its status, JSON body (null when the body is not JSON) and headers. */
export type Answer = {
  status: number;
  body: { data?: unknown; message?: string; [k: string]: unknown };
  headers?: Headers;
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** This version's server, from source. */
export const startServer = (env: Record<string, string>, port: number): ServerProcess =>
  spawnServer({ port, env });

/**
 * A server process: `args` after node (this version from source by default; ['dist/main.js'] for a build),
 * run in `cwd`, with the test settings and `env` over them.
 */
export const spawnServer = (opts: {
  name?: string;
  cwd?: string;
  args?: string[];
  port: number;
  env: Record<string, string>;
}): ServerProcess => {
  const port = opts.port;
  const child = spawn(process.execPath, opts.args ?? ['--import', 'tsx', 'src/main.ts'], {
    cwd: opts.cwd ?? SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      BACKUP_AT: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  return { name: opts.name ?? 'server', port, child, output: () => output, exited };
};

/**
 * Starts DATA_DIR's embedded database from the suite's migrated template (test/db.ts; the global setup's
 * templatePath): the first start then skips initdb and the migrations. Without a template it does nothing.
 */
export const seedDataDir = async (dataDir: string, templatePath: string) => {
  if (!templatePath) return;
  const pglite = new PGlite(path.join(dataDir, 'pgdata'), {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([readFileSync(templatePath)]),
  });
  await pglite.waitReady;
  await pglite.close();
};

/** Polls /api/health until it answers 200; fails with the process's output if it exits first. */
export const waitUntilHealthy = async (server: ServerProcess) => {
  let ended: number | NodeJS.Signals | null = null;
  void server.exited.then((how) => {
    ended = how;
  });
  for (;;) {
    if (ended !== null)
      throw new Error(`${server.name} exited (${ended}) before it was healthy:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** SIGTERM and the exit code (SIGKILL, answered 'SIGKILL', when it has not exited within 30 s). */
export const stopServer = async (server: ServerProcess | undefined) => {
  if (!server) return undefined;
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const done = await Promise.race([
    server.exited.then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), 30_000)),
  ]);
  if (!done) server.child.kill('SIGKILL');
  return server.exited;
};

/** A request to /api<url> with the Origin, the session cookie, and a JSON body or a multipart form. */
export const call = async (
  server: ServerProcess,
  method: string,
  url: string,
  opts: {
    cookie?: string;
    body?: unknown;
    form?: Record<string, string | File>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> => {
  let body: string | FormData | undefined;
  if (opts.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(opts.form)) body.set(k, v);
  } else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  const res = await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
    method,
    headers: {
      origin: PUBLIC_URL,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body,
  });
  const text = await res.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { message: text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
};

/** Signs the administrator in; the session cookie. */
export const signIn = async (server: ServerProcess) => {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, ...SECURITY }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('karya_sid='));
  return sid ? sid.split(';')[0]! : '';
};

/** A request sent; `answer` is set when its whole answer arrived, and onAnswer runs then. */
export type Sent = { answer?: Answer; settled: Promise<void> };
export const send = (request: () => Promise<Answer>, onAnswer?: () => void): Sent => {
  const s: Sent = { settled: Promise.resolve() };
  s.settled = request().then(
    (a) => {
      s.answer = a;
      onAnswer?.();
    },
    () => {},
  );
  return s;
};

/** A customer insert in the SQL trace (SQL_TRACE_FILE: a JSON line per statement, written before it runs). */
export const CUSTOMER_INSERT = '"sql":"insert into \\"customers\\"';

/** Counts `needle` in what the SQL trace gains from now on (read incrementally, a line may span reads). */
export const traceCounter = (file: string, needle: string) => {
  let offset = existsSync(file) ? statSync(file).size : 0;
  let carry = '';
  let count = 0;
  return () => {
    if (!existsSync(file)) return count;
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size > offset) {
        const buf = Buffer.alloc(size - offset);
        readSync(fd, buf, 0, buf.length, offset);
        offset = size;
        const text = carry + buf.toString('utf8');
        count += text.split(needle).length - 1;
        carry = text.slice(-(needle.length - 1));
      }
    } finally {
      closeSync(fd);
    }
    return count;
  };
};
