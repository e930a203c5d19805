// The benchmark's scoped Sales Executive (issue 29: the badge and the CRM dashboard are measured for an
// administrator with view-all and for a Sales Executive who sees only their own and assigned records).
// The bench user who created the most live customers is given one role that reads the CRM without
// view-all; their generated roles (some of which hold view-all) are set aside for the run. Idempotent.
import { idValue } from './datasets/sql.ts';
import type { Sql } from './db.ts';

const ROLE_ID = idValue('05', 900);
const read = (resource: string, actions = ['read']) => ({ resource, module: 'crm', actions });
export const SALES_EXECUTIVE_PERMISSIONS = [
  read('crm'),
  read('customer', ['read', 'suggestion']),
  read('follow-up'),
  read('requirement'),
  read('quotation'),
];

export const prepareSalesExecutive = async (sql: Sql): Promise<string> => {
  const [exec] = await sql.query<{ id: string; email: string }>(
    `select u.id, u.email from users u
       join (select created_by, count(*) n from customers where is_deleted = false group by created_by) c
         on c.created_by = u.id
      where u.status = 'Active' and u.is_deleted = false
      order by c.n desc, u.id limit 1`,
  );
  if (!exec) throw new Error('The bench data set has no customer made by an Active user.');
  await sql.query(
    `insert into roles (id, name, description, permissions, is_system, created_at, updated_at)
     values ($1, 'Bench Sales Executive', 'Reads the CRM in its own scope (issue 29)', $2::jsonb, false, now(), now())
     on conflict (id) do update set permissions = excluded.permissions`,
    [ROLE_ID, JSON.stringify(SALES_EXECUTIVE_PERMISSIONS)],
  );
  await sql.query(`delete from user_roles where user_id = $1 and role_id <> $2`, [exec.id, ROLE_ID]);
  await sql.query(`insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing`, [
    exec.id,
    ROLE_ID,
  ]);
  return exec.email;
};
