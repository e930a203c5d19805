// A quotation's answer comes from one statement that builds it as JSON (decision 0027): the GET sends it as
// text, a write's answer parses it. These hold the GET's answer to the rows themselves, read one table at a
// time, to the last write's answer (nothing changed between), and the caller's scoped read (built per
// request) to the prepared one.
import { daysFromToday, type QuotationDto } from '@karya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { quotationLines, quotationVersions, users } from '../../db/schema.ts';
import { QUOTATIONS, quotationKit, quotationLine } from './quotations-test-kit.ts';

describe('a quotation’s detail', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('answers every version and line as its rows hold them, and the same to a scoped reader', async () => {
    const seller = await asUserWithSession(ctx, [
      { resource: 'quotation', actions: ['read', 'create', 'update', 'suggestion'] },
      { resource: 'customer', actions: ['read', 'create', 'suggestion'] },
      { resource: 'requirement', actions: ['read', 'create', 'suggestion'] },
      { resource: 'product-item', actions: ['suggestion'] },
      { resource: 'product-item-price', actions: ['read-t2'] },
    ]);
    const make = quotationKit(ctx, admin);
    await make.createMargin();
    const customer = await make.newCustomer('Saraswati Sishu Mandir, Cuttack', {}, seller);
    const panel = await make.newItem('Interactive flat panel 65 inch', { hsnCode: '8528' });
    const kit = await make.newItem('Robotics kit for class 8', {}, 1500);
    const requirement = await make.newRequirement(customer._id, [panel._id], seller);
    const line = quotationLine;
    const q = await make.createQuotation(
      {
        title: 'Quotation for the science laboratory',
        customer: customer._id,
        requirement: requirement._id,
        validUntil: daysFromToday(7),
        items: [line(panel._id), line(kit._id, { marginTier: 'custom', unitPrice: 1800.25, gst: 5 })],
      },
      seller,
    );
    const again = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${q._id}/re-quotation`,
      payload: {
        title: q.activeVersion.title,
        validUntil: daysFromToday(10),
        items: [line(panel._id, { quantity: 4 })],
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    const gone = await admin.request({ method: 'DELETE', url: `/api/crm/products/items/${kit._id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    const reviewed = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${q._id}/review`,
      payload: { status: 'Approved', reason: 'Prices checked' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    const read = async (who: Agent) => {
      const res = await who.request({ method: 'GET', url: `${QUOTATIONS}/${q._id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as QuotationDto;
    };
    const answer = await read(admin);
    expect(await read(seller)).toEqual(answer);
    // A write answers what a GET then reads (the review's answer, parsed from the same statement's JSON).
    expect(answer).toEqual(reviewed.json().data);

    const db = ctx.database.db;
    const versions = await db
      .select()
      .from(quotationVersions)
      .where(eq(quotationVersions.quotationId, q._id));
    const lines = await db
      .select()
      .from(quotationLines)
      .where(
        inArray(
          quotationLines.versionId,
          versions.map((v) => v.id),
        ),
      )
      .orderBy(asc(quotationLines.lineNo));
    const people = await db.select({ id: users.id, name: users.name }).from(users);
    const nameOf = (id: string | null) => (id ? people.find((u) => u.id === id)!.name : null);

    expect(answer.versions.map((v) => v.versionNumber)).toEqual([1, 0]);
    for (const v of answer.versions) {
      const row = versions.find((r) => r.id === v._id)!;
      expect(v).toMatchObject({
        title: row.title,
        status: row.status,
        validUntil: row.validUntil,
        taxableAmount: row.taxableAmount,
        totalGSTAmount: row.totalGstAmount,
        totalPrice: row.totalPrice,
        gstSplit: { cgst: row.cgst, sgst: row.sgst, igst: row.igst },
        isMain: row.isMain,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        changes: row.changes,
      });
      expect(v.createdBy?.name).toBe(nameOf(row.createdBy));
      expect(v.review?.reviewedAt ?? null).toBe(row.reviewedAt?.toISOString() ?? null);
      expect(v.review?.reviewedBy?.name ?? null).toBe(nameOf(row.reviewedBy));
      const own = lines.filter((l) => l.versionId === v._id);
      expect(v.items).toEqual(
        own.map((l) => ({
          item: { _id: l.itemId, isDeleted: l.itemId === kit._id },
          name: l.name,
          sku: l.sku,
          modalNo: l.modalNo,
          hsn: l.hsn,
          brand: l.brandName,
          description: l.description,
          quantity: l.quantity,
          marginTier: l.marginTier,
          marginPercentage: l.marginPercentage,
          gst: l.gst,
          gstZeroKind: l.gstZeroKind,
          unitPrice: l.unitPrice,
          gstPerUnit: l.gstPerUnit,
          taxableAmount: l.taxableAmount,
          gstAmount: l.gstAmount,
          totalPrice: l.totalPrice,
        })),
      );
    }
    // The custom line's price keeps its paise; the deleted item still shows on the version that has it.
    expect(answer.versions[1]!.items[1]).toMatchObject({ unitPrice: 1800.25, item: { isDeleted: true } });
    expect(answer.versions[0]!.review).toMatchObject({ status: 'Approved', reason: 'Prices checked' });
    expect(answer.createdBy?._id).toBe(seller.user.id);
    expect(answer.requirement?._id).toBe(requirement._id);
    expect(answer.project).toBeNull();
  });
});
