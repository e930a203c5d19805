import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { analyzeStaleTables } from './auto-analyze.ts';

type Stat = { n_mod_since_analyze: number; analyzed: boolean };
const stat = async (ctx: TestContext, table: string) =>
  (
    (await ctx.database.db.execute(
      sql`select n_mod_since_analyze::int, last_analyze is not null as analyzed
            from pg_stat_user_tables where relname = ${table}`,
    )) as unknown as { rows: Stat[] }
  ).rows[0]!;

/**
 * The embedded database's stand-in for autovacuum's analyze: what changed much is analyzed, the rest not.
 * Not in the PostgreSQL pass: there the server's own autovacuum may analyze between two of these statements.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('analyzeStaleTables', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('analyzes a table changed past the threshold, and then nothing until it changes again', async () => {
    await analyzeStaleTables(ctx.database.db);
    await ctx.database.db.execute(sql`insert into customers (id, type, name, created_at, updated_at)
      select substr(md5(random()::text || g::text), 1, 24), 'Organization', 'Analyzed School ' || g, now(), now()
        from generate_series(1, 2000) g`);
    await ctx.database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect((await stat(ctx, 'customers')).n_mod_since_analyze).toBe(2000);
    expect(await analyzeStaleTables(ctx.database.db)).toContain('customers');
    expect(await stat(ctx, 'customers')).toEqual({ n_mod_since_analyze: 0, analyzed: true });
    // A few rows more is under the threshold (50 + 10% of 2,000).
    await ctx.database.db.execute(
      sql`update customers set city = 'Puri' where name like 'Analyzed School 1__'`,
    );
    expect(await analyzeStaleTables(ctx.database.db)).not.toContain('customers');
  });

  it('gives the planner the table as it is: its row estimate follows the import', async () => {
    await ctx.database.db.execute(sql`insert into customers (id, type, name, created_at, updated_at)
      select substr(md5(random()::text || g::text), 1, 24), 'Individual', 'Estimated ' || g, now(), now()
        from generate_series(1, 3000) g`);
    const estimate = async () =>
      (
        (await ctx.database.db.execute(
          sql`select reltuples::int as n from pg_class where relname = 'customers'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const before = await estimate();
    await analyzeStaleTables(ctx.database.db);
    expect(await estimate()).toBeGreaterThanOrEqual(before + 3000);
  });
});
