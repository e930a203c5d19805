import { type HolidayDto, type HolidayKind, newId } from '@karya/domain';
import { and, asc, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holidays } from '../../db/schema.ts';
import { HOLIDAYS } from './holidays-data.ts';

const DAY_MS = 24 * 3600 * 1000;

/** A calendar day (YYYY-MM-DD) moved by n days; no time zone is involved. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Insert the seed list; rows already there (same date and name) are left alone, so every start may run it. */
export const seedHolidays = async (db: Db) => {
  await db
    .insert(holidays)
    .values(HOLIDAYS.map((h) => ({ id: newId(), ...h })))
    .onConflictDoNothing({ target: [holidays.date, holidays.name] });
};

type HolidayRow = typeof holidays.$inferSelect;
const toDto = (r: HolidayRow): HolidayDto => ({
  _id: r.id,
  date: r.date,
  name: r.name,
  kind: r.kind as HolidayKind,
  region: r.region,
});

/** Holidays from `from` to `to` (inclusive calendar days), by date; at most `limit` when given. */
export const listHolidays = async (db: Db, range: { from: string; to?: string; limit?: number }) => {
  const conditions = [gte(holidays.date, range.from)];
  if (range.to) conditions.push(lte(holidays.date, range.to));
  const query = db
    .select()
    .from(holidays)
    .where(and(...conditions))
    .orderBy(asc(holidays.date), asc(holidays.region), asc(holidays.name));
  const rows = range.limit ? await query.limit(range.limit) : await query;
  return rows.map(toDto);
};
