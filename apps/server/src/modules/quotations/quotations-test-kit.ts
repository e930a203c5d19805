// Tests only: real quotations made through the API (a margin, customers, items, requirements), shared by the
// quotations' and the quotation document's suites.
import {
  type CustomerDto,
  daysFromToday,
  type ItemDto,
  type QuotationDto,
  type RequirementDto,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Agent, TestContext } from '../../../test/helpers.ts';
import { productStocks } from '../../db/schema.ts';
import { multipartBody } from '../users/users-test-kit.ts';

export const QUOTATIONS = '/api/crm/quotations';

/** Margins of the kit's 'Schools' margin: t2 is 12.5% over the price to show. */
export const SCHOOL_MARGINS = { t1: 10, t2: 12.5, t3: 15, pt1: 18, pt2: 20, pt3: 25 };

/** A quotation line of `item`: two at tier t2 with GST 18 (the price comes from the tier), unless told otherwise. */
export const quotationLine = (item: string, more: object = {}) => ({
  item,
  quantity: 2,
  marginTier: 't2',
  gst: 18,
  unitPrice: 1,
  ...more,
});

/** Call `createMargin` first (in beforeAll): the kit's items use that margin. */
export const quotationKit = (ctx: TestContext, admin: Agent) => {
  let marginId = '';
  const createMargin = async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/products/margins',
      payload: { name: 'Schools', isActive: true, margins: SCHOOL_MARGINS },
    });
    expect(res.statusCode, res.body).toBe(201);
    marginId = res.json().data._id;
    return marginId;
  };
  const newCustomer = async (name: string, extra: object = {}, who: Agent = admin) => {
    const res = await who.request({
      method: 'POST',
      url: '/api/crm/customers',
      payload: {
        type: 'Organization',
        name,
        marginTier: 't2',
        address: { city: 'Bhubaneswar', state: 'Odisha', country: 'India' },
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CustomerDto;
  };
  /** An item; Verified, with the kit's margin, GST 18 and a price to show (₹) unless told otherwise. */
  const newItem = async (name: string, fields: Record<string, string> = {}, price = 1000) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/products/items',
      ...multipartBody({ name, state: 'Verified', gst: '18', margin: marginId, ...fields }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data as ItemDto;
    if (price)
      await ctx.database.db
        .update(productStocks)
        .set({ priceToShow: price })
        .where(eq(productStocks.itemId, item._id));
    return item;
  };
  const newRequirement = async (customer: string, items: readonly string[], who: Agent = admin) => {
    const res = await who.request({
      method: 'POST',
      url: '/api/crm/requirements',
      payload: {
        title: 'Smart class for four rooms',
        customer,
        type: 'Product',
        priority: 'High',
        items: items.map((item) => ({ item, quantity: 1 })),
        budget: 100000,
        purchaseDate: daysFromToday(10),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as RequirementDto;
  };
  /** POST /crm/quotations with `payload`; expects 201 and answers the quotation. */
  const createQuotation = async (payload: object, who: Agent = admin) => {
    const res = await who.request({ method: 'POST', url: QUOTATIONS, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as QuotationDto;
  };
  return { createMargin, newCustomer, newItem, newRequirement, createQuotation };
};
