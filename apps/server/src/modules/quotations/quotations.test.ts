import {
  type CustomerDto,
  daysFromToday,
  type ItemDto,
  QUOTATION_MESSAGES as M,
  type QuotationDto,
  type QuotationListDto,
  quotationItemWarning,
} from '@karya/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import {
  customers,
  productItems,
  productStocks,
  quotations,
  quotationVersions,
  requirements,
} from '../../db/schema.ts';
import { listUrl, multipartBody } from '../users/users-test-kit.ts';
import { QUOTATIONS, quotationKit, quotationLine } from './quotations-test-kit.ts';

const BASE = QUOTATIONS;

describe('quotations', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let school: CustomerDto;
  let panel: ItemDto;
  let kit: ItemDto;
  let make: ReturnType<typeof quotationKit>;
  const newCustomer = (name: string, extra: object = {}, who: Agent = admin) =>
    make.newCustomer(name, extra, who);
  /** An item; Verified, with the margin, GST 18 and a price to show unless told otherwise. */
  const newItem = (name: string, fields: Record<string, string> = {}, price = 1000) =>
    make.newItem(name, fields, price);
  const newRequirement = (customer: string, who: Agent = admin) =>
    make.newRequirement(customer, [panel._id], who);
  const line = quotationLine;
  const body = (customer: string, requirement: string, more: object = {}) => ({
    title: 'Quotation for smart classrooms',
    customer,
    requirement,
    validUntil: daysFromToday(7),
    notes: 'Installation included',
    items: [line(panel._id), line(kit._id, { quantity: 3, marginTier: 'custom', unitPrice: 1200.5, gst: 5 })],
    ...more,
  });
  const post = (payload: object, who: Agent = admin) => who.request({ method: 'POST', url: BASE, payload });
  const created = async (more: object = {}, customer = school._id, who: Agent = admin) => {
    const requirement = await newRequirement(customer, who);
    const res = await post(body(customer, requirement._id, more), who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as QuotationDto;
  };
  const get = async (id: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${BASE}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as QuotationDto;
  };
  const reQuote = (id: string, payload: object, who: Agent = admin) =>
    who.request({ method: 'PATCH', url: `${BASE}/${id}/re-quotation`, payload });
  const versionBody = (q: QuotationDto, items: object[]) => ({
    title: q.activeVersion.title,
    validUntil: daysFromToday(10),
    items,
  });
  const counts = async () => ({
    quotations: (await ctx.database.db.select({ n: count() }).from(quotations))[0]!.n,
    versions: (await ctx.database.db.select({ n: count() }).from(quotationVersions))[0]!.n,
  });

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    make = quotationKit(ctx, admin);
    await make.createMargin();
    school = await newCustomer('Odisha Adarsha Vidyalaya, Khurda');
    panel = await newItem('Interactive flat panel 75 inch', { hsnCode: '8528', modalNo: 'IFP-75' });
    kit = await newItem('Robotics starter kit', {}, 1000);
  });
  afterAll(() => ctx.close());

  it('creates version 0: Draft, main, no review, lines priced and frozen, totals in paise, CGST+SGST in the state', async () => {
    const requirement = await newRequirement(school._id);
    const res = await post({
      ...body(school._id, requirement._id),
      totalPrice: 1,
      quotationId: 7,
      status: 'Approved',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Quotation created successfully');
    const q = res.json().data as QuotationDto;
    expect(q.versions).toHaveLength(1);
    const v = q.activeVersion;
    expect(v).toMatchObject({
      versionNumber: 0,
      status: 'Draft',
      isMain: true,
      review: null,
      changes: [],
      title: 'Quotation for smart classrooms',
      notes: 'Installation included',
      placeOfSupply: { code: '21', state: 'Odisha', interState: false },
    });
    // t2 = 12.5% of 1000 → 1125; 2 × 1125 = 2250, 18% = 405. Custom 1200.50 × 3 = 3601.50, 5% = 180.075 → 180.08 (half up, once per line).
    expect(v.items.map((l) => [l.name, l.marginTier, l.unitPrice, l.gstAmount, l.totalPrice])).toEqual([
      [panel.name, 't2', 1125, 405, 2655],
      [kit.name, 'custom', 1200.5, 180.08, 3781.58],
    ]);
    expect(v.items[0]).toMatchObject({
      hsn: '8528',
      modalNo: 'IFP-75',
      marginPercentage: 12.5,
      gstPerUnit: 202.5,
    });
    expect(v.items[1]!.marginPercentage).toBe(20.05);
    expect(v).toMatchObject({
      taxableAmount: 5851.5,
      totalGSTAmount: 585.08,
      totalPrice: 6436.58,
      totalAmount: 6436.58,
      gstSplit: { cgst: 292.54, sgst: 292.54, igst: 0 },
    });
    expect(q).toMatchObject({
      requirement: { _id: requirement._id },
      customer: { _id: school._id, marginTier: 't2' },
    });
    const r = await admin.request({ method: 'GET', url: `/api/crm/requirements/${requirement._id}` });
    expect(r.json().data.quotation).toMatchObject({ _id: q._id, quotationId: q.quotationId });
    const history = await admin.request({ method: 'GET', url: `${BASE}/${q._id}/history` });
    expect(history.json().data.history[0]).toMatchObject({ action: 'create' });
  });

  it('freezes how a 0% line reads (Nil rated or Exempt, issue 27 §1): a later change of the item leaves it', async () => {
    const book = await newItem('Science Textbook', { gst: '0', gstZeroKind: 'Exempt', hsnCode: '4901' });
    const q = await created({ items: [line(book._id, { gst: 0 }), line(panel._id)] });
    expect(q.activeVersion.items.map((l) => [l.gst, l.gstZeroKind])).toEqual([
      [0, 'Exempt'],
      [18, null],
    ]);
    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/items/${book._id}`,
      ...multipartBody({ gstZeroKind: 'Nil rated' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(q._id)).activeVersion.items[0]!.gstZeroKind).toBe('Exempt');
  });

  it('taxes a customer of another state as IGST', async () => {
    const far = await newCustomer('Delhi Public School, Bengaluru', {
      address: { city: 'Bengaluru', state: 'Karnataka', country: 'India' },
    });
    const q = await created({}, far._id);
    expect(q.activeVersion).toMatchObject({
      placeOfSupply: { code: '29', state: 'Karnataka', interState: true },
      gstSplit: { cgst: 0, sgst: 0, igst: 585.08 },
    });
  });

  it('answers every bad input with 400 and its message, writing nothing', async () => {
    const requirement = await newRequirement(school._id);
    const other = await newCustomer('Stewart School, Cuttack');
    const otherRequirement = await newRequirement(other._id);
    const noTier = await newCustomer('Mother’s Public School', { marginTier: undefined });
    const unverified = await newItem('Unverified microscope', { state: 'Unverified' });
    const noMargin = await newItem('Loose globe', { margin: '' });
    const noStock = await newItem('Unpriced telescope', {}, 0);
    const cases: [object, string][] = [
      [{ title: 'Short' }, M.titleMin],
      [{ items: [] }, M.itemsRequired],
      [{ items: [line(panel._id, { quantity: 0 })] }, M.quantityPositive],
      [{ items: [line(panel._id, { quantity: 1.5 })] }, M.quantityInteger],
      [{ items: [line(panel._id, { marginTier: undefined })] }, M.marginTierRequired],
      [{ items: [line(panel._id, { gst: undefined })] }, M.gstRequired],
      [{ items: [line(panel._id, { marginTier: 'custom', unitPrice: undefined })] }, M.unitPriceRequired],
      [{ items: [line(panel._id, { marginTier: 'custom', unitPrice: '' })] }, M.unitPriceRequired],
      [{ validUntil: daysFromToday(-1) }, M.validUntilFuture],
      [{ customer: undefined }, M.customerRequired],
      [{ requirement: undefined }, M.requirementRequired],
      [{ customer: noTier._id }, M.marginTierMissing],
      [{ customer: '0123456789abcdef01234567' }, M.customerNotFound],
      [{ requirement: otherRequirement._id }, M.requirementOfOtherCustomer],
      [{ items: [line(panel._id), line(panel._id)] }, M.itemDuplicate],
      [{ items: [line('0123456789abcdef01234567')] }, M.itemNotFound],
      [{ items: [line(unverified._id)] }, quotationItemWarning.notVerified(unverified.name)],
      [
        { items: [line(noMargin._id), line(noStock._id)] },
        `${quotationItemWarning.margin(noMargin.name)}\n${quotationItemWarning.stock(noStock.name)}`,
      ],
      [{ items: [line(panel._id, { marginTier: 'custom', unitPrice: 1099.99 })] }, M.unitPriceBelowMinimum],
    ];
    const before = await counts();
    for (const [more, message] of cases) {
      const res = await post(body(school._id, requirement._id, more));
      expect(res.statusCode, `${JSON.stringify(more)} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
    // A requirement holds one quotation.
    await created({}, school._id);
    const first = await post(body(school._id, requirement._id));
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(body(school._id, requirement._id));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.requirementHasQuotation);
  });

  it('prices a tier line from its tier when it comes without a price, or with an empty one', async () => {
    for (const unitPrice of [undefined, '']) {
      const requirement = await newRequirement(school._id);
      const res = await post(body(school._id, requirement._id, { items: [line(panel._id, { unitPrice })] }));
      expect(res.statusCode, res.body).toBe(201);
      // t2 = 12.5% over the price to show of 1000.
      expect((res.json().data as QuotationDto).activeVersion.items[0]!.unitPrice).toBe(1125);
    }
  });

  it('refuses a tier the caller may not read (403) and lets a custom price at the minimum pass', async () => {
    const seller = await asUserWithSession(ctx, [
      { resource: 'quotation', actions: ['create', 'read'] },
      { resource: 'customer', actions: ['read', 'create', 'view-all', 'suggestion'] },
      { resource: 'requirement', actions: ['create', 'read', 'suggestion'] },
      { resource: 'product-item', actions: ['suggestion'] },
      { resource: 'product-item-price', actions: ['read-t1'] },
    ]);
    const requirement = await newRequirement(school._id);
    const refused = await post(body(school._id, requirement._id), seller);
    expect(refused.statusCode).toBe(403);
    const ok = await post(
      body(school._id, requirement._id, {
        items: [
          line(panel._id, { marginTier: 't1' }),
          line(kit._id, { marginTier: 'custom', unitPrice: 1100 }),
        ],
      }),
      seller,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    // 1100 over 1000 is 10%: the custom price is matched to t1.
    expect(ok.json().data.activeVersion.items.map((l: { marginTier: string }) => l.marginTier)).toEqual([
      't1',
      't1',
    ]);
  });

  it('keeps every version a frozen snapshot: item and customer changes afterwards change nothing', async () => {
    const item = await newItem('Lab bench', { hsnCode: '9403' });
    const customer = await newCustomer('Sai International School');
    const q = await created({ items: [line(item._id)] }, customer._id);
    await ctx.database.db
      .update(productItems)
      .set({ name: 'Lab bench (renamed)', hsnCode: '9999', gst: 40 })
      .where(eq(productItems.id, item._id));
    await ctx.database.db
      .update(productStocks)
      .set({ priceToShow: 5000 })
      .where(eq(productStocks.itemId, item._id));
    await ctx.database.db.update(customers).set({ state: 'Karnataka' }).where(eq(customers.id, customer._id));
    const read = await get(q._id);
    expect(read.activeVersion).toEqual(q.activeVersion);
    expect(read.activeVersion.items[0]).toMatchObject({ name: 'Lab bench', hsn: '9403', unitPrice: 1125 });
  });

  it('re-quotes: version n Draft and active, the previous ReQuoted, changes, Re-Quotation title, review Pending', async () => {
    const q = await created();
    const res = await reQuote(
      q._id,
      versionBody(q, [
        line(panel._id, { quantity: 5 }),
        line(kit._id, { marginTier: 'custom', unitPrice: 1300, gst: 5, quantity: 3 }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data as QuotationDto;
    expect(r.versions.map((v) => [v.versionNumber, v.status])).toEqual([
      [1, 'Draft'],
      [0, 'ReQuoted'],
    ]);
    expect(r.activeVersion).toMatchObject({
      versionNumber: 1,
      title: 'Re-Quotation for smart classrooms',
      isMain: false,
      previousVersion: r.versions[1]!._id,
      review: { status: 'Pending', reason: null },
    });
    expect(r.versions[1]!.nextVersion).toBe(r.activeVersion._id);
    expect(r.activeVersion.changes).toEqual([
      { type: 'Quantity Changed', item: panel.name, description: 'Quantity changed from 2 to 5' },
      {
        type: 'Price Changed',
        item: kit.name,
        description: 'Unit price changed from ₹1,200.50 to ₹1,300.00',
      },
    ]);
    // The verification queue lists it.
    const pending = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['limit', '100'],
        ['filters[reviewStatus]', 'Pending'],
      ]),
    });
    const rows = pending.json().data.quotations as QuotationListDto[];
    expect(rows.map((x) => x._id)).toContain(q._id);
    expect(rows.find((x) => x._id === q._id)).toMatchObject({
      versionCount: 2,
      activeVersion: { versionNumber: 1 },
    });
    // The admin dashboard counts and lists what waits for review.
    const dashboard = (await admin.request({ method: 'GET', url: '/api/admin/dashboard' })).json().data;
    expect(dashboard.verifications.quotation).toBe(pending.json().data.quotationsCount);
    expect(dashboard.verifications.total).toBeGreaterThanOrEqual(dashboard.verifications.quotation);
    expect(dashboard.unVerifiedQuotations[0]).toMatchObject({
      activeVersion: { title: 'Re-Quotation for smart classrooms', createdBy: { _id: admin.user.id } },
      customer: { _id: school._id },
    });
  });

  it('two re-quotations at the same moment make versions n and n + 1', async () => {
    const q = await created();
    const v = versionBody(q, [line(panel._id, { quantity: 3 })]);
    const [a, b] = await Promise.all([reQuote(q._id, v), reQuote(q._id, v)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const read = await get(q._id);
    expect(read.versions.map((x) => x.versionNumber)).toEqual([2, 1, 0]);
  });

  it('Make it Active points at any version; updates only while the active version is Draft', async () => {
    const q = await created();
    const r = (await reQuote(q._id, versionBody(q, [line(panel._id, { quantity: 4 })]))).json()
      .data as QuotationDto;
    const original = r.versions[1]!;
    const res = await admin.request({ method: 'PATCH', url: `${BASE}/${q._id}/set-active/${original._id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.madeActive);
    expect(res.json().data.activeVersion).toMatchObject({ _id: original._id, status: 'ReQuoted' });
    const update = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${q._id}`,
      payload: { notes: 'Changed' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(M.notDraft);
    const again = await reQuote(q._id, versionBody(q, [line(panel._id)]));
    expect(again.json().message).toBe(M.notDraft);
    const other = await created();
    const foreign = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${q._id}/set-active/${other.activeVersion._id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(M.versionNotFound);
  });

  it('updates the Draft version: lines priced again, totals again, history written', async () => {
    const q = await created();
    const res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${q._id}`,
      payload: {
        title: 'Quotation for smart classrooms, revised',
        items: [line(panel._id, { quantity: 1 })],
        totalPrice: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.activeVersion).toMatchObject({
      title: 'Quotation for smart classrooms, revised',
      versionNumber: 0,
      totalPrice: 1327.5,
      notes: 'Installation included',
    });
    const history = await admin.request({ method: 'GET', url: `${BASE}/${q._id}/history` });
    expect(history.json().data.history[0]).toMatchObject({ action: 'update' });
  });

  it('reviews a re-quotation: Pending only, a reason to reject, approve; an edit after approval goes back to Pending', async () => {
    const q = await created();
    const review = (payload: object, who: Agent = admin) =>
      who.request({ method: 'PATCH', url: `${BASE}/${q._id}/review`, payload });
    const none = await review({ status: 'Approved' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.nothingToReview);
    await reQuote(q._id, versionBody(q, [line(panel._id, { quantity: 6 })]));
    const noReason = await review({ status: 'Rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(M.reasonRequired);
    const seller = await asUserWithSession(ctx, [
      { resource: 'quotation', actions: ['read', 'update', 'view-all'] },
    ]);
    expect((await review({ status: 'Approved' }, seller)).statusCode).toBe(403);
    const approved = await review({ status: 'Approved', reason: 'Fine' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(M.reviewApproved);
    expect(approved.json().data.activeVersion.review).toMatchObject({
      status: 'Approved',
      reason: 'Fine',
      reviewedBy: { _id: admin.user.id },
    });
    const edited = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${q._id}`,
      payload: { notes: 'One more' },
    });
    expect(edited.json().data.activeVersion.review).toMatchObject({
      status: 'Pending',
      reason: null,
      reviewedBy: null,
    });
    const rejected = await review({ status: 'Rejected', reason: 'Price too low' });
    expect(rejected.json().message).toBe(M.reviewRejected);
  });

  it("keeps another executive's customers' quotations out of reach (404, not listed)", async () => {
    const perms = [
      { resource: 'quotation', actions: ['read', 'create', 'update', 'suggestion', 'delete'] },
      { resource: 'customer', actions: ['read', 'create', 'suggestion'] },
      { resource: 'requirement', actions: ['read', 'create', 'suggestion'] },
      { resource: 'product-item', actions: ['suggestion'] },
      { resource: 'product-item-price', actions: ['read-t2'] },
    ];
    const mine = await asUserWithSession(ctx, perms);
    const theirs = await asUserWithSession(ctx, perms);
    const customer = await newCustomer('Kendriya Vidyalaya No. 1', {}, mine);
    const q = await created({}, customer._id, mine);
    expect((await get(q._id, mine))._id).toBe(q._id);
    const res = await theirs.request({ method: 'GET', url: `${BASE}/${q._id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notFound);
    const page = await theirs.request({ method: 'GET', url: listUrl(BASE, [['limit', '100']]) });
    expect(page.json().data.quotations.map((x: { _id: string }) => x._id)).not.toContain(q._id);
    expect((await reQuote(q._id, versionBody(q, [line(panel._id)]), theirs)).statusCode).toBe(404);
    expect((await theirs.request({ method: 'DELETE', url: `${BASE}/${q._id}` })).statusCode).toBe(404);
    const state = await mine.request({ method: 'GET', url: listUrl(BASE, [['filters[state]', 'Assigned']]) });
    expect(state.statusCode).toBe(403);
  });

  it('lists with filters and sorts, suggests by number or title, and lists a customer’s quotations', async () => {
    const customer = await newCustomer('Blue Bells School');
    const a = await created({ title: 'Quotation for science laboratory' }, customer._id);
    const b = await created({}, customer._id);
    const page = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[customer]', customer._id],
        ['sortBy', 'quotationId'],
        ['sortOrder', 'asc'],
      ]),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.quotationsCount).toBe(2);
    expect(page.json().data.quotations.map((x: { _id: string }) => x._id)).toEqual([a._id, b._id]);
    const byId = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [['filters[quotationId]', String(a.quotationId)]]),
    });
    expect(byId.json().data.quotations.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const suggest = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?title=science&customerId=${customer._id}`,
    });
    expect(suggest.statusCode, suggest.body).toBe(200);
    expect(suggest.json().data.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const byNumber = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?quotationId=ARR/${String(b.quotationId).padStart(4, '0')}`,
    });
    expect(byNumber.json().data[0]).toMatchObject({ _id: b._id, versionNumber: 0, status: 'Draft' });
    const related = await admin.request({
      method: 'GET',
      url: `/api/crm/customers/${customer._id}/quotations`,
    });
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json().data.quotationsCount).toBe(2);
    expect(related.json().data.quotations[0]).toMatchObject({
      _id: b._id,
      activeVersion: { title: b.activeVersion.title, status: 'Draft', versionNumber: 0, totalPrice: 6436.58 },
    });
  });

  it('deletes, restores and deletes for good; the requirement is free again; follow-ups name the quotation', async () => {
    const q = await created();
    const fu = await admin.request({
      method: 'POST',
      url: '/api/crm/follow-ups',
      payload: {
        customer: school._id,
        type: 'Call',
        reason: 'Quotation',
        quotation: q._id,
        date: daysFromToday(1),
        time: '10:30',
      },
    });
    expect(fu.statusCode, fu.body).toBe(201);
    const stranger = await newCustomer('Stewart Science College');
    const elsewhere = await admin.request({
      method: 'POST',
      url: '/api/crm/follow-ups',
      payload: {
        customer: stranger._id,
        type: 'Call',
        reason: 'Quotation',
        quotation: q._id,
        date: daysFromToday(1),
        time: '11:00',
      },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('The quotation must belong to the chosen customer.');
    const listed = await admin.request({ method: 'GET', url: `${BASE}/${q._id}/follow-ups` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.followUps.map((x: { _id: string }) => x._id)).toEqual([fu.json().data._id]);
    expect((await admin.request({ method: 'DELETE', url: `${BASE}/${q._id}` })).json().message).toBe(
      'Quotation deleted successfully',
    );
    expect((await admin.request({ method: 'PATCH', url: `${BASE}/${q._id}/restore` })).statusCode).toBe(200);
    await admin.request({ method: 'DELETE', url: `${BASE}/${q._id}` });
    const gone = await admin.request({ method: 'DELETE', url: `${BASE}/${q._id}/permanent` });
    expect(gone.statusCode, gone.body).toBe(200);
    const [r] = await ctx.database.db
      .select()
      .from(requirements)
      .where(eq(requirements.id, q.requirement!._id));
    expect(r!.quotationId).toBeNull();
    const after = await admin.request({ method: 'GET', url: `/api/crm/follow-ups/${fu.json().data._id}` });
    expect(after.json().data.quotation).toBeNull();
    expect((await admin.request({ method: 'GET', url: `${BASE}/${q._id}` })).statusCode).toBe(404);
  });
});
