import { TEAM_MEMBER_ROLES } from '@karya/domain';
import { idOf, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userCount, userId } from './users.ts';

export const TEAMS = 2_000;
const MEMBERS = 5;
const DISTRICTS = [
  'Khordha',
  'Cuttack',
  'Sundargarh',
  'Ganjam',
  'Sambalpur',
  'Puri',
  'Balasore',
  'Mayurbhanj',
];

/** Teams of five members each (distinct users), 2% deleted. */
export const teams: Generator = {
  name: 'teams (with members)',
  rows: (scale) => scaled(TEAMS, scale),
  async run(sql, scale, progress) {
    const total = scaled(TEAMS, scale);
    const users = userCount(scale);
    await inBatches(
      sql,
      total,
      10_000,
      `insert into teams (id, name, description, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf('04', 'i')}, ${pick(DISTRICTS, 'i', 41)} || ' team ' || i, 'Generated team ' || i,
         i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('1')} end,
         ${userId('1')}, ${userId('1')},
         ${pastTime('i', 42, 700)}, ${pastTime('i', 43, 30)}
       from generate_series($FROM, $TO) i`,
      progress,
    );
    await sql.exec(
      `insert into team_members (team_id, user_id, role, position)
       select ${idOf('04', 'i')}, ${userId(`1 + (i * ${MEMBERS} + k) % ${users}`)},
         case when k = 0 then 'manager' else ${pick(TEAM_MEMBER_ROLES, 'i + k', 44)} end, k
       from generate_series(1, ${total}) i, generate_series(0, ${MEMBERS - 1}) k`,
    );
  },
};
