import { idOf, pick } from './sql.ts';
import { TASKS } from './tasks.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

/** Tasks 1..HISTORY_UPDATED_TASKS carry 25 updates each besides their creation (task 7 is read). */
export const HISTORY_UPDATED_TASKS = 20_000;
const UPDATES_EACH = 25;

const STATUSES = ['Scheduled', 'Pending', 'In Progress', 'Completed'];

/**
 * History of records (record_history): a creation entry for every task, and 25 status updates for each of
 * the first 20,000 — 1,000,000 rows at scale 1, so the history read and the history writes of the write
 * scenario meet a table of realistic size.
 */
export const history: Generator = {
  name: 'record_history',
  rows: (scale) => scaled(TASKS, scale) + scaled(HISTORY_UPDATED_TASKS, scale) * UPDATES_EACH,
  run: (sql, scale, progress) => {
    const tasks = scaled(TASKS, scale);
    const updated = scaled(HISTORY_UPDATED_TASKS, scale);
    return inBatches(
      sql,
      tasks + updated * UPDATES_EACH,
      100_000,
      `insert into record_history (id, entity, record_id, action, bulk, at, by_id, by_name, device, location,
         title, changes)
       select ${idOf('07', 'i')}, 'task', ${idOf('03', 't.task')}, t.action, false,
         now() - make_interval(days => 400) + make_interval(mins => (i % 500000)::int),
         ${userId('t.actor')}, 'Bench user ' || t.actor,
         '{"os":"Android","browser":"Chrome","device":"Mobile","model":"Linux"}'::jsonb,
         '{"type":"Point","coordinates":[20.2961,85.8245]}'::jsonb,
         'Generated task ' || t.task,
         case when t.action = 'create'
           then jsonb_build_array(jsonb_build_object('field','title','label','Title','from',null,'to','Generated task ' || t.task))
           else jsonb_build_array(jsonb_build_object('field','status','label','Status',
             'from', ${pick(STATUSES, 'i', 71)}, 'to', ${pick(STATUSES, 'i', 72)}))
         end
       from (
         select i,
           case when i <= ${tasks} then i else 1 + (i - ${tasks} - 1) % ${updated} end as task,
           case when i <= ${tasks} then 'create' else 'update' end as action,
           ${someUser('i', 73, scale)} as actor
         from generate_series($FROM, $TO) i
       ) t`,
      progress,
    );
  },
};
