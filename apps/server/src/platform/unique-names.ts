import { ERROR_CODES, type NameHolder, nameTakenMessage } from '@karya/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Issue 23: a name unique among the live records of a table, trimmed and in any case ('ozobot' beside
 * 'Ozobot'), as `lower(btrim(name))`, the expression of the table's partial unique index `<table>_live_name_uq`
 * (schema.ts; brands, categories, classes, vendors). A write looks first, inside its transaction, to answer
 * with the record that holds the name; the index decides between concurrent writes (the loser's statement
 * fails with 23505, and `nameRace` answers it the same way). The answer is a 409 whose data is the holder.
 */
export type NamedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  isDeleted: PgColumn;
};

export type UniqueName = { table: NamedTable; index: string; noun: string };

type Reader = Pick<Db, 'select'>;

const holderOf = async (db: Reader, u: UniqueName, name: string, exceptId?: string) => {
  const where: SQL[] = [
    eq(u.table.isDeleted, false),
    sql`lower(btrim(${u.table.name})) = lower(btrim(${name}))`,
  ];
  if (exceptId) where.push(ne(u.table.id, exceptId));
  const [row] = await db
    .select({ _id: u.table.id, name: u.table.name })
    .from(u.table as PgTable)
    .where(and(...where))
    .limit(1);
  return row as NameHolder | undefined;
};

const taken = (u: UniqueName, holder: NameHolder) =>
  new AppError(409, nameTakenMessage(u.noun, holder.name), ERROR_CODES.CONFLICT, {}, holder);

/** Before a write of `name` (a create, a rename, a restore): 409 when another live record holds it. */
export const assertNameFree = async (db: Reader, u: UniqueName, name: string, exceptId?: string) => {
  const holder = await holderOf(db, u, name, exceptId);
  if (holder) throw taken(u, holder);
};

const isIndexViolation = (error: unknown, index: string): boolean => {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === index;
  }
  return false;
};

/**
 * The `.catch` of a write: a concurrent write that took the name first (the index refused this one; its
 * transaction has rolled back) is answered as the look-up would have, the holder read afresh.
 */
export const nameRace =
  (db: Reader, u: UniqueName, name: () => string | undefined, exceptId?: string) =>
  async (error: unknown): Promise<never> => {
    const n = name();
    if (n === undefined || !isIndexViolation(error, u.index)) throw error;
    const holder = await holderOf(db, u, n, exceptId);
    if (!holder) throw error;
    throw taken(u, holder);
  };
