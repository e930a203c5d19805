import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { migrationsFolder } from '../src/db/client.ts';
import { SECURITY } from './helpers.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freePort,
  PUBLIC_URL,
  SERVER_DIR,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilHealthy,
} from './server-process.ts';

/**
 * Real server processes for the upgrade and start-up lock tests, which start, stop and restart Karya (this
 * version or a build of an earlier one) on one data directory or database: spawn, wait until healthy, stop,
 * and a signed-in API client.
 */

export type { ServerProcess };
export { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, PUBLIC_URL, SERVER_DIR, stopServer, waitUntilHealthy };

/** `args` after node: ['dist/main.js'] or ['--import', 'tsx', 'src/main.ts'], run in cwd. */
export const startServer = (
  name: string,
  opts: { cwd: string; args: string[]; port: number; env: Record<string, string> },
): ServerProcess => spawnServer({ name, ...opts });

export type Api = {
  request: (
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Response>;
  json: <T = unknown>(url: string) => Promise<T>;
  cookie: string;
  signedIn: boolean;
};

/** Signs the administrator in on server and returns a client carrying the session (and the Origin). */
/**
 * A client of server carrying the administrator's session (and the Origin): `session`, a cookie from an
 * earlier process on the same database, when it is still valid there (a new sign-in would change the
 * administrator's last sign-in), else a new sign-in. `signedIn` says which.
 */
export const signedInApi = async (server: ServerProcess, session = ''): Promise<Api> => {
  let cookie = session;
  const request: Api['request'] = (method, url, body, headers = {}) =>
    fetch(`http://127.0.0.1:${server.port}/api${url}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  if (cookie && (await request('GET', '/auth/me')).status === 200) return client(false);
  const login = await request('POST', '/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    ...SECURITY,
  });
  if (login.status !== 200)
    throw new Error(`sign-in on ${server.name}: ${login.status} ${await login.text()}`);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return client(true);

  function client(signedIn: boolean): Api {
    const json = async <T>(url: string) => {
      const res = await request('GET', url);
      if (res.status !== 200)
        throw new Error(`GET ${url} on ${server.name}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    return { request, json, cookie, signedIn };
  }
};

export const REPO_DIR = path.resolve(SERVER_DIR, '../..');

/**
 * This version's server bundled as in dist (esbuild, npm packages external) into outDir/main.js, with
 * `migrations` copied beside it as its drizzle folder: the production bundle on the migrations a test
 * chooses. outDir/node_modules links to the repository's, where the bundle's packages are found.
 */
export const bundleServer = async (outDir: string, migrations: string) => {
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@karya/')),
    logLevel: 'warning',
  });
  cpSync(migrations, path.join(outDir, 'drizzle'), { recursive: true });
  symlinkSync(path.join(REPO_DIR, 'node_modules'), path.join(outDir, 'node_modules'));
  return path.join(outDir, 'main.js');
};

/**
 * A copy of this version's migrations followed by `extra` (each a name and its SQL statements), dated after
 * the last: what an upgrade to a version with these migrations would run.
 */
export const migrationsWith = (dir: string, extra: { tag: string; statements: string[] }[]) => {
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  for (const m of extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: m.tag });
    writeFileSync(path.join(dir, `${m.tag}.sql`), m.statements.join('\n--> statement-breakpoint\n'));
  }
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return dir;
};
