import { type HolidayDto, todayInAppZone } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  call,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { bootstrap } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { holidays } from '../../db/schema.ts';
import { seedHolidays } from './holidays.service.ts';
import { HOLIDAYS } from './holidays-data.ts';

describe('holidays', () => {
  let ctx: TestContext;
  let admin: Agent;

  const get = async (query = '', who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `/api/hrm/holidays${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Holidays fetched successfully' });
    return res.json().data.holidays as HolidayDto[];
  };
  const rowCount = async () => {
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(holidays);
    return row!.n;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('needs a session, and nothing more', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/hrm/holidays' })).statusCode).toBe(401);
    const nobody = await asUserWithSession(ctx, []);
    await get('?from=2026-01-01&to=2026-01-31', nobody);
  });

  it('every start seeds the national and Odisha holidays', async () => {
    expect(await rowCount()).toBe(HOLIDAYS.length);
    const year = await get('?from=2026-01-01&to=2026-12-31');
    expect(year).toContainEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      date: '2026-01-26',
      name: 'Republic Day',
      kind: 'National',
      region: 'IN',
    });
    expect(year).toContainEqual(
      expect.objectContaining({ date: '2026-04-01', name: 'Utkal Divas', kind: 'State', region: 'OD' }),
    );
    for (const [date, name] of [
      ['2026-08-15', 'Independence Day'],
      ['2026-10-02', 'Mahatma Gandhi Jayanti'],
      ['2026-12-25', 'Christmas'],
      ['2026-06-15', 'Raja Sankranti'],
      ['2026-07-16', 'Ratha Yatra'],
    ])
      expect(
        year.some((h) => h.date === date && h.name === name),
        name,
      ).toBe(true);
    const dates = year.map((h) => h.date);
    expect([...dates].sort()).toEqual(dates);
    expect(year.every((h) => h.date.startsWith('2026'))).toBe(true);
  });

  it('answers the holidays of a range, both days included', async () => {
    const april = await get('?from=2026-04-01&to=2026-04-14');
    expect(april.map((h) => h.date)).toEqual(['2026-04-01', '2026-04-03', '2026-04-14']);
    expect(await get('?from=2026-02-01&to=2026-02-28')).toEqual([]);
    const one = await get('?from=2026-01-26&to=2026-01-26');
    expect(one.map((h) => h.name)).toEqual(['Republic Day']);
  });

  it('defaults to the coming year from today in India', async () => {
    const today = todayInAppZone(ctx.clock.now());
    const yearLater = new Date(Date.parse(`${today}T00:00:00Z`) + 365 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const coming = await get();
    expect(coming.every((h) => h.date >= today && h.date <= yearLater)).toBe(true);
    const expected = HOLIDAYS.filter((h) => h.date >= today && h.date <= yearLater).length;
    expect(coming).toHaveLength(expected);
    const fromOnly = await get('?from=2027-01-01');
    expect(fromOnly.every((h) => h.date >= '2027-01-01')).toBe(true);
    expect(fromOnly.some((h) => h.date === '2027-12-25' && h.name === 'Christmas')).toBe(true);
  });

  it('refuses bad dates and reversed ranges with 400', async () => {
    for (const q of [
      '?from=2026-02-30',
      '?from=tomorrow',
      '?to=2026-13-01',
      '?from=2026-1-5',
      '?from=2026-01-01T00:00:00Z',
      '?from=2026-05-01&to=2026-04-01',
      '?from=2000-01-01&to=2026-01-01',
      '?from=2026-01-01&from=2026-02-01',
      // Both ends bad: each has its own message and they are never compared (was a 500, found by fuzzing).
      '?from=@x&to=-1',
      '?from=2026-02-30&to=2026-02-31',
      // A real day with text after it, on both ends (was a 500, found by the sqlmap scan).
      "?from=2026-01-01'&to=2026-01-01",
      '?from=2026-01-01&to=2026-01-01%20AND%201=1',
    ]) {
      const res = await admin.request({ method: 'GET', url: `/api/hrm/holidays${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('seeding again adds nothing (idempotent on date and name)', async () => {
    const before = await rowCount();
    const ids = (await get('?from=2026-01-01&to=2027-12-31')).map((h) => h._id);
    await seedHolidays(ctx.database.db);
    await seedHolidays(ctx.database.db);
    await bootstrap(
      ctx.database.db,
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', LOG_LEVEL: 'silent', DEMO: 'false' }),
    );
    expect(await rowCount()).toBe(before);
    expect((await get('?from=2026-01-01&to=2027-12-31')).map((h) => h._id)).toEqual(ids);
  });

  it('the seed list has real, unique days and the 2027 fixed dates', () => {
    const keys = HOLIDAYS.map((h) => `${h.date} ${h.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const h of HOLIDAYS) {
      expect(new Date(`${h.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(h.date);
      expect(h.kind === 'National' ? 'IN' : 'OD').toBe(h.region);
    }
    const y2027 = HOLIDAYS.filter((h) => h.date.startsWith('2027')).map((h) => h.date.slice(5));
    expect(y2027.sort()).toEqual(['01-14', '01-26', '04-01', '04-14', '06-15', '08-15', '10-02', '12-25']);
  });
});
