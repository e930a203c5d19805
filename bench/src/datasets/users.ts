import { allPermissions, EMPLOYMENT_TYPES, GENDERS, MARITAL_STATUSES } from '@karya/domain';
import { arr, hash, idOf, lit, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';

export const USERS = 2_000;
export const ROLES = 12;
export const userCount = (scale: number) => Math.max(50, scaled(USERS, scale));
/** The id of bench user n (1-based); every generator that points at a user uses this. */
export const userId = (n: string) => idOf('01', n);
export const roleId = (n: string) => idOf('05', n);
/** A user number from an expression, in 1..users. */
export const someUser = (expr: string, salt: number, scale: number) =>
  `(1 + ${hash(expr, salt)} % ${userCount(scale)})`;

const FIRST = [
  'Aarav',
  'Sanjay',
  'Priya',
  'Ananya',
  'Rakesh',
  'Sneha',
  'Bikash',
  'Subhashree',
  'Amit',
  'Lipsa',
];
const LAST = ['Mohanty', 'Das', 'Patnaik', 'Mishra', 'Sahoo', 'Nayak', 'Behera', 'Rout', 'Panda', 'Swain'];
const CITIES = ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Puri', 'Balasore'];

/**
 * Staff users (all signed in with the bench administrator's password: they share its hash) and roles with
 * real permission lists; each user holds one or two roles. About 1 in 12 users is not Active.
 */
export const users: Generator = {
  name: 'users (with roles)',
  rows: userCount,
  async run(sql, scale, progress) {
    const [admin] = await sql.query<{ password_hash: string }>(
      `select password_hash from users order by created_at limit 1`,
    );
    if (!admin) throw new Error('The bench database has no administrator; start the server once first.');
    const catalogue = allPermissions();
    for (let r = 1; r <= ROLES; r++) {
      // Role r gets every r-th resource with its actions: small and large permission lists alike.
      const permissions = catalogue.filter((_, i) => i % r === 0);
      await sql.query(
        `insert into roles (id, name, description, permissions, is_system, created_at, updated_at)
         values (${roleId(String(r))}, $1, $2, $3::jsonb, false, now() - interval '400 days', now() - interval '${r} days')`,
        [`Bench role ${r}`, `Generated role ${r}`, JSON.stringify(permissions)],
      );
    }
    const total = userCount(scale);
    await inBatches(
      sql,
      total,
      5_000,
      `insert into users (id, name, email, phone, gender, date_of_birth, marital_status, employment_type,
         duration, languages, address, password_hash, status, is_email_verified, last_login, created_at, updated_at)
       select ${userId('i')},
         ${pick(FIRST, 'i', 1)} || ' ' || ${pick(LAST, 'i', 2)} || ' ' || i,
         'user' || i || '@bench.karya.test',
         '9' || lpad((${hash('i', 3)} % 1000000000)::text, 9, '0'),
         ${pick(GENDERS, 'i', 4)},
         (date '1975-01-01' + (${hash('i', 5)} % 12000)::int),
         ${pick(MARITAL_STATUSES, 'i', 6)},
         ${pick(EMPLOYMENT_TYPES, 'i', 7)},
         0,
         '["English","Odia"]'::jsonb,
         jsonb_build_object('city', ${pick(CITIES, 'i', 8)}, 'state', 'Odisha', 'country', 'India'),
         ${lit(admin.password_hash)},
         case when i % 12 = 0 then (${arr(['Inactive', 'Blocked'])})[1 + i % 2] else 'Active' end,
         true,
         ${pastTime('i', 9, 30)},
         ${pastTime('i', 10, 1000)},
         ${pastTime('i', 11, 20)}
       from generate_series($FROM, $TO) i`,
      progress,
    );
    await sql.exec(
      `insert into user_roles (user_id, role_id)
       select ${userId('i')}, ${roleId(`1 + i % ${ROLES}`)} from generate_series(1, ${total}) i
       union
       select ${userId('i')}, ${roleId(`1 + (i + 5) % ${ROLES}`)} from generate_series(1, ${total}) i where i % 3 = 0`,
    );
  },
};
