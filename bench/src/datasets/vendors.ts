import { idOf, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userId } from './users.ts';

export const VENDORS = 5_000;
const TOWNS = ['Bhubaneswar', 'Cuttack', 'Puri', 'Sambalpur', 'Rourkela', 'Berhampur', 'Balasore', 'Kolkata'];
const KINDS = ['Electronics', 'Scientific', 'Lab Glass', 'Robotics', 'Office Systems', 'Traders'];
const PEOPLE = ['Subhashree', 'Bijay', 'Kabita', 'Ramesh', 'Sunita', 'Pradeep', 'Gita', 'Ranjit'];

/** Vendors with contact person, phone, e-mail, rating (0-5, one decimal), every fifth with an image; 2% deleted. */
export const vendors: Generator = {
  name: 'product vendors',
  rows: (scale) => scaled(VENDORS, scale),
  async run(sql, scale, progress) {
    await inBatches(
      sql,
      scaled(VENDORS, scale),
      10_000,
      `insert into product_vendors (id, name, email, phone, address, website, rating, image, contact_person, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf('14', 'i')}, ${pick(TOWNS, 'i', 100)} || ' ' || ${pick(KINDS, 'i', 101)} || ' ' || i,
         'vendor' || i || '@bench.test', '9' || lpad(((abs(hashint8(i::bigint + 102)) % 1000000000))::text, 9, '0'),
         'Plot ' || i || ', ' || ${pick(TOWNS, 'i', 100)}, 'www.vendor' || i || '.in',
         ((abs(hashint8(i::bigint + 103)) % 51) / 10.0)::numeric(3,2),
         case when i % 5 = 0 then jsonb_build_object('url', '/api/files/' || ${idOf('f1', 'i')}, 'fileId', ${idOf('f1', 'i')}) end,
         jsonb_build_object('name', ${pick(PEOPLE, 'i', 104)} || ' ' || i, 'designation', 'Sales', 'phone', '9437' || lpad((i % 1000000)::text, 6, '0')),
         i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('1')} end,
         ${userId('1')}, ${userId('1')},
         ${pastTime('i', 105, 700)}, ${pastTime('i', 106, 30)}
       from generate_series($FROM, $TO) i`,
      progress,
    );
  },
};
