// The wins-and-losses page's last answers, per process, kept with the version of the outcomes they were
// read at (decision 0017, "Cache"). The version is one row that a trigger counts up in the transaction of
// every write that changes what the page reads (migration 0025), so an answer is served again only while
// nothing it counted has changed, in this process or any other: the first load after a write reads afresh.
import { eq } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { winLossVersion } from '../../db/schema.ts';

/** Answers kept per database; the oldest goes first (a key is a period and an executive). */
const LIMIT = 100;
const caches = new WeakMap<Db, Map<string, { version: number; value: unknown }>>();

const versionQuery = preparedPerDb((db) =>
  db
    .select({ version: winLossVersion.version })
    .from(winLossVersion)
    .where(eq(winLossVersion.id, 1))
    .prepare('karya_win_loss_version'),
);

/** The SQL that reads the version inside the statement that computes an answer (one snapshot). */
export const VERSION_SQL = 'coalesce((select version from win_loss_version where id = 1), 0)';

/**
 * The answer for `key` kept at the current version, or `compute`'s, kept. compute returns the version its
 * own statement read, so an answer is never kept under a version newer than the rows it counted.
 */
export const rememberedAnswer = async <T>(
  db: Db,
  key: string,
  compute: () => Promise<{ version: number; value: T }>,
): Promise<T> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const kept = cache.get(key);
  if (kept) {
    const [row] = await versionQuery(db).execute();
    if (Number(row?.version ?? 0) === kept.version) return kept.value as T;
  }
  const fresh = await compute();
  cache.delete(key);
  cache.set(key, fresh);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return fresh.value;
};
