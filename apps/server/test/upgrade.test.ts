import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SUPER_ADMIN_ROLE_NAME } from '@karya/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openEmbedded, openPostgres } from '../src/db/client.ts';
import { verifyStocks } from '../src/modules/stocks/ledger.ts';
import { PNG_1X1 } from '../src/modules/users/users-test-kit.ts';
import { postgresProblem, SERVICE_PG_URL } from './services.ts';
import {
  type Api,
  freePort,
  REPO_DIR,
  SERVER_DIR,
  type ServerProcess,
  signedInApi,
  startServer,
  stopServer,
  waitUntilHealthy,
} from './upgrade-kit.ts';

/**
 * Issue 13 §2: an upgrade keeps every row. The version before the newest migration (found in git history)
 * is built with its own build script and started on an empty database with the demo data, which holds
 * records of every type; through its API a brand with an image is added and changed (a stored file, a
 * history entry, an idempotency key). Everything its API lists is read, with each record's detail and
 * history, and every table's primary keys are noted once it stopped. This version then starts on the same
 * data (migrating it): every row is still there and every record reads back through the API with the
 * values it had (new fields may be added). On PGlite, and on PostgreSQL where it answers.
 *
 * It needs the repository's history: without it (a shallow clone, an exported tree) the test FAILS saying
 * so, rather than skipping; CI runs on a full clone.
 */

const inPgPass = Boolean(process.env.TEST_DATABASE_URL);
if (inPgPass)
  console.warn(
    '[upgrade.test] SKIPPED in the PostgreSQL pass: the embedded pass ran it on PGlite and PostgreSQL.',
  );
const pgProblem = inPgPass ? null : await postgresProblem();
if (pgProblem) console.warn(`[upgrade.test] PostgreSQL part SKIPPED: ${pgProblem}.`);

/** The record types the demo data must hold, by their list route (each must list at least one record). */
const EVERY_TYPE = [
  '/admin/users',
  '/admin/roles',
  '/admin/teams',
  '/hrm/tasks',
  '/crm/products/brands',
  '/crm/products/categories',
  '/crm/products/classes',
  '/crm/products/margins',
  '/crm/products/vendors',
  '/crm/products/items',
  '/crm/products/stocks',
  '/crm/products/purchases',
  '/crm/products/sales',
  '/crm/customers',
  '/crm/requirements',
  '/crm/follow-ups',
  '/crm/quotations',
  '/crm/rejection-analysis',
  '/crm/projects',
];
/**
 * Types that came with a migration: a version from before it has no such list, so no rows of it to keep.
 * (Which migrations the old version has is read from its tree.)
 */
const ARRIVED_WITH: Record<string, string> = {
  '/crm/quotations': '0020_quotations',
  '/crm/rejection-analysis': '0022_projects_rejections',
  '/crm/projects': '0022_projects_rejections',
};

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit to upgrade from: the parent of the one that added the newest migration (or HEAD, before it is committed). */
const baseRevision = () => {
  const noHistory = (why: string) =>
    new Error(
      `The upgrade test needs this repository's git history: ${why}. It starts the version before the newest ` +
        'migration, found in that history. Run it in a full clone (git fetch --unshallow in a shallow one).',
    );
  try {
    git('rev-parse', '--git-dir');
  } catch {
    throw noHistory(`${REPO_DIR} is not a git repository`);
  }
  if (git('rev-parse', '--is-shallow-repository') === 'true') throw noHistory('this clone is shallow');
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const newest = journal.entries.at(-1)!.tag;
  const added = git('log', '--diff-filter=A', '--format=%H', '--', `apps/server/drizzle/${newest}.sql`).split(
    '\n',
  )[0];
  if (!added) return { revision: git('rev-parse', 'HEAD'), newest };
  try {
    return { revision: git('rev-parse', `${added}^`), newest };
  } catch {
    throw noHistory(`the parent of ${added.slice(0, 10)}, which added ${newest}, is not in it`);
  }
};

/**
 * The old version's tree (its server, its domain package, its root package files) exported from git, on
 * this checkout's node_modules except @karya/domain, which must be its own, and the packages it used that
 * this version no longer has (oldOnlyPackages); its server built by its own build script. Returns the
 * server folder (dist/main.js inside).
 */
