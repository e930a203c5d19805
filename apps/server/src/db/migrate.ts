import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './db.ts';

/**
 * Keys of the PostgreSQL advisory locks every Karya process on one database shares: START while a process
 * migrates, creates the administrator and loads the demo data (two processes starting together on an empty
 * database would otherwise both create them); MIGRATE inside the migrations' own transaction, so whatever
 * runs them (the server, a tool, a test) never runs them twice.
 */
export const START_LOCK_KEY = 0x4b61_7279_6131;
export const MIGRATE_LOCK_KEY = 0x4b61_7279_6132;

export const advisoryLockArgument = (key: number) => sql.raw(`${key}::bigint`);

/** The message the server stops with; the migrations' transaction was rolled back. */
export class MigrationError extends Error {
  constructor(
    readonly migration: string | null,
    cause: unknown,
  ) {
    // The driver's own error, not drizzle's wrapper that quotes the whole statement.
    let root = cause;
    while (root instanceof Error && root.cause instanceof Error) root = root.cause;
    const reason = root instanceof Error ? root.message : String(root);
    super(
      `The database could not be upgraded to this version: ${migration ? `${migration}: ` : ''}${reason}. ` +
        'Nothing was changed; the database is as it was. Restore the previous version of Karya, or fix the cause and start again.',
      { cause },
    );
  }
}

/**
 * Runs the pending SQL migrations of `folder` in one transaction: all of them, or (on any error) none.
 * It keeps drizzle's bookkeeping (drizzle.__drizzle_migrations: a migration is pending when it is newer than
 * the newest one recorded), so databases migrated by earlier versions carry on; it is drizzle's migrator
 * plus the lock, the schema set-up inside the transaction, and the failing migration's name.
 */
export const runMigrations = async (db: Db, folder: string) => {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  let current: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockArgument(MIGRATE_LOCK_KEY)})`);
      await tx.execute(sql`create schema if not exists drizzle`);
      await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
        id serial primary key, hash text not null, created_at bigint)`);
      const last = (await tx.execute(
        sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { created_at: string | number }[] };
      const lastMillis = last.rows[0] ? Number(last.rows[0].created_at) : Number.NEGATIVE_INFINITY;
      for (const [i, migration] of migrations.entries()) {
        if (migration.folderMillis <= lastMillis) continue;
        current = journal.entries[i]?.tag ?? `migration ${i}`;
        for (const statement of migration.sql) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      }
    });
  } catch (error) {
    throw new MigrationError(current, error);
  }
};
