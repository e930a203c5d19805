// npm run bench:export — "Export all matching" at size (issue 22 part 6: 200,000 customers in under a minute,
// memory flat). Fills a fresh embedded database (PGlite) with EXPORT_ROWS customers (default 200,000) through
// POST /crm/customers/bulk, then times GET /crm/customers/export of all of them (the default columns plus
// created date, newest first) and of a filtered half sorted by name, against the production server, reading
// the answer as a browser would (progress frames) and sampling the server's resident memory as it goes.
// Writes bench/results/customer-export-<date>.json and .md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeResults } from './results.ts';
import { type RunningServer, signIn, startServer, timedDownload } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ROWS = Number(process.env.EXPORT_ROWS ?? 200_000);
const CHUNK = 10_000;
const CITIES = ['Bhubaneswar', 'Cuttack', 'Puri', 'Sambalpur'];

const fill = async (server: RunningServer, cookie: string) => {
  for (let from = 0; from < ROWS; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ROWS - from) }, (_, k) => {
      const i = from + k;
      return {
        type: i % 2 ? 'Individual' : 'Organization',
        name: `Export Bench School ${String(i).padStart(6, '0')}`,
        email: `school${i}@example.com`,
        phone: String(6_000_000_000 + i),
        address: { city: CITIES[i % CITIES.length], district: 'Khordha' },
      };
    });
    const r = await fetch(`${server.url}/api/crm/customers/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie },
      body: JSON.stringify(rows),
    });
    if (!r.ok) throw new Error(`bulk: ${r.status} ${await r.text()}`);
  }
};

const exportOnce = async (server: RunningServer, cookie: string, query: string) => {
  const t = await timedDownload(
    server,
    `/api/crm/customers/export?${query}&progress=true&latitude=20.29&longitude=85.82`,
    { cookie },
  );
  return {
    query,
    rows: t.total,
    seconds: t.seconds,
    firstByteSeconds: t.firstByteSeconds,
    rowsPerSecond: t.perSecond,
    megabytes: t.megabytes,
    serverRssBeforeMiB: t.serverRssBeforeMiB,
    serverRssPeakMiB: t.serverRssPeakMiB,
  };
};

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-export-bench-'));
  const server = await startServer(root, { kind: 'pglite', label: 'PGlite', dataDir });
  try {
    const cookie = await signIn(server);
    const t0 = Date.now();
    await fill(server, cookie);
    console.log(`${ROWS} customers created in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const results = [
      await exportOnce(
        server,
        cookie,
        'columns=customerId,type,name,email,phone,city,district,state,verified,createdAt',
      ),
      await exportOnce(server, cookie, 'filters[type][]=Organization&sortBy=name&sortOrder=asc'),
    ];
    for (const r of results) console.log(r);
    const date = new Date().toISOString().slice(0, 10);
    const table = [
      '| Export | Rows | Seconds | First byte s | Rows/s | MB | Server RSS before → peak MiB |',
      '|---|--:|--:|--:|--:|--:|--:|',
      ...results.map(
        (r) =>
          `| ${r.query} | ${r.rows} | ${r.seconds} | ${r.firstByteSeconds} | ${r.rowsPerSecond} | ${r.megabytes} | ${r.serverRssBeforeMiB} → ${r.serverRssPeakMiB} |`,
      ),
    ].join('\n');
    writeResults(
      root,
      `customer-export-${date}`,
      { date, rows: ROWS, results },
      `# Customer export, all matching, ${date}\n\nGET /crm/customers/export on the production server, fresh embedded database (PGlite) with ${ROWS} customers, read with progress frames as the browser does.\n\n${table}\n`,
    );
    console.log(`\n${table}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
