import type { SaleDto } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { gstinOf, invoiceNo, ledgerKit, today } from '../stocks/ledger-test-kit.ts';
import { listUrl } from '../users/users-test-kit.ts';

const BASE = '/api/crm/products/sales';

describe('sales', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendorId: string;
  let marginId: string;
  let odisha: string;
  let karnataka: string;

  const buy = async (itemId: string, quantity: number, pricePerUnit: number) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/products/purchases',
      payload: {
        vendor: vendorId,
        invoiceNo: invoiceNo('PB'),
        invoiceDate: today(),
        items: [{ item: itemId, quantity, pricePerUnit }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  };
  const sell = (items: object[], over: object = {}, who: Agent = admin) =>
    who.request({
      method: 'POST',
      url: BASE,
      payload: { customer: odisha, invoiceNo: invoiceNo('SB'), invoiceDate: today(), items, ...over },
    });
  const stocked = async (quantity = 10, price = 1000, margin: string | null = marginId) => {
    const item = await kit.item('Robot arm kit', margin);
    if (quantity) await buy(item.id, quantity, price);
    return item;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    marginId = (await kit.margin())._id;
    vendorId = (await kit.vendor())._id;
    odisha = (await kit.customer('Odisha'))._id;
    karnataka = (await kit.customer('Karnataka'))._id;
  });
  afterAll(() => ctx.close());

  it('prices tier lines from the price to show plus the margin; custom takes the price sent; client totals ignored', async () => {
    const item = await stocked(10, 1000);
    const other = await stocked(10, 200);
    const res = await sell(
      [
        { item: item.id, quantity: 3, marginTier: 't2', pricePerUnit: 1, gst: 18, totalPrice: 2 },
        { item: other.id, quantity: 1, marginTier: 'custom', pricePerUnit: 333.33, gst: 5 },
      ],
      { totalAmount: 1, totalGSTAmount: 1 },
    );
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data as SaleDto;
    // t2 = 12.5%: 1000 → 1125.00; 3 × 1125 = 3375, 18% = 607.50. Custom: 333.33, 5% = 16.6665 → 16.67.
    expect(s.items.map((l) => [l.marginTier, l.pricePerUnit, l.gstAmount, l.totalPrice])).toEqual([
      ['t2', 1125, 607.5, 3982.5],
      ['custom', 333.33, 16.67, 350],
    ]);
    expect(s).toMatchObject({
      taxableAmount: 3708.33,
      totalGSTAmount: 624.17,
      totalAmount: 4332.5,
      gstSplit: { cgst: 312.08, sgst: 312.09, igst: 0 },
      interState: false,
      supplyState: 'Odisha',
      customer: { _id: odisha },
    });
    expect(await kit.stock(item.stockId)).toMatchObject({ currentStock: 7, totalSold: 3, lastSoldStock: 3 });
    await kit.consistent();
    // The answer is made from what the write looked up and wrote; it is what reading the sale answers.
    const read = await admin.request({ method: 'GET', url: `/api/crm/products/sales/${s._id}` });
    expect(read.json().data).toEqual(s);
  });

  it('taxes a customer in another state as IGST', async () => {
    const item = await stocked(5, 100);
    const res = await sell(
      [{ item: item.id, quantity: 2, marginTier: 'custom', pricePerUnit: 100, gst: 18 }],
      {
        customer: karnataka,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      totalGSTAmount: 36,
      gstSplit: { cgst: 0, sgst: 0, igst: 36 },
      interState: true,
      supplyState: 'Karnataka',
    });
  });

  it("places the supply by the customer's GSTIN before its address: Odisha address, Andhra GSTIN → IGST", async () => {
    const item = await stocked(5, 100);
    const andhra = gstinOf('37AAAGK0412B1Z');
    const customer = (await kit.customer('Odisha', admin, andhra))._id;
    const line = [{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 100, gst: 18 }];
    const res = await sell(line, { customer });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data as SaleDto;
    expect(sale).toMatchObject({
      gstSplit: { cgst: 0, sgst: 0, igst: 18 },
      interState: true,
      supplyState: 'Andhra Pradesh',
    });
    // Clearing the GSTIN leaves the address: the next save of the sale is CGST + SGST in Odisha.
    const cleared = await admin.request({
      method: 'PATCH',
      url: `/api/crm/customers/${customer}`,
      payload: { gstin: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const again = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${sale._id}`,
      payload: { items: line },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      gstSplit: { cgst: 9, sgst: 9, igst: 0 },
      interState: false,
      supplyState: 'Odisha',
    });
    // An Odisha GSTIN on a customer whose address says Karnataka: CGST + SGST.
    const local = (await kit.customer('Karnataka', admin, gstinOf('21AABTK1234M1Z')))._id;
    const res2 = await sell(line, { customer: local, invoiceNo: 'SB-GST-2' });
    expect(res2.json().data).toMatchObject({
      gstSplit: { cgst: 9, sgst: 9, igst: 0 },
      supplyState: 'Odisha',
    });
  });

  it('refuses a sale beyond stock with the item and what is available; nothing is written', async () => {
    const item = await stocked(4, 100);
    const before = (await admin.request({ method: 'GET', url: BASE })).json().data.productSalesCount;
    const res = await sell([{ item: item.id, quantity: 6, marginTier: 't1' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Not enough stock of ${item.name}: 4 available, 6 needed`);
    expect((await admin.request({ method: 'GET', url: BASE })).json().data.productSalesCount).toBe(before);
    expect((await kit.stock(item.stockId)).currentStock).toBe(4);
    await kit.consistent();
  });

  it("refuses a tier price without a price to show or margin: 'Item stock is not created. Buy the item first'", async () => {
    const fresh = await stocked(0);
    await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/stocks/${fresh.stockId}/adjust`,
      payload: { type: 'Found', quantity: 3, reason: 'Counted', date: today() },
    });
    const res = await sell([{ item: fresh.id, quantity: 1, marginTier: 't1' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Item stock is not created. Buy the item first');
    const noMargin = await stocked(3, 100, null);
    const res2 = await sell([{ item: noMargin.id, quantity: 1, marginTier: 't1' }]);
    expect(res2.json().message).toBe(
      `Item ${noMargin.name} does not have margin. Please add margin to item first.`,
    );
    const custom = await sell([{ item: fresh.id, quantity: 1, marginTier: 'custom' }]);
    expect(custom.json().message).toBe('Per unit price is required');
  });

  it('limits tiers to those the user may read plus custom, and customers to those the user sees', async () => {
    const item = await stocked(10, 100);
    const seller = await asUserWithSession(ctx, [
      { resource: 'product-sale', actions: ['create', 'read'] },
      { resource: 'product-item-price', actions: ['read-t1'] },
      // What creating a sale also needs (its pickers, issue 23).
      { resource: 'customer', actions: ['create', 'read', 'suggestion'] },
      { resource: 'product-item', actions: ['suggestion'] },
    ]);
    const own = (await kit.customer('Odisha', seller))._id;
    const t1 = await sell([{ item: item.id, quantity: 1, marginTier: 't1' }], { customer: own }, seller);
    expect(t1.statusCode, t1.body).toBe(201);
    const t3 = await sell([{ item: item.id, quantity: 1, marginTier: 't3' }], { customer: own }, seller);
    expect(t3.statusCode).toBe(403);
    const custom = await sell(
      [{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 50 }],
      { customer: own },
      seller,
    );
    expect(custom.statusCode).toBe(201);
    const outside = await sell(
      [{ item: item.id, quantity: 1, marginTier: 't1' }],
      { customer: odisha },
      seller,
    );
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Customer not found');
    expect((await kit.stock(item.stockId)).currentStock).toBe(8);
  });

  it('moves stock on update, delete and restore; restoring beyond stock is refused; a kept tier line keeps its price', async () => {
    const item = await stocked(10, 100);
    const s = (await sell([{ item: item.id, quantity: 6, marginTier: 't1' }])).json().data as SaleDto;
    await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/stocks/${item.stockId}/update-price`,
      payload: { price: 200 },
    });
    let res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${s._id}`,
      payload: { items: [{ item: item.id, quantity: 8, marginTier: 't1' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ quantity: 8, pricePerUnit: 110 });
    expect((await kit.stock(item.stockId)).currentStock).toBe(2);
    res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${s._id}`,
      payload: { items: [{ item: item.id, quantity: 13, marginTier: 't1' }] },
    });
    expect(res.json().message).toBe(`Not enough stock of ${item.name}: 10 available, 13 needed`);
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${s._id}` })).statusCode).toBe(200);
    expect((await kit.stock(item.stockId)).currentStock).toBe(10);
    const other = await sell([{ item: item.id, quantity: 5, marginTier: 'custom', pricePerUnit: 1 }]);
    expect(other.statusCode).toBe(201);
    res = await admin.request({ method: 'PATCH', url: `${BASE}/${s._id}/restore` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Not enough stock of ${item.name}: 5 available, 8 needed`);
    expect((await admin.request({ method: 'GET', url: `${BASE}/${s._id}` })).json().data.isDeleted).toBe(
      true,
    );
    expect(
      (await admin.request({ method: 'PATCH', url: `${BASE}/${s._id}`, payload: { notes: 'x' } })).json()
        .message,
    ).toBe('Restore the sale before updating');
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${s._id}/permanent` })).statusCode).toBe(
      200,
    );
    expect((await kit.stock(item.stockId)).currentStock).toBe(5);
    await kit.consistent();
  });

  it('filters by the GST amount range on its own', async () => {
    const item = await stocked(10, 100);
    await sell([{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 1000, gst: 5 }], {
      invoiceNo: 'GST-50',
    });
    await sell([{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 1000, gst: 40 }], {
      invoiceNo: 'GST-400',
    });
    const res = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[invoiceNo]', 'GST-'],
        ['filters[totalGSTAmount][min]', '100'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.productSales.map((x: SaleDto) => x.invoiceNo)).toEqual(['GST-400']);
  });

  it('50 simultaneous sales of one item sell at most its stock', async () => {
    const item = await stocked(20, 100);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sell([{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 150 }], {
          invoiceNo: `RUSH-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 400)).toHaveLength(30);
    expect(await kit.stock(item.stockId)).toMatchObject({ currentStock: 0, totalSold: 20 });
    await kit.consistent();
  });
});

describe('the company state for GST (config)', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  it('defaults to Odisha, reads a state by name, and refuses an unknown one', () => {
    expect(loadConfig(base).COMPANY_STATE).toBe('Odisha');
    expect(loadConfig({ ...base, COMPANY_STATE: ' tamil  nadu ' }).COMPANY_STATE).toBe('Tamil Nadu');
    expect(() => loadConfig({ ...base, COMPANY_STATE: 'Atlantis' })).toThrow(/COMPANY_STATE/);
  });
  it('checks the GSTIN by its check character and against the company state', () => {
    expect(
      loadConfig({ ...base, COMPANY_STATE: 'Maharashtra', COMPANY_GSTIN: '27aapfu0939f1zv' }).COMPANY_GSTIN,
    ).toBe('27AAPFU0939F1ZV');
    expect(() =>
      loadConfig({ ...base, COMPANY_STATE: 'Maharashtra', COMPANY_GSTIN: '27AAPFU0939F1ZW' }),
    ).toThrow(/COMPANY_GSTIN/);
    expect(() => loadConfig({ ...base, COMPANY_GSTIN: '27AAPFU0939F1ZV' })).toThrow(/state code 27/);
  });
});
