// Over 400 lines and whole: one command, read top to bottom (find the endpoints, run sqlmap, judge).
// npm run scan:sqli: sqlmap (Debian's package) against the query parameters of every GET endpoint that takes
// any (the lists with their filters, the suggestions, the activity log, the holidays), signed in as the
// administrator, on the production build with demo data. Exit 1 when sqlmap finds an injection, when the
// server answers 5xx to one of its payloads, or when an endpoint could not really be scanned.
//
//   npm run scan:sqli                     scan a fresh app (embedded database in a temporary folder; with
//                                         DATABASE_URL, a temporary database on that PostgreSQL server)
//   npm run scan:sqli -- --only=tasks     scan only the endpoints whose path contains "tasks"
//   npm run scan:sqli -- --self-test      scan a deliberately injectable server instead: must be flagged
//   npm run scan:sqli -- --daily          CI's scan: every endpoint and every parameter that is not a list
//                                         filter, and a third of each list's filters, another third each
//                                         day (UTC), so that every filter is scanned every three days
//
// The endpoints come from the app's own OpenAPI document (/api/docs/json), so a list added later is
// scanned without editing this file.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { freePort, SESSION_COOKIE, signInThroughApi } from './lib/app-process.mjs';

const ADMIN_EMAIL = 'admin@karya.test';
const ADMIN_PASSWORD = `Scan@${randomBytes(9).toString('hex')}`;
/** sqlmap --technique: all of them (boolean, error, UNION, stacked, time-based, inline). See runSqlmap. */
const TECHNIQUES = 'BEUSTQ';
/** One sqlmap run that takes longer than this is stopped and counted as "not scanned". */
const RUN_TIMEOUT_MS = 15 * 60_000;
const SAMPLE_DATE = '2026-01-01';
/** sqlmap runs at a time (SQLI_CONCURRENCY). */
const SCAN_CONCURRENCY = Math.max(1, Number(process.env.SQLI_CONCURRENCY ?? 2));

