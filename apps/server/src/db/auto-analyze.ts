import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';

/**
 * The embedded database runs no autovacuum, so nothing refreshes the planner's statistics: after an import
 * of 10,000 customers the planner still believes the table is nearly empty and picks plans that read and sort
 * every row (a keyset batch of the export took 214 ms instead of 10). This does autovacuum's analyze part:
 * the tables changed by more than PostgreSQL's own threshold (50 rows + 10% of the table) since their last
 * ANALYZE are analyzed. PostgreSQL servers keep their own autovacuum; this runs on PGlite only.
 */
export const analyzeStaleTables = async (db: Db): Promise<string[]> => {
  // This process's own counts reach the statistics views at most once a second: now, before they are read.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select relname from pg_stat_user_tables
     where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
     order by relname`)) as unknown as { rows: { relname: string }[] };
  const tables = result.rows.map((r) => r.relname);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
};

/** Every `everyMs` (and once now), analyze what has changed; the returned function stops it. */
export const startAutoAnalyze = (db: Db, log: FastifyBaseLogger, everyMs = 30_000) => {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const tables = await analyzeStaleTables(db);
      if (tables.length) log.debug({ tables }, 'statistics refreshed');
    } catch (err) {
      log.warn({ err }, 'refreshing the statistics failed; the next round tries again');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
