// npm run bench:serialise — should Fastify serialise answers from their schemas (fast-json-stringify) rather
// than with JSON.stringify (issue 29)? Starts the production server on a temporary embedded database with demo
// data, signs in, takes real answers of the most read routes and each one's answer schema from the served
// OpenAPI document, and times both serialisers on the same value in this process (the server's own CPU work
// per answer). Writes bench/results/serialise-<date>.json and .md. The decision is in ARCHITECTURE.md
// ("Answers").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { writeResults } from './results.ts';
import { signIn, startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ROUTES = [
  { name: 'the signed-in user', path: '/api/auth/me', op: '/api/auth/me' },
  { name: 'customers, page of 20', path: '/api/crm/customers?limit=20', op: '/api/crm/customers' },
  { name: 'items, page of 20', path: '/api/crm/products/items?limit=20', op: '/api/crm/products/items' },
  { name: 'follow-ups, page of 20', path: '/api/crm/follow-ups?limit=20', op: '/api/crm/follow-ups' },
  { name: 'users, page of 20', path: '/api/admin/users?limit=20', op: '/api/admin/users' },
  { name: 'quotations, page of 20', path: '/api/crm/quotations?limit=20', op: '/api/crm/quotations' },
  { name: 'the CRM dashboard', path: '/api/crm/dashboard', op: '/api/crm/dashboard' },
  {
    name: 'the follow-up badge',
    path: '/api/crm/dashboard/follow-up-counts',
    op: '/api/crm/dashboard/follow-up-counts',
  },
];

/** Microseconds per call: the median of 15 rounds of 1,000 calls, after a warm-up. */
const timeOf = (serialise: (value: unknown) => string, value: unknown) => {
  for (let i = 0; i < 3_000; i++) serialise(value);
  const rounds: number[] = [];
  for (let r = 0; r < 15; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 1_000; i++) serialise(value);
    rounds.push(Number(process.hrtime.bigint() - started) / 1_000 / 1_000);
  }
  return rounds.sort((a, b) => a - b)[7] as number;
};

type Doc = {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }
  >;
};

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-serialise-'));
  const server = await startServer(root, { kind: 'pglite', label: 'PGlite', dataDir }, { DEMO: 'true' });
  const rows: Record<string, string | number | boolean>[] = [];
  try {
    const cookie = await signIn(server);
    const get = async (p: string) => (await fetch(`${server.url}${p}`, { headers: { cookie } })).json();
    const doc = (await get('/api/docs/json')) as Doc;
    for (const route of ROUTES) {
      const schema = doc.paths[route.op]?.get.responses['200']?.content['application/json']?.schema;
      if (!schema) throw new Error(`${route.op}: no answer schema in the document`);
      const value = await get(route.path);
      const fromSchema = fastJson(schema as Parameters<typeof fastJson>[0]);
      const json = JSON.stringify(value);
      const plain = timeOf(JSON.stringify, value);
      const compiled = timeOf(fromSchema, value);
      rows.push({
        answer: route.name,
        bytes: json.length,
        jsonStringifyUs: Number(plain.toFixed(1)),
        fromSchemaUs: Number(compiled.toFixed(1)),
        ratio: Number((compiled / plain).toFixed(2)),
        // The same value back (fast-json-stringify writes keys in the schema's order, so compare parsed).
        same: isDeepStrictEqual(JSON.parse(fromSchema(value)), value),
      });
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const table = [
    '| Answer | JSON bytes | JSON.stringify µs | from the schema µs | ratio | same value |',
    '|---|--:|--:|--:|--:|---|',
    ...rows.map(
      (r) =>
        `| ${r.answer} | ${r.bytes} | ${r.jsonStringifyUs} | ${r.fromSchemaUs} | ${r.ratio} | ${r.same ? 'yes' : 'NO'} |`,
    ),
  ].join('\n');
  writeResults(
    root,
    `serialise-${date}`,
    { date, rows },
    `# Serialising answers ${date}\n\nProduction server, embedded database with demo data; each answer serialised in this process by JSON.stringify and by fast-json-stringify compiled from the answer's schema in the served OpenAPI document (median of 15 rounds of 1,000 calls; a ratio above 1 means the schema's serialiser is slower).\n\n${table}\n`,
  );
  console.log(`\n${table}\n\nWritten to bench/results/serialise-${date}.json and .md`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
