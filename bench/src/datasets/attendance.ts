import { hash, idOf } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userCount, userId } from './users.ts';

/** Issue 28: a year of attendance for every user (about 500,000 working days at scale 1). */
export const ATTENDANCE_DAYS = 365;
/** Leave applications over the year. */
export const LEAVES = 50_000;

/**
 * Every user's past year (Sundays off): a check-in between 09:00 and 09:40 India time and a check-out
 * between 18:00 and 18:50 on most days, a half day now and then, about one day in twenty absent. Row i is
 * user 1 + (i - 1) / days on day (i - 1) % days back from yesterday.
 */
export const attendance: Generator = {
  name: 'attendance punches (a year per user)',
  rows: (scale) => userCount(scale) * ATTENDANCE_DAYS * 2,
  run: (sql, scale, progress) =>
    inBatches(
      sql,
      userCount(scale) * ATTENDANCE_DAYS,
      50_000,
      `insert into attendance_punches (id, user_id, kind, at, day, latitude, longitude, accuracy, device, received_at)
       select ${idOf('20', 'd.i * 2 + p.n')}, d.user_id, p.kind, p.at, d.day, 20.29, 85.82, 25, 'Chrome on Android (mobile)', p.at
       from (
         select i, ${userId(`1 + (i - 1) / ${ATTENDANCE_DAYS}`)} as user_id,
           (current_date - 1 - ((i - 1) % ${ATTENDANCE_DAYS})::int) as day, ${hash('i', 201)} % 100 as roll
         from generate_series($FROM, $TO) i
       ) d
       cross join lateral (values
         (0, 'in', (d.day + time '09:00' + make_interval(mins => (${hash('d.i', 202)} % 40)::int)) at time zone 'Asia/Kolkata'),
         (1, 'out', (d.day + case when d.roll < 8 then time '13:30' else time '18:00' end
           + make_interval(mins => (${hash('d.i', 203)} % 50)::int)) at time zone 'Asia/Kolkata')
       ) as p(n, kind, at)
       where extract(dow from d.day) <> 0 and d.roll >= 5`,
      (done) => progress(done * 2),
    ),
};

/**
 * Leave over the past year and the next two months: mostly approved casual and sick days, some earned
 * weeks, a tenth pending, a few rejected or cancelled. A user's applications may overlap here (the bench
 * writes them directly); the reads do not care.
 */
export const leaves: Generator = {
  name: 'leaves',
  rows: (scale) => scaled(LEAVES, scale),
  run: (sql, scale, progress) =>
    inBatches(
      sql,
      scaled(LEAVES, scale),
      50_000,
      `insert into leaves (id, user_id, leave_type, from_date, to_date, half, halves, year, reason, status,
         decided_by, decided_at, created_by, updated_by, created_at, updated_at)
       select ${idOf('21', 'i')}, l.user_id, l.type, l.day, l.day + l.len - 1, null, l.len * 2,
         extract(year from l.day)::int, 'Generated leave ' || i, l.status,
         case when l.status in ('Approved', 'Rejected') then ${userId('1')} end,
         case when l.status in ('Approved', 'Rejected') then l.day::timestamptz - interval '2 days' end,
         l.user_id, l.user_id, l.day::timestamptz - interval '5 days', l.day::timestamptz - interval '2 days'
       from (
         select i, ${userId(`1 + ${hash('i', 211)} % ${userCount(scale)}`)} as user_id,
           (array['Casual','Casual','Sick','Earned','Unpaid'])[1 + ${hash('i', 212)} % 5] as type,
           (current_date - 365 + (${hash('i', 213)} % 425)::int) as day,
           1 + (${hash('i', 214)} % 3)::int as len,
           case when ${hash('i', 215)} % 10 = 0 then 'Pending' when ${hash('i', 215)} % 10 = 1 then 'Rejected'
                when ${hash('i', 215)} % 20 = 2 then 'Cancelled' else 'Approved' end as status
         from generate_series($FROM, $TO) i
       ) l`,
      progress,
    ),
};
