// npm run bench:replica: the read scenarios on one server process (PostgreSQL primary only) against two
// processes with Redis and a streaming replica (DATABASE_READ_URL), issue 29. The primary and the replica
// are clusters of the run's own (apps/server/test/pg-cluster.ts: initdb, then pg_basebackup -R into a
// second cluster on another port), never the machine's PostgreSQL, filled with the bench data set at a
// modest scale (a full-scale copy would take longer than the run). Both set-ups run this version from
// source (node + tsx). Options: --scale=0.01, --seconds=10, --connections=20, --only=name,name, --tag=name.
// Results: bench/results/<date>-replica[-tag].json and .md, with the replica's lag seen during the reads and
// during a write cycle run through both processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startClusterPair } from '../../apps/server/test/pg-cluster.ts';
import { scenarioContext } from './dataset.ts';
import { GENERATORS } from './datasets/index.ts';
import { dropTarget, openSql, postgresTarget } from './db.ts';
import { type Measure, runHttp } from './load.ts';
import { writeResults } from './results.ts';
import { SCENARIOS } from './scenarios.ts';
import { benchServerEnv, freePort, type RunningServer, signIn } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const scale = Number(arg('scale', '0.01'));
const seconds = Number(arg('seconds', '10'));
const connections = Number(arg('connections', '20'));
const tag = arg('tag', '').replace(/[^\w-]/g, '');
const DEFAULT_READS = [
  'users-list',
  'tasks-first-page',
  'customers-list',
  'customer-detail',
  'item-suggestion',
  'quotation-detail',
  'project-detail',
  'admin-dashboard',
  'crm-dashboard',
];
const only = arg('only', DEFAULT_READS.join(',')).split(',').filter(Boolean);
const log = (...a: unknown[]) => console.log(...a);

type Server = RunningServer & { child: ChildProcess };

