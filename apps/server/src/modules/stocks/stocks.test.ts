import type { StockDetailDto, StockDto, StockHistoryEntryDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { productStocks } from '../../db/schema.ts';
import { listUrl } from '../users/users-test-kit.ts';
import { verifyStocks } from './ledger.ts';
import { invoiceNo, ledgerKit, today } from './ledger-test-kit.ts';

const BASE = '/api/crm/products/stocks';

describe('stocks and the ledger', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendorId: string;
  let marginId: string;
  let customerId: string;

  const buy = (itemId: string, quantity: number, pricePerUnit: number, over: object = {}) =>
    admin.request({
      method: 'POST',
      url: '/api/crm/products/purchases',
      payload: {
        vendor: vendorId,
        invoiceNo: invoiceNo('PB'),
        invoiceDate: today(),
        items: [{ item: itemId, quantity, pricePerUnit }],
        ...over,
      },
    });
  const sell = (itemId: string, quantity: number, over: object = {}) =>
    admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: {
        customer: customerId,
        invoiceNo: invoiceNo('SB'),
        invoiceDate: today(),
        items: [{ item: itemId, quantity, marginTier: 'custom', pricePerUnit: 500 }],
        ...over,
      },
    });
  const adjust = (stockId: string, body: object, who: Agent = admin) =>
    who.request({ method: 'PATCH', url: `${BASE}/${stockId}/adjust`, payload: body });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    marginId = (await kit.margin())._id;
    vendorId = (await kit.vendor())._id;
    customerId = (await kit.customer('Odisha'))._id;
  });
  afterAll(() => ctx.close());

  it('buy 10, sell 3, adjust 1 Damaged: 6 in stock, the figures, the adjustments and the history', async () => {
    const item = await kit.item('Line follower robot', marginId);
    expect((await buy(item.id, 4, 100, { invoiceDate: '2026-01-10', invoiceNo: 'PB-OLD' })).statusCode).toBe(
      201,
    );
    expect((await buy(item.id, 6, 130, { invoiceNo: 'PB-NEW' })).statusCode).toBe(201);
    expect((await sell(item.id, 3, { invoiceNo: 'SB-77' })).statusCode).toBe(201);
    const adj = await adjust(item.stockId, {
      type: 'Damaged',
      quantity: 1,
      reason: 'Dropped in transit',
      date: today(),
    });
    expect(adj.statusCode, adj.body).toBe(200);
    expect(adj.json().message).toBe('Stock adjusted successfully');
    const s = adj.json().data as StockDetailDto;
    expect(s).toMatchObject({
      item: { _id: item.id, name: item.name },
      totalPurchased: 10,
      totalSold: 3,
      currentStock: 6,
      lastPurchasedStock: 6,
      lastPurchasePrice: 130,
      averagePurchasePrice: 118, // (4 × 100 + 6 × 130) / 10
      totalPurchasePrice: 1180,
      lastSoldStock: 3,
      lastGST: 18,
      priceToShow: 100, // from the first purchase written
    });
    expect(s.stockAdjustments).toMatchObject([
      { type: 'Damaged', quantity: 1, reason: 'Dropped in transit' },
    ]);
    const history = await admin.request({ method: 'GET', url: `${BASE}/${item.stockId}/history?limit=2` });
    expect(history.statusCode, history.body).toBe(200);
    const page = history.json().data as { history: StockHistoryEntryDto[]; historyCount: number };
    expect(page.historyCount).toBe(4);
    expect(page.history).toHaveLength(2);
    const all = (await admin.request({ method: 'GET', url: `${BASE}/${item.stockId}/history` })).json().data
      .history as StockHistoryEntryDto[];
    expect(all.map((h) => [h.type, h.quantity, h.invoiceNo])).toEqual([
      ['other', -1, null],
      ['sale', -3, 'SB-77'],
      ['purchase', 6, 'PB-NEW'],
      ['purchase', 4, 'PB-OLD'],
    ]);
    expect(all[2]).toMatchObject({ pricePerUnit: 130, gst: 18, totalPrice: 920.4 });
    await kit.consistent();
  });

  it('the price to show comes from the first purchase only while it is 0', async () => {
    const item = await kit.item('Soldering station', marginId);
    await buy(item.id, 1, 250);
    await buy(item.id, 1, 300);
    expect((await kit.stock(item.stockId)).priceToShow).toBe(250);
  });

  it("a stock's history: empty for a new item, its count past the last page, 404 for an unknown stock", async () => {
    const item = await kit.item('History check kit', marginId);
    const history = (query = '') =>
      admin.request({ method: 'GET', url: `${BASE}/${item.stockId}/history${query}` });
    const empty = await history();
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({ history: [], historyCount: 0, page: 1, limit: 20 });
    expect((await buy(item.id, 2, 100)).statusCode).toBe(201);
    expect((await history('?page=3&limit=5')).json().data).toEqual({
      history: [],
      historyCount: 1,
      page: 3,
      limit: 5,
    });
    const unknown = await admin.request({ method: 'GET', url: `${BASE}/6a000000be16ffffffffffff/history` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Stock not found');
  });

  it('Initial Stock with its price counts in the average; Found adds; removing below zero is refused', async () => {
    const item = await kit.item('Breadboard', marginId);
    let res = await adjust(item.stockId, {
      type: 'Initial Stock',
      quantity: 10,
      initialPrice: 50,
      reason: 'Opening',
      date: today(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      currentStock: 10,
      averagePurchasePrice: 50,
      totalPurchased: 0,
      priceToShow: 50,
    });
    await buy(item.id, 10, 70);
    expect(await kit.stock(item.stockId)).toMatchObject({ currentStock: 20, averagePurchasePrice: 60 });
    res = await adjust(item.stockId, {
      type: 'Found',
      quantity: 2,
      initialPrice: 999,
      reason: 'Shelf',
      date: today(),
    });
    expect(res.json().data).toMatchObject({ currentStock: 22, averagePurchasePrice: 60 });
    expect(res.json().data.stockAdjustments[0]).toMatchObject({ type: 'Found', initialPrice: null });
    res = await adjust(item.stockId, { type: 'Stolen', quantity: 23, reason: 'Break-in', date: today() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Not enough stock of ${item.name}: 22 available, 23 needed`);
    expect((await kit.stock(item.stockId)).currentStock).toBe(22);
    await kit.consistent();
  });

  it.each([
    [{ type: undefined }, 'Adjustment type is required'],
    [{ type: 'Lost' }, 'Adjustment type is required'],
    [{ quantity: undefined }, 'Quantity is required'],
    [{ quantity: 1.5 }, 'Quantity must be an integer'],
    [{ quantity: 0 }, 'Quantity must be greater than 0'],
    [{ reason: '  ' }, 'Reason is required'],
    [{ date: undefined }, 'Adjustment date is required'],
    [{ date: '2999-01-01' }, 'Adjusted date cannot be in the future'],
    [{ type: 'Initial Stock', initialPrice: 'abc' }, 'Initial price must be a number'],
  ])('refuses the adjustment %j with its message', async (over, message) => {
    const item = await kit.item('Jumper wires', marginId);
    const body = Object.fromEntries(
      Object.entries({ type: 'Found', quantity: 1, reason: 'Count', date: today(), ...over }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    const res = await adjust(item.stockId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await kit.stock(item.stockId)).currentStock).toBe(0);
  });

  it('answers Stock not found, and checks adjust and read permissions', async () => {
    const missing = await admin.request({ method: 'GET', url: `${BASE}/0123456789abcdef01234567` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Stock not found');
    const item = await kit.item('Motor driver', marginId);
    const reader = await asUserWithSession(ctx, [{ resource: 'product-stock', actions: ['read'] }]);
    expect((await reader.request({ method: 'GET', url: `${BASE}/${item.stockId}` })).statusCode).toBe(200);
    const res = await adjust(
      item.stockId,
      { type: 'Found', quantity: 1, reason: 'x', date: today() },
      reader,
    );
    expect(res.statusCode).toBe(403);
  });

  it('lists with ranges, sorts, hides stocks of deleted items unless asked, and suggests by name', async () => {
    const item = await kit.item('Zebra range probe', marginId);
    await buy(item.id, 37, 321);
    const res = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[currentStock][min]', '37'],
        ['filters[currentStock][max]', '37'],
        ['filters[lastPurchasePrice][min]', '321'],
        ['filters[totalPurchasePrice][min]', '11877'],
        ['filters[name]', 'zebra range'],
        ['sortBy', 'currentStock'],
        ['sortOrder', 'desc'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      productStocks: StockDto[];
      productStocksCount: number;
      totalPages: number;
    };
    expect(data.productStocks.map((s) => s._id)).toEqual([item.stockId]);
    expect(data).toMatchObject({ productStocksCount: 1, totalPages: 1 });
    const sorted = (
      await admin.request({ method: 'GET', url: listUrl(BASE, [['sortBy', 'priceToShow']]) })
    ).json().data.productStocks as StockDto[];
    expect(sorted.map((s) => s.priceToShow)).toEqual(
      [...sorted.map((s) => s.priceToShow)].sort((a, b) => a - b),
    );
    const suggestion = await admin.request({ method: 'GET', url: `${BASE}/suggestion?name=zebra` });
    expect(suggestion.json().data).toEqual([
      { _id: item.stockId, name: item.name, sku: expect.any(Number), currentStock: 37 },
    ]);

    const gone = await kit.item('Deleted item probe', marginId);
    await admin.request({ method: 'DELETE', url: `/api/crm/products/items/${gone.id}` });
    const live = (await admin.request({ method: 'GET', url: listUrl(BASE, [['limit', '100']]) })).json().data
      .productStocks as StockDto[];
    expect(live.map((s) => s._id)).not.toContain(gone.stockId);
    const deleted = (
      await admin.request({ method: 'GET', url: listUrl(BASE, [['filters[isDeleted]', 'true']]) })
    ).json().data.productStocks as StockDto[];
    expect(deleted.map((s) => s._id)).toContain(gone.stockId);
    const reader = await asUserWithSession(ctx, [{ resource: 'product-stock', actions: ['read'] }]);
    expect(
      (await reader.request({ method: 'GET', url: listUrl(BASE, [['filters[isDeleted]', 'true']]) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.request({ method: 'GET', url: listUrl(BASE, [['sortBy', 'name']]) })).statusCode,
    ).toBe(400);
  });

  it('the consistency check finds a stock row that differs from its ledger', async () => {
    const item = await kit.item('Drift probe', marginId);
    await buy(item.id, 5, 10);
    await kit.consistent();
    await ctx.database.db
      .update(productStocks)
      .set({ totalSold: 2 })
      .where(eq(productStocks.id, item.stockId));
    expect(await verifyStocks(ctx.database.db)).toEqual([
      { stockId: item.stockId, itemId: item.id, field: 'total_sold', stored: '2', ledger: '0' },
    ]);
    await ctx.database.db
      .update(productStocks)
      .set({ totalSold: 0 })
      .where(eq(productStocks.id, item.stockId));
    await kit.consistent();
  });

  it('the database refuses a negative stock (the last guard)', async () => {
    const item = await kit.item('Guard probe', marginId);
    await expect(
      ctx.database.db
        .update(productStocks)
        .set({ currentStock: -1 })
        .where(eq(productStocks.id, item.stockId)),
    ).rejects.toThrow();
  });

  it('a sale counts its figures: the last sale is the latest by invoice date, a back-dated one leaves it', async () => {
    const item = await kit.item('Back-dated sale kit', marginId);
    const daysAgo = (n: number) =>
      new Date(Date.now() + 330 * 60_000 - n * 86_400_000).toISOString().slice(0, 10);
    expect((await buy(item.id, 10, 100, { invoiceDate: daysAgo(5) })).statusCode).toBe(201);
    expect((await sell(item.id, 2, { invoiceDate: daysAgo(0) })).statusCode).toBe(201);
    expect((await sell(item.id, 3, { invoiceDate: daysAgo(3) })).statusCode).toBe(201);
    const row = await kit.stock(item.stockId);
    expect([row.totalSold, row.currentStock, row.lastSoldStock]).toEqual([5, 5, 2]);
    expect(await verifyStocks(ctx.database.db)).toEqual([]);
  });

  it('property: any sequence of purchases, sales, adjustments, updates, deletes, restores and permanent deletes keeps every stock equal to its ledger and never negative', async () => {
    type Doc = {
      id: string;
      kind: 'purchase' | 'sale';
      item: number;
      quantity: number;
      state: 'live' | 'deleted' | 'gone';
    };
    const op = fc.oneof(
      fc.record({
        op: fc.constant('purchase' as const),
        item: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 8 }),
        // Documents dated a few days apart, in any order: the "last" figures go by date, not by arrival.
        daysAgo: fc.nat(3),
      }),
      fc.record({
        op: fc.constant('sale' as const),
        item: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 8 }),
        daysAgo: fc.nat(3),
      }),
      fc.record({
        op: fc.constant('adjust' as const),
        item: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 5 }),
        type: fc.constantFrom('Damaged', 'Found', 'Initial Stock', 'Missing'),
      }),
      fc.record({
        op: fc.constant('update' as const),
        doc: fc.nat(20),
        item: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 8 }),
      }),
      fc.record({
        op: fc.constantFrom('delete' as const, 'restore' as const, 'permanent' as const),
        doc: fc.nat(20),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const items = [await kit.item('Prop A', marginId), await kit.item('Prop B', marginId)];
        const stock = [0, 0];
        const docs: Doc[] = [];
        const effect = (d: Pick<Doc, 'kind' | 'item' | 'quantity'>) => {
          const v = [0, 0];
          v[d.item] = (d.kind === 'purchase' ? 1 : -1) * d.quantity;
          return v;
        };
        const fits = (next: number[]) => next.every((n) => n >= 0);
        const add = (a: number[], b: number[], sign = 1) => a.map((x, i) => x + sign * b[i]!);
        for (const o of ops) {
          // After every step, not only the last: a figure a later recompute would mend is still caught.
          expect(await verifyStocks(ctx.database.db)).toEqual([]);
          if (o.op === 'purchase' || o.op === 'sale') {
            const invoiceDate = new Date(Date.now() + 330 * 60_000 - o.daysAgo * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const res =
              o.op === 'purchase'
                ? await buy(items[o.item]!.id, o.quantity, 10, { invoiceDate })
                : await sell(items[o.item]!.id, o.quantity, { invoiceDate });
            const next = add(stock, effect({ kind: o.op, item: o.item, quantity: o.quantity }));
            expect(res.statusCode, res.body).toBe(fits(next) ? 201 : 400);
            if (res.statusCode === 201) {
              stock.splice(0, 2, ...next);
              docs.push({
                id: res.json().data._id,
                kind: o.op,
                item: o.item,
                quantity: o.quantity,
                state: 'live',
              });
            }
          } else if (o.op === 'adjust') {
            const sign = o.type === 'Found' || o.type === 'Initial Stock' ? 1 : -1;
            const next = [...stock];
            next[o.item]! += sign * o.quantity;
            const res = await adjust(items[o.item]!.stockId, {
              type: o.type,
              quantity: o.quantity,
              reason: 'prop',
              date: today(),
              initialPrice: 5,
            });
            expect(res.statusCode, res.body).toBe(fits(next) ? 200 : 400);
            if (res.statusCode === 200) stock.splice(0, 2, ...next);
          } else {
            const d = docs[o.doc % Math.max(1, docs.length)];
            if (!d || d.state === 'gone') continue;
            const url = `/api/crm/products/${d.kind === 'purchase' ? 'purchases' : 'sales'}/${d.id}`;
            if (o.op === 'update') {
              const line =
                d.kind === 'purchase'
                  ? { item: items[o.item]!.id, quantity: o.quantity, pricePerUnit: 12 }
                  : {
                      item: items[o.item]!.id,
                      quantity: o.quantity,
                      marginTier: 'custom',
                      pricePerUnit: 500,
                    };
              const res = await admin.request({ method: 'PATCH', url, payload: { items: [line] } });
              const next = add(
                add(stock, effect(d), -1),
                effect({ kind: d.kind, item: o.item, quantity: o.quantity }),
              );
              const ok = d.state === 'live' && fits(next);
              expect(res.statusCode, res.body).toBe(ok ? 200 : 400);
              if (ok) {
                stock.splice(0, 2, ...next);
                d.item = o.item;
                d.quantity = o.quantity;
              }
            } else if (o.op === 'delete') {
              const res = await admin.request({ method: 'DELETE', url });
              const next = add(stock, effect(d), -1);
              const ok = d.state === 'live' && fits(next);
              expect(res.statusCode, res.body).toBe(ok ? 200 : 400);
              if (ok) {
                stock.splice(0, 2, ...next);
                d.state = 'deleted';
              }
            } else if (o.op === 'restore') {
              const res = await admin.request({ method: 'PATCH', url: `${url}/restore` });
              const next = add(stock, effect(d));
              const ok = d.state === 'deleted' && fits(next);
              expect(res.statusCode, res.body).toBe(ok ? 200 : 400);
              if (ok) {
                stock.splice(0, 2, ...next);
                d.state = 'live';
              }
            } else {
              const res = await admin.request({ method: 'DELETE', url: `${url}/permanent` });
              expect(res.statusCode, res.body).toBe(d.state === 'deleted' ? 200 : 400);
              if (d.state === 'deleted') d.state = 'gone';
            }
          }
        }
        for (const [i, it] of items.entries()) {
          const row = await kit.stock(it.stockId);
          expect(row.currentStock).toBe(stock[i]);
          expect(row.currentStock).toBeGreaterThanOrEqual(0);
        }
        expect(await verifyStocks(ctx.database.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
