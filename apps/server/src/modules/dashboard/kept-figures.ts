import { sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { keptDays, keptTotals } from '../../db/schema.ts';
import {
  type DueRow,
  dueFromRows,
  dueParams,
  dueRowsSql,
  type FollowUpWorkScope,
  type KeptDue,
} from '../follow-ups/follow-up-work.ts';

/**
 * The CRM dashboard's counts as the writes keep them (migration 0044; decision 0026): per kind, the totals
 * per bucket and what was made in a range of days (India), in a scope: '*' (everyone's), a user's, or none
 * (no read). Two small index reads, whatever the number of records. Items (kind 'item', migration 0045)
 * are counted for everyone only, by state. The follow-up work due (follow-up-work.ts) comes in the same
 * statement, as rows of kind 'due:overdue' and 'due:ahead' (bucket: the day): one round trip for every
 * count on the CRM dashboard.
 */
export type KeptScope = '*' | { user: string } | null;
export type KeptKind = 'customer' | 'follow-up' | 'requirement' | 'quotation' | 'item';
export type KeptFigure = { bucket: string; total: number; amount: number; made: number };

const KINDS: KeptKind[] = ['customer', 'follow-up', 'requirement', 'quotation', 'item'];
const wanted = sql`(values ${sql.join(
  KINDS.map((kind, i) => sql`(${kind}::text, ${sql.placeholder(`k${i}`)}::text)`),
  sql`, `,
)}) as w(kind, scope)`;
// Prepared once per connection (issue 29): a kind without read passes null and matches nothing.
const figuresQuery = preparedPerDb((db) =>
  db
    .select({
      kind: sql<KeptKind>`kind`,
      bucket: sql<string>`bucket`,
      total: sql<number>`sum(total)::int`,
      amount: sql<string>`sum(amount)::text`,
      made: sql<number>`sum(made)::int`,
    })
    .from(
      sql`(
        select t.kind, t.bucket, t.n as total, t.amount, 0 as made
        from ${wanted} join ${keptTotals} t on t.kind = w.kind and t.scope = w.scope
        union all
        select d.kind, d.bucket, 0, 0, d.n
        from ${wanted} join ${keptDays} d on d.kind = w.kind and d.scope = w.scope
          and d.day between ${sql.placeholder('start')}::date and ${sql.placeholder('end')}::date
        union all
        select 'due:' || due.what, coalesce(to_char(due.day, 'YYYY-MM-DD'), ''), due.n, 0, 0
        from (${dueRowsSql}) due
      ) f`,
    )
    .groupBy(sql`kind, bucket`)
    .prepare('karya_kept_counts'),
);

/**
 * Every kept count of the CRM dashboard in one statement: the figures per kind in their scopes, what was
 * made in `made`'s days, and the follow-up work due in `due.scope` up to `due.throughDay`.
 */
export const keptCounts = async (
  db: Db,
  scopes: Record<KeptKind, KeptScope>,
  made: { start: string; end: string },
  due: { scope: FollowUpWorkScope; now: Date; throughDay: string },
): Promise<{ figures: Record<KeptKind, KeptFigure[]>; due: KeptDue }> => {
  const figures: Record<KeptKind, KeptFigure[]> = {
    customer: [],
    'follow-up': [],
    requirement: [],
    quotation: [],
    item: [],
  };
  const keys = KINDS.map((kind) => {
    const scope = scopes[kind];
    return scope === null ? null : scope === '*' ? '*' : scope.user;
  });
  if (keys.every((k) => k === null) && due.scope === null) return { figures, due: dueFromRows([]) };
  const rows = await figuresQuery(db).execute({
    ...made,
    ...dueParams(due.scope, due.now, due.throughDay),
    ...Object.fromEntries(keys.map((k, i) => [`k${i}`, k])),
  });
  const dueRows: DueRow[] = [];
  for (const r of rows) {
    if (r.kind.startsWith('due:')) dueRows.push({ what: r.kind.slice(4), day: r.bucket || null, n: r.total });
    else figures[r.kind].push({ bucket: r.bucket, total: r.total, amount: Number(r.amount), made: r.made });
  }
  return { figures, due: dueFromRows(dueRows) };
};
