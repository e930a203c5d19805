import path from 'node:path';
import { buildIfStale, prepareDataset } from './dataset.ts';
import { pgliteTarget, postgresAnswers, postgresTarget, type Target } from './db.ts';
import { writeResults } from './results.ts';
import { type RunningServer, signIn, startServer, timedDownload } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const db = arg('db', 'postgres');
const scale = Number(arg('scale', '0.4'));
const fresh = process.argv.includes('--fresh');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a: unknown[]) => console.log(...a);
const CAPPED_HEAP_MIB = 128;

const day = (offset: number) =>
  new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);

const exportOnce = async (server: RunningServer, cookie: string, name: string, url: string) => {
  const t = await timedDownload(server, `/api${url}&progress=true`, {
    cookie,
    'accept-encoding': 'gzip, br',
  });
  return {
    name,
    url,
    documents: t.total,
    seconds: t.seconds,
    firstByteSeconds: t.firstByteSeconds,
    documentsPerSecond: t.perSecond,
    megabytes: t.megabytes,
    encoding: t.encoding,
    serverRssBeforeMiB: t.serverRssBeforeMiB,
    serverRssPeakMiB: t.serverRssPeakMiB,
  };
};

const main = async () => {
  let target: Target;
  if (db === 'pglite') target = pgliteTarget(root, scale);
  else if (db === 'postgres') {
    if (!(await postgresAnswers(postgresUrl))) throw new Error(`No PostgreSQL at ${postgresUrl}`);
    target = postgresTarget(postgresUrl, scale);
  } else throw new Error('--db must be postgres or pglite');
  buildIfStale(root, log);
  log(`Preparing the ${target.label} data set at scale ${scale}...`);
  await prepareDataset(root, target, { scale, fresh, log });
  const server = await startServer(root, target);
  try {
    const cookie = await signIn(server);
    const year = `from=${day(-364)}&to=${day(0)}`;
    const lastMonth = day(-Number(day(0).slice(8, 10))).slice(0, 7);
    const results = [
      await exportOnce(
        server,
        cookie,
        'Tally, a month',
        `/admin/accounts/tally?from=${lastMonth}-01&to=${lastMonth}-28`,
      ),
      await exportOnce(server, cookie, 'Tally, a year', `/admin/accounts/tally?${year}`),
      await exportOnce(server, cookie, 'Sales register, a year', `/admin/accounts/registers/sales?${year}`),
      await exportOnce(server, cookie, 'GSTR-1, last month', `/admin/accounts/gstr1?month=${lastMonth}`),
    ];
    await server.stop();
    // Flat, not merely fast: the same year again from a server whose JavaScript heap may not pass
    // CAPPED_HEAP_MIB. A file held in memory (300 MB of XML) could not be written; a stream can.
    const capped = await startServer(root, target, { HEAP_LIMIT_MIB: String(CAPPED_HEAP_MIB) });
    try {
      results.push(
        await exportOnce(
          capped,
          await signIn(capped),
          `Tally, a year, heap capped at ${CAPPED_HEAP_MIB} MiB`,
          `/admin/accounts/tally?${year}`,
        ),
      );
    } finally {
      await capped.stop();
    }
    for (const r of results) log(r);
    const date = new Date().toISOString().slice(0, 10);
    const table = [
      '| Export | Documents | Seconds | First byte s | Documents/s | MB (inflated) | Encoding | Server RSS before → peak MiB |',
      '|---|--:|--:|--:|--:|--:|---|--:|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.documents} | ${r.seconds} | ${r.firstByteSeconds} | ${r.documentsPerSecond} | ${r.megabytes} | ${r.encoding} | ${r.serverRssBeforeMiB} → ${r.serverRssPeakMiB} |`,
      ),
    ].join('\n');
    writeResults(
      root,
      `accounts-export-${date}-${db}`,
      { date, db, scale, results },
      `# Accounts exports at size, ${date} (${target.label}, scale ${scale})\n\nThe production server on the benchmark's data set; each answer read with progress frames as the browser does, the server's resident memory sampled every 200 ms.\n\n${table}\n`,
    );
    log(`\n${table}`);
    if (results.some((r) => r.seconds > 60)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
