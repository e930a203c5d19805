import type { Sql } from './db.ts';
import type { Statement } from './load.ts';

/** A table is "large" from this many rows on; a sequential scan of one is a finding. */
export const LARGE_TABLE_ROWS = 10_000;

export type Explained = { sql: string; plan: string; seqScansOfLargeTables: string[] };

export const tableSizes = async (sql: Sql) => {
  const rows = await sql.query<{ relname: string; n: string }>(
    `select c.relname, greatest(c.reltuples, 0)::bigint::text as n
     from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where c.relkind = 'r' and s.nspname = 'public'`,
  );
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
};

/** EXPLAIN ANALYZE every distinct statement; name the large tables any of them scans sequentially. */
export const explainAll = async (sql: Sql, statements: Statement[]): Promise<Explained[]> => {
  const sizes = await tableSizes(sql);
  const out: Explained[] = [];
  const seen = new Set<string>();
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.text)) continue;
    const key = `${s.text}\u0000${JSON.stringify(s.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rows = await sql.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) ${s.text}`,
      s.params,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const seq = [...plan.matchAll(/Seq Scan on (\w+)/g)]
      .map((m) => m[1]!)
      .filter((t) => (sizes.get(t) ?? 0) >= LARGE_TABLE_ROWS);
    out.push({ sql: s.text, plan, seqScansOfLargeTables: [...new Set(seq)] });
  }
  return out;
};
