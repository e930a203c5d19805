import { idOf, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userId } from './users.ts';

export const MARGINS = 100;
const SEGMENTS = ['Government Schools', 'Private Schools', 'Dealers', 'ATL', 'Colleges', 'Offer'];

/** Margins with six tiers from 0 to 100 (two decimals), 10% inactive, 2% deleted. */
export const margins: Generator = {
  name: 'product margins',
  rows: (scale) => scaled(MARGINS, scale),
  async run(sql, scale, progress) {
    const tier = (salt: number) =>
      `((abs(hashint8(i::bigint * 1000003 + ${salt})) % 3000) / 100.0)::numeric(5,2)`;
    await inBatches(
      sql,
      scaled(MARGINS, scale),
      10_000,
      `insert into product_margins (id, name, description, t1, t2, t3, pt1, pt2, pt3, is_active, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf('13', 'i')}, ${pick(SEGMENTS, 'i', 90)} || ' ' || i, 'Generated margin ' || i,
         ${tier(91)}, ${tier(92)}, ${tier(93)}, ${tier(94)}, ${tier(95)}, ${tier(96)},
         i % 10 <> 0, i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('1')} end,
         ${userId('1')}, ${userId('1')},
         ${pastTime('i', 97, 700)}, ${pastTime('i', 98, 30)}
       from generate_series($FROM, $TO) i`,
      progress,
    );
  },
};
