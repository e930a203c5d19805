import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { customers, followUps, productItems, quotations, requirements } from '../../db/schema.ts';
import { type KeptKind as AnyKind, type KeptScope, keptCounts } from './kept-figures.ts';

// The figures alone: the same statement, with no follow-up work due asked for.
const keptFigures = async (
  db: Db,
  scopes: Parameters<typeof keptCounts>[1],
  made: { start: string; end: string },
) => (await keptCounts(db, scopes, made, { scope: null, now: new Date(), throughDay: made.end })).figures;

type KeptKind = Exclude<AnyKind, 'item'>;

// Issue 29 (decision 0026): the CRM dashboard's counts that the writes keep (migration 0044) are the counts
// of the live records in each scope, after any sequence of writes: records made, moved to another customer,
// their counted columns changed, deleted and restored; customers' creators and assignees changed; customers
// deleted for good (their records go by the cascade).

const USERS = ['u1', 'u2', 'u3'] as const;
const CUSTOMERS = ['c0', 'c1', 'c2', 'c3'] as const;
const KINDS = ['follow-up', 'requirement', 'quotation'] as const;
const STATUSES = ['Draft', 'Open', 'Approved', 'Rejected'] as const;
const REVIEWS = [null, 'Pending', 'Approved'] as const;
const MADE = ['2026-03-08T20:00:00Z', '2026-03-09T10:00:00Z', '2026-03-15T19:00:00Z', '2026-02-01T10:00:00Z'];
const WEEK = { start: '2026-03-09', end: '2026-03-15' };

