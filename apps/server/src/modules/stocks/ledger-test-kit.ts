import { gstinCheckCharacter, newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Agent, TestContext } from '../../../test/helpers.ts';
import { productStocks } from '../../db/schema.ts';
import { multipartBody } from '../users/users-test-kit.ts';
import { verifyStocks } from './ledger.ts';

/** Builders for the ledger's tests: a margin, a vendor, items with their stock ids, customers. */
export const ledgerKit = (ctx: TestContext, admin: Agent) => {
  const json = async (
    res: { statusCode: number; body: string; json: () => { data: unknown } },
    status = 201,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as { _id: string } & Record<string, unknown>;
  };
  const margin = async () =>
    json(
      await admin.request({
        method: 'POST',
        url: '/api/crm/products/margins',
        payload: {
          name: `Tier ${newId().slice(-5)}`,
          isActive: true,
          margins: { t1: 10, t2: 12.5, t3: 15, pt1: 20, pt2: 25, pt3: 30 },
        },
      }),
    );
  /** A vendor, with a GSTIN when given (its state decides a purchase's GST split). */
  const vendor = async (gstin?: string) =>
    json(
      await admin.request({
        method: 'POST',
        url: '/api/crm/products/vendors',
        ...multipartBody({ name: `Kalinga Lab Supplies ${newId().slice(-5)}`, ...(gstin ? { gstin } : {}) }),
      }),
    );
  /** An item (with a margin unless null) and its stock id. */
  const item = async (name: string, marginId: string | null) => {
    const data = await json(
      await admin.request({
        method: 'POST',
        url: '/api/crm/products/items',
        ...multipartBody({
          name: `${name} ${newId().slice(-4)}`,
          gst: '18',
          ...(marginId ? { margin: marginId } : {}),
        }),
      }),
    );
    return { id: data._id, name: data.name as string, stockId: (data.stock as { _id: string })._id };
  };
  const customer = async (state: string | null, who: Agent = admin, gstin?: string) =>
    json(
      await who.request({
        method: 'POST',
        url: '/api/crm/customers',
        payload: {
          type: 'Organization',
          name: `Stewart School ${newId().slice(-5)}`,
          ...(state ? { address: { city: 'Bhubaneswar', state, country: 'India' } } : {}),
          ...(gstin ? { gstin } : {}),
        },
      }),
    );
  const stock = async (stockId: string) => {
    const [row] = await ctx.database.db.select().from(productStocks).where(eq(productStocks.id, stockId));
    return row!;
  };
  const consistent = async () => expect(await verifyStocks(ctx.database.db)).toEqual([]);
  return { margin, vendor, item, customer, stock, consistent };
};

/** A valid GSTIN from its first 14 characters (state code, PAN, entity number, Z). */
export const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);

/** An invoice number no other document of a test run holds (issue 22: numbers are unique). */
export const invoiceNo = (prefix: string) => `${prefix}-${newId().slice(-8).toUpperCase()}`;

export const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
