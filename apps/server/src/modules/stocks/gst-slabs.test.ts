import { daysFromToday, type ItemDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { productItems, purchases, sales } from '../../db/schema.ts';
import { QUOTATIONS, quotationKit } from '../quotations/quotations-test-kit.ts';
import { listUrl, multipartBody } from '../users/users-test-kit.ts';
import { invoiceNo, ledgerKit, today } from './ledger-test-kit.ts';

// Issue 27 §1: a line's rate is checked against the slabs of its document's date; an item's rate against
// today's; an item stored with a retired rate waits in the verification queue and is refused by a sale or
// quotation dated today, while what was recorded stays as it was.
const NEW_SLABS = 'GST must be one of (40, 18, 5, 0) for a document dated from 22/09/2025';
const OLD_SLABS = 'GST must be one of (28, 18, 12, 5)';

describe('GST slabs by date', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendorId: string;
  let marginId: string;
  let customerId: string;

  const buy = (items: object[], invoiceDate = today()) =>
    admin.request({
      method: 'POST',
      url: '/api/crm/products/purchases',
      payload: { vendor: vendorId, invoiceNo: invoiceNo('PB'), invoiceDate, items },
    });
  const sell = (items: object[], invoiceDate = today()) =>
    admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: { customer: customerId, invoiceNo: invoiceNo('SB'), invoiceDate, items },
    });
  const item = (fields: Record<string, unknown>) =>
    admin.request({ method: 'POST', url: '/api/crm/products/items', ...multipartBody(fields) });
  const patchItem = (id: string, fields: Record<string, unknown>) =>
    admin.request({ method: 'PATCH', url: `/api/crm/products/items/${id}`, ...multipartBody(fields) });
  /** What an upgrade leaves: an item stored with a rate that was in force when it was made. */
  const retire = (id: string, gst: number) =>
    ctx.database.db.update(productItems).set({ gst }).where(eq(productItems.id, id));

  beforeAll(async () => {
    ctx = await createTestApp({ COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    marginId = (await kit.margin())._id;
    vendorId = (await kit.vendor())._id;
    customerId = (await kit.customer('Odisha'))._id;
  });
  afterAll(() => ctx.close());

  it('a purchase invoice of August 2025 at 12% is recorded as it was; dated today it is refused', async () => {
    const a = await kit.item('Beaker set', marginId);
    const old = await buy([{ item: a.id, quantity: 2, pricePerUnit: 500, gst: 12 }], '2025-08-14');
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().data).toMatchObject({ totalGSTAmount: 120, totalAmount: 1120 });
    // 40% did not exist then.
    const before = await buy([{ item: a.id, quantity: 1, pricePerUnit: 500, gst: 40 }], '2025-09-21');
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(OLD_SLABS);
    const now = await buy([{ item: a.id, quantity: 1, pricePerUnit: 500, gst: 12 }]);
    expect(now.statusCode).toBe(400);
    expect(now.json().message).toBe(NEW_SLABS);
    // The day of the change is the new slabs' first.
    const onTheDay = await buy([{ item: a.id, quantity: 1, pricePerUnit: 500, gst: 40 }], '2025-09-22');
    expect(onTheDay.statusCode, onTheDay.body).toBe(201);
    const id = old.json().data._id as string;
    // A change of the notes keeps the recorded lines; moving the date past the change is checked.
    const notes = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/purchases/${id}`,
      payload: { notes: 'Paid by cheque' },
    });
    expect(notes.statusCode, notes.body).toBe(200);
    const moved = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/purchases/${id}`,
      payload: { invoiceDate: '2025-10-01' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(NEW_SLABS);
    const [row] = await ctx.database.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row).toMatchObject({ invoiceDate: '2025-08-14', totalGstAmount: 120 });
  });

  it('a new item starts at 18%; 0% says Nil rated or Exempt; a retired rate is refused', async () => {
    const plain = await item({ name: 'Textbook set' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ gst: 18, gstZeroKind: null, uqc: 'NOS' });
    for (const gst of ['28', '12']) {
      const res = await item({ name: 'Old rate', gst });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('GST must be one of (40, 18, 5, 0)');
    }
    const id = plain.json().data._id as string;
    const noKind = await patchItem(id, { gst: '0' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().message).toBe('A 0% item must say whether it is Nil rated or Exempt');
    const exempt = await patchItem(id, { gst: '0', gstZeroKind: 'Exempt' });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(exempt.json().data).toMatchObject({ gst: 0, gstZeroKind: 'Exempt' });
    // Only a 0% rate has a kind.
    const back = await patchItem(id, { gst: '5' });
    expect(back.json().data).toMatchObject({ gst: 5, gstZeroKind: null });
  });

  it('an item left at a retired rate waits in the queue, counts on the dashboard, and a sale or quotation today refuses it', async () => {
    const a = await kit.item('Interactive panel', marginId);
    expect((await buy([{ item: a.id, quantity: 5, pricePerUnit: 1000 }])).statusCode).toBe(201);
    await retire(a.id, 28);
    const queue = await admin.request({
      method: 'GET',
      url: listUrl('/api/crm/products/items', [
        ['filters[gst][]', '28'],
        ['filters[gst][]', '12'],
      ]),
    });
    expect(queue.json().data.productItems.map((i: ItemDto) => i._id)).toContain(a.id);
    const dashboard = (await admin.request({ method: 'GET', url: '/api/admin/dashboard' })).json().data;
    expect(dashboard.verifications.retiredGst).toBeGreaterThanOrEqual(1);

    const refused = await sell([
      { item: a.id, quantity: 1, marginTier: 'custom', pricePerUnit: 1500, gst: 18 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `${a.name}: GST 28% is not in force on this date (since 22/09/2025 the slabs are 40, 18, 5, 0). Set a current GST rate on the item first`,
    );
    // A sale dated before the change may still carry it, at its old rate.
    const old = await sell(
      [{ item: a.id, quantity: 1, marginTier: 'custom', pricePerUnit: 1500, gst: 28 }],
      '2025-09-01',
    );
    expect(old.statusCode, old.body).toBe(201);
    const [row] = await ctx.database.db.select().from(sales).where(eq(sales.id, old.json().data._id));
    expect(row).toMatchObject({ totalGstAmount: 420 });

    // Another field of the item may change; its rate only to a current one; then the sale goes through.
    expect((await patchItem(a.id, { preferredBrand: 'BenQ' })).statusCode).toBe(200);
    expect((await patchItem(a.id, { gst: '28' })).json().message).toBe('GST must be one of (40, 18, 5, 0)');
    expect((await patchItem(a.id, { gst: '18' })).statusCode).toBe(200);
    const sold = await sell([{ item: a.id, quantity: 1, marginTier: 'custom', pricePerUnit: 1500, gst: 18 }]);
    expect(sold.statusCode, sold.body).toBe(201);
  });

  it('a quotation today refuses an item at a retired rate, and a line at a rate not in force', async () => {
    const q = quotationKit(ctx, admin);
    await q.createMargin();
    const a = await q.newItem(`Projector ${Date.now()}`);
    const customer = await q.newCustomer(`Sai Vidya Mandir ${Date.now()}`);
    const requirement = await q.newRequirement(customer._id, [a._id]);
    const quote = (gst: number) =>
      admin.request({
        method: 'POST',
        url: QUOTATIONS,
        payload: {
          title: 'Projectors for two rooms',
          customer: customer._id,
          requirement: requirement._id,
          validUntil: daysFromToday(7),
          items: [{ item: a._id, quantity: 2, marginTier: 'custom', unitPrice: 1500, gst }],
        },
      });
    const line = await quote(12);
    expect(line.statusCode).toBe(400);
    expect(line.json().message).toBe(NEW_SLABS);
    await retire(a._id, 28);
    const retired = await quote(18);
    expect(retired.statusCode).toBe(400);
    expect(retired.json().message).toContain(`${a.name}: GST 28% is not in force on this date`);
    await retire(a._id, 18);
    const made = await quote(40);
    expect(made.statusCode, made.body).toBe(201);
  });
});
