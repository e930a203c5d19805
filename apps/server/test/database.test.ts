import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './db.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool (TEST_DATABASE_URL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
  });
  afterAll(() => database.close());

  it('survives the server ending its idle connections (a restart): the next query gets a new one', async () => {
    await database.db.execute(sql`select 1`);
    const [{ name } = { name: '' }] = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // Give the pool a moment to see the closed sockets, then use it again.
    await new Promise((r) => setTimeout(r, 200));
    const again = (await database.db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
    expect(again.rows[0]?.n).toBe(2);
  });
});
