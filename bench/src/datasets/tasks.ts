import { TASK_PRIORITIES, TASK_STATUSES } from '@karya/domain';
import { hash, idOf, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const TASKS = 500_000;

const VERBS = [
  'Call',
  'Visit',
  'Prepare',
  'Review',
  'Send',
  'Follow up',
  'Collect',
  'Update',
  'Plan',
  'Check',
];
const OBJECTS = [
  'school principal',
  'college purchase order',
  'quotation draft',
  'stock count',
  'vendor invoice',
  'lab equipment demo',
  'office furniture list',
  'payment reminder',
  'projector installation',
  'monthly report',
];

/** Tasks over two years (a year back, a year ahead), 1–2 assignees each, 2% deleted. */
export const tasks: Generator = {
  name: 'tasks',
  rows: (scale) => scaled(TASKS, scale),
  run: (sql, scale, progress) =>
    inBatches(
      sql,
      scaled(TASKS, scale),
      100_000,
      `insert into tasks (id, title, description, status, priority, date, time, deadline, reason, assigned_to,
         assigned_by, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf('03', 'i')}, t.title, 'Generated task ' || i, t.status,
         ${pick(TASK_PRIORITIES, 'i', 32)}, t.day,
         lpad((9 + ${hash('i', 33)} % 9)::text, 2, '0') || ':' || (array['00','15','30','45'])[1 + i % 4],
         case when i % 3 = 0 then null else t.day + (${hash('i', 34)} % 14)::int end,
         case when t.status = 'Cancelled' then 'Customer postponed' end,
         case when i % 4 = 0 then array[${userId('t.a')}, ${userId('t.b')}] else array[${userId('t.a')}] end,
         ${userId('t.c')},
         i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('t.c')} end,
         ${userId('t.c')}, ${userId('t.c')},
         t.day::timestamptz - interval '3 days', t.day::timestamptz - interval '1 day'
       from (
         select i,
           ${pick(VERBS, 'i', 30)} || ' ' || ${pick(OBJECTS, 'i', 31)} || ' #' || i as title,
           ${pick(TASK_STATUSES, 'i', 35)} as status,
           (current_date - 365 + (${hash('i', 36)} % 730)::int) as day,
           ${someUser('i', 37, scale)} as a, ${someUser('i', 38, scale)} as b, ${someUser('i', 39, scale)} as c
         from generate_series($FROM, $TO) i
       ) t`,
      progress,
    ),
};
