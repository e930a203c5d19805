import { DASHBOARD_LIST_SIZE, dashboardClock, dayPlus } from '@karya/domain';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { customers, followUpSilent, followUps } from '../../db/schema.ts';
import { crmDashboardLists } from '../dashboard/crm-dashboard-lists.ts';
import { keptCounts } from '../dashboard/kept-figures.ts';
import { countFollowUpDue, followUpNoResponseSql } from './follow-up-due-sql.ts';
import { type FollowUpWorkScope, keptFollowUpDue } from './follow-up-work.ts';

const NO_FIGURES = {
  customer: null,
  'follow-up': null,
  requirement: null,
  quotation: null,
  item: null,
} as const;

// Issue 29 (decision 0026): the counts the writes keep (migration 0043's triggers) are the counts the rules
// give (follow-up-due-sql.ts), after any sequence of writes of every kind the app and its tools make: new
// follow-ups one by one and in bulk, status, date, plan, visitors and caller changed, a follow-up moved to
// another customer, deleted and restored, answered, a customer's assignees changed, a customer deleted for
// good; and the follow-ups without a response the writes keep (migration 0047) are those the rule gives.

/** 12:00 in India on 2026-03-11. */
const NOW = new Date('2026-03-11T06:30:00.000Z');
const TODAY = '2026-03-11';
const THROUGH = dayPlus(TODAY, 9);
const USERS = ['u1', 'u2', 'u3', 'u4'] as const;
const CUSTOMERS = ['c0', 'c1', 'c2', 'c3', 'c4'] as const;
const STATUSES = ['Scheduled', 'Pending', 'Postponed', 'Completed', 'Cancelled'] as const;
const TIMES = ['09:00', '12:00', '15:00'] as const;

