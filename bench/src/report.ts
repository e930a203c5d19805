import type { Explained } from './explain.ts';
import type { Measure } from './load.ts';
import type { RunTarget, ScenarioKind } from './scenarios.ts';

export type ScenarioResult = {
  name: string;
  kind: ScenarioKind;
  description: string;
  runs: {
    http: Measure;
    raw?: Measure;
    /** The same SQL behind a bare Fastify route (bare.ts): HTTP and Node with nothing of Karya's. */
    bare?: Measure;
    /** The route measured in the slices between the bare route's (interleaved): the target's ratio. */
    besideBare?: Measure;
    ceilingRps?: number;
  }[];
  explain?: Explained[];
  /** A p99 target at 10 connections the issue sets for this scenario (writes). */
  p99TargetMs?: number;
  runTargets?: RunTarget[];
  readsWhole?: { tables: string[]; why: string };
};

export type TargetResult = {
  database: 'PGlite' | 'PostgreSQL';
  scale: number;
  seconds: number;
  machine: { cpus: number; memoryGiB: number; node: string };
  generation: { table: string; rows: number; seconds: number }[] | null;
  tableRows: Record<string, number>;
  argon2VerifyMs: number;
  ceiling: Measure[];
  scenarios: ScenarioResult[];
  checks: { check: string; pass: boolean; detail: string }[];
};

const f = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '—' : n.toLocaleString('en-IN', { maximumFractionDigits: digits });
const pct = (a: number | undefined, b: number | undefined) =>
  a === undefined || !b ? '—' : `${Math.round((a / b) * 100)}%`;

/** The issue's targets, checked on the 10-connection runs. */
export const checkTargets = (r: TargetResult): TargetResult['checks'] => {
  const checks: TargetResult['checks'] = [];
  for (const s of r.scenarios) {
    for (const t of s.runTargets ?? []) {
      const at = s.runs.find((x) => x.http.connections === t.connections)?.http;
      if (!at) continue;
      const over = `at ${t.connections} connection${t.connections === 1 ? '' : 's'} for ${r.seconds} s`;
      if (t.p99Ms !== undefined)
        checks.push({
          check: `${s.name}: p99 < ${t.p99Ms} ms ${over}`,
          pass: at.p99 < t.p99Ms,
          detail: `p99 ${at.p99} ms`,
        });
      if (t.peakRssMiB !== undefined)
        checks.push({
          check: `${s.name}: the server's peak RSS < ${t.peakRssMiB} MiB ${over}`,
          pass: at.peakRssMiB !== undefined && at.peakRssMiB < t.peakRssMiB,
          detail: `peak RSS ${f(at.peakRssMiB)} MiB`,
        });
    }
    const run = s.runs.find((x) => x.http.connections === 10);
    if (!run) continue;
    if (s.kind === 'list' || s.kind === 'detail' || s.kind === 'analytics') {
      // An analytics page has its own p99 target (p99TargetMs); the share of its SQL and the scans hold.
      if (s.kind !== 'analytics')
        checks.push({
          check: `${s.name}: p99 < 50 ms at 10 connections`,
          pass: run.http.p99 < 50,
          detail: `p99 ${run.http.p99} ms`,
        });
      // The share of its own SQL's throughput (decision 0013): against the bare SQL route where there is
      // one (PostgreSQL), which pays the HTTP and Node costs every server pays, so what is left is Karya's
      // own (the route measured in slices alternating with it); against the raw driver otherwise.
      const [route, reference, what] =
        run.bare && run.besideBare
          ? [run.besideBare, run.bare, 'the bare SQL route']
          : [run.http, run.raw, 'the raw SQL'];
      if (reference)
        checks.push({
          check: `${s.name}: ≥ 70% of ${what}'s requests/s at 10 connections`,
          pass: route.rps >= 0.7 * reference.rps,
          detail: `${f(route.rps)} of ${f(reference.rps)} req/s (${pct(route.rps, reference.rps)})${run.bare && run.raw ? `, in alternating slices; raw SQL ${f(run.raw.rps)} req/s, of which the bare route reaches ${pct(run.bare.rps, run.raw.rps)}` : ''}`,
        });
    }
    if (s.kind === 'dashboard')
      checks.push({
        check: `${s.name}: p99 < 100 ms at 10 connections`,
        pass: run.http.p99 < 100,
        detail: `p99 ${run.http.p99} ms`,
      });
    if (s.p99TargetMs !== undefined)
      checks.push({
        check: `${s.name}: p99 < ${s.p99TargetMs} ms at 10 connections`,
        pass: run.http.p99 < s.p99TargetMs,
        detail: `p99 ${run.http.p99} ms`,
      });
    if (s.explain) {
      const seq = [...new Set(s.explain.flatMap((e) => e.seqScansOfLargeTables))];
      const whole = seq.filter((t) => s.readsWhole?.tables.includes(t));
      const found = seq.filter((t) => !whole.includes(t));
      checks.push({
        check: `${s.name}: no sequential scan of a large table`,
        pass: found.length === 0,
        detail: [
          found.length ? `seq scan on ${found.join(', ')}` : `${s.explain.length} statements explained`,
          whole.length ? `read whole by design: ${whole.join(', ')} (${s.readsWhole?.why})` : '',
        ]
          .filter(Boolean)
          .join('; '),
      });
    }
    const failed = s.runs.filter((x) => x.http.non2xx > 0 || x.http.errors > 0);
    if (failed.length)
      checks.push({
        check: `${s.name}: every answer 2xx`,
        pass: false,
        detail: failed
          .map((x) => `${x.http.non2xx} non-2xx, ${x.http.errors} errors at ${x.http.connections}`)
          .join('; '),
      });
  }
  return checks;
};