const buildOldVersion = (revision: string, dir: string) => {
  const tree = execFileSync(
    'git',
    ['archive', revision, 'apps/server', 'packages/domain', 'package.json', 'package-lock.json'],
    {
      cwd: REPO_DIR,
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: tree });
  const modules = path.join(dir, 'node_modules');
  const extra = oldOnlyPackages(dir);
  // Each package a link to today's, scoped ones one by one (a scope may hold an old-only package too).
  const link = (name: string, target: string) => {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(target, path.join(modules, name));
  };
  for (const entry of readdirSync(path.join(REPO_DIR, 'node_modules'))) {
    if (entry === '@karya') continue;
    if (!entry.startsWith('@')) link(entry, path.join(REPO_DIR, 'node_modules', entry));
    else
      for (const name of readdirSync(path.join(REPO_DIR, 'node_modules', entry)))
        link(`${entry}/${name}`, path.join(REPO_DIR, 'node_modules', entry, name));
  }
  for (const name of extra.names) link(name, path.join(extra.dir, 'node_modules', name));
  link('@karya/domain', '../../packages/domain');
  warnOfChangedPackages(dir, revision);
  const serverDir = path.join(dir, 'apps', 'server');
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  return serverDir;
};

/**
 * The packages the old version's lock file has at the top of node_modules and this checkout does not (a
 * dependency since removed: the old build imports it), installed at their old versions into dir/.old-only
 * (from npm's cache or the registry).
 */
const oldOnlyPackages = (dir: string) => {
  const extraDir = path.join(dir, '.old-only');
  const lockFile = path.join(dir, 'package-lock.json');
  if (!existsSync(lockFile)) return { dir: extraDir, names: [] };
  const then = (
    JSON.parse(readFileSync(lockFile, 'utf8')) as {
      packages: Record<string, { version?: string; link?: boolean; dev?: boolean; optional?: boolean }>;
    }
  ).packages;
  const missing = Object.entries(then).filter(
    ([p, info]) =>
      p.startsWith('node_modules/') &&
      !p.slice(13).includes('/node_modules/') &&
      !info.link &&
      !info.dev &&
      // Optional ones are other platforms' builds.
      !info.optional &&
      info.version &&
      !existsSync(path.join(REPO_DIR, p)),
  );
  const names = missing.map(([p]) => p.slice(13));
  if (names.length) {
    mkdirSync(extraDir, { recursive: true });
    writeFileSync(path.join(extraDir, 'package.json'), '{"private":true}');
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        ...missing.map(([p, info]) => `${p.slice(13)}@${info.version}`),
      ],
      { cwd: extraDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    console.warn(
      `[upgrade.test] the old version's packages that this one no longer has, installed beside it: ${names.join(', ')}`,
    );
  }
  return { dir: extraDir, names };
};

/** The old build runs on today's packages: where its lock file named other versions, the test says which. */
const warnOfChangedPackages = (dir: string, revision: string) => {
  const lockFile = path.join(dir, 'package-lock.json');
  if (!existsSync(lockFile)) return;
  type Lock = { packages: Record<string, { version?: string }> };
  const then = (JSON.parse(readFileSync(lockFile, 'utf8')) as Lock).packages;
  const now = (JSON.parse(readFileSync(path.join(REPO_DIR, 'package-lock.json'), 'utf8')) as Lock).packages;
  const changed = Object.keys({ ...then, ...now }).filter(
    (p) => p.startsWith('node_modules/') && then[p]?.version !== now[p]?.version,
  );
  if (changed.length)
    console.warn(
      `[upgrade.test] ${revision.slice(0, 10)} is built and run on today's node_modules; these packages changed since: ` +
        changed
          .map((p) => `${p.slice(13)} ${then[p]?.version ?? '-'} -> ${now[p]?.version ?? '-'}`)
          .join(', '),
    );
};

// ---------------------------------------------------------------------------------------------------
// What the API shows

type Page = { data: Record<string, unknown> };
type Snapshot = Map<string, { listed: unknown; detail?: unknown; history?: unknown }>;

