import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Every row of every table but `except`, as one text: two equal fingerprints mean nothing was written. Read
 * in one statement (the table names found once per database and exception list): the authorization matrix
 * and the fuzzer take over a thousand fingerprints, and a statement per table each time was most of their
 * time.
 */
const statements = new WeakMap<Db, Map<string, string>>();

export const databaseFingerprint = async (db: Db, except: readonly string[]) => {
  const key = [...except].sort().join(',');
  let forDb = statements.get(db);
  if (!forDb) {
    forDb = new Map();
    statements.set(db, forDb);
  }
  let statement = forDb.get(key);
  if (!statement) {
    const { rows } = (await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const parts = rows
      .filter(({ name }) => !except.includes(name))
      .map(
        ({ name }, i) =>
          `select ${i} as i, '${name}=' || count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
      );
    statement = `select f from (${parts.join('\nunion all ')}) parts order by i`;
    forDb.set(key, statement);
  }
  const { rows } = (await db.execute(sql.raw(statement))) as unknown as { rows: { f: string }[] };
  return rows.map((r) => r.f).join('\n');
};