const args = process.argv.slice(2);
const selfTest = args.includes('--self-test');
const daily = args.includes('--daily');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const unknown = args.filter((a) => a !== '--self-test' && a !== '--daily' && !a.startsWith('--only='));
if (unknown.length) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}. Use --self-test, --daily and/or --only=<path part>.`,
  );
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- helpers

const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });

const tempDir = (prefix) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const fail = async (message) => {
  console.error(`\n${message}`);
  await cleanUp();
  process.exit(1);
};

// ----------------------------------------------------------------------------------------------- sqlmap

/** sqlmap on PATH, or Debian's package installed when running as root; otherwise a clear message. */
const ensureSqlmap = () => {
  if (!onPath('sqlmap')) {
    if (process.getuid?.() !== 0 || !onPath('apt-get')) {
      console.error(
        'sqlmap is not installed. On Debian or Ubuntu: sudo apt-get install -y sqlmap (or run this script as ' +
          'root and it installs it); elsewhere see https://sqlmap.org. Then run npm run scan:sqli again.',
      );
      process.exit(2);
    }
    console.log("Installing Debian's sqlmap...");
    const r = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq sqlmap >/dev/null'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0 || !onPath('sqlmap')) {
      console.error('Installing sqlmap with apt-get failed (see above).');
      process.exit(2);
    }
  }
  const version = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  return /\d+\.\d+[^\s]*/.exec(version.stdout)?.[0] ?? 'of unknown version';
};

/**
 * One sqlmap run over all the parameters of one endpoint. Every technique is on. The sample values of all
 * filters together usually match no row, so a page of rows cannot differ; sqlmap still tells an injection
 * apart there (an error answer versus the empty page, a UNION row, pg_sleep), which was checked with the
 * self-test's server returning no rows. The time-based and stacked tests cost no waiting on a clean
 * endpoint (nothing sleeps): measured, BEUS and BEUSTQ take the same time; only a finding makes a run slow.
 */
const runSqlmap = ({ url, params, cookie, origin, outputDir, trafficFile }) =>
  new Promise((resolve) => {
    const child = spawn(
      'sqlmap',
      [
        '-u',
        url,
        '-p',
        params.join(','),
        '--cookie',
        `${SESSION_COOKIE}=${cookie}`,
        '--headers',
        `Origin: ${origin}`,
        '--batch',
        // Test every parameter even after a finding, so the report names them all.
        '--answers=keep testing=Y',
        // Its WAF probe adds an unknown parameter, which the lists refuse (400) as they should.
        '--skip-waf',
        '--dbms=PostgreSQL',
        '--level=2',
        '--risk=1',
        `--technique=${TECHNIQUES}`,
        '--output-dir',
        outputDir,
        '-t',
        trafficFile,
        '--disable-coloring',
        '--flush-session',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => {
      output += `\n[scan-sqli] stopped after ${RUN_TIMEOUT_MS / 60_000} minutes\n`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

/** What one sqlmap run says: injectable parameters, parameters it tested clean, and anything that broke. */
const readSqlmapOutput = (output, params) => {
  const names = (re) => [...output.matchAll(re)].map((m) => m[1]);
  const vulnerable = new Set([
    ...names(/parameter '([^']+)' is vulnerable/g),
    ...names(/^Parameter: (.+?) \((?:GET|URI|Cookie|POST)\)$/gm),
  ]);
  const clean = new Set(names(/parameter '([^']+)' does not seem to be injectable/g));
  const problems = [];
  if (vulnerable.size === 0) {
    const untested = params.filter((p) => !clean.has(p));
    if (untested.length) problems.push(`sqlmap did not test: ${untested.join(', ')}`);
    if (!/all tested parameters do not appear to be injectable/.test(output))
      problems.push('sqlmap did not finish its tests');
  }
  for (const line of output.split('\n'))
    if (/\[CRITICAL\]/.test(line) && !/all tested parameters do not appear to be injectable/.test(line))
      problems.push(line.replace(/^.*\[CRITICAL\]\s*/, ''));
  const codes = /HTTP error codes detected during run:\s*\n?(.*)/.exec(output)?.[1]?.trim() ?? '';
  const serverErrors = [...codes.matchAll(/\b(5\d\d) \(([^)]*)\) - (\d+) times/g)].map(
    (m) => `${m[1]} ${m[2]} x${m[3]}`,
  );
  return { vulnerable: [...vulnerable], problems: [...new Set(problems)], codes, serverErrors };
};

/** Up to `max` requests of sqlmap's traffic log that the server answered with a 5xx. */
const serverErrorExamples = (trafficFile, max = 3) => {
  if (!existsSync(trafficFile)) return [];
  const examples = new Set();
  for (const block of readFileSync(trafficFile, 'utf8').split(/^#{20,}$/m)) {
    const status = /HTTP response \[#\d+\] \((5\d\d)/.exec(block)?.[1];
    const target = /^GET (\S+) HTTP/m.exec(block)?.[1];
    if (!status || !target) continue;
    let shown = target;
    try {
      shown = decodeURIComponent(target.replace(/\+/g, ' '));
    } catch {}
    examples.add(`${status} for GET ${shown}`);
    if (examples.size >= max) break;
  }
  return [...examples];
};

/** The distinct errors (level error or fatal) in the server's JSON log, with a count each. */
const serverLogErrors = (log) => {
  const seen = new Map();
  for (const line of log.split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level >= 50)) continue;
    // The first frame in our own code (the server runs with source maps, so it names the source file).
    const at = (entry.err?.stack ?? '')
      .split('\n')
      .map((l) => /^\s+at (.+)$/.exec(l)?.[1])
      .find((l) => l && /\/(apps|packages)\//.test(l) && !l.includes('node_modules'));
    const text = entry.err ? `${entry.err.type}: ${entry.err.message}${at ? ` (at ${at})` : ''}` : entry.msg;
    seen.set(text, (seen.get(text) ?? 0) + 1);
  }
  return [...seen].map(([text, n]) => `${text} x${n}`);
};

// ---------------------------------------------------------------------------------------- the endpoints

/**
 * A valid value for one parameter, from its schema: enum → its first value, a pattern → the first of 1, a
 * real id, 2026-01-01, 2026-01 and 'a' that it accepts, date → 2026-01-01, number → its minimum or 1, id → a real id. Where the
 * document only says "string" and the name says more (page/limit, dates, ids), the name decides; a value
 * the server still refuses shows up as a failed baseline request.
 */
const sampleValue = (param, ids) => {
  const schema = param.schema ?? {};
  const item = schema.type === 'array' ? (schema.items ?? {}) : schema;
  const name = param.name.replace(/\[\]$/, '');
  const last = /([A-Za-z]+)\]?$/.exec(name)?.[1] ?? name;
  if (item.enum?.length) return String(item.enum[0]);
  if (item.pattern) {
    // A month (YYYY-MM: the GSTR-1 export's) is the sample date's.
    const fits = ['1', ids.user, SAMPLE_DATE, SAMPLE_DATE.slice(0, 7), 'a'].find((v) =>
      new RegExp(item.pattern).test(v),
    );
    if (fits) return fits;
  }
  if (item.format === 'date' || /^(from|to|start|end|date|since|until)$|At$/i.test(last)) return SAMPLE_DATE;
  if (item.format === 'date-time') return `${SAMPLE_DATE}T00:00:00.000Z`;
  // A number with a floor (a year: 2000 to 2100) takes its floor.
  if (item.type === 'integer' || item.type === 'number' || /^(page|limit|min|max)$/i.test(last))
    return String(Math.max(1, Number(item.minimum ?? 1)));
  if (item.type === 'boolean') return 'true';
  if (item.pattern === '^[0-9a-f]{24}$' || /ids?$/i.test(last)) return ids.user;
  // GET /auth/who-can: permissions of the catalogue as resource:action (decision 0014).
  if (last === 'needs') return 'customer:read';
  return 'a';
};

/** The first `_id` in a list answer ({data: {items: [...]}} or {data: [...]}), or null. */
const firstId = (body) => {
  const data = body?.data;
  const lists = Array.isArray(data) ? [data] : Object.values(data ?? {}).filter(Array.isArray);
  for (const list of lists) for (const row of list) if (typeof row?._id === 'string') return row._id;
  return null;
};

/**
 * Every GET /api operation with query parameters, from the OpenAPI document. A path parameter gets a real
 * id from its parent list (/admin/users/{id}/activities → the first row of GET /admin/users).
 */
const discoverEndpoints = async (api, ids) => {
  const res = await api('/api/docs/json');
  if (res.status !== 200) throw new Error(`GET /api/docs/json answered ${res.status}`);
  const doc = await res.json();
  const endpoints = [];
  for (const [template, operations] of Object.entries(doc.paths ?? {})) {
    const op = operations.get;
    if (!op || !template.startsWith('/api/') || template.startsWith('/api/docs')) continue;
    const parameters = [...(operations.parameters ?? []), ...(op.parameters ?? [])];
    const query = parameters.filter((p) => p.in === 'query');
    if (!query.length) continue;
    let resolved = template;
    for (const p of parameters.filter((x) => x.in === 'path')) {
      const parent = template.slice(0, template.indexOf(`/{${p.name}}`));
      const listed = await api(`${parent}?limit=1`).then((r) => (r.ok ? r.json() : null));
      resolved = resolved.replace(`{${p.name}}`, firstId(listed) ?? ids.user);
    }
    // A query parameter naming a part of the path's record (GET /crm/quotations/{id}/pdf?version=…) takes
    // the first of that part from the record's own answer (`versions[0]._id`): any other id is a 404.
    const recordPath = template.includes('}')
      ? resolved.slice(0, resolved.length - (template.length - template.lastIndexOf('}') - 1))
      : null;
    const record = recordPath ? await api(recordPath).then((r) => (r.ok ? r.json() : null)) : null;
    const partId = (name) => record?.data?.[`${name}s`]?.[0]?._id;
    const pairs = query.map((p) => [p.name, partId(p.name) ?? sampleValue(p, ids)]);
    // Brackets stay literal in parameter names: that is what the web sends and what sqlmap's -p matches.
    const qs = pairs.map(([k, v]) => `${encodeURI(k)}=${encodeURIComponent(v)}`).join('&');
    endpoints.push({
      template,
      path: `${resolved}?${qs}`,
      params: query.map((p) => p.name),
      filtersOf: op['x-filters-of'],
    });
  }
  return endpoints;
};

/**
 * An endpoint whose filters are another list's, parsed and made SQL by the same code (its operation says so:
 * `x-filters-of`, as GET /crm/customers/export does), has those filters scanned once, on the list, when the
 * list is in this run: there only its other parameters. Two sqlmap runs over the same 40 filters took seven
 * minutes of CI for one piece of code.
 */
const shareFilters = (endpoints) => {
  for (const endpoint of endpoints) {
    const list = endpoint.filtersOf && endpoints.find((e) => e.template === endpoint.filtersOf);
    if (!list) continue;
    const shared = endpoint.params.filter((p) => p.startsWith('filters[') && list.params.includes(p));
    endpoint.params = endpoint.params.filter((p) => !shared.includes(p));
    console.log(
      `${endpoint.template}: its ${shared.length} filters are ${list.template}'s (x-filters-of), scanned there.`,
    );
  }
  return endpoints;
};