/** The list routes of a version: its OpenAPI document's GET routes summarised "List …" (no path parameter). */
const listRoutes = async (api: Api) => {
  const doc = await api.json<{ paths: Record<string, { get?: { summary?: string } }> }>('/docs/json');
  return Object.entries(doc.paths)
    .filter(([p, ops]) => ops.get?.summary?.startsWith('List ') && !p.includes('{'))
    .map(([p]) => p.replace(/^\/api/, ''));
};

/** Every record a list route shows, live and (where the list can filter on it) deleted, page by page. */
const listAll = async (api: Api, route: string) => {
  const records: { _id: string }[] = [];
  for (const deleted of ['', '&filters%5BisDeleted%5D=true']) {
    for (let page = 1; ; page++) {
      const res = await api.request('GET', `${route}?limit=100&page=${page}${deleted}`);
      if (res.status === 400 && deleted) break; // no deleted filter on this list
      if (res.status !== 200) throw new Error(`GET ${route} page ${page}: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as Page;
      const list = Object.values(data).find(Array.isArray) as { _id: string }[];
      records.push(...list);
      if (list.length < 100) break;
    }
  }
  return records;
};

/**
 * Every record of every list route, with its detail (GET route/:id) and history (GET route/:id/history)
 * where the version has them, keyed `route id`.
 */
const snapshotApi = async (api: Api, routes: string[], paths: Set<string>) => {
  const snapshot: Snapshot = new Map();
  for (const route of routes) {
    const records = await listAll(api, route);
    // A few requests at a time: the server's time, not the round trips, bounds the read.
    for (let i = 0; i < records.length; i += 4)
      await Promise.all(
        records.slice(i, i + 4).map(async (record) => {
          const entry: { listed: unknown; detail?: unknown; history?: unknown } = { listed: record };
          if (paths.has(`${route}/{id}`)) entry.detail = await readOrStatus(api, `${route}/${record._id}`);
          if (paths.has(`${route}/{id}/history`))
            entry.history = await readOrStatus(api, `${route}/${record._id}/history?limit=100`);
          snapshot.set(`${route} ${record._id}`, entry);
        }),
      );
  }
  return snapshot;
};

/** The answer's data, or its status when it is not 200 (a deleted record's detail may be refused). */
const readOrStatus = async (api: Api, url: string) => {
  const res = await api.request('GET', url);
  return res.status === 200 ? ((await res.json()) as Page).data : { status: res.status };
};

const documentedPaths = async (api: Api) => {
  const doc = await api.json<{ paths: Record<string, unknown> }>('/docs/json');
  return new Set(Object.keys(doc.paths).map((p) => p.replace(/^\/api/, '')));
};

/**
 * Where `after` does not hold everything `before` held: the paths of missing or changed values (an object
 * may gain keys, an array keeps its length; '' when equal).
 */
const lost = (before: unknown, after: unknown, at = ''): string[] => {
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length)
      return [
        `${at}: ${JSON.stringify(before)?.slice(0, 200)} became ${JSON.stringify(after)?.slice(0, 200)}`,
      ];
    return before.flatMap((b, i) => lost(b, after[i], `${at}[${i}]`));
  }
  if (before && typeof before === 'object') {
    if (!after || typeof after !== 'object' || Array.isArray(after))
      return [`${at}: became ${JSON.stringify(after)}`];
    return Object.entries(before).flatMap(([k, v]) =>
      lost(v, (after as Record<string, unknown>)[k], `${at}.${k}`),
    );
  }
  return Object.is(before, after) ? [] : [`${at}: ${JSON.stringify(before)} became ${JSON.stringify(after)}`];
};

// ---------------------------------------------------------------------------------------------------
// What the database holds

/** Per table (public and drizzle schemas), the primary key of every row (its row count where it has none). */
const tableKeys = async (database: Database) => {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string; keys: string[] | null }>(sql`
    select format('%I.%I', n.nspname, c.relname) as name,
           (select array_agg(format('%I', a.attname) order by a.attnum)
              from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary) as keys
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'drizzle')`);
  const result = new Map<string, Set<string>>();
  for (const t of tables) {
    const key = t.keys ? `json_build_array(${t.keys.join(', ')})::text` : `'row ' || row_number() over ()`;
    const found = await rows<{ k: string }>(sql.raw(`select ${key} as k from ${t.name}`));
    result.set(t.name, new Set(found.map((r) => r.k)));
  }
  return result;
};

/** The types of EVERY_TYPE that the version at `revision` has (ARRIVED_WITH). */
const typesAt = (revision: string) => {
  const migrations = git('ls-tree', '--name-only', revision, 'apps/server/drizzle/')
    .split('\n')
    .map((f) => path.basename(f, '.sql'));
  return EVERY_TYPE.filter((type) => !ARRIVED_WITH[type] || migrations.includes(ARRIVED_WITH[type]));
};

const upgradeKeepsEverything = async (opts: {
  oldServerDir: string;
  oldTypes: string[];
  dataDir: string;
  databaseUrl?: string;
}) => {
  const env = { DATA_DIR: opts.dataDir, ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}) };
  const openDirectly = () =>
    opts.databaseUrl ? openPostgres(opts.databaseUrl, 1) : openEmbedded(opts.dataDir);
  let server: ServerProcess | undefined;
  const phases: string[] = [];
  let lap = performance.now();
  const phase = (name: string) => {
    phases.push(`${name} ${((performance.now() - lap) / 1000).toFixed(1)}`);
    lap = performance.now();
  };
  try {
    // The old version, on an empty database with the demo data.
    server = startServer('old', {
      cwd: opts.oldServerDir,
      args: ['dist/main.js'],
      port: await freePort(),
      env: { ...env, DEMO: 'true' },
    });
    await waitUntilHealthy(server);
    phase('old start with demo data');
    let api = await signedInApi(server);
    const adminId = ((await api.json('/auth/me')) as Page).data._id as string;
    const routes = await listRoutes(api);
    expect(routes).toEqual(expect.arrayContaining(opts.oldTypes));
    const paths = await documentedPaths(api);

    // A stored file, a history entry and an idempotency key, through the old API.
    const form = new FormData();
    form.set('name', 'Upgrade Test Brand');
    form.set('description', 'Made by the version before the newest migration.');
    form.set('image', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
    const made = await api.request('POST', '/crm/products/brands', form);
    expect(made.status, await made.clone().text()).toBe(201);
    const brand = ((await made.json()) as { data: { _id: string; image: { url: string } } }).data;
    const changed = await api.request(
      'PATCH',
      `/crm/products/brands/${brand._id}`,
      { description: 'Changed by the version before the newest migration.' },
      { 'idempotency-key': `upgrade-test-${brand._id}` },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);

    const before = await snapshotApi(api, routes, paths);
    phase('old API read');
    for (const route of opts.oldTypes)
      expect([...before.keys()].filter((k) => k.startsWith(`${route} `)).length, route).toBeGreaterThan(0);
    // Adjustments are no list of their own: a stock's detail carries them.
    const adjustments = [...before.entries()]
      .filter(([k]) => k.startsWith('/crm/products/stocks '))
      .flatMap(([, v]) => (v.detail as { stockAdjustments?: unknown[] }).stockAdjustments ?? []);
    expect(adjustments.length).toBeGreaterThan(0);
    await stopServer(server);

    let database = await openDirectly();
    const keysBefore = await tableKeys(database);
    await database.close();
    phase('old stop, keys');

    // This version on the same data: it migrates it at start.
    server = startServer('current', {
      cwd: SERVER_DIR,
      args: ['--import', 'tsx', 'src/main.ts'],
      port: await freePort(),
      env,
    });
    await waitUntilHealthy(server);
    phase('current start, migration');
    // With the old session where it is still valid, so that the administrator's last sign-in stays as read.
    api = await signedInApi(server, api.cookie);
    const after = await snapshotApi(api, routes, paths);
    phase('current API read');
    let differences: string[] = [];
    for (const [key, was] of before) {
      const now = after.get(key);
      if (!now) differences.push(`${key}: no longer listed`);
      else differences.push(...lost(was, now, key));
    }
    if (api.signedIn) {
      const signIn = new RegExp(`^/admin/users ${adminId}\\.(listed|detail)\\.lastLogin:`);
      differences = differences.filter((d) => !signIn.test(d));
    }
    // The Super Admin role holds every permission of the current catalogue (bootstrap.ts): an upgrade that
    // adds a resource (company-settings with 0021) or an action adds it to the role. It may gain, never lose.
    const superAdmin = [...before.entries()].find(
      ([key, was]) =>
        key.startsWith('/admin/roles ') && (was.listed as { name?: string }).name === SUPER_ADMIN_ROLE_NAME,
    );
    if (superAdmin) {
      const [key, was] = superAdmin;
      const grants = (entry: unknown) =>
        new Set(
          (
            (entry as { listed: { permissions: { resource: string; actions: string[] }[] } }).listed
              .permissions ?? []
          ).flatMap((p) => p.actions.map((a) => `${p.resource}:${a}`)),
        );
      const now = grants(after.get(key));
      expect(
        [...grants(was)].filter((g) => !now.has(g)),
        'Super Admin lost permissions',
      ).toEqual([]);
      // A resource added (the whole list differs) or an action added to one (projects' bulk forms with 0022).
      const grown = new RegExp(
        `^/admin/roles ${key.split(' ')[1]}\\.(listed|detail)\\.permissions(\\[\\d+\\]\\.actions)?:`,
      );
      differences = differences.filter((d) => !grown.test(d));
    }
    expect(differences).toEqual([]);
    const image = await api.request('GET', brand.image.url.replace(/^\/api/, ''));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    await stopServer(server);

    database = await openDirectly();
    const keysAfter = await tableKeys(database);
    // Figures a migration added to the stock rows (the priced sums) were filled from their ledger.
    const stockDifferences = await verifyStocks(database.db);
    await database.close();
    expect(stockDifferences).toEqual([]);
    const missing = [...keysBefore].flatMap(([table, keys]) => {
      const now = keysAfter.get(table);
      const gone = [...keys].filter((k) => !now?.has(k));
      return gone.length
        ? [`${table}: ${gone.length} of ${keys.size} rows gone (${gone.slice(0, 3).join(', ')})`]
        : [];
    });
    expect(missing).toEqual([]);
    // The rows counted were many: every type of the demo and the brand added.
    expect([...keysBefore.values()].reduce((n, k) => n + k.size, 0)).toBeGreaterThan(500);
    const rowCount = [...keysBefore.values()].reduce((n, k) => n + k.size, 0);
    console.log(
      `[upgrade.test] ${opts.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${rowCount} rows and ${before.size} records kept; seconds: ${phases.join(', ')}`,
    );
  } finally {
    await stopServer(server);
  }
};

describe.skipIf(inPgPass)(
  'an upgrade from the version before the newest migration keeps every row',
  { timeout: 600_000 },
  () => {
    let scratch = '';
    const dbName = `karya_upgrade_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
    let oldServerDir = '';
    let oldTypes: string[] = [];

    beforeAll(() => {
      scratch = mkdtempSync(path.join(tmpdir(), 'karya-upgrade-'));
      const { revision, newest } = baseRevision();
      const dir = path.join(scratch, 'old');
      mkdirSync(dir);
      oldServerDir = buildOldVersion(revision, dir);
      oldTypes = typesAt(revision);
      console.log(`[upgrade.test] upgrading from ${revision.slice(0, 10)}, the version before ${newest}`);
    }, 300_000);

    afterAll(async () => {
      if (!pgProblem && !inPgPass) {
        const admin = new pg.Client({ connectionString: SERVICE_PG_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await admin.end();
      }
      rmSync(scratch, { recursive: true, force: true });
    });

    it('on PGlite', async () => {
      await upgradeKeepsEverything({ oldServerDir, oldTypes, dataDir: path.join(scratch, 'pglite') });
    });

    it.skipIf(Boolean(pgProblem))('on PostgreSQL', async () => {
      const admin = new pg.Client({ connectionString: SERVICE_PG_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(SERVICE_PG_URL);
      u.pathname = `/${dbName}`;
      await upgradeKeepsEverything({
        oldServerDir,
        oldTypes,
        dataDir: path.join(scratch, 'postgres'),
        databaseUrl: u.toString(),
      });
    });
  },
);
