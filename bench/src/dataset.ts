// The bench data set on a target, and the context the scenarios read it with: shared by the benchmark
// (run.ts) and the soak (soak.ts).
import { spawnSync } from 'node:child_process';
import { DATASET_VERSION, GENERATORS } from './datasets/index.ts';
import { longQuotationRow, quotationId } from './datasets/quotations.ts';
import { idValue } from './datasets/sql.ts';
import { userCount } from './datasets/users.ts';
import { dropTarget, openSql, readMeta, type Target } from './db.ts';
import type { TargetResult } from './report.ts';
import type { ScenarioContext } from './scenarios.ts';
import { ADMIN_PASSWORD, SECURITY, startServer } from './server.ts';

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Build the web app and the server when their output is missing or older than their sources. */
export const buildIfStale = (root: string, log: (...a: unknown[]) => void) => {
  log('Building the production app if needed...');
  const script = "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())";
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** Create the data set unless the target already holds this version at this scale. */
export const prepareDataset = async (
  root: string,
  target: Target,
  opts: { scale: number; fresh: boolean; log: (...a: unknown[]) => void },
) => {
  const { scale, log } = opts;
  const meta = await readMeta(target);
  if (!opts.fresh && meta?.version === String(DATASET_VERSION) && meta.scale === String(scale)) {
    log(`  reusing the ${target.label} data set (generated ${meta.generatedAt}; --fresh rebuilds it)`);
    return meta.generation ? (JSON.parse(meta.generation) as TargetResult['generation']) : null;
  }
  await dropTarget(target);
  // One start migrates the schema and creates the administrator and the Super Admin role.
  const first = await startServer(root, target);
  await first.stop();
  const sql = await openSql(target);
  const generation: NonNullable<TargetResult['generation']> = [];
  try {
    for (const g of GENERATORS) {
      const rows = g.rows(scale);
      const started = performance.now();
      let last = 0;
      await g.run(sql, scale, (done) => {
        if (performance.now() - last > 5000) {
          last = performance.now();
          log(`    ${g.name}: ${done.toLocaleString('en-IN')} of ${rows.toLocaleString('en-IN')}`);
        }
      });
      const took = seconds(started);
      log(`  ${g.name}: ${rows.toLocaleString('en-IN')} rows in ${took.toFixed(1)} s`);
      generation.push({ table: g.name, rows, seconds: took });
    }
    const started = performance.now();
    await sql.exec('vacuum analyze');
    const vacuum = seconds(started);
    log(`  vacuum analyze: ${vacuum.toFixed(1)} s`);
    generation.push({ table: 'vacuum analyze (all tables)', rows: 0, seconds: vacuum });
    await sql.exec(`create table bench_meta (key text primary key, value text not null)`);
    // The generation times are kept with the data, so a run that reuses it still reports them.
    await sql.query(
      `insert into bench_meta values ('version', $1), ('scale', $2), ('generatedAt', $3), ('generation', $4)`,
      [String(DATASET_VERSION), String(scale), new Date().toISOString(), JSON.stringify(generation)],
    );
  } finally {
    await sql.close();
  }
  return generation;
};

export const scenarioContext = (scale: number): ScenarioContext => {
  const today = new Date();
  const day = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const users = userCount(scale);
  return {
    // Users numbered 12, 24, ... are Inactive or Blocked (datasets/users.ts).
    activeUsers: Array.from({ length: users }, (_, i) => i + 1).filter((n) => n % 12 !== 0),
    sampleUserId: idValue('01', 7),
    sampleTaskId: idValue('03', 7),
    roleId: idValue('05', 3),
    today: day(0),
    day,
    email: (n) => `user${n}@bench.karya.test`,
    password: ADMIN_PASSWORD,
    security: SECURITY,
    longQuotationId: quotationId(longQuotationRow(scale)),
  };
};