/** --daily: each day's share of a list's filters (one in DAILY_PARTS, by position, rotating by UTC day). */
const DAILY_PARTS = 3;

/**
 * --daily (CI): a list's filters are parsed and made SQL by one piece of code, the list kit's, so scanning
 * every filter of every list every run scans that code forty times over: the whole scan took 440 CPU-seconds
 * of CI's two cores, beside npm test (stop 40's run: 55 minutes). Every endpoint is still scanned each day,
 * with every parameter that is not a filter (page, limit, sort, search, the endpoint's own); of the filters,
 * one in three, a different third each day. `npm run scan:sqli` scans them all.
 */
const dailyShare = (endpoints) => {
  const part = Math.floor(Date.now() / 86_400_000) % DAILY_PARTS;
  let kept = 0;
  let all = 0;
  for (const endpoint of endpoints) {
    const filters = endpoint.params.filter((p) => p.startsWith('filters['));
    const today = new Set(filters.filter((_, i) => i % DAILY_PARTS === part));
    all += filters.length;
    kept += today.size;
    endpoint.params = endpoint.params.filter((p) => !p.startsWith('filters[') || today.has(p));
  }
  console.log(
    `--daily: ${kept} of ${all} list filters today (part ${part + 1} of ${DAILY_PARTS}), every other parameter.`,
  );
  return endpoints;
};

