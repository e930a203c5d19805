// npm run bench: fill a database at scale, then measure the production server against the HTTP and SQL
// ceilings. Options: --db=pglite|postgres|both, --scale=1, --seconds=10, --connections=1,10,50, --fresh,
// --only=name,name, --tag=name, --generate-only, --smoke (tiny and short: proves the harness works, as CI does).
// The PostgreSQL server is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../apps/server/src/platform/passwords.ts';
import { buildIfStale, prepareDataset, scenarioContext } from './dataset.ts';
import { openSql, pgliteTarget, postgresAnswers, postgresTarget, type Target } from './db.ts';
import { explainAll, tableSizes } from './explain.ts';
import { interleaved, type Measure, runHttp, runRaw, type Statement } from './load.ts';
import {
  checkTargets,
  markdownReport,
  markdownTable,
  type ScenarioResult,
  type TargetResult,
} from './report.ts';
import { prepareSalesExecutive } from './sales-executive.ts';
import { SCENARIOS, type ScenarioContext } from './scenarios.ts';
import { ADMIN_PASSWORD, freePort, signIn, startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const flag = (name: string) => process.argv.includes(`--${name}`);

/** --smoke: a tiny data set and one short run of everything, to prove the harness works (CI runs it). */
const smoke = flag('smoke');
const options = {
  db: arg('db', 'both'),
  scale: Number(arg('scale', smoke ? '0.001' : '1')),
  seconds: Number(arg('seconds', smoke ? '1' : '10')),
  connections: arg('connections', smoke ? '1' : '1,10,50')
    .split(',')
    .map(Number),
  fresh: flag('fresh'),
  generateOnly: flag('generate-only'),
  only: arg('only', '').split(',').filter(Boolean),
  /** --tag=name: results go to <date>-<db>-<name>.json/.md, beside the day's full run rather than over it. */
  tag: arg('tag', '').replace(/[^\w-]/g, ''),
  postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
if (!(options.scale > 0) || !(options.seconds > 0) || options.connections.some((c) => !(c > 0))) {
  console.error('--scale, --seconds and --connections must be positive numbers');
  process.exit(2);
}

const log = (...a: unknown[]) => console.log(...a);

type Trace = Map<string, Statement[]>;

/** One request per scenario through a server that writes its SQL to a file: the statements to replay. */
const captureSql = async (
  target: Target,
  ctx: ScenarioContext,
  scenarios: typeof SCENARIOS,
  execEmail: string | undefined,
) => {
  const file = path.join(os.tmpdir(), `karya-bench-trace-${process.pid}.jsonl`);
  writeFileSync(file, '');
  const server = await startServer(root, target, { SQL_TRACE_FILE: file });
  const traces: Trace = new Map();
  // What a first request runs (nothing kept yet): EXPLAIN judges these as well as the steady state's.
  const cold: Trace = new Map();
  try {
    const adminCookie = await signIn(server);
    const execCookie = execEmail ? await signIn(server, execEmail) : undefined;
    const read = () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { sql: string; params: unknown[]; name?: string })
        .map((s) => ({ text: s.sql, params: s.params, name: s.name }));
    for (const s of scenarios) {
      if (!s.rawReference) continue;
      const cookie = (s.asSalesExecutive ? execCookie : undefined) ?? adminCookie;
      for (const req of s.requests(ctx)) {
        // The second of two requests: what the server runs in the steady state of a load, with what it
        // keeps between requests kept (on PostgreSQL the session: decision 0020).
        for (const first of [true, false]) {
          writeFileSync(file, '');
          const r = await fetch(`${server.url}${req.path}`, {
            method: req.method,
            headers: { cookie, origin: server.origin },
          });
          if (!r.ok)
            throw new Error(`${s.name}: ${req.method} ${req.path} answered ${r.status}: ${await r.text()}`);
          await r.arrayBuffer();
          (first ? cold : traces).set(s.name, read());
        }
      }
    }
  } finally {
    await server.stop();
    rmSync(file, { force: true });
  }
  // The session and permission statements (those of /api/auth/me) are the layers under measure, not
  // the scenario's own SQL.
  const session = new Set((cold.get('auth-me') ?? []).map((s) => s.text));
  for (const s of scenarios) {
    if (!traces.has(s.name)) continue;
    if (s.sessionIsPayload) {
      // On PostgreSQL a kept session needs no statement, only the auth feed's round trip on its listening
      // connection (decision 0020): the reference does that round trip, one trivial statement.
      if (traces.get(s.name)!.length === 0) traces.set(s.name, [{ text: 'select 1', params: [] }]);
      continue;
    }
    for (const t of [traces, cold])
      t.set(
        s.name,
        t.get(s.name)!.filter((st) => !session.has(st.text)),
      );
  }
  return { traces, cold };
};

/** A reference server of the bench's own (the HTTP ceiling, the bare SQL route), up once `probe` answers. */
const startReference = async (script: string, probe: string, env: Record<string, string> = {}) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}${probe}`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
};

const argon2Cost = async () => {
  const stored = await hashPassword(ADMIN_PASSWORD);
  const started = performance.now();
  const n = 20;
  for (let i = 0; i < n; i++) await verify(stored, ADMIN_PASSWORD);
  return (performance.now() - started) / n;
};

const benchTarget = async (target: Target): Promise<TargetResult | null> => {
  log(`\n== ${target.label} (scale ${options.scale})`);
  const generation = await prepareDataset(root, target, { ...options, log });
  if (options.generateOnly) return null;
  const scenarios = SCENARIOS.filter((s) => options.only.length === 0 || options.only.includes(s.name));
  const ctx = scenarioContext(options.scale);

  log('  capturing the SQL of each scenario...');
  // The scoped Sales Executive's role and sign-in, when a chosen scenario runs as them.
  const execEmail = scenarios.some((s) => s.asSalesExecutive)
    ? await (async () => {
        const setup = await openSql(target, 1);
        try {
          return await prepareSalesExecutive(setup);
        } finally {
          await setup.close();
        }
      })()
    : undefined;
  const { traces, cold } = await captureSql(
    target,
    ctx,
    SCENARIOS.filter((s) => !s.asSalesExecutive || execEmail),
    execEmail,
  );

  log('  HTTP ceiling...');
  const ceiling: Measure[] = [];
  const ceil = await startReference('ceiling.ts', '/constant');
  try {
    for (const connections of options.connections)
      ceiling.push(
        await runHttp({
          url: ceil.url,
          connections,
          seconds: options.seconds,
          headers: {},
          requests: [{ method: 'GET', path: '/constant' }],
        }),
      );
  } finally {
    ceil.stop();
  }

  const results: ScenarioResult[] = [];
  // The raw SQL of a scenario is measured right after its HTTP runs, on the data they ran on: measured at
  // the end, a read scenario's reference ran on what the write scenarios had added since (a fast mover's
  // history thousands of entries longer), which flattered the ratio. The server is idle meanwhile.
  const sql = await openSql(target, 10);
  // The bare SQL route needs a server to connect to: PostgreSQL only (PGlite's files are the server's).
  const tracesFile = path.join(os.tmpdir(), `karya-bench-bare-${process.pid}.json`);
  writeFileSync(tracesFile, JSON.stringify(Object.fromEntries(traces)));
  const bare =
    target.kind === 'postgres'
      ? await startReference('bare.ts', '/ready', { BARE_TRACES: tracesFile, BARE_DATABASE_URL: target.url })
      : null;
  const server = await startServer(root, target);
  try {
    const adminCookie = await signIn(server);
    const execCookie = execEmail ? await signIn(server, execEmail) : undefined;
    for (const s of scenarios) {
      const cookie = (s.asSalesExecutive ? execCookie : undefined) ?? adminCookie;
      const runs: ScenarioResult['runs'] = [];
      for (const connections of options.connections) {
        const http = await runHttp({
          url: server.url,
          connections,
          seconds: options.seconds,
          // Sign-in requests go without the session: a sign-in replaces the session it is sent with.
          headers: s.kind === 'auth' ? { origin: server.origin } : { cookie, origin: server.origin },
          requests: s.requests(ctx),
          rss: server.rssMiB,
        });
        if (s.kind === 'write') http.rps /= s.requests(ctx).length; // cycles per second
        runs.push({ http, ceilingRps: ceiling.find((c) => c.connections === connections)?.rps });
        log(
          `  ${s.name.padEnd(18)} ${String(connections).padStart(3)} conns: ${Math.round(http.rps)} req/s, p50 ${http.p50} ms, p99 ${http.p99} ms, RSS ${http.peakRssMiB} MiB${http.non2xx || http.errors ? `, ${http.non2xx} non-2xx, ${http.errors} errors` : ''}`,
        );
      }
      const result: ScenarioResult = {
        name: s.name,
        kind: s.kind,
        description: s.description,
        runs,
        p99TargetMs: s.p99TargetMs,
        runTargets: s.runTargets,
        readsWhole: s.readsWhole,
      };
      results.push(result);
      const statements = traces.get(s.name);
      if (statements) {
        for (const run of runs) {
          run.raw = await runRaw({
            sql,
            connections: run.http.connections,
            seconds: options.seconds,
            statements,
          });
          // The route and the bare route in alternating slices: their ratio is the target (decision 0013).
          if (bare)
            // Five slices each, or two where a request takes over a tenth of a second (a slice should
            // hold many requests).
            [run.besideBare, run.bare] = await interleaved(
              run.http.p50 > 100 ? 2 : 5,
              options.seconds,
              (which, seconds) =>
                which === 'a'
                  ? runHttp({
                      url: server.url,
                      connections: run.http.connections,
                      seconds,
                      headers: { cookie, origin: server.origin },
                      requests: s.requests(ctx),
                    })
                  : runHttp({
                      url: bare.url,
                      connections: run.http.connections,
                      seconds,
                      headers: {},
                      requests: [{ method: 'GET', path: `/bare/${s.name}` }],
                    }),
            );
        }
        if (s.kind !== 'detail')
          result.explain = await explainAll(sql, [...(cold.get(s.name) ?? []), ...statements]);
        log(
          `  ${s.name.padEnd(18)} raw: ${runs.map((x) => `${Math.round(x.raw?.rps ?? 0)} req/s`).join(', ')}${bare ? `; bare route: ${runs.map((x) => `${Math.round(x.bare?.rps ?? 0)} req/s (the route beside it ${Math.round(x.besideBare?.rps ?? 0)})`).join(', ')}` : ''}`,
        );
      }
    }
  } catch (error) {
    await sql.close();
    throw error;
  } finally {
    await server.stop();
    bare?.stop();
    rmSync(tracesFile, { force: true });
  }

  let tableRows: Record<string, number> = {};
  // Checks of what the write scenarios left behind (e.g. no oversold stock), with the server stopped.
  const afterChecks: TargetResult['checks'] = [];
  try {
    for (const s of scenarios) if (s.afterRun) afterChecks.push(...(await s.afterRun(sql)));
    tableRows = Object.fromEntries(
      [...(await tableSizes(sql))].filter(([t]) => !t.startsWith('__') && t !== 'bench_meta').sort(),
    );
  } finally {
    await sql.close();
  }

  const result: TargetResult = {
    database: target.label,
    scale: options.scale,
    seconds: options.seconds,
    machine: {
      cpus: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    generation,
    tableRows,
    argon2VerifyMs: await argon2Cost(),
    ceiling,
    scenarios: results,
    checks: [],
  };
  result.checks = [...checkTargets(result), ...afterChecks];
  return result;
};

const main = async () => {
  buildIfStale(root, log);
  const targets: Target[] = [];
  if (options.db === 'pglite' || options.db === 'both') targets.push(pgliteTarget(root, options.scale));
  if (options.db === 'postgres' || options.db === 'both') {
    if (await postgresAnswers(options.postgresUrl))
      targets.push(postgresTarget(options.postgresUrl, options.scale));
    else if (options.db === 'postgres') {
      console.error(`No PostgreSQL answers at ${options.postgresUrl} (set BENCH_DATABASE_URL).`);
      process.exit(1);
    } else
      log(`No PostgreSQL answers at ${options.postgresUrl}: measuring PGlite only (set BENCH_DATABASE_URL).`);
  }
  const date = new Date().toISOString().slice(0, 10);
  // Smoke runs prove the harness; their numbers mean nothing and stay out of the record.
  const dir = path.join(root, smoke ? 'bench/results/tmp' : 'bench/results');
  let broken = false;
  mkdirSync(dir, { recursive: true });
  for (const target of targets) {
    const result = await benchTarget(target);
    if (!result) continue;
    const base = path.join(dir, `${date}-${target.kind}${options.tag ? `-${options.tag}` : ''}`);
    writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(`${base}.md`, markdownReport(result, date));
    log(`\n${target.label}, scale ${options.scale}:\n\n${markdownTable(result)}\n`);
    for (const c of result.checks) log(`${c.pass ? 'PASS' : 'MISS'} ${c.check}: ${c.detail}`);
    if (result.checks.some((c) => !c.pass && c.check.endsWith('every answer 2xx'))) broken = true;
    log(`\nWritten: ${path.relative(root, base)}.json and .md`);
  }
  if (broken) {
    console.error('\nSome scenario got answers other than 2xx: the benchmark itself is broken (see above).');
    process.exit(1);
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
