import { CUSTOMERS, customerIdSql } from './customers.ts';
import { hash, idOf, idValue, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const REQUIREMENTS = 200_000;
const REQUIREMENT_TAG = '1a';
/** The id of generated requirement n (1-based, also its RI number). */
export const requirementId = (n: number) => idValue(REQUIREMENT_TAG, n);
/** SQL: the id of requirement number `expr` (for generators that point at requirements). */
export const requirementIdSql = (expr: string) => idOf(REQUIREMENT_TAG, expr);

const WHAT = [
  'Atal Tinkering Lab setup',
  'Smart classroom upgrade',
  'Robotics kits for Class VIII',
  'Physics lab equipment',
  'Chemistry lab glassware',
  'Interactive flat panels',
  'Computer lab refresh',
  '3D printer and filament',
  'Biology models and charts',
  'Science fair project kits',
];

/**
 * Requirements over three years, each for a bench customer: older ones mostly Completed or Closed, the last
 * three months mostly Open or In Progress; 2% deleted. Items stay empty (the dashboard and lists never read
 * them); the RI number is the row number.
 */
export const requirements: Generator = {
  name: 'requirements',
  rows: (scale) => scaled(REQUIREMENTS, scale),
  async run(sql, scale, progress) {
    const customers = scaled(CUSTOMERS, scale);
    await inBatches(
      sql,
      scaled(REQUIREMENTS, scale),
      50_000,
      `insert into requirements (id, requirement_id, title, customer_id, type, priority, status, budget,
         purchase_date, notes, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf(REQUIREMENT_TAG, 'i')}, i, ${pick(WHAT, 'i', 400)} || ' #' || i,
         ${customerIdSql(`1 + ${hash('i', 401)} % ${customers}`)},
         case when ${hash('i', 402)} % 5 = 0 then 'Service' else 'Product' end,
         ${pick(['Low', 'Medium', 'High'], 'i', 403)},
         case when t.created > now() - interval '90 days'
           then (array['Open','Open','Open','In Progress','In Progress','Completed'])[1 + ${hash('i', 404)} % 6]
           else (array['Open','In Progress','Completed','Completed','Completed','Closed','Closed','Closed'])[1 + ${hash('i', 404)} % 8] end,
         (10000 + ${hash('i', 405)} % 2000000)::numeric(14,2),
         (t.created + interval '15 days')::date,
         case when i % 6 = 0 then 'Budget approved by the management committee.' end,
         i % 50 = 0, case when i % 50 = 0 then t.created end, case when i % 50 = 0 then ${userId('t.u')} end,
         ${userId('t.u')}, ${userId('t.u')}, t.created, t.created + interval '2 days'
       from (
         select i, ${pastTime('i', 406, 1095)} as created, ${someUser('i', 407, scale)} as u
         from generate_series($FROM, $TO) i
       ) t`,
      progress,
    );
    await sql.exec(`select setval('requirement_id_seq', (select max(requirement_id) from requirements))`);
  },
};