// --------------------------------------------------------------------------------------------- the app

const startKarya = async () => {
  buildIfStale();
  const port = await freePort();
  const dataDir = tempDir('karya-sqli-data-');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEMO: 'true',
    LOG_LEVEL: 'warn',
    BACKUP_AT: 'off',
  };
  delete env.SMTP_URL;
  let database = 'embedded PGlite';
  if (process.env.DATABASE_URL) {
    // Never the configured database itself: demo data and an administrator go into a throwaway one.
    const { default: pg } = await import('pg');
    const name = `karya_sqli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    });
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    database = `PostgreSQL (temporary database ${name})`;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) await fail(`The server exited while starting:\n${log}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) await fail(`The server did not start in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    database,
    log: () => `${log}\n[server exit code ${child.exitCode}, signal ${child.signalCode}]`,
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
};

const signIn = (baseUrl) =>
  signInThroughApi(baseUrl, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, model: 'scan-sqli' });

// ----------------------------------------------------------------------------- a deliberately bad server

/**
 * For --self-test: a tiny server with the same surface the scan uses (sign-in cookie, OpenAPI document, a
 * list with bracket-style filters) whose list query is built by string concatenation on PGlite.
 */
const startVulnerableServer = async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite();
  await db.exec(`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, status text NOT NULL);
    INSERT INTO items VALUES (1, 'alpha', 'Open'), (2, 'beta', 'Open'), (3, 'gamma', 'Closed');`);
  const token = randomBytes(16).toString('hex');
  const doc = {
    openapi: '3.1.0',
    info: { title: 'deliberately injectable', version: '0' },
    paths: {
      '/api/items': {
        get: {
          parameters: [
            { in: 'query', name: 'page', schema: { type: 'integer', minimum: 1 } },
            { in: 'query', name: 'filters[name]', schema: { type: 'string' } },
            { in: 'query', name: 'filters[status][]', schema: { type: 'array', items: { enum: ['Open'] } } },
          ],
        },
      },
    },
  };
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createHttpServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/api/health') return send(res, 200, { success: true });
    if (req.method === 'POST' && url.pathname === '/api/auth/login') {
      req.resume();
      return send(
        res,
        200,
        { success: true, data: { _id: '0'.repeat(24) } },
        {
          'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly`,
        },
      );
    }
    if (!(req.headers.cookie ?? '').includes(`${SESSION_COOKIE}=${token}`))
      return send(res, 401, { success: false, message: 'Sign in' });
    if (url.pathname === '/api/auth/me') return send(res, 200, { success: true });
    if (url.pathname === '/api/docs/json') return send(res, 200, doc);
    if (url.pathname !== '/api/items') return send(res, 404, { success: false });
    const q = url.searchParams;
    // The bug this mode exists for: request values pasted into SQL text.
    const sql =
      `SELECT id, name, status FROM items WHERE name ILIKE '%${q.get('filters[name]') ?? ''}%'` +
      ` AND status = '${q.get('filters[status][]') ?? 'Open'}'` +
      ` ORDER BY id LIMIT 20 OFFSET (${q.get('page') ?? '1'} - 1) * 20`;
    try {
      const result = await db.query(sql);
      return send(res, 200, { success: true, data: { items: result.rows, page: 1 } });
    } catch {
      return send(res, 500, { success: false, message: 'Something went wrong' });
    }
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  cleanups.push(async () => {
    await new Promise((r) => server.close(r));
    await db.close();
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database: 'PGlite, string-concatenated SQL',
    log: () => '',
    exited: () => false,
  };
};