const user = fc.constantFrom(...USERS);
const someUsers = fc.uniqueArray(user, { maxLength: 2 });
const dayAt = fc.integer({ min: -3, max: 11 }).map((n) => dayPlus(TODAY, n));
const plan = fc.option(
  fc.record({
    nextRequired: fc.boolean(),
    type: fc.constant('Call'),
    date: fc.option(dayAt, { nil: null }),
    time: fc.option(fc.constantFrom(...TIMES), { nil: null }),
    visitors: fc.constant([] as string[]),
    followUpBy: fc.constant(null),
  }),
  { nil: null },
);
/** A response or remarks: none, blank (still no response), or written. */
const words = fc.constantFrom(null, '', '  ', 'Spoke to the principal');
const followUp = fc.record({
  customer: fc.constantFrom(...CUSTOMERS),
  status: fc.constantFrom(...STATUSES),
  date: dayAt,
  time: fc.constantFrom(...TIMES),
  next: plan,
  createdBy: user,
  followUpBy: fc.option(user, { nil: null }),
  visitors: someUsers,
  response: words,
  remarks: words,
});
const pick = fc.nat();
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), rows: fc.array(followUp, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('status' as const), at: pick, status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('when' as const), at: pick, date: dayAt, time: fc.constantFrom(...TIMES) }),
  fc.record({ kind: fc.constant('plan' as const), at: pick, next: plan }),
  fc.record({ kind: fc.constant('people' as const), at: pick, visitors: someUsers, by: user }),
  fc.record({ kind: fc.constant('answer' as const), at: pick, response: words, remarks: words }),
  fc.record({ kind: fc.constant('move' as const), at: pick, customer: fc.constantFrom(...CUSTOMERS) }),
  fc.record({ kind: fc.constant('delete' as const), at: pick, deleted: fc.boolean() }),
  fc.record({
    kind: fc.constant('allOf' as const),
    customer: fc.constantFrom(...CUSTOMERS),
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({
    kind: fc.constant('assign' as const),
    customer: fc.constantFrom(...CUSTOMERS),
    assigned: someUsers,
    reAssigned: someUsers,
    createdBy: user,
  }),
  fc.record({ kind: fc.constant('drop' as const), customer: fc.constantFrom(...CUSTOMERS) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** The dashboard's scope of one user (dashboard.service.ts followUpCountScope, without permissions). */
const scopeOf = (u: string): SQL =>
  or(
    eq(followUps.createdBy, u),
    eq(followUps.followUpBy, u),
    sql`${followUps.visitors} @> array[${u}]::text[]`,
    sql`${followUps.customerId} = any(array(select ${customers.id} from ${customers} where ${customers.assignedTo} @> array[${u}]::text[]
      or ${customers.reAssignedTo} @> array[${u}]::text[] or ${customers.createdBy} = ${u}))`,
  ) as SQL;

let serial = 0;
const insertCustomer = (db: Db, key: string) =>
  db.insert(customers).values({ id: `${key}-${++serial}`, type: 'Organization', name: key, createdBy: 'u1' });

const apply = async (db: Db, o: Op) => {
  const ids = (await db.select({ id: followUps.id }).from(followUps).orderBy(followUps.id)).map((r) => r.id);
  const target = 'at' in o && ids.length ? ids[o.at % ids.length] : undefined;
  const customerId = async (key: string) =>
    (await db.select({ id: customers.id }).from(customers).where(eq(customers.name, key)))[0]?.id;
  switch (o.kind) {
    case 'add': {
      const rows = [];
      for (const r of o.rows) {
        const cid = await customerId(r.customer);
        if (cid)
          rows.push({
            id: `f-${++serial}`,
            customerId: cid,
            type: 'Call',
            reason: 'Other',
            date: r.date,
            time: r.time,
            status: r.status,
            nextFollowUp: r.next && { ...r.next },
            createdBy: r.createdBy,
            followUpBy: r.followUpBy,
            visitors: r.visitors,
            response: r.response,
            remarks: r.remarks,
          });
      }
      if (rows.length) await db.insert(followUps).values(rows);
      return;
    }
    case 'status':
      if (target) await db.update(followUps).set({ status: o.status }).where(eq(followUps.id, target));
      return;
    case 'when':
      if (target)
        await db.update(followUps).set({ date: o.date, time: o.time }).where(eq(followUps.id, target));
      return;
    case 'plan':
      if (target)
        await db
          .update(followUps)
          .set({ nextFollowUp: o.next && { ...o.next } })
          .where(eq(followUps.id, target));
      return;
    case 'people':
      if (target)
        await db
          .update(followUps)
          .set({ visitors: o.visitors, followUpBy: o.by })
          .where(eq(followUps.id, target));
      return;
    case 'answer':
      if (target)
        await db
          .update(followUps)
          .set({ response: o.response, remarks: o.remarks })
          .where(eq(followUps.id, target));
      return;
    case 'move': {
      const cid = await customerId(o.customer);
      if (target && cid) await db.update(followUps).set({ customerId: cid }).where(eq(followUps.id, target));
      return;
    }
    case 'delete':
      if (target) await db.update(followUps).set({ isDeleted: o.deleted }).where(eq(followUps.id, target));
      return;
    case 'allOf': {
      const cid = await customerId(o.customer);
      if (cid) await db.update(followUps).set({ status: o.status }).where(eq(followUps.customerId, cid));
      return;
    }
    case 'assign':
      await db
        .update(customers)
        .set({ assignedTo: o.assigned, reAssignedTo: o.reAssigned, createdBy: o.createdBy })
        .where(eq(customers.name, o.customer));
      return;
    case 'drop':
      // Deleted for good (its follow-ups go by the cascade), and a new customer of the same name in its place.
      await db.delete(customers).where(eq(customers.name, o.customer));
      await insertCustomer(db, o.customer);
      return;
  }
};

const expectSameCounts = async (db: Db) => {
  for (const scope of ['*', ...USERS.map((u) => ({ user: u }))] as FollowUpWorkScope[]) {
    const where = scope === '*' || scope === null ? undefined : scopeOf(scope.user);
    const [kept, withFigures, counted] = await Promise.all([
      keptFollowUpDue(db, scope, NOW, THROUGH),
      // The CRM dashboard reads the same rows in its one statement of counts (kept-figures.ts).
      keptCounts(db, NO_FIGURES, { start: TODAY, end: TODAY }, { scope, now: NOW, throughDay: THROUGH }),
      countFollowUpDue(db, where, NOW, THROUGH),
    ]);
    const days = Array.from({ length: 10 }, (_, i) => dayPlus(TODAY, i));
    const want = { overdue: counted.overdue, ahead: days.map(counted.aheadOn) };
    expect(
      { overdue: kept.overdue, ahead: days.map(kept.aheadOn) },
      `scope ${JSON.stringify(scope)}`,
    ).toEqual(want);
    expect(
      { overdue: withFigures.due.overdue, ahead: days.map(withFigures.due.aheadOn) },
      `the dashboard's statement, scope ${JSON.stringify(scope)}`,
    ).toEqual(want);
  }
  // And every kept row is what the rules give now: no count left behind, on any day or time.
  const [stale] = (
    (await db.execute(sql`
      with fresh as (select * from follow_up_work_of(array(select id from customers))),
      want as (select p as scope, due_day as day, due_time as time, count(*)::int as n
        from fresh, unnest('{*}'::text[] || people) p group by 1, 2, 3),
      have as (select scope, day, time, n from follow_up_due_times where n <> 0)
      select ((select count(*) from (select * from want except select * from have) a)
        + (select count(*) from (select * from have except select * from want) b)
        + (select count(*) from (select follow_up_id, customer_id, due_day, due_time, people from follow_up_work
             except select * from fresh) c)
        + (select count(*) from (select d.scope, d.day, d.n from follow_up_due_days d where d.n <> 0
             except select scope, day, sum(n)::int from want group by 1, 2) e))::int as n`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  expect(stale?.n).toBe(0);
  await expectSameSilent(db);
};

/**
 * The dashboard's follow-ups without a response (migration 0047's kept rows) are those the rule gives
 * (followUpNoResponseSql), in every scope: the whole set up to now, and the list's latest five in order.
 */
const expectSameSilent = async (db: Db) => {
  const { day, time } = dashboardClock(NOW);
  const week = { start: TODAY, end: TODAY };
  for (const scope of ['*', ...USERS.map((u) => ({ user: u }))] as const) {
    const mine = scope === '*' ? undefined : scope.user;
    const [kept, ruled, lists] = await Promise.all([
      db
        .select({ id: followUpSilent.followUpId })
        .from(followUpSilent)
        .where(
          and(
            sql`(${followUpSilent.date}, ${followUpSilent.time}) <= (${day}::date, ${time}::text)`,
            mine ? sql`${followUpSilent.people} @> array[${mine}]::text[]` : undefined,
          ),
        ),
      db
        .select({ id: followUps.id })
        .from(followUps)
        .where(
          and(eq(followUps.isDeleted, false), followUpNoResponseSql(NOW), mine ? scopeOf(mine) : undefined),
        )
        .orderBy(desc(followUps.date), desc(followUps.time), desc(followUps.id)),
      crmDashboardLists(db, { customer: null, followUp: scope }, NOW, week),
    ]);
    const ids = ruled.map((r) => r.id);
    expect(kept.map((r) => r.id).sort(), `no response, scope ${JSON.stringify(scope)}`).toEqual(
      [...ids].sort(),
    );
    expect(lists.noResponseFollowUps.map((f) => f._id)).toEqual(ids.slice(0, DASHBOARD_LIST_SIZE));
  }
};

describe('follow-up work kept by the writes (decision 0026)', () => {
  let ctx: TestContext;
  let db: Db;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());

  it('equals the rules after any sequence of writes', async () => {
    await fc.assert(
      // Each run starts from a few follow-ups, so that the writes after them have work to change.
      fc.asyncProperty(
        fc.array(followUp, { minLength: 4, maxLength: 10 }),
        fc.array(op, { minLength: 3, maxLength: 25 }),
        async (first, ops) => {
          await db.delete(followUps);
          await db.delete(customers);
          for (const key of CUSTOMERS) await insertCustomer(db, key);
          await apply(db, { kind: 'add', rows: first });
          for (const o of ops) await apply(db, o);
          await expectSameCounts(db);
        },
      ),
      { numRuns: 50 },
    );
  }, 180_000);

  it('holds when writers of the same customers commit at the same moment (PostgreSQL: one connection each)', async () => {
    for (let round = 0; round < 4; round++) {
      await db.delete(followUps);
      await db.delete(customers);
      for (const key of CUSTOMERS) await insertCustomer(db, key);
      const ids = (await db.select({ id: customers.id }).from(customers)).map((r) => r.id);
      // Each customer's plan for tomorrow, which any later follow-up of the customer takes up.
      await db.insert(followUps).values(
        ids.map((customerId) => ({
          id: `f-${++serial}`,
          customerId,
          type: 'Call',
          reason: 'Other',
          date: TODAY,
          time: '09:00',
          status: 'Completed',
          nextFollowUp: {
            nextRequired: true,
            type: 'Call',
            date: dayPlus(TODAY, 1),
            time: '10:00',
            visitors: [],
            followUpBy: null,
          },
          createdBy: 'u1',
        })),
      );
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          db.transaction(async (tx) => {
            const customerId = ids[i % 2] as string;
            await tx.insert(followUps).values({
              id: `f-${++serial}`,
              customerId,
              type: 'Call',
              reason: 'Other',
              date: dayPlus(TODAY, (i % 3) + 1),
              time: TIMES[i % 3] as string,
              status: 'Scheduled',
              createdBy: USERS[i % 4] as string,
            });
            await tx
              .update(customers)
              .set({ assignedTo: [USERS[(i + 1) % 4] as string] })
              .where(eq(customers.id, ids[2 + (i % 3)] as string));
            // Answered or un-answered while another writer changes the customer's assignees.
            await tx
              .update(followUps)
              .set({ response: i % 2 ? 'Spoke to the principal' : null })
              .where(eq(followUps.customerId, ids[2 + ((i + 1) % 3)] as string));
          }),
        ),
      );
      await expectSameCounts(db);
    }
  });

  it('answers nothing without read, and a new day moves work from ahead to overdue without a write', async () => {
    await db.delete(followUps);
    const cid = `c-${++serial}`;
    await db.insert(customers).values({ id: cid, type: 'Organization', name: 'day', createdBy: 'u1' });
    await db.insert(followUps).values({
      id: `f-${++serial}`,
      customerId: cid,
      type: 'Call',
      reason: 'Other',
      date: dayPlus(TODAY, 1),
      time: '10:00',
      status: 'Scheduled',
      createdBy: 'u2',
    });
    const none = await keptFollowUpDue(db, null, NOW, THROUGH);
    expect([none.overdue, none.aheadOn(dayPlus(TODAY, 1))]).toEqual([0, 0]);
    const today = await keptFollowUpDue(db, { user: 'u2' }, NOW, THROUGH);
    expect([today.overdue, today.aheadOn(dayPlus(TODAY, 1))]).toEqual([0, 1]);
    // The next day at 09:00 (India) it is due later today; at 10:00 it is overdue.
    const at = (iso: string) => keptFollowUpDue(db, { user: 'u2' }, new Date(iso), THROUGH);
    const morning = await at('2026-03-12T03:30:00.000Z');
    expect([morning.overdue, morning.aheadOn(dayPlus(TODAY, 1))]).toEqual([0, 1]);
    const ten = await at('2026-03-12T04:30:00.000Z');
    expect([ten.overdue, ten.aheadOn(dayPlus(TODAY, 1))]).toEqual([1, 0]);
    // Someone else's: not in u3's scope; everyone's: counted.
    expect((await keptFollowUpDue(db, { user: 'u3' }, NOW, THROUGH)).aheadOn(dayPlus(TODAY, 1))).toBe(0);
    expect((await keptFollowUpDue(db, '*', NOW, THROUGH)).aheadOn(dayPlus(TODAY, 1))).toBe(1);
  });
});
