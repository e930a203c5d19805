import {
  daysFromToday,
  EMAIL_MESSAGES,
  REJECTION_MESSAGES as M,
  PHONE_MESSAGE,
  type QuotationListDto,
  type RejectionAnalysisDto,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { quotations, quotationVersions, recordHistory } from '../../db/schema.ts';
import { listUrl } from '../users/users-test-kit.ts';
import { QUOTATIONS, REJECTIONS, rejectionKit } from './rejection-analyses-test-kit.ts';

/** Spec 2 §4, §5, §7 and decision 0016: saving an analysis rejects the quotation's active version. */
describe('rejection analyses: saving one', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof rejectionKit>;

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = rejectionKit(ctx, admin);
    await kit.setUp();
  });
  afterAll(() => ctx.close());

  const openIds = async () => {
    const res = await admin.request({
      method: 'GET',
      url: listUrl(QUOTATIONS, [
        ['filters[status][]', 'Draft'],
        ['filters[status][]', 'ReQuoted'],
        ['limit', '100'],
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.quotations as QuotationListDto[]).map((q) => q._id);
  };

  it('saves the analysis, rejects the active version and takes the quotation out of the open list', async () => {
    const q = await kit.newQuotation();
    expect(await openIds()).toContain(q._id);
    const res = await kit.post(
      kit.body(q, {
        detailedReason: 'The school bought cheaper panels from a local dealer.',
        competitor: { name: 'Kalinga Digital', offeredAmount: '1999.50' },
        customerFeedback: '   ',
        rejectedPerson: { name: 'Sri Ramesh Behera', designation: '', email: ' ', phone: '9437012345' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.created);
    const a = res.json().data as RejectionAnalysisDto;
    expect(a).toMatchObject({
      quotation: {
        _id: q._id,
        quotationId: q.quotationId,
        versionNumber: 0,
        title: q.activeVersion.title,
        isDeleted: false,
      },
      quotationVersionId: q.activeVersion._id,
      customer: { _id: q.customer!._id, customerId: q.customer!.customerId, name: q.customer!.name },
      rejectionReasons: ['Price too high', 'Budget cut this year'],
      detailedReason: 'The school bought cheaper panels from a local dealer.',
      // Not sent: a named competitor means the deal went to one.
      lostTo: 'Competitor',
      competitor: { name: 'Kalinga Digital', offeredAmount: 1999.5 },
      quotedAmount: q.activeVersion.totalPrice,
      // Blank optional text is dropped.
      customerFeedback: null,
      rejectedPerson: { name: 'Sri Ramesh Behera', designation: null, email: null, phone: '9437012345' },
      createdBy: { _id: admin.user.id },
      updatedBy: { _id: admin.user.id },
      isDeleted: false,
      deletedBy: null,
    });
    const after = await kit.quotation(q._id);
    expect(after.activeVersion.status).toBe('Rejected');
    const [row] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, q._id));
    expect(row!.status).toBe('Rejected');
    expect(await openIds()).not.toContain(q._id);
    const rejected = await admin.request({
      method: 'GET',
      url: listUrl(QUOTATIONS, [['filters[status]', 'Rejected']]),
    });
    expect(rejected.json().data.quotations.map((x: { _id: string }) => x._id)).toContain(q._id);
    // Both histories: the quotation's status, the analysis' creation.
    const quotationHistory = await admin.request({ method: 'GET', url: `${QUOTATIONS}/${q._id}/history` });
    expect(quotationHistory.json().data.history[0]).toMatchObject({
      action: 'update',
      changes: [expect.objectContaining({ field: 'status', from: 'Draft', to: 'Rejected' })],
    });
    const own = await admin.request({ method: 'GET', url: `${REJECTIONS}/${a._id}/history` });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.history[0]).toMatchObject({ action: 'create' });
    expect(own.json().data.history[0].changes.map((c: { field: string }) => c.field)).toContain(
      'rejectionReasons',
    );
  });

  it('says No Decision when no competitor is named or priced, and keeps a lostTo that was sent', async () => {
    const none = await kit.reject(await kit.newQuotation());
    expect(none).toMatchObject({ lostTo: 'No Decision', competitor: { name: null, offeredAmount: null } });
    const priced = await kit.reject(await kit.newQuotation(), { competitor: { offeredAmount: 5000 } });
    expect(priced.lostTo).toBe('Competitor');
    const said = await kit.reject(await kit.newQuotation(), {
      lostTo: 'No Decision',
      competitor: { name: 'Kalinga Digital' },
    });
    expect(said.lostTo).toBe('No Decision');
  });

  it('answers every bad form with 400 and the spec’s message, writing nothing', async () => {
    const q = await kit.newQuotation();
    const cases: [object, string][] = [
      [{ rejectionReasons: [] }, M.reasonsRequired],
      [{ rejectionReasons: undefined }, M.reasonsRequired],
      [{ rejectionReasons: ['Price too high', '   '] }, M.reasonEmpty],
      [{ rejectionReasons: ['Price too high', 'price too high'] }, M.reasonDuplicate],
      [{ rejectionReasons: ['x'.repeat(201)] }, M.reasonMax],
      [{ rejectionDate: undefined }, M.dateRequired],
      [{ rejectionDate: '2026-02-30' }, M.dateRequired],
      [{ rejectionDate: daysFromToday(2) }, M.dateFuture],
      [{ competitor: { offeredAmount: 0 } }, M.offeredAmountPositive],
      [{ competitor: { offeredAmount: -10 } }, M.offeredAmountPositive],
      [{ competitor: { offeredAmount: 'a lot' } }, M.offeredAmountPositive],
      [{ competitor: { offeredAmount: 10.555 } }, M.offeredAmountDecimals],
      [{ lostTo: 'Competitor' }, M.competitorNeeded],
      [{ lostTo: 'Nobody' }, M.lostToInvalid],
      [{ rejectedPerson: { email: 'principal@' } }, EMAIL_MESSAGES.format],
      [{ rejectedPerson: { phone: '12345' } }, PHONE_MESSAGE],
      [{ detailedReason: 'x'.repeat(2001) }, M.textMax('Detailed reason')],
      [{ quotation: undefined }, M.quotationRequired],
      [{ quotationVersionId: '' }, M.versionRequired],
    ];
    const before = await kit.analyses();
    for (const [more, message] of cases) {
      const res = await kit.post(kit.body(q, more));
      expect(res.statusCode, `${JSON.stringify(more)} ${res.body}`).toBe(400);
      expect(res.json().message, JSON.stringify(more)).toBe(message);
    }
    expect(await kit.analyses()).toBe(before);
    expect((await kit.quotation(q._id)).activeVersion.status).toBe('Draft');
    // A landline by the spec's pattern passes.
    const landline = await kit.reject(q, { rejectedPerson: { phone: '0674-2345678' } });
    expect(landline.rejectedPerson.phone).toBe('0674-2345678');
  });

  it('needs the live quotation in scope, its active version, and a quotation still to decide', async () => {
    const before = await kit.analyses();
    const missing = await kit.post({ ...kit.body(await kit.newQuotation()), quotation: 'a'.repeat(24) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.quotationNotFound);
    const deleted = await kit.newQuotation();
    expect((await admin.request({ method: 'DELETE', url: `${QUOTATIONS}/${deleted._id}` })).statusCode).toBe(
      200,
    );
    const gone = await kit.post(kit.body(deleted));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.quotationNotFound);
    // A re-quotation: the earlier version is no longer the one to reject, the new one awaits its review.
    const q = await kit.newQuotation();
    const requoted = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${q._id}/re-quotation`,
      payload: {
        title: q.activeVersion.title,
        validUntil: daysFromToday(10),
        items: q.activeVersion.items.map((l) => ({
          item: l.item!._id,
          quantity: 5,
          marginTier: 't2',
          gst: 18,
        })),
      },
    });
    expect(requoted.statusCode, requoted.body).toBe(200);
    const v1 = requoted.json().data as typeof q;
    const old = await kit.post(kit.body(q));
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(M.versionNotFound);
    const pending = await kit.post(kit.body(v1));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(M.awaitingReview);
    // An approved quotation (a project) is no longer for rejecting.
    const approved = await kit.newQuotation();
    await ctx.database.db
      .update(quotationVersions)
      .set({ status: 'Approved' })
      .where(eq(quotationVersions.id, approved.activeVersion._id));
    const decided = await kit.post(kit.body(approved));
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toBe(M.notDecidable);
    expect(await kit.analyses()).toBe(before);
    // Once the review approves the changes, the re-quotation may be rejected.
    const review = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${q._id}/review`,
      payload: { status: 'Approved' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const a = await kit.reject(v1);
    expect(a.quotation).toMatchObject({ versionNumber: 1, title: v1.activeVersion.title });
    // Only the rejected version changed: the earlier one stays ReQuoted.
    const after = await kit.quotation(q._id);
    expect(after.versions.map((v) => v.status)).toEqual(['Rejected', 'ReQuoted']);
    // A rejected quotation stays rejected: no other version may be made active again.
    const reopen = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${q._id}/set-active/${q.activeVersion._id}`,
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(M.alreadyRejected);
    expect((await kit.quotation(q._id)).activeVersion._id).toBe(v1.activeVersion._id);
  });

  it('refuses a second analysis of a quotation, also two sent at the same moment, writing nothing more', async () => {
    const q = await kit.newQuotation();
    await kit.reject(q);
    const historyBefore = await ctx.database.db.select().from(recordHistory);
    const before = await kit.analyses();
    const again = await kit.post(kit.body(q, { rejectionReasons: ['Another reason'] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyRejected);
    expect(await kit.analyses()).toBe(before);
    expect(await ctx.database.db.select().from(recordHistory)).toHaveLength(historyBefore.length);

    const twice = await kit.newQuotation();
    const answers = await Promise.all([
      kit.post(kit.body(twice, { rejectionReasons: ['First'] })),
      kit.post(kit.body(twice, { rejectionReasons: ['Second'] })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(M.alreadyRejected);
    expect(await kit.analyses()).toBe(before + 1);
    const listed = await admin.request({
      method: 'GET',
      url: listUrl(REJECTIONS, [['filters[quotation]', twice._id]]),
    });
    expect(listed.json().data.rejectionAnalysesCount).toBe(1);
  });
});
