import { daysFromToday, type RequirementDto, requirementObjectSchema } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { requirements } from '../../db/schema.ts';
import { loadDemoData } from '../../demo/index.ts';

describe('demo requirements', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now: new Date() });
  });
  afterAll(() => ctx.close());

  it('believable requirements of demo schools from the demo catalogue, valid by the form rules', async () => {
    const rows = await ctx.database.db.select().from(requirements);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) {
      const parsed = requirementObjectSchema.safeParse({
        title: r.title,
        customer: r.customerId,
        type: r.type,
        priority: r.priority,
        items: r.items.map((l) => ({ item: l.itemId, quantity: l.quantity, note: l.note })),
        budget: r.budget,
        purchaseDate: r.purchaseDate,
        notes: r.notes,
      });
      expect(parsed.error?.issues, r.title).toBeUndefined();
      expect(r.purchaseDate! >= daysFromToday(0), r.title).toBe(true);
    }
    const admin = await adminSession(ctx);
    const list = await admin.request({ method: 'GET', url: '/api/crm/requirements?limit=50' });
    const shown = list.json().data.requirements as RequirementDto[];
    expect(shown.length).toBe(rows.length);
    expect(shown.every((r) => r.customer && r.items.every((l) => l.item !== null))).toBe(true);
    // The suggested drone kit: a requirement that cannot be converted yet.
    expect(shown.some((r) => r.items.some((l) => l.item?.state === 'Suggested'))).toBe(true);
    const created = await admin.request({
      method: 'POST',
      url: '/api/crm/requirements',
      payload: {
        title: 'Next requirement after the demo',
        customer: shown[0]!.customer!._id,
        type: 'Product',
        priority: 'Low',
        items: [{ item: shown[0]!.items[0]!.item!._id, quantity: 1 }],
        budget: 1000,
        purchaseDate: daysFromToday(3),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.requirementId).toBe(Math.max(...rows.map((r) => r.requirementId)) + 1);
  });
});
