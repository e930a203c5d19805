import { CUSTOMERS, customerIdSql } from './customers.ts';
import { REQUIREMENTS, requirementIdSql } from './requirements.ts';
import { hash, idOf, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const FOLLOW_UPS = 1_000_000;
const FOLLOW_UP_TAG = '1b';

const NOTES = [
  'Principal asked for a demo next month',
  'Sent the brochure and price list',
  'Lab in-charge will confirm the quantities',
  'Budget expected after the board meeting',
  'Visited; shown the robotics kit',
];

/**
 * Follow-ups over the last two years and the coming month (about 1,300 a day), each for a bench customer;
 * the FI number is the row number. Past ones are mostly Completed with a response (a tenth never got one),
 * a few still Pending, Postponed or Scheduled (overdue), some Cancelled; coming ones are Scheduled (some
 * Postponed or Cancelled). Visits have one or two visitors, calls and mails a followUpBy; two in five are
 * about a requirement. 2% deleted.
 */
export const followUps: Generator = {
  name: 'follow-ups',
  rows: (scale) => scaled(FOLLOW_UPS, scale),
  async run(sql, scale, progress) {
    const customers = scaled(CUSTOMERS, scale);
    const requirements = scaled(REQUIREMENTS, scale);
    await inBatches(
      sql,
      scaled(FOLLOW_UPS, scale),
      100_000,
      `insert into follow_ups (id, follow_up_id, customer_id, type, reason, requirement_id, other_reason, date,
         time, visitors, follow_up_by, status, response, remarks, is_deleted, deleted_at, deleted_by, created_by,
         updated_by, created_at, updated_at)
       select ${idOf(FOLLOW_UP_TAG, 'i')}, i, ${customerIdSql(`1 + ${hash('i', 501)} % ${customers}`)},
         t.type, case when t.r < 40 then 'Requirement' else 'Other' end,
         case when t.r < 40 then ${requirementIdSql(`1 + ${hash('i', 502)} % ${requirements}`)} end,
         case when t.r >= 40 then ${pick(NOTES, 'i', 503)} end,
         t.day, lpad((9 + ${hash('i', 504)} % 9)::text, 2, '0') || ':' || (array['00','15','30','45'])[1 + i % 4],
         case when t.type = 'Visit' then
           case when i % 3 = 0 then array[${userId('t.u')}, ${userId('t.v')}] else array[${userId('t.u')}] end
           else '{}'::text[] end,
         case when t.type <> 'Visit' then ${userId('t.u')} end,
         t.status,
         case when t.status = 'Completed' and t.s % 10 <> 0 then ${pick(NOTES, 'i', 505)} end,
         case when t.status = 'Completed' and t.s % 4 = 0 then 'Call again after the exams' end,
         i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('t.u')} end,
         ${userId('t.u')}, ${userId('t.u')},
         t.day::timestamptz - interval '5 days', t.day::timestamptz - interval '5 days'
       from (
         select i, d.day, d.s, ${hash('i', 506)} % 100 as r,
           ${pick(['Call', 'Call', 'Mail', 'Visit'], 'i', 507)} as type,
           ${someUser('i', 508, scale)} as u, ${someUser('i', 509, scale)} as v,
           case when d.day < current_date then
             case when d.s < 870 then 'Completed' when d.s < 920 then 'Cancelled' when d.s < 950 then 'Pending'
               when d.s < 980 then 'Postponed' else 'Scheduled' end
           else case when d.s < 900 then 'Scheduled' when d.s < 950 then 'Postponed' else 'Cancelled' end
           end as status
         from generate_series($FROM, $TO) i,
           lateral (select current_date - 730 + (${hash('i', 510)} % 760)::int as day,
             ${hash('i', 511)} % 1000 as s) d
       ) t`,
      progress,
    );
    await sql.exec(`select setval('follow_up_id_seq', (select max(follow_up_id) from follow_ups))`);
  },
};