// -------------------------------------------------------------------------------------------------- run

const pad = (s, n) => String(s).padEnd(n);

const main = async () => {
  const started = Date.now();
  const sqlmapVersion = ensureSqlmap();
  const app = selfTest ? await startVulnerableServer() : await startKarya();
  console.log(`sqlmap ${sqlmapVersion}; target ${app.baseUrl} (${app.database})`);
  const session = await signIn(app.baseUrl).catch((e) => fail(`Could not sign in: ${e.message}`));
  const api = (p) =>
    fetch(`${app.baseUrl}${p}`, { headers: { cookie: `${SESSION_COOKIE}=${session.token}` } });
  const ids = { user: session.userId ?? '0'.repeat(24) };
  let endpoints = await discoverEndpoints(api, ids).catch((e) => fail(`Could not read the endpoints: ${e}`));
  if (only) endpoints = endpoints.filter((e) => e.template.includes(only));
  shareFilters(endpoints);
  if (daily && !selfTest) dailyShare(endpoints);
  endpoints = endpoints.filter((e) => e.params.length > 0);
  if (!endpoints.length) await fail('No endpoint with query parameters was found to scan.');
  console.log(`${endpoints.length} endpoint(s) to scan, one sqlmap run each (--technique=${TECHNIQUES}).\n`);

  const outputDir = tempDir('karya-sqli-sqlmap-');
  const rows = endpoints.map((endpoint) => ({
    endpoint: endpoint.template,
    params: endpoint.params.length,
    result: '',
    details: [],
  }));
  // Two sqlmap runs at a time: each mostly waits on the server's answers, so two share the machine's
  // cores well and the scan takes about half as long (52 endpoints: 10 → 5 minutes). Each run has its own
  // traffic file; the server log slice of a failing run may hold the other run's lines too.
  const scanOne = async (index, endpoint) => {
    const t0 = Date.now();
    if (app.exited()) await fail(`The server stopped during the scan. Its output:\n${app.log()}`);
    const logFrom = app.log().length;
    const row = rows[index];
    // The run means nothing if the valid request itself is refused (a sample value the server rejects).
    const baseline = await api(endpoint.path);
    if (baseline.status !== 200) {
      const body = await baseline.json().catch(() => ({}));
      row.result = 'NOT SCANNED';
      row.details.push(
        `the valid request ${endpoint.path} answered ${baseline.status}: ${body.message ?? ''}`,
      );
    } else {
      const run = await runSqlmap({
        url: `${app.baseUrl}${endpoint.path}`,
        params: endpoint.params,
        cookie: session.token,
        origin: app.baseUrl,
        outputDir,
        trafficFile: path.join(outputDir, `traffic-${index}.txt`),
      });
      const read = readSqlmapOutput(run.output, endpoint.params);
      if (app.exited())
        await fail(`The server stopped while sqlmap scanned ${endpoint.template}. Its output:\n${app.log()}`);
      const stillSignedIn = await api('/api/auth/me').then(
        (r) => r.status === 200,
        () => false,
      );
      if (read.vulnerable.length) {
        row.result = 'INJECTABLE';
        row.details.push(`injectable: ${read.vulnerable.join(', ')}`);
      } else if (read.problems.length || !stillSignedIn) {
        row.result = 'NOT SCANNED';
        row.details.push(...read.problems);
        if (!stillSignedIn) row.details.push('the session no longer works after the run');
      } else if (read.serverErrors.length) row.result = 'SERVER ERROR';
      else row.result = 'clean';
      if (read.serverErrors.length)
        row.details.push(
          `5xx answers to sqlmap's payloads (bad input must answer 400): ${read.serverErrors.join(', ')}`,
          ...serverErrorExamples(path.join(outputDir, `traffic-${index}.txt`)).map((e) => `e.g. ${e}`),
          ...serverLogErrors(app.log().slice(logFrom)).map((e) => `server log: ${e}`),
        );
      if (read.codes) row.details.push(`HTTP codes: ${read.codes}`);
      if (row.result === 'INJECTABLE' || row.result === 'NOT SCANNED') row.output = run.output;
    }
    row.seconds = Math.round((Date.now() - t0) / 1000);
    console.log(
      `${endpoint.template} (${endpoint.params.length} parameters): ${row.result} (${row.seconds} s)`,
    );
  };
  // The endpoints with the most parameters first (a run's time follows its parameter count), so that the
  // two runs at a time end together rather than one long endpoint running alone at the end.
  const order = endpoints
    .map((_, i) => i)
    .sort((a, b) => endpoints[b].params.length - endpoints[a].params.length);
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const index = order[next++];
      await scanOne(index, endpoints[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, endpoints.length) }, worker));

  const width = Math.max(8, ...rows.map((r) => r.endpoint.length));
  console.log(`\n${pad('endpoint', width)}  params  ${pad('result', 12)}  seconds`);
  console.log(`${'-'.repeat(width)}  ------  ${'-'.repeat(12)}  -------`);
  for (const r of rows)
    console.log(`${pad(r.endpoint, width)}  ${pad(r.params, 6)}  ${pad(r.result, 12)}  ${r.seconds}`);
  const total = Math.round((Date.now() - started) / 1000);
  console.log(`\nTotal ${total} s.`);
  for (const r of rows.filter((x) => x.result !== 'clean')) {
    console.log(`\n== ${r.endpoint}: ${r.result}\n  ${r.details.join('\n  ')}`);
    if (r.output)
      console.log(`  sqlmap's output, last lines:\n${r.output.trim().split('\n').slice(-40).join('\n')}`);
  }

  const bad = rows.filter((r) => r.result !== 'clean');
  await cleanUp();
  if (selfTest) {
    const flagged = rows.some((r) => r.result === 'INJECTABLE');
    console.log(
      flagged
        ? '\nSelf-test passed: the deliberately injectable endpoint was flagged, so the scan can fail.'
        : '\nSelf-test FAILED: sqlmap did not flag the deliberately injectable endpoint.',
    );
    process.exit(flagged ? 0 : 1);
  }
  if (bad.length) {
    console.log(`\n${bad.length} of ${rows.length} endpoint(s) not clean.`);
    process.exit(1);
  }
  console.log(`\nNo SQL injection found in ${rows.length} endpoint(s).`);
};

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
