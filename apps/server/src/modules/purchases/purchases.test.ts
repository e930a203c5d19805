import type { PurchaseDto } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { gstinOf, invoiceNo, ledgerKit, today } from '../stocks/ledger-test-kit.ts';
import { listUrl } from '../users/users-test-kit.ts';

const BASE = '/api/crm/products/purchases';

describe('purchases', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendorId: string;
  let a: { id: string; name: string; stockId: string };
  let b: { id: string; name: string; stockId: string };

  const buy = (items: object[], over: object = {}, who: Agent = admin) =>
    who.request({
      method: 'POST',
      url: BASE,
      payload: { vendor: vendorId, invoiceNo: invoiceNo('PB'), invoiceDate: today(), items, ...over },
    });
  const sell = (items: object[]) =>
    admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: { customer: customerId, invoiceNo: invoiceNo('SB'), invoiceDate: today(), items },
    });
  let customerId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    const margin = await kit.margin();
    vendorId = (await kit.vendor())._id;
    a = await kit.item('Arduino Uno', margin._id);
    b = await kit.item('Servo motor', margin._id);
    customerId = (await kit.customer('Odisha'))._id;
  });
  afterAll(() => ctx.close());

  it("splits GST by the vendor's GSTIN: Odisha → CGST + SGST, Karnataka → IGST, none → CGST + SGST", async () => {
    const fresh = await kit.item('Soldering station', null);
    const line = [{ item: fresh.id, quantity: 2, pricePerUnit: 100, gst: 18 }];
    const local = (await kit.vendor(gstinOf('21AADCK4512M1Z')))._id;
    const bengaluru = (await kit.vendor(gstinOf('29AAKFB7731Q1Z')))._id;
    const odisha = await buy(line, { vendor: local, invoiceNo: 'GST-OD' });
    expect(odisha.statusCode, odisha.body).toBe(201);
    expect(odisha.json().data).toMatchObject({
      gstSplit: { cgst: 18, sgst: 18, igst: 0 },
      interState: false,
      supplyState: 'Odisha',
    });
    const karnataka = await buy(line, { vendor: bengaluru, invoiceNo: 'GST-KA' });
    expect(karnataka.statusCode, karnataka.body).toBe(201);
    const p = karnataka.json().data as PurchaseDto;
    expect(p).toMatchObject({
      gstSplit: { cgst: 0, sgst: 0, igst: 36 },
      interState: true,
      supplyState: 'Karnataka',
    });
    const none = await buy(line, { invoiceNo: 'GST-NONE' });
    expect(none.json().data).toMatchObject({ gstSplit: { cgst: 18, sgst: 18, igst: 0 }, interState: false });
    // Moving the purchase to the Odisha vendor recomputes its split.
    const moved = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${p._id}`,
      payload: { vendor: local },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ gstSplit: { cgst: 18, sgst: 18, igst: 0 }, interState: false });
    await kit.consistent();
  });

  it('creates a purchase: totals from the lines (client totals ignored), CGST+SGST, the stock in', async () => {
    const res = await buy(
      [
        { item: a.id, quantity: 3, pricePerUnit: 333.33, gst: 18, totalPrice: 1 },
        { item: b.id, quantity: 2, pricePerUnit: '99.99' },
      ],
      { totalAmount: 5, totalGSTAmount: 0, notes: 'First lot' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data as PurchaseDto;
    // 3 × 333.33 = 999.99; 18% = 179.9982 → 180.00. 2 × 99.99 = 199.98 at the default 18% (issue 27: in force in every period) = 35.9964 → 36.00.
    expect(p.items.map((l) => [l.quantity, l.pricePerUnit, l.gst, l.gstAmount, l.totalPrice])).toEqual([
      [3, 333.33, 18, 180, 1179.99],
      [2, 99.99, 18, 36, 235.98],
    ]);
    expect(p).toMatchObject({
      taxableAmount: 1199.97,
      totalGSTAmount: 216,
      totalAmount: 1415.97,
      gstSplit: { cgst: 108, sgst: 108, igst: 0 },
      interState: false,
      vendor: { _id: vendorId },
      notes: 'First lot',
    });
    const s = await kit.stock(a.stockId);
    expect(s).toMatchObject({
      totalPurchased: 3,
      currentStock: 3,
      lastPurchasedStock: 3,
      lastPurchasePrice: 333.33,
      averagePurchasePrice: 333.33,
      lastGst: 18,
      priceToShow: 333.33, // the first purchase gives the price to show
    });
    await kit.consistent();
    // The answer is made from what the write looked up and wrote; it is what reading the purchase answers.
    const read = await admin.request({ method: 'GET', url: `/api/crm/products/purchases/${p._id}` });
    expect(read.json().data).toEqual(p);
  });

  it.each([
    [{ vendor: undefined }, 'Vendor is required'],
    [{ invoiceNo: 'X' }, 'Invoice number must be at least 2 characters'],
    [{ invoiceNo: ' ' }, 'Invoice number is required'],
    [{ invoiceDate: 'soon' }, 'Date is required'],
    [{ items: [] }, 'At least one item is required'],
    [{ items: [{ quantity: 1, pricePerUnit: 1 }] }, 'Item is required'],
    [
      { items: [{ item: '0123456789abcdef01234567', quantity: 0, pricePerUnit: 1 }] },
      'Quantity must be at least 1',
    ],
    [{ items: [{ item: '0123456789abcdef01234567', quantity: 1 }] }, 'Per unit price is required'],
    [
      { items: [{ item: '0123456789abcdef01234567', quantity: 1, pricePerUnit: 1, gst: 7 }] },
      'GST must be one of (40, 18, 5, 0) for a document dated from 22/09/2025',
    ],
    [{ items: [{ item: '0123456789abcdef01234567', quantity: 1, pricePerUnit: 1 }] }, 'Item not found'],
    [{ vendor: '0123456789abcdef01234567' }, 'Vendor not found'],
  ])('refuses %j with its message and writes nothing', async (over, message) => {
    const before = (await admin.request({ method: 'GET', url: BASE })).json().data.productPurchasesCount;
    const res = await buy([{ item: a.id, quantity: 1, pricePerUnit: 10 }], over);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().message).toBe(message);
    expect((await admin.request({ method: 'GET', url: BASE })).json().data.productPurchasesCount).toBe(
      before,
    );
  });

  it('refuses the same item twice', async () => {
    const res = await buy([
      { item: a.id, quantity: 1, pricePerUnit: 1 },
      { item: a.id, quantity: 2, pricePerUnit: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This item is already listed below');
  });

  it('moves stock on update (quantity changed, item replaced), soft delete, restore and permanent delete', async () => {
    const p = (await buy([{ item: a.id, quantity: 10, pricePerUnit: 100 }])).json().data as PurchaseDto;
    const startA = (await kit.stock(a.stockId)).currentStock;
    const startB = (await kit.stock(b.stockId)).currentStock;
    let res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${p._id}`,
      payload: { items: [{ item: a.id, quantity: 4, pricePerUnit: 120 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await kit.stock(a.stockId)).currentStock).toBe(startA - 6);
    res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${p._id}`,
      payload: { items: [{ item: b.id, quantity: 5, pricePerUnit: 50, gst: 5 }], invoiceNo: 'PB-2002' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ invoiceNo: 'PB-2002', totalAmount: 262.5 });
    expect((await kit.stock(a.stockId)).currentStock).toBe(startA - 10);
    expect((await kit.stock(b.stockId)).currentStock).toBe(startB + 5);
    await kit.consistent();

    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${p._id}` })).statusCode).toBe(200);
    expect((await kit.stock(b.stockId)).currentStock).toBe(startB);
    const deleted = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [['filters[isDeleted]', 'true']]),
    });
    expect(deleted.json().data.productPurchases.map((x: PurchaseDto) => x._id)).toContain(p._id);
    expect((await admin.request({ method: 'PATCH', url: `${BASE}/${p._id}/restore` })).statusCode).toBe(200);
    expect((await kit.stock(b.stockId)).currentStock).toBe(startB + 5);
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${p._id}/permanent` })).statusCode).toBe(
      400,
    );
    await admin.request({ method: 'DELETE', url: `${BASE}/${p._id}` });
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${p._id}/permanent` })).statusCode).toBe(
      200,
    );
    expect((await admin.request({ method: 'GET', url: `${BASE}/${p._id}` })).json().message).toBe(
      'Purchase not found',
    );
    expect((await kit.stock(b.stockId)).currentStock).toBe(startB);
    const history = await admin.request({ method: 'GET', url: `${BASE}/${p._id}/history` });
    expect(history.json().data.history.map((h: { action: string }) => h.action)).toEqual([
      'delete-permanently',
      'delete',
      'restore',
      'delete',
      'update',
      'update',
      'create',
    ]);
    await kit.consistent();
  });

  it('refuses to delete or reduce a purchase whose stock was sold, naming the item; nothing is written', async () => {
    const item = await kit.item('Ultrasonic sensor', (await kit.margin())._id);
    const p = (await buy([{ item: item.id, quantity: 10, pricePerUnit: 100 }])).json().data as PurchaseDto;
    expect((await sell([{ item: item.id, quantity: 6, marginTier: 't1' }])).statusCode).toBe(201);
    const del = await admin.request({ method: 'DELETE', url: `${BASE}/${p._id}` });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(`Not enough stock of ${item.name}: 4 available, 10 needed`);
    const cut = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${p._id}`,
      payload: { items: [{ item: item.id, quantity: 5, pricePerUnit: 100 }] },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(`Not enough stock of ${item.name}: 4 available, 5 needed`);
    expect((await admin.request({ method: 'GET', url: `${BASE}/${p._id}` })).json().data).toMatchObject({
      isDeleted: false,
      items: [{ quantity: 10 }],
    });
    expect((await kit.stock(item.stockId)).currentStock).toBe(4);
    await kit.consistent();
  });

  it('filters and sorts the list', async () => {
    await buy([{ item: a.id, quantity: 1, pricePerUnit: 5000 }], {
      invoiceNo: 'ZZ-FILTER',
      invoiceDate: '2025-01-15',
    });
    const res = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[invoiceNo]', 'zz-fil'],
        ['filters[totalAmount][min]', '5000'],
        ['filters[invoiceDate][start]', '2025-01-01'],
        ['filters[invoiceDate][end]', '2025-01-31'],
        ['filters[vendor]', vendorId],
        ['sortBy', 'invoiceDate'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.productPurchases.map((p: PurchaseDto) => p.invoiceNo)).toEqual(['ZZ-FILTER']);
    const bad = await admin.request({ method: 'GET', url: listUrl(BASE, [['sortBy', 'vendor']]) });
    expect(bad.statusCode).toBe(400);
  });

  it('checks every permission', async () => {
    const reader = await asUserWithSession(ctx, [{ resource: 'product-purchase', actions: ['read'] }]);
    expect((await reader.request({ method: 'GET', url: BASE })).statusCode).toBe(200);
    expect((await buy([{ item: a.id, quantity: 1, pricePerUnit: 1 }], {}, reader)).statusCode).toBe(403);
    const none = await asUserWithSession(ctx, []);
    expect((await none.request({ method: 'GET', url: BASE })).statusCode).toBe(403);
  });
});
