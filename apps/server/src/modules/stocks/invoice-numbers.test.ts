import { newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { sales } from '../../db/schema.ts';
import { ledgerKit } from './ledger-test-kit.ts';

/**
 * Issue 22 part 3: a sale's invoice number is unique among active sales, a purchase's per vendor among
 * active purchases (trimmed, case-insensitive), enforced by partial unique indexes; a duplicate answers
 * 409 naming the existing document, with it as data so the web can link it.
 */
const SALES = '/api/crm/products/sales';
const PURCHASES = '/api/crm/products/purchases';
const DAY = '2026-03-12';

describe('invoice numbers', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendor: { _id: string; name: string };
  let customer: { _id: string; name: string };
  let item: { id: string; stockId: string };

  const unique = (prefix: string) => `${prefix}-${newId().slice(-8).toUpperCase()}`;
  const buy = (invoiceNo: string, over: object = {}) =>
    admin.request({
      method: 'POST',
      url: PURCHASES,
      payload: {
        vendor: vendor._id,
        invoiceNo,
        invoiceDate: DAY,
        items: [{ item: item.id, quantity: 50, pricePerUnit: 100 }],
        ...over,
      },
    });
  const sell = (invoiceNo: string, over: object = {}) =>
    admin.request({
      method: 'POST',
      url: SALES,
      payload: {
        customer: customer._id,
        invoiceNo,
        invoiceDate: DAY,
        items: [{ item: item.id, quantity: 1, marginTier: 'custom', pricePerUnit: 150, gst: 18 }],
        ...over,
      },
    });
  const created = async (res: { statusCode: number; body: string; json: () => { data: unknown } }) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  };
  const stockNow = async () => (await kit.stock(item.stockId)).currentStock;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    vendor = (await kit.vendor()) as unknown as { _id: string; name: string };
    customer = (await kit.customer('Odisha')) as unknown as { _id: string; name: string };
    item = await kit.item('Breadboard', null);
    await created(
      await buy(unique('STOCK'), { items: [{ item: item.id, quantity: 1000, pricePerUnit: 10 }] }),
    );
  });
  afterAll(() => ctx.close());

  it('refuses a second sale with the same number (trimmed, any case), naming and linking the first; the stock moves once', async () => {
    const no = unique('INV');
    const first = await created(await sell(no));
    const before = await stockNow();
    const again = await sell(`  ${no.toLowerCase()} `);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      error: 'CONFLICT',
      message: `Invoice number ${no} is already used by the sale of 12/03/2026 to ${customer.name}.`,
      data: { _id: first._id, invoiceNo: no, invoiceDate: DAY, customer: { _id: customer._id } },
    });
    expect(await stockNow()).toBe(before);
    const list = await admin.request({
      method: 'GET',
      url: `${SALES}?filters[invoiceNo]=${encodeURIComponent(no)}`,
    });
    expect(list.json().data.productSalesCount).toBe(1);
    await kit.consistent();
  });

  it("refuses an update to another sale's number, and accepts keeping its own", async () => {
    const taken = unique('INV');
    const first = await created(await sell(taken));
    const second = await created(await sell(unique('INV')));
    const clash = await admin.request({
      method: 'PATCH',
      url: `${SALES}/${second._id}`,
      payload: { invoiceNo: taken },
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().data._id).toBe(first._id);
    expect(clash.json().message).toContain(`Invoice number ${taken} is already used by the sale of`);
    const own = await admin.request({
      method: 'PATCH',
      url: `${SALES}/${first._id}`,
      payload: { invoiceNo: taken.toLowerCase(), notes: 'same number, other case' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('frees the number of a deleted sale, and refuses its restore while another sale holds it', async () => {
    const no = unique('INV');
    const old = await created(await sell(no));
    expect((await admin.request({ method: 'DELETE', url: `${SALES}/${old._id}` })).statusCode).toBe(200);
    const reused = await created(await sell(no));
    const before = await stockNow();
    const restore = await admin.request({ method: 'PATCH', url: `${SALES}/${old._id}/restore` });
    expect(restore.statusCode, restore.body).toBe(409);
    expect(restore.json()).toMatchObject({
      message: `Invoice number ${no} is already used by the sale of 12/03/2026 to ${customer.name}.`,
      data: { _id: reused._id },
    });
    expect(await stockNow()).toBe(before);
    // Once the number is free again, the restore goes through.
    expect((await admin.request({ method: 'DELETE', url: `${SALES}/${reused._id}` })).statusCode).toBe(200);
    const again = await admin.request({ method: 'PATCH', url: `${SALES}/${old._id}/restore` });
    expect(again.statusCode, again.body).toBe(200);
    await kit.consistent();
  });

  it('lets exactly one of concurrent sales with the same number win', async () => {
    const no = unique('RACE');
    const before = await stockNow();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sell(no)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = answers.find((r) => r.statusCode === 201)!.json().data._id;
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().data._id).toBe(winner);
    expect(await stockNow()).toBe(before - 1);
    await kit.consistent();
  });

  it('holds the rule in the database: a second active row with the number cannot be written at all', async () => {
    const no = unique('IDX');
    const first = await created(await sell(no));
    const [row] = await ctx.database.db.select().from(sales).where(eq(sales.id, first._id));
    const copy = { ...row!, id: newId(), invoiceNo: ` ${no.toLowerCase()}` };
    await expect(ctx.database.db.insert(sales).values(copy)).rejects.toThrow();
    await ctx.database.db.insert(sales).values({ ...copy, isDeleted: true });
  });

  it('keeps purchase numbers unique per vendor: another vendor may use the same number', async () => {
    const no = unique('PB');
    const first = await created(await buy(no));
    const dup = await buy(no.toLowerCase());
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json()).toMatchObject({
      message: `Invoice number ${no} is already used by the purchase of 12/03/2026 from ${vendor.name}.`,
      data: { _id: first._id, invoiceNo: no, vendor: { _id: vendor._id } },
    });
    const other = (await kit.vendor()) as unknown as { _id: string };
    const elsewhere = await created(await buy(no, { vendor: other._id }));
    // Moving the other vendor's purchase to the first vendor would make a duplicate.
    const move = await admin.request({
      method: 'PATCH',
      url: `${PURCHASES}/${elsewhere._id}`,
      payload: { vendor: vendor._id },
    });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json().data._id).toBe(first._id);
  });

  it('lets exactly one of concurrent purchases with the same number from one vendor win', async () => {
    const no = unique('PRACE');
    const answers = await Promise.all(Array.from({ length: 4 }, () => buy(no)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it("says what is wrong with a one-character number: 'must be at least 2 characters'", async () => {
    const short = await sell('7');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Invoice number must be at least 2 characters');
    const empty = await buy('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Invoice number is required');
  });
});