const user = fc.constantFrom(...USERS);
const someUsers = fc.uniqueArray(user, { maxLength: 2 });
const customer = fc.constantFrom(...CUSTOMERS);
const pick = fc.nat();
const op = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    of: fc.constantFrom(...KINDS),
    customer,
    by: user,
    status: fc.constantFrom(...STATUSES),
    review: fc.constantFrom(...REVIEWS),
    price: fc.integer({ min: 0, max: 99_999 }).map((p) => p / 100),
    made: fc.constantFrom(...MADE),
    visitors: someUsers,
  }),
  fc.record({ kind: fc.constant('move' as const), of: fc.constantFrom(...KINDS), at: pick, customer }),
  fc.record({
    kind: fc.constant('change' as const),
    of: fc.constantFrom(...KINDS),
    at: pick,
    status: fc.constantFrom(...STATUSES),
    review: fc.constantFrom(...REVIEWS),
    price: fc.integer({ min: 0, max: 99_999 }).map((p) => p / 100),
    by: user,
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    of: fc.constantFrom(...KINDS, 'customer' as const),
    at: pick,
    deleted: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('assign' as const),
    customer,
    assigned: someUsers,
    reAssigned: someUsers,
    by: user,
  }),
  fc.record({ kind: fc.constant('drop' as const), customer }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const tables = {
  customer: customers,
  'follow-up': followUps,
  requirement: requirements,
  quotation: quotations,
};
let serial = 0;
const newCustomer = (db: Db, name: string, made = MADE[1] as string) =>
  db
    .insert(customers)
    .values({ id: `k-${++serial}`, type: 'Organization', name, createdBy: 'u1', createdAt: new Date(made) });

const apply = async (db: Db, o: Op) => {
  const cid = async (name: string) =>
    (await db.select({ id: customers.id }).from(customers).where(eq(customers.name, name)))[0]?.id;
  const idAt = async (of: KeptKind, at: number) => {
    const table = tables[of];
    const ids = (await db.select({ id: table.id }).from(table).orderBy(table.id)).map((r) => r.id);
    return ids.length ? ids[at % ids.length] : undefined;
  };
  if (o.kind === 'add') {
    const customerId = await cid(o.customer);
    if (!customerId) return;
    const base = { id: `r-${++serial}`, customerId, createdBy: o.by, createdAt: new Date(o.made) };
    if (o.of === 'follow-up')
      await db.insert(followUps).values({
        ...base,
        type: 'Call',
        reason: 'Other',
        date: '2026-03-10',
        time: '10:00',
        status: 'Pending',
        followUpBy: o.visitors[0] ?? null,
        visitors: o.visitors,
      });
    else if (o.of === 'requirement')
      await db
        .insert(requirements)
        .values({ ...base, title: 'Lab kit', type: 'New', priority: 'High', status: o.status });
    else
      await db.insert(quotations).values({
        ...base,
        activeVersionId: `v-${serial}`,
        title: 'Science lab',
        status: o.status,
        reviewStatus: o.review,
        totalPrice: o.price,
        validUntil: '2026-04-01',
      });
  } else if (o.kind === 'move') {
    const [id, customerId] = [await idAt(o.of, o.at), await cid(o.customer)];
    const table = tables[o.of];
    if (id && customerId) await db.update(table).set({ customerId }).where(eq(table.id, id));
  } else if (o.kind === 'change') {
    const id = await idAt(o.of, o.at);
    if (!id) return;
    if (o.of === 'follow-up')
      await db.update(followUps).set({ followUpBy: o.by }).where(eq(followUps.id, id));
    else if (o.of === 'requirement')
      await db.update(requirements).set({ status: o.status, createdBy: o.by }).where(eq(requirements.id, id));
    else
      await db
        .update(quotations)
        .set({ status: o.status, reviewStatus: o.review, totalPrice: o.price })
        .where(eq(quotations.id, id));
  } else if (o.kind === 'delete') {
    const id = await idAt(o.of, o.at);
    const table = tables[o.of];
    if (id) await db.update(table).set({ isDeleted: o.deleted }).where(eq(table.id, id));
  } else if (o.kind === 'assign') {
    await db
      .update(customers)
      .set({ assignedTo: o.assigned, reAssignedTo: o.reAssigned, createdBy: o.by })
      .where(eq(customers.name, o.customer));
  } else {
    await db.delete(customers).where(eq(customers.name, o.customer));
    await newCustomer(db, o.customer, MADE[0]);
  }
};

/** The dashboard's scope rule for one user, over a table with created_by and customer_id (or a customer). */
const inScope = (of: KeptKind, u: string): SQL => {
  const mine = sql`(c.created_by = ${u} or c.assigned_to @> array[${u}]::text[] or c.re_assigned_to @> array[${u}]::text[])`;
  if (of === 'customer') return mine;
  const own =
    of === 'follow-up'
      ? sql`(r.created_by = ${u} or r.follow_up_by = ${u} or r.visitors @> array[${u}]::text[])`
      : sql`r.created_by = ${u}`;
  return sql`(${own} or ${mine})`;
};

const counted = async (db: Db, of: KeptKind, scope: '*' | string) => {
  const table = {
    customer: 'customers',
    'follow-up': 'follow_ups',
    requirement: 'requirements',
    quotation: 'quotations',
  }[of];
  const bucket =
    of === 'requirement'
      ? sql`r.status`
      : of === 'quotation'
        ? sql`r.status || '/' || coalesce(r.review_status, '')`
        : sql`''`;
  const amount = of === 'quotation' ? sql`r.total_price` : sql`0`;
  const join = of === 'customer' ? sql`customers c on c.id = r.id` : sql`customers c on c.id = r.customer_id`;
  const where = scope === '*' ? sql`true` : inScope(of, scope);
  const rows = (await db.execute(sql`
    select ${bucket} as bucket, count(*)::int as total, sum(${amount})::text as amount,
      (count(*) filter (where (r.created_at at time zone 'Asia/Kolkata')::date between ${WEEK.start}::date and ${WEEK.end}::date))::int as made
    from ${sql.raw(table)} r join ${join} where r.is_deleted = false and ${where} group by 1 order by 1`)) as unknown as {
    rows: { bucket: string; total: number; amount: string; made: number }[];
  };
  return rows.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
};

const expectSame = async (db: Db) => {
  for (const scope of ['*', ...USERS] as const) {
    const keptScope: KeptScope = scope === '*' ? '*' : { user: scope };
    const kept = await keptFigures(
      db,
      {
        customer: keptScope,
        'follow-up': keptScope,
        requirement: keptScope,
        quotation: keptScope,
        item: null,
      },
      WEEK,
    );
    for (const of of ['customer', ...KINDS] as const) {
      const have = kept[of].filter((f) => f.total || f.made).sort((a, b) => a.bucket.localeCompare(b.bucket));
      expect(have, `${of} in scope ${scope}`).toEqual(await counted(db, of, scope));
    }
  }
};

describe('the CRM dashboard counts kept by the writes (decision 0026)', () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());

  it('equal the live records in each scope after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 30 }), async (ops) => {
        await db.delete(customers);
        for (const name of CUSTOMERS) await newCustomer(db, name);
        for (const o of ops) await apply(db, o);
        await expectSame(db);
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  it('counts live product items by state, as items are made, verified and deleted', async () => {
    const everyone = async () =>
      Object.fromEntries(
        (
          await keptFigures(
            db,
            { customer: null, 'follow-up': null, requirement: null, quotation: null, item: '*' },
            WEEK,
          )
        ).item
          .filter((f) => f.total)
          .map((f) => [f.bucket, f.total]),
      );
    const counted = async () =>
      Object.fromEntries(
        (
          (await db.execute(
            sql`select state, count(*)::int as n from product_items where is_deleted = false group by state`,
          )) as unknown as { rows: { state: string; n: number }[] }
        ).rows.map((r) => [r.state, r.n]),
      );
    const before = await everyone();
    expect(before).toEqual(await counted());
    await db.insert(productItems).values([
      { id: 'item-a', name: 'Microscope' },
      { id: 'item-b', name: 'Beaker set' },
      { id: 'item-c', name: 'Burette' },
    ]);
    await db.update(productItems).set({ state: 'Verified' }).where(eq(productItems.id, 'item-a'));
    await db.update(productItems).set({ isDeleted: true }).where(eq(productItems.id, 'item-b'));
    await db.update(productItems).set({ name: 'Burette, 50 ml' }).where(eq(productItems.id, 'item-c'));
    await db.delete(productItems).where(eq(productItems.id, 'item-c'));
    const after = await everyone();
    expect(after).toEqual(await counted());
    expect((after.Verified ?? 0) - (before.Verified ?? 0)).toBe(1);
    expect((after.Unverified ?? 0) - (before.Unverified ?? 0)).toBe(0);
  });

  it('reads nothing for a scope without read', async () => {
    const none = await keptFigures(
      db,
      { customer: null, 'follow-up': null, requirement: null, quotation: null, item: null },
      WEEK,
    );
    expect(none).toEqual({ customer: [], 'follow-up': [], requirement: [], quotation: [], item: [] });
  });
});
