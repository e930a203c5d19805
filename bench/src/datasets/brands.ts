import { idOf, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { userId } from './users.ts';

export const BRANDS = 500;

/**
 * Brands, categories and classes share one shape (name, description, image): one statement for the three,
 * a table tag and words each. 2% deleted; every fifth row has an image as a file reference.
 */
export const catalogueGenerator = (opts: {
  name: string;
  table: string;
  tag: string;
  total: number;
  words: readonly string[];
  salt: number;
}): Generator => ({
  name: opts.name,
  rows: (scale) => scaled(opts.total, scale),
  async run(sql, scale, progress) {
    await inBatches(
      sql,
      scaled(opts.total, scale),
      10_000,
      `insert into ${opts.table} (id, name, description, image, is_deleted, deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf(opts.tag, 'i')}, ${pick(opts.words, 'i', opts.salt)} || ' ' || i,
         'Generated ' || ${pick(opts.words, 'i', opts.salt + 1)} || ' ' || i,
         case when i % 5 = 0 then jsonb_build_object('url', '/api/files/' || ${idOf('f0', 'i')}, 'fileId', ${idOf('f0', 'i')}) end,
         i % 50 = 0, case when i % 50 = 0 then now() end, case when i % 50 = 0 then ${userId('1')} end,
         ${userId('1')}, ${userId('1')},
         ${pastTime('i', opts.salt + 2, 700)}, ${pastTime('i', opts.salt + 3, 30)}
       from generate_series($FROM, $TO) i`,
      progress,
    );
  },
});

export const brands = catalogueGenerator({
  name: 'product brands',
  table: 'product_brands',
  tag: '10',
  total: BRANDS,
  words: ['Robo', 'Lab', 'Smart', 'Kalinga', 'Utkal', 'Edu', 'Sci', 'Tech'],
  salt: 60,
});
