// Tests only: real quotations made through the API, and the rejection analyses of them, shared by the
// rejection-analysis suites.
import {
  type CustomerDto,
  daysFromToday,
  type ItemDto,
  type QuotationDto,
  type RejectionAnalysisDto,
  todayInAppZone,
} from '@karya/domain';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Agent, TestContext } from '../../../test/helpers.ts';
import { rejectionAnalyses } from '../../db/schema.ts';
import { QUOTATIONS, quotationKit } from '../quotations/quotations-test-kit.ts';

export const REJECTIONS = '/api/crm/rejection-analysis';
export { QUOTATIONS };

/** Call `setUp` first (in beforeAll): a margin, an item and a customer the quotations use. */
export const rejectionKit = (ctx: TestContext, admin: Agent) => {
  const make = quotationKit(ctx, admin);
  let item: ItemDto;
  let school: CustomerDto;
  const setUp = async () => {
    await make.createMargin();
    item = await make.newItem('Interactive flat panel 65 inch');
    school = await make.newCustomer('Saraswati Shishu Mandir, Cuttack');
  };
  /** A customer (assigned to `assignedTo` when given), made by the administrator. */
  const newCustomer = (name: string, assignedTo?: string) =>
    make.newCustomer(name, assignedTo ? { assignedTo: [assignedTo] } : {});
  /** A Draft quotation (version 0, no review): decidable. */
  const newQuotation = async (customer: string = school._id) => {
    const requirement = await make.newRequirement(customer, [item._id]);
    return make.createQuotation({
      title: 'Smart class for four rooms',
      customer,
      requirement: requirement._id,
      validUntil: daysFromToday(7),
      items: [{ item: item._id, quantity: 2, marginTier: 't2', gst: 18 }],
    });
  };
  /** A valid form for `q`'s active version. */
  const body = (q: QuotationDto, more: object = {}) => ({
    quotation: q._id,
    quotationVersionId: q.activeVersion._id,
    rejectionDate: todayInAppZone(),
    rejectionReasons: ['Price too high', 'Budget cut this year'],
    ...more,
  });
  const post = (payload: object, who: Agent = admin) =>
    who.request({ method: 'POST', url: REJECTIONS, payload });
  /** Rejects `q` (expects 201) and answers the analysis. */
  const reject = async (q: QuotationDto, more: object = {}, who: Agent = admin) => {
    const res = await post(body(q, more), who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as RejectionAnalysisDto;
  };
  const quotation = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `${QUOTATIONS}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as QuotationDto;
  };
  const analyses = async () =>
    Number((await ctx.database.db.select({ n: count() }).from(rejectionAnalyses))[0]!.n);
  return { setUp, newCustomer, newQuotation, body, post, reject, quotation, analyses, make };
};
