import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CustomerDto,
  ERROR_CODES,
  formatMonth,
  WIN_LOSS_MESSAGES as M,
  type QuotationDto,
  todayInAppZone,
  type WinLoss,
  winLossDefaultFrom,
} from '@karya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { migrationsFolder } from '../../db/client.ts';
import { customers, projects, rejectionAnalyses, requirements } from '../../db/schema.ts';
import { projectKit } from '../projects/projects-test-kit.ts';
import { REJECTIONS } from '../rejection-analyses/rejection-analyses-test-kit.ts';
import { fillOutcomeSnapshot } from './outcome-snapshot.ts';

const URL = '/api/crm/win-loss';

/** The first day of the month `back` months before this one, and a day in it. */
const monthBack = (back: number) => winLossDefaultFrom(todayInAppZone(), back + 1);
const dayIn = (back: number) => `${monthBack(back).slice(0, 8)}10`;

/** Issue 26 (decision 0017): won = a live project, lost = a live rejection analysis, grouped in SQL. */
describe('wins and losses', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof projectKit>;
  let school: CustomerDto;
  let company: CustomerDto;
  let firstValue = 0;
  let lostValue = 0;

  const get = async (query = '', who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${URL}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WinLoss;
  };

  const reject = async (q: QuotationDto, body: object) => {
    const res = await admin.request({
      method: 'POST',
      url: REJECTIONS,
      payload: {
        quotation: q._id,
        quotationVersionId: q.activeVersion._id,
        rejectionDate: todayInAppZone(),
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; quotedAmount: number };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = projectKit(ctx, admin);
    await kit.setUp();
    school = await kit.newCustomer('Saraswati Shishu Mandir, Cuttack');
    company = await kit.newCustomer('Kalinga Robotics Pvt Ltd');
    const db = ctx.database.db;
    await db
      .update(customers)
      .set({
        organizationType: 'Government',
        governmentType: 'Institute',
        instituteType: 'School',
        district: 'Cuttack',
      })
      .where(eq(customers.id, school._id));
    await db
      .update(customers)
      .set({ organizationType: 'Private', privateType: 'Company', district: 'Khordha' })
      .where(eq(customers.id, company._id));

    // Won: two projects of the school, one approved two months ago, 10 days after its requirement.
    const first = await kit.newProject(school);
    const second = await kit.newProject(school);
    firstValue = first.quotation.activeVersion.totalPrice;
    const [p] = await db.select().from(projects).where(eq(projects.id, first._id));
    await db
      .update(projects)
      .set({ createdAt: new Date(`${dayIn(2)}T06:00:00Z`) })
      .where(eq(projects.id, first._id));
    await db
      .update(requirements)
      .set({ createdAt: new Date(`${dayIn(2)}T06:00:00Z`) })
      .where(eq(requirements.id, p!.requirementId!));
    await db.execute(
      sql`update requirements set created_at = created_at - interval '10 days' where id = ${p!.requirementId}`,
    );
    void second;
    // Those dates were set by hand, past the app's writes: copy them again as an approval does.
    await fillOutcomeSnapshot(db, { projectId: first._id });

    // Lost: the company to a competitor (two reasons), the school to no decision (one shared reason).
    const lostToRival = await kit.newQuotation(company);
    const a = await reject(lostToRival, {
      rejectionReasons: ['Price too high', 'Delivery in 8 weeks'],
      competitor: { name: 'Kalinga Digital', offeredAmount: 900 },
    });
    const lostToNoOne = await kit.newQuotation(school);
    const b = await reject(lostToNoOne, { rejectionReasons: ['price too high'], lostTo: 'No Decision' });
    lostValue = a.quotedAmount + b.quotedAmount;
    // A deleted analysis is not a loss.
    const gone = await kit.newQuotation(company);
    const c = await reject(gone, { rejectionReasons: ['Changed their mind'] });
    await db.update(rejectionAnalyses).set({ isDeleted: true }).where(eq(rejectionAnalyses.id, c._id));
  });
  afterAll(() => ctx.close());

  it('counts won and lost per month over the last 12 months by default, with the win rate', async () => {
    const data = await get();
    expect(data.to).toBe(todayInAppZone());
    expect(data.from).toBe(winLossDefaultFrom());
    expect(data.months).toHaveLength(12);
    expect(data.months.at(-1)!.month).toBe(todayInAppZone().slice(0, 7));
    expect(data.totals).toMatchObject({ won: 2, lost: 2, winRate: 0.5, lostValue });
    const twoBack = data.months.find((m) => m.month === monthBack(2).slice(0, 7))!;
    expect(twoBack).toMatchObject({ won: 1, lost: 0, wonValue: firstValue });
    expect(data.months.at(-1)).toMatchObject({ won: 1, lost: 2, lostValue });
    expect(formatMonth('2026-03')).toBe('Mar 2026');
  });

  it('gives the win rate by institution type and by district', async () => {
    const data = await get();
    expect(data.byInstitutionType).toEqual([
      { key: 'School', won: 2, lost: 1, winRate: 2 / 3 },
      { key: 'Private Company', won: 0, lost: 1, winRate: 0 },
    ]);
    expect(data.byDistrict).toEqual([
      { key: 'Cuttack', won: 2, lost: 1, winRate: 2 / 3 },
      { key: 'Khordha', won: 0, lost: 1, winRate: 0 },
    ]);
  });

  it('sums the lost value by competitor, by reason (a reason in several analyses counts in each) and lost to', async () => {
    const data = await get();
    expect(data.lostByCompetitor).toEqual([{ key: 'Kalinga Digital', count: 1, value: expect.any(Number) }]);
    const price = data.lostByReason.find((r) => r.key.toLowerCase() === 'price too high')!;
    expect(price).toMatchObject({ count: 2, value: lostValue });
    expect(data.lostByReason.map((r) => r.key)).toContain('Delivery in 8 weeks');
    expect(data.lostByReason.map((r) => r.key)).not.toContain('Changed their mind');
    expect(data.lostTo).toEqual([
      { key: 'Competitor', count: 1, value: expect.any(Number) },
      { key: 'No Decision', count: 1, value: expect.any(Number) },
    ]);
  });

  it('counts the days from requirement to approval: median, average and buckets', async () => {
    const { daysToApproval } = await get();
    expect(daysToApproval).toMatchObject({ count: 2, median: 5, average: 5 });
    expect(daysToApproval.buckets.find((b) => b.key === '0-7')!.count).toBe(1);
    expect(daysToApproval.buckets.find((b) => b.key === '8-30')!.count).toBe(1);
  });

  it('filters by date range and sales executive', async () => {
    const recent = await get(`?from=${monthBack(0)}&to=${todayInAppZone()}`);
    expect(recent.months).toHaveLength(1);
    expect(recent.totals).toMatchObject({ won: 1, lost: 2 });
    const mine = await get(`?createdBy=${admin.user.id}`);
    expect(mine.totals).toMatchObject({ won: 2, lost: 2 });
    const someoneElse = await get(`?createdBy=${'a'.repeat(24)}&from=&to=`);
    expect(someoneElse.totals).toMatchObject({ won: 0, lost: 0, winRate: null });
    expect(someoneElse.daysToApproval).toMatchObject({ count: 0, median: null, average: null });
    expect(someoneElse.lostTo.map((r) => r.count)).toEqual([0, 0]);
  });

  it('counts only the quotations a user without view-all may see', async () => {
    const seller = await asUserWithSession(ctx, [
      { resource: 'rejection-analysis', actions: ['read'] },
      { resource: 'quotation', actions: ['read'] },
    ]);
    expect((await get('', seller)).totals).toMatchObject({ won: 0, lost: 0 });
    await ctx.database.db
      .update(customers)
      .set({ assignedTo: [seller.user.id] })
      .where(eq(customers.id, company._id));
    expect((await get('', seller)).totals).toMatchObject({ won: 0, lost: 1 });
  });

  it("groups a customer's outcomes by its type and district as they are after an edit", async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/crm/customers/${company._id}`,
      payload: { address: { district: 'Puri' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const data = await get();
      expect(data.byDistrict.map((r) => r.key)).toEqual(['Cuttack', 'Puri']);
      expect(data.byDistrict.find((r) => r.key === 'Puri')).toMatchObject({ won: 0, lost: 1 });
    } finally {
      await admin.request({
        method: 'PATCH',
        url: `/api/crm/customers/${company._id}`,
        payload: { address: { district: 'Khordha' } },
      });
    }
    expect((await get()).byDistrict.map((r) => r.key)).toEqual(['Cuttack', 'Khordha']);
  });

  it("migration 0024's frozen fill of existing outcomes gives what the app's writes give", async () => {
    const db = ctx.database.db;
    const columns = sql`customer_kind, customer_district, quotation_created_by`;
    type Row = Record<string, unknown>;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
    const read = async () => ({
      projects: await rows(sql`select id, ${columns}, days_to_approval from projects order by id`),
      analyses: await rows(sql`select id, ${columns} from rejection_analyses order by id`),
    });
    const written = await read();
    expect(written.projects.length).toBeGreaterThan(0);
    expect(written.analyses.every((r) => r.customer_kind && r.quotation_created_by)).toBe(true);
    await db.execute(sql`update projects set customer_kind = null, customer_district = null,
      quotation_created_by = null, days_to_approval = null`);
    await db.execute(sql`update rejection_analyses set customer_kind = null, customer_district = null,
      quotation_created_by = null`);
    const file = readFileSync(path.join(migrationsFolder(), '0024_outcome_snapshot.sql'), 'utf8');
    const fills = file.split('--> statement-breakpoint').filter((s) => /^\s*(--.*\n)*\s*UPDATE/m.test(s));
    expect(fills).toHaveLength(2);
    for (const statement of fills) await db.execute(sql.raw(statement));
    expect(await read()).toEqual(written);
  });

  it('answers again from the last reading only while no outcome changed, however the change was made', async () => {
    const db = ctx.database.db;
    const before = await get();
    expect(await get()).toEqual(before);
    // A kept answer goes out as it was serialised the first time: the same bytes, a JSON envelope.
    const raw = () => admin.request({ method: 'GET', url: URL });
    const [one, two] = [await raw(), await raw()];
    expect(two.body).toBe(one.body);
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(one.json()).toEqual({ success: true, message: M.fetched, data: before });
    // A change made past the app (another process, the command line) counts on the next load.
    const [analysis] = await db
      .select()
      .from(rejectionAnalyses)
      .where(eq(rejectionAnalyses.isDeleted, false))
      .limit(1);
    await db.update(rejectionAnalyses).set({ isDeleted: true }).where(eq(rejectionAnalyses.id, analysis!.id));
    try {
      expect((await get()).totals.lost).toBe(before.totals.lost - 1);
    } finally {
      await db
        .update(rejectionAnalyses)
        .set({ isDeleted: false })
        .where(eq(rejectionAnalyses.id, analysis!.id));
    }
    expect((await get()).totals.lost).toBe(before.totals.lost);
    // A status change is not counted (the answer stands); a row deleted for good is.
    const version = async () =>
      Number(
        (
          (await db.execute(sql`select version from win_loss_version`)) as unknown as {
            rows: { version: string }[];
          }
        ).rows[0]!.version,
      );
    const v = await version();
    await db.update(projects).set({ status: 'Ready For Dispatch' }).where(eq(projects.isDeleted, false));
    expect(await version()).toBe(v);
    await db.delete(rejectionAnalyses).where(eq(rejectionAnalyses.isDeleted, true));
    expect(await version()).toBe(v + 1);
  });

  it('refuses a bad query with a clear 400', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', M.fromInvalid],
      ['?to=yesterday', M.toInvalid],
      ['?from=2026-05-01&to=2026-04-01', M.fromAfterTo],
      ['?from=2010-01-01&to=2026-01-01', M.rangeTooLong],
      ['?createdBy=42', M.createdByInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await admin.request({ method: 'GET', url: `${URL}${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it('needs read on rejection-analysis, and says that it also needs read on quotation', async () => {
    const none = await asUserWithSession(ctx, [{ resource: 'quotation', actions: ['read'] }]);
    expect((await none.request({ method: 'GET', url: URL })).statusCode).toBe(403);
    const half = await asUserWithSession(ctx, [{ resource: 'rejection-analysis', actions: ['read'] }]);
    const res = await half.request({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.needsQuotationRead);
    expect(res.body).toContain(ERROR_CODES.MISSING_DEPENDENCY);
  });
});
