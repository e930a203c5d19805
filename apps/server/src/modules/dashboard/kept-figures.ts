import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptDays, keptTotals } from '../../db/schema.ts';

/**
 * The CRM dashboard's counts as the writes keep them (migration 0044; decision 0026): per kind, the totals
 * per bucket and what was made in a range of days (India), in a scope: '*' (everyone's), a user's, or none
 * (no read). Two small index reads, whatever the number of records. Items (kind 'item', migration 0045)
 * are counted for everyone only, by state.
 */
export type KeptScope = '*' | { user: string } | null;
export type KeptKind = 'customer' | 'follow-up' | 'requirement' | 'quotation' | 'item';
export type KeptFigure = { bucket: string; total: number; amount: number; made: number };

export const keptFigures = async (
  db: Db,
  scopes: Record<KeptKind, KeptScope>,
  made: { start: string; end: string },
): Promise<Record<KeptKind, KeptFigure[]>> => {
  const pairs = (Object.entries(scopes) as [KeptKind, KeptScope][]).flatMap(([kind, scope]) =>
    scope === null ? [] : [sql`(${kind}, ${scope === '*' ? '*' : scope.user})`],
  );
  const out: Record<KeptKind, KeptFigure[]> = {
    customer: [],
    'follow-up': [],
    requirement: [],
    quotation: [],
    item: [],
  };
  if (!pairs.length) return out;
  const wanted = sql.join(pairs, sql`, `);
  const rows = (await db.execute(sql`
    select kind, bucket, sum(total)::int as total, sum(amount)::text as amount, sum(made)::int as made from (
      select ${keptTotals.kind} as kind, ${keptTotals.bucket} as bucket, ${keptTotals.n} as total,
        ${keptTotals.amount} as amount, 0 as made
      from ${keptTotals} where (${keptTotals.kind}, ${keptTotals.scope}) in (${wanted})
      union all
      select ${keptDays.kind}, ${keptDays.bucket}, 0, 0, ${keptDays.n}
      from ${keptDays} where (${keptDays.kind}, ${keptDays.scope}) in (${wanted})
        and ${keptDays.day} between ${made.start}::date and ${made.end}::date
    ) f group by kind, bucket`)) as unknown as {
    rows: { kind: KeptKind; bucket: string; total: number; amount: string; made: number }[];
  };
  for (const r of rows.rows)
    out[r.kind].push({ bucket: r.bucket, total: r.total, amount: Number(r.amount), made: r.made });
  return out;
};