/** This version's server from source, on the primary (and the replica and Redis when given). */
const startSourceServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      ...benchServerEnv(port),
      FOLLOW_UP_REMINDER_AT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b) => (output = (output + b).slice(-20_000)));
  child.stderr!.on('data', (b) => (output = (output + b).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (i > 1200) throw new Error(`The server did not answer within 2 minutes:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    origin: url,
    pid: child.pid!,
    child,
    rssMiB: () => 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
};

type Lag = { maxMs: number; states: string[] };
/** Samples each server's /api/health every 100 ms: the largest lag it reported and the states it was in. */
const sampleLag = (servers: Server[]) => {
  const lag: Lag = { maxMs: 0, states: [] };
  const timer = setInterval(async () => {
    for (const s of servers) {
      try {
        const body = (await (await fetch(`${s.url}/api/health`)).json()) as {
          data: { replica?: { state: string; lagMs: number | null } };
        };
        const r = body.data.replica;
        if (!r) continue;
        lag.maxMs = Math.max(lag.maxMs, r.lagMs ?? 0);
        if (!lag.states.includes(r.state)) lag.states.push(r.state);
      } catch {}
    }
  }, 100);
  return { lag, stop: () => clearInterval(timer) };
};

/** The scenario's requests through every server at once, the connections split among them: the sum. */
const measure = async (
  servers: Server[],
  cookie: string,
  requests: Parameters<typeof runHttp>[0]['requests'],
) => {
  const each = await Promise.all(
    servers.map((s) =>
      runHttp({
        url: s.url,
        connections: Math.max(1, Math.round(connections / servers.length)),
        seconds,
        headers: { cookie, origin: s.origin },
        requests,
      }),
    ),
  );
  const sum = (f: (m: Measure) => number) => each.reduce((n, m) => n + f(m), 0);
  return {
    rps: sum((m) => m.rps),
    p50: Math.max(...each.map((m) => m.p50)),
    p99: Math.max(...each.map((m) => m.p99)),
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
  };
};

const main = async () => {
  const started = Date.now();
  const load = os.loadavg().map((n) => n.toFixed(2));
  log(`Load average before the run: ${load.join(', ')} (${os.cpus().length} CPUs)`);
  const clusters = await startClusterPair({ ports: [await freePort(), await freePort()] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-replica-'));
  const servers: Server[] = [];
  try {
    const target = postgresTarget(clusters.primary.url, scale, 'karya_replica');
    const replicaUrl = (() => {
      const u = new URL(clusters.replica.url);
      u.pathname = `/${target.database}`;
      return u.toString();
    })();
    log(`Primary ${clusters.primary.url}, replica ${clusters.replica.url}; data set at scale ${scale}...`);
    await dropTarget(target);
    const first = await startSourceServer({
      DATABASE_URL: target.url,
      DATA_DIR: path.join(dataDir, 'first'),
    });
    await first.stop();
    const sql = await openSql(target);
    try {
      for (const g of GENERATORS) await g.run(sql, scale, () => {});
      await sql.exec('vacuum analyze');
    } finally {
      await sql.close();
    }
    const ctx = scenarioContext(scale);
    const scenarios = SCENARIOS.filter((s) => only.includes(s.name));
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `karya-bench-replica-${process.pid}:`;

    const setups = [
      { name: 'one process, primary only', count: 1, env: {} as Record<string, string> },
      {
        name: 'two processes, Redis and the replica',
        count: 2,
        env: { DATABASE_READ_URL: replicaUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
      },
    ];
    const results: Record<string, Record<string, Awaited<ReturnType<typeof measure>>>> = {};
    const lags: Record<string, Lag> = {};
    for (const setup of setups) {
      log(`\n== ${setup.name}`);
      const these: Server[] = [];
      for (let i = 0; i < setup.count; i++)
        these.push(
          await startSourceServer({
            DATABASE_URL: target.url,
            DATA_DIR: path.join(dataDir, `${setup.count}-${i}`),
            ...setup.env,
          }),
        );
      servers.push(...these);
      const cookie = await signIn(these[0]!);
      const sampler = setup.count > 1 ? sampleLag(these) : undefined;
      results[setup.name] = {};
      for (const s of scenarios) {
        const m = await measure(these, cookie, s.requests(ctx));
        results[setup.name]![s.name] = m;
        log(
          `  ${s.name.padEnd(18)} ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx || m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : ''}`,
        );
      }
      sampler?.stop();
      if (sampler) lags.reads = sampler.lag;
      if (setup.count > 1) {
        // Writes through both processes: how far the replica falls behind while the primary is written.
        const cycle = SCENARIOS.find((s) => s.name === 'task-cycle')!;
        const writing = sampleLag(these);
        const m = await measure(these, cookie, cycle.requests(ctx));
        writing.stop();
        lags.writes = writing.lag;
        log(
          `  task-cycle (writes) ${Math.round(m.rps / cycle.requests(ctx).length)} cycles/s; replica lag up to ${writing.lag.maxMs} ms`,
        );
      }
      await Promise.all(these.map((s) => s.stop()));
    }
    const [one, two] = setups.map((s) => results[s.name]!);
    const rows = scenarios.map((s) => ({
      scenario: s.name,
      oneRps: Math.round(one![s.name]!.rps),
      twoRps: Math.round(two![s.name]!.rps),
      ratio: +(two![s.name]!.rps / one![s.name]!.rps).toFixed(2),
      oneP99: one![s.name]!.p99,
      twoP99: two![s.name]!.p99,
    }));
    const loadAfter = os.loadavg().map((n) => n.toFixed(2));
    const date = new Date().toISOString().slice(0, 10);
    const result = {
      scale,
      seconds,
      connections,
      cpus: os.cpus().length,
      load: { before: load, after: loadAfter },
      rows,
      lags,
      minutes: +((Date.now() - started) / 60_000).toFixed(1),
    };
    const md = [
      `# Reads on a replica, ${date}`,
      '',
      `Scale ${scale} (a modest data set of the bench's generators), ${seconds} s per scenario, ${connections} connections in all (split between the processes). Primary and streaming replica: clusters of the run's own on this machine (pg_basebackup -R), all on ${os.cpus().length} CPUs shared by the two clusters, Redis, the servers and autocannon. Load average before ${load.join(', ')}, after ${loadAfter.join(', ')}.`,
      '',
      '| scenario | 1 process req/s | 2 processes + replica req/s | ratio | p99 1 → 2 (ms) |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) => `| ${r.scenario} | ${r.oneRps} | ${r.twoRps} | ${r.ratio} | ${r.oneP99} → ${r.twoP99} |`,
      ),
      '',
      `Replica lag (its /api/health, sampled every 100 ms): during the reads up to ${lags.reads?.maxMs ?? '?'} ms (states ${lags.reads?.states.join(', ')}); during the write cycle up to ${lags.writes?.maxMs ?? '?'} ms (states ${lags.writes?.states.join(', ')}).`,
      '',
    ].join('\n');
    const written = writeResults(root, `${date}-replica${tag ? `-${tag}` : ''}`, result, md);
    log(`\n${md}\nWritten: ${written}.json and .md`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await clusters.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