export const markdownTable = (r: TargetResult) => {
  const lines = [
    '| Scenario | Conns | req/s | p50 ms | p99 ms | Peak RSS MiB | ÷ HTTP ceiling | Raw SQL req/s | ÷ raw SQL | Bare route req/s | Bare ÷ raw | ÷ bare route |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const c of r.ceiling)
    lines.push(
      `| HTTP ceiling (constant route) | ${c.connections} | ${f(c.rps)} | ${c.p50} | ${c.p99} | — | 100% | — | — | — | — | — |`,
    );
  for (const s of r.scenarios)
    for (const run of s.runs)
      lines.push(
        `| ${s.name} | ${run.http.connections} | ${f(run.http.rps)} | ${run.http.p50} | ${run.http.p99} | ${f(run.http.peakRssMiB)} | ${pct(run.http.rps, run.ceilingRps)} | ${f(run.raw?.rps)} | ${pct(run.http.rps, run.raw?.rps)} | ${f(run.bare?.rps)} | ${pct(run.bare?.rps, run.raw?.rps)} | ${pct(run.besideBare?.rps, run.bare?.rps)} |`,
      );
  return lines.join('\n');
};

export const markdownReport = (r: TargetResult, date: string) => {
  const out = [
    `# Benchmark, ${r.database}, ${date}`,
    '',
    `Scale ${r.scale} (${Object.entries(r.tableRows)
      .map(([t, n]) => `${t} ${f(n)}`)
      .join(
        ', ',
      )}); ${r.seconds} s per run; ${r.machine.cpus} CPUs, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}.`,
    '',
    markdownTable(r),
    '',
    `argon2id verify (the cost inside every sign-in): ${f(r.argon2VerifyMs, 1)} ms.`,
    '',
  ];
  if (r.generation)
    out.push(
      '## Data generation',
      '',
      '| Table | Rows | Seconds | Rows/s |',
      '|---|--:|--:|--:|',
      ...r.generation.map(
        (g) =>
          `| ${g.table} | ${g.rows ? f(g.rows) : '—'} | ${f(g.seconds, 1)} | ${g.rows ? f(g.rows / g.seconds) : '—'} |`,
      ),
      '',
    );
  out.push(
    '## Targets (10 connections)',
    '',
    ...r.checks.map((c) => `- ${c.pass ? 'PASS' : 'MISS'} ${c.check}: ${c.detail}`),
    '',
    '## Query plans',
    '',
  );
  for (const s of r.scenarios)
    for (const e of s.explain ?? [])
      out.push(`### ${s.name}`, '', '```sql', e.sql, '```', '', '```', e.plan, '```', '');
  return out.join('\n');
};
