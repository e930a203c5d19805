import { hash, idOf } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userCount, userId } from './users.ts';

/** Issue 28: expense claims over the past year, three lines each. */
export const EXPENSE_CLAIMS = 100_000;
const LINES_PER_CLAIM = 3;
/** Line j's amount in paise (₹50 to ₹549.99), and whether it is travel by km (one in three). */
const amount = (j: string) => `(5000 + ${hash(j, 221)} % 50000)`;
const claimStatus = (i: string) =>
  `(case when ${hash(i, 222)} % 20 < 12 then 'Paid' when ${hash(i, 222)} % 20 < 14 then 'Approved'
     when ${hash(i, 222)} % 20 < 16 then 'Submitted' when ${hash(i, 222)} % 20 = 16 then 'Rejected' else 'Draft' end)`;
/** The claim's first day: within the past year. */
const claimDay = (i: string) => `(current_date - 1 - (${hash(i, 223)} % 360)::int)`;

/**
 * Claim i belongs to user 1 + hash(i) % users, with lines 3i-2..3i on its first day and the two after; most
 * are paid, some approved, submitted (waiting for a decision), rejected or drafts.
 */
export const expenseClaims: Generator = {
  name: 'expense claims',
  rows: (scale) => scaled(EXPENSE_CLAIMS, scale),
  run: async (sql, scale, progress) => {
    await inBatches(
      sql,
      scaled(EXPENSE_CLAIMS, scale),
      50_000,
      `insert into expense_claims (id, claim_no, user_id, title, status, total_paise, line_count, from_date,
         to_date, submitted_at, decided_by, decided_at, decision_reason, paid_by, paid_at, paid_on,
         payment_reference, created_by, updated_by, created_at, updated_at)
       select ${idOf('22', 'i')}, i, c.user_id, 'Field visits ' || i, c.status,
         (select sum(${amount('j')}) from generate_series(i * ${LINES_PER_CLAIM} - 2, i * ${LINES_PER_CLAIM}) j),
         ${LINES_PER_CLAIM}, c.day, c.day + 2,
         case when c.status <> 'Draft' then (c.day + 3)::timestamptz end,
         case when c.status in ('Approved', 'Rejected', 'Paid') then ${userId('1')} end,
         case when c.status in ('Approved', 'Rejected', 'Paid') then (c.day + 4)::timestamptz end,
         case when c.status = 'Rejected' then 'Not a business expense' end,
         case when c.status = 'Paid' then ${userId('2')} end,
         case when c.status = 'Paid' then (c.day + 6)::timestamptz end,
         case when c.status = 'Paid' then least(c.day + 6, current_date) end,
         case when c.status = 'Paid' then 'NEFT ' || i end,
         c.user_id, c.user_id, c.day::timestamptz, (c.day + 4)::timestamptz
       from (
         select i, ${userId(`1 + ${hash('i', 224)} % ${userCount(scale)}`)} as user_id,
           ${claimStatus('i')} as status, ${claimDay('i')} as day
         from generate_series($FROM, $TO) i
       ) c`,
      progress,
    );
    await sql.exec(`select setval('expense_claim_no_seq', (select max(claim_no) from expense_claims))`);
  },
};

export const expenseLines: Generator = {
  name: 'expense lines',
  rows: (scale) => scaled(EXPENSE_CLAIMS, scale) * LINES_PER_CLAIM,
  run: (sql, scale, progress) =>
    inBatches(
      sql,
      scaled(EXPENSE_CLAIMS, scale) * LINES_PER_CLAIM,
      100_000,
      `insert into expense_lines (id, claim_id, user_id, position, day, category, description, amount_paise,
         distance_tenths, rate_paise)
       select ${idOf('23', 'j')}, ${idOf('22', 'l.i')}, ${userId(`1 + ${hash('l.i', 224)} % ${userCount(scale)}`)},
         l.p, ${claimDay('l.i')} + l.p,
         case when l.p = 0 then 'Travel' else (array['Food','Lodging','Customer entertainment'])[1 + ${hash('j', 225)} % 3] end,
         'Generated expense ' || j, ${amount('j')},
         case when l.p = 0 then ${amount('j')} * 10 / 450 end,
         case when l.p = 0 then 450 end
       from (
         select j, 1 + (j - 1) / ${LINES_PER_CLAIM} as i, ((j - 1) % ${LINES_PER_CLAIM})::int as p
         from generate_series($FROM, $TO) j
       ) l`,
      progress,
    ),
};
