import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../src/db/client.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * What the SIGKILL tests share (crash.test.ts: imports and sales; crash-approval.test.ts: approvals):
 * waiting for a condition while a real server works, reading rows, and, on PostgreSQL, seeing which
 * transactions are stopped mid-way behind a lock the test holds.
 */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 10 ms; gives up after 90 s with the server's output. */
export const until = async (what: string, server: ServerProcess, done: () => boolean | Promise<boolean>) => {
  const end = Date.now() + 90_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}; server output:\n${server.output()}`);
    await sleep(10);
  }
};

export const rows = async <T>(db: Database['db'], query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * How many transactions, waiting on a lock, have written to `table` (hold a RowExclusiveLock on it): with a
 * SHARE lock on record_history held by the test, every writing transaction stops at its history entry with
 * its other rows written and not committed.
 */
export const stoppedWith = async (monitor: pg.Client, table: string) =>
  (
    await monitor.query<{ n: number }>(
      `select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.granted and l.mode = 'RowExclusiveLock' and l.relation = $1::text::regclass
          and a.wait_event_type = 'Lock' and a.datname = current_database()`,
      [table],
    )
  ).rows[0]!.n;
