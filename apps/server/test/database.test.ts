import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';
import { postgresProblem, SERVICE_PG_URL } from './services.ts';

const PG_URL = SERVICE_PG_URL;
const problem = await postgresProblem();
if (problem) console.warn(`[database.test] pool test SKIPPED: ${problem} (set TEST_DATABASE_URL).`);

describe.skipIf(Boolean(problem))('PostgreSQL pool', () => {
  const name = `karya_pool_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = () => {
    const c = new pg.Client({ connectionString: PG_URL });
    return c.connect().then(() => c);
  };
  let database: Database;
  beforeAll(async () => {
    const c = await admin();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    database = await openPostgres(u.toString(), 4);
  });
  afterAll(async () => {
    await database?.close();
    const c = await admin();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('survives the server ending its idle connections (a restart): the next query gets a new one', async () => {
    await database.db.execute(sql`select 1`);
    const c = await admin();
    const ended = await c.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await c.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // Give the pool a moment to see the closed sockets, then use it again.
    await new Promise((r) => setTimeout(r, 200));
    const again = (await database.db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
    expect(again.rows[0]?.n).toBe(2);
  });
});
