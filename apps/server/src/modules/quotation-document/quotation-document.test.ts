// The quotation's document routes on real quotations made through the API: the PDF (GET /{id}/pdf) and the
// e-mail (POST /{id}/send). What the renderer draws is quotation-pdf.test.ts's.
import { type CustomerDto, daysFromToday, type QuotationDto } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { QUOTATIONS, quotationKit } from '../quotations/quotations-test-kit.ts';
import { pdfPages } from './pdf-test-kit.ts';

const flat = (pages: string[][]) => pages.flat().join('\n');

describe('the quotation document', () => {
  let ctx: TestContext;
  let admin: Agent;
  let school: CustomerDto;
  /** Version 0 (no review: may be sent) and its re-quotation R1, active and awaiting review. */
  let quotation: QuotationDto;
  let first: QuotationDto['activeVersion'];
  const get = (url: string, who: Agent = admin) => who.request({ method: 'GET', url });
  const send = (id: string, payload: object, who: Agent = admin) =>
    who.request({ method: 'POST', url: `${QUOTATIONS}/${id}/send`, payload });

  beforeAll(async () => {
    ctx = await createTestApp({
      LOG_LEVEL: 'error',
      COMPANY_NAME: 'Arrow Robotics',
      COMPANY_STATE: 'Odisha',
    });
    admin = await adminSession(ctx);
    const make = quotationKit(ctx, admin);
    await make.createMargin();
    const bank = {
      bankAccountName: 'Arrow Robotics Pvt Ltd',
      bankAccountNumber: '123456789012',
      ifsc: 'SBIN0001234',
    };
    const settings = await admin.request({
      method: 'PATCH',
      url: '/api/admin/settings/company',
      payload: bank,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    school = await make.newCustomer('Sri Aurobindo School', {
      email: 'office@school.test',
      phone: '9437012345',
      address: { street: 'Link Road', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753012' },
      contacts: [{ name: 'Sujata Mohanty', designation: 'Principal', email: 'principal@school.test' }],
    });
    const robot = await make.newItem('Robotics Kit', { hsnCode: '9023', description: 'Arduino based' }, 10);
    const book = await make.newItem('ଓଡ଼ିଆ ପୁସ୍ତକ', { hsnCode: '4901', gst: '5' }, 10);
    const requirement = await make.newRequirement(school._id, [robot._id, book._id]);
    const items = [
      { item: robot._id, quantity: 2, marginTier: 'custom', gst: 18, unitPrice: 60000 },
      { item: book._id, quantity: 1, marginTier: 'custom', gst: 5, unitPrice: 50.25 },
    ];
    const made = await make.createQuotation({
      title: 'Quotation for the robotics lab',
      customer: school._id,
      requirement: requirement._id,
      validUntil: daysFromToday(7),
      items,
    });
    first = made.activeVersion;
    const again = await admin.request({
      method: 'PATCH',
      url: `${QUOTATIONS}/${made._id}/re-quotation`,
      payload: { title: first.title, validUntil: daysFromToday(10), items },
    });
    expect(again.statusCode, again.body).toBe(200);
    quotation = (await get(`${QUOTATIONS}/${made._id}`)).json().data as QuotationDto;
    expect(quotation.activeVersion.review?.status).toBe('Pending');
  });
  afterAll(() => ctx.close());

  it('is the active version as ARR-0001-R1.pdf: its lines, the company settings, the band while it awaits review', async () => {
    const res = await get(`${QUOTATIONS}/${quotation._id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ARR-0001-R1.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const all = flat(await pdfPages(res.rawPayload));
    expect(all).toContain('AWAITING REVIEW: NOT FOR SENDING');
    expect(all).toContain('Arrow Robotics');
    expect(all).toContain('No: ARR/0001/R1');
    expect(all).toContain('Sri Aurobindo School');
    expect(all).toContain('Odisha (21)');
    expect(all).toContain('1 Robotics Kit Arduino based 9023 2 ₹60,000.00 18% ₹10,800.00 ₹1,41,600.00');
    expect(all).toMatch(/2 .*[\u0B00-\u0B7F].* 4901 1 ₹50.25 5% ₹2.51 ₹52.76/);
    expect(all).toContain('IFSC: SBIN0001234');
  });

  it('prints an earlier version by ?version=, without the band once it needs no review', async () => {
    const res = await get(`${QUOTATIONS}/${quotation._id}/pdf?version=${first._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ARR-0001.pdf"');
    const all = flat(await pdfPages(res.rawPayload));
    expect(all).not.toContain('AWAITING REVIEW');
    expect(all).toContain('No: ARR/0001');
    const unknown = await get(`${QUOTATIONS}/${quotation._id}/pdf?version=${'f'.repeat(24)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Version not found');
    const none = await get(`${QUOTATIONS}/${'e'.repeat(24)}/pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Quotation not found');
    expect((await get(`${QUOTATIONS}/${quotation._id}/pdf?version=x`)).statusCode).toBe(400);
  });

  it('needs print on quotation, and the customer in the caller’s reach', async () => {
    const reader = await asUserWithSession(ctx, [{ resource: 'quotation', actions: ['read'] }]);
    expect((await get(`${QUOTATIONS}/${quotation._id}/pdf`, reader)).statusCode).toBe(403);
    // Print alone: the quotation's customer is another's, so the quotation is not found (as in the list).
    const printer = await asUserWithSession(ctx, [{ resource: 'quotation', actions: ['print'] }]);
    const away = await get(`${QUOTATIONS}/${quotation._id}/pdf`, printer);
    expect(away.statusCode).toBe(404);
    expect(away.json().message).toBe('Quotation not found');
    const allCustomers = [
      { resource: 'quotation', actions: ['print'] },
      { resource: 'customer', actions: ['view-all'] },
    ];
    const office = await asUserWithSession(ctx, allCustomers);
    expect((await get(`${QUOTATIONS}/${quotation._id}/pdf`, office)).statusCode).toBe(200);
  });

  it('e-mails a version that may be sent to a contact of the customer and records it in history', async () => {
    const before = ctx.mailer.sent.length;
    const res = await send(quotation._id, { email: 'Principal@School.test', version: first._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Quotation sent to Principal@School.test');
    const mail = ctx.mailer.sent.at(-1)!;
    expect(ctx.mailer.sent.length).toBe(before + 1);
    expect(mail.to).toBe('Principal@School.test');
    expect(mail.subject).toBe('Quotation ARR/0001: Quotation for the robotics lab');
    expect(mail.attachments?.[0]?.filename).toBe('ARR-0001.pdf');
    expect(mail.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const history = await ctx.database.db.execute(
      sql`select changes from record_history where entity = 'quotation' and record_id = ${quotation._id}`,
    );
    expect(JSON.stringify((history as unknown as { rows: unknown[] }).rows)).toContain(
      'Principal@School.test (ARR/0001)',
    );
  });

  it('refuses a version awaiting review, an address not of the customer, and a bad address, sending nothing', async () => {
    const before = ctx.mailer.sent.length;
    const awaiting = await send(quotation._id, { email: 'office@school.test' });
    expect(awaiting.statusCode).toBe(400);
    expect(awaiting.json().message).toBe('Awaiting review: not for sending');
    const sendable = { version: first._id };
    const stranger = await send(quotation._id, { ...sendable, email: 'someone@else.test' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('The e-mail must be one of the customer’s contacts');
    const bad = await send(quotation._id, { ...sendable, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email must be a valid email address');
    expect((await send(quotation._id, sendable)).json().message).toBe('Email is required');
    const reader = await asUserWithSession(ctx, [{ resource: 'quotation', actions: ['read'] }]);
    const denied = await send(quotation._id, { ...sendable, email: 'office@school.test' }, reader);
    expect(denied.statusCode).toBe(403);
    expect(ctx.mailer.sent.length).toBe(before);
  });
});
