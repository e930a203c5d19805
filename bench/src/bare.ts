// The bare SQL route: what any Node HTTP server would reach with a scenario's own SQL. A bare Fastify
// route per scenario runs the statements captured from the real server, in order, through a pool of
// node-postgres connections, and answers their rows as JSON: no session, no permission, no validation, no
// mapping. Between the raw SQL (no HTTP) and the real route it splits the gap in two: what HTTP and Node
// cost around this SQL (bare ÷ raw), and what Karya itself adds (route ÷ bare).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './load.ts';

const traces = JSON.parse(readFileSync(String(process.env.BARE_TRACES), 'utf8')) as Record<
  string,
  Statement[]
>;
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ success: true }));
app.get<{ Params: { name: string } }>('/bare/:name', async (request, reply) => {
  const statements = traces[request.params.name];
  if (!statements) return reply.status(404).send({ success: false });
  const data: unknown[] = [];
  for (const s of statements)
    data.push((await pool.query({ text: s.text, values: s.params as unknown[], name: s.name })).rows);
  return { success: true, message: 'ok', data };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
