// npm run bench:compression — should API JSON be compressed, and from what size? Starts the production
// server on a temporary embedded database with demo data, signs in, and for a few API answers of different
// sizes measures the bytes on the wire and the throughput (autocannon, 10 connections) without compression,
// with gzip and with Brotli: the client's Accept-Encoding decides, the server is the same. Writes
// bench/results/compression-<date>.json and .md (BENCH_SECONDS=n per measurement, default 8). The decision it informs is in ARCHITECTURE.md ("Delivery").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { writeResults } from './results.ts';
import { signIn, startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ENDPOINTS = [
  { name: 'health (tiny)', path: '/api/health' },
  { name: 'session user', path: '/api/auth/session' },
  { name: 'tasks, page of 20', path: '/api/hrm/tasks?limit=20' },
  { name: 'users, page of 50', path: '/api/admin/users?limit=50' },
];
const ENCODINGS = [
  { name: 'none', header: 'identity' },
  { name: 'gzip', header: 'gzip' },
  { name: 'br', header: 'br, gzip' },
];

const run = (url: string, headers: Record<string, string>) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 10, duration: SECONDS, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** The CPU time one answer's compression costs, in microseconds (the server's settings; median of 200). */
const compressCost = (body: Buffer, encoding: string) => {
  if (encoding === 'none' || body.length < 1024) return 0;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = process.hrtime.bigint();
    if (encoding === 'gzip') gzipSync(body, { level: 6 });
    else brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  return Math.round(times.sort((a, b) => a - b)[100]!);
};

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-compression-'));
  const server = await startServer(root, { kind: 'pglite', label: 'PGlite', dataDir }, { DEMO: 'true' });
  const rows: Record<string, string | number>[] = [];
  try {
    const cookie = await signIn(server);
    for (const endpoint of ENDPOINTS) {
      for (const encoding of ENCODINGS) {
        const headers = { cookie, 'accept-encoding': encoding.header };
        const one = await fetch(`${server.url}${endpoint.path}`, { headers });
        // fetch decodes the body (the wire size is the one autocannon counts below): the JSON itself.
        const body = Buffer.from(await one.arrayBuffer());
        const result = await run(`${server.url}${endpoint.path}`, headers);
        rows.push({
          endpoint: endpoint.name,
          encoding: encoding.name,
          sent: one.headers.get('content-encoding') ?? 'none',
          bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
          jsonBytes: body.length,
          compressUs: compressCost(body, one.headers.get('content-encoding') ?? 'none'),
          reqPerSec: Math.round(result.requests.average),
          p99Ms: result.latency.p99,
        });
        console.log(rows.at(-1));
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const table = [
    '| Answer | Accept-Encoding | Sent as | JSON bytes | Bytes on the wire | Compressing µs | req/s | p99 ms |',
    '|---|---|---|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.encoding} | ${r.sent} | ${r.jsonBytes} | ${r.bytes} | ${r.compressUs} | ${r.reqPerSec} | ${r.p99Ms} |`,
    ),
  ].join('\n');
  writeResults(
    root,
    `compression-${date}`,
    { date, seconds: SECONDS, rows },
    `# API compression ${date}\n\nProduction server, embedded database with demo data, autocannon 10 connections for ${SECONDS} s each; bytes on the wire per answer include the headers; compressing µs is the CPU time of one answer's compression at the server's settings, measured in this process.\n\n${table}\n`,
  );
  console.log(`\n${table}\n\nWritten to bench/results/compression-${date}.json and .md`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
