import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { pdfPages } from '../quotation-document/pdf-test-kit.ts';
import { gstinOf, invoiceNo, ledgerKit, today } from '../stocks/ledger-test-kit.ts';
import { multipartBody } from '../users/users-test-kit.ts';

// Issue 27 §2: a sale's tax invoice carries every field rule 46 of the CGST Rules asks for, read back from
// the PDF the server makes.
describe('a sale’s tax invoice', () => {
  let ctx: TestContext;
  let admin: Agent;
  let kit: ReturnType<typeof ledgerKit>;
  let vendorId: string;

  const item = async (name: string, fields: Record<string, string>) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/products/items',
      ...multipartBody({ name, ...fields }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const bought = await admin.request({
      method: 'POST',
      url: '/api/crm/products/purchases',
      payload: {
        vendor: vendorId,
        invoiceNo: invoiceNo('PB'),
        invoiceDate: today(),
        items: [{ item: id, quantity: 10, pricePerUnit: 100, gst: fields.gst ? Number(fields.gst) : 18 }],
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    return id;
  };
  const customer = async (payload: object) => {
    const res = await admin.request({ method: 'POST', url: '/api/crm/customers', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; customerId: number };
  };
  const sell = async (customerId: string, number: string, items: object[]) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: { customer: customerId, invoiceNo: number, invoiceDate: '2026-11-20', items },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  const invoiceText = async (saleId: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `/api/crm/products/sales/${saleId}/invoice` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return { res, text: (await pdfPages(res.rawPayload)).flat().join('\n') };
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      LOG_LEVEL: 'error',
      COMPANY_NAME: 'Arrow Robotics',
      COMPANY_STATE: 'Odisha',
    });
    admin = await adminSession(ctx);
    kit = ledgerKit(ctx, admin);
    vendorId = (await kit.vendor())._id;
    const settings = await admin.request({
      method: 'PATCH',
      url: '/api/admin/settings/company',
      payload: {
        address: 'Plot 12, Chandaka Industrial Estate\nBhubaneswar 751024',
        gstin: gstinOf('21AAACA1234B1Z'),
        bankAccountName: 'Arrow Robotics Pvt Ltd',
        bankAccountNumber: '123456789012',
        ifsc: 'SBIN0001234',
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it('within the state: supplier and recipient GSTINs, lines with HSN, CGST and SGST, the HSN summary, the total in words', async () => {
    const kitId = await item('Robotics Kit', { hsnCode: '9503', gst: '18' });
    const book = await item('Science Textbook', {
      hsnCode: '4901',
      gst: '0',
      gstZeroKind: 'Exempt',
      uqc: 'SET',
    });
    const school = await customer({
      type: 'Organization',
      name: 'Sri Aurobindo School',
      phone: '9437012345',
      gstin: gstinOf('21AABCS5678D1Z'),
      address: { street: 'Link Road', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753012' },
    });
    const id = await sell(school._id, 'KAR/26-27/0001', [
      { item: kitId, quantity: 2, marginTier: 'custom', pricePerUnit: 1500, gst: 18 },
      { item: book, quantity: 3, marginTier: 'custom', pricePerUnit: 250.5, gst: 0 },
    ]);
    const { res, text } = await invoiceText(id);
    expect(res.headers['content-disposition']).toBe('inline; filename="Tax-Invoice-KAR-26-27-0001.pdf"');
    for (const expected of [
      'TAX INVOICE',
      'Arrow Robotics',
      'Plot 12, Chandaka Industrial Estate',
      `GSTIN: ${gstinOf('21AAACA1234B1Z')}`,
      'Invoice No: KAR/26-27/0001',
      'Date: 20/11/2026',
      'BILL TO',
      'Sri Aurobindo School',
      'Link Road',
      'State: Odisha (21)',
      `GSTIN: ${gstinOf('21AABCS5678D1Z')}`,
      'PLACE OF SUPPLY',
      'TAX PAYABLE ON REVERSE CHARGE',
      'Robotics Kit',
      '9503',
      // 2 × 1,500 = 3,000; 18% = 540, split 270 + 270.
      '₹3,000.00',
      '₹270.00',
      '₹3,540.00',
      // Quantities with their unit; 0% printed as the law asks.
      '2 NOS',
      '3 SET',
      'Exempt',
      '₹751.50',
      'HSN/SAC SUMMARY',
      'Invoice Total',
      '₹4,291.50',
      'Amount in words: Rupees Four Thousand Two Hundred Ninety One and Paise Fifty Only',
      'For Arrow Robotics',
      'Authorised Signatory',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('DELIVERY ADDRESS');
  });

  it('between states, unregistered, ₹50,000 or more: IGST and the delivery address with its state and code', async () => {
    const panel = await item('Interactive Panel', { hsnCode: '852859', gst: '18' });
    const college = await customer({
      type: 'Organization',
      name: 'Ranchi Public School',
      address: {
        street: 'Kanke Road',
        city: 'Ranchi',
        state: 'Jharkhand',
        country: 'India',
        zipCode: '834008',
      },
    });
    const id = await sell(college._id, 'KAR/26-27/0002', [
      { item: panel, quantity: 1, marginTier: 'custom', pricePerUnit: 60000, gst: 18 },
    ]);
    const { text } = await invoiceText(id);
    for (const expected of [
      'GSTIN: Unregistered',
      'Jharkhand (20)',
      'IGST',
      '₹10,800.00',
      'DELIVERY ADDRESS',
      'Kanke Road',
      '₹70,800.00',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('E-WAY BILL');

    // Above ₹50,000 the sale asks for its e-way bill: the list finds it until the number is given.
    const missing = async () =>
      (
        await admin.request({
          method: 'GET',
          url: '/api/crm/products/sales?filters[eWayBill][]=Missing&limit=100',
        })
      )
        .json()
        .data.productSales.map((x: { _id: string }) => x._id) as string[];
    expect(await missing()).toContain(id);
    const bad = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/sales/${id}`,
      payload: { eWayBillNo: '1234', vehicleNo: 'OD 02 AB 1234' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-way bill number must be 12 digits');
    const given = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/sales/${id}`,
      payload: { eWayBillNo: '3310 1234 5678', vehicleNo: 'jh-01-ab-1234' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ eWayBillNo: '331012345678', vehicleNo: 'JH01AB1234' });
    expect(await missing()).not.toContain(id);
    const after = await invoiceText(id);
    for (const expected of ['E-WAY BILL', 'E-way bill No: 331012345678', 'Vehicle No: JH01AB1234'])
      expect(after.text, expected).toContain(expected);
  });

  it('proposes the next number of the series per financial year; a number longer than 16 characters is refused', async () => {
    const next = async (date?: string) => {
      const res = await admin.request({
        method: 'GET',
        url: `/api/crm/products/sales/next-invoice-no${date ? `?date=${date}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.invoiceNo as string;
    };
    expect(await next('2026-11-20')).toBe('INV/2026-27/0001');
    const series = await admin.request({
      method: 'PATCH',
      url: '/api/admin/settings/company',
      payload: { saleInvoiceSeries: 'KAR/{fy}/' },
    });
    expect(series.statusCode, series.body).toBe(200);
    // KAR/26-27/0001 and 0002 were issued above.
    expect(await next('2026-11-20')).toBe('KAR/26-27/0003');
    expect(await next('2027-03-31')).toBe('KAR/26-27/0003');
    expect(await next('2027-04-01')).toBe('KAR/27-28/0001');
    expect((await next()).startsWith('KAR/')).toBe(true);
    const bad = await admin.request({
      method: 'GET',
      url: '/api/crm/products/sales/next-invoice-no?date=2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const long = await admin.request({
      method: 'PATCH',
      url: '/api/admin/settings/company',
      payload: { saleInvoiceSeries: 'KARYA-ROBOTICS/{FY}/' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('16 characters');

    const customerId = (await kit.customer('Odisha'))._id;
    const kitId = await item('Line follower', { hsnCode: '9503' });
    const tooLong = await admin.request({
      method: 'POST',
      url: '/api/crm/products/sales',
      payload: {
        customer: customerId,
        invoiceNo: 'KAR/2026-27/00001',
        invoiceDate: '2026-11-20',
        items: [{ item: kitId, quantity: 1, marginTier: 'custom', pricePerUnit: 100 }],
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'Invoice number must not exceed 16 characters (rule 46 of the CGST Rules)',
    );
  });

  it('e-mails the invoice to a contact of the customer and records it in the sale’s history', async () => {
    const kitId = await item('Solar kit', { hsnCode: '9023' });
    const school = await customer({
      type: 'Organization',
      name: 'DAV Koraput',
      email: 'office@dav.test',
      contacts: [{ name: 'Rina Das', designation: 'Principal', email: 'principal@dav.test' }],
      address: { city: 'Koraput', state: 'Odisha', country: 'India' },
    });
    const id = await sell(school._id, 'KAR/26-27/0009', [
      { item: kitId, quantity: 1, marginTier: 'custom', pricePerUnit: 500 },
    ]);
    const send = (email: string) =>
      admin.request({ method: 'POST', url: `/api/crm/products/sales/${id}/send`, payload: { email } });
    const stranger = await send('someone@else.test');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('The e-mail must be one of the customer’s contacts');
    expect((await send('nope')).json().message).toBe('Email must be a valid email address');
    const before = ctx.mailer.sent.length;
    const res = await send('Principal@DAV.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Tax invoice sent to Principal@DAV.test');
    const mail = ctx.mailer.sent.at(-1)!;
    expect(ctx.mailer.sent.length).toBe(before + 1);
    expect(mail.subject).toBe('Tax invoice KAR/26-27/0009');
    expect(mail.attachments?.[0]?.filename).toBe('Tax-Invoice-KAR-26-27-0009.pdf');
    expect(mail.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const history = await admin.request({ method: 'GET', url: `/api/crm/products/sales/${id}/history` });
    expect(history.json().data.history[0].changes).toEqual([
      expect.objectContaining({ field: 'sentTo', to: 'Principal@DAV.test (KAR/26-27/0009)' }),
    ]);
  });

  it('needs read on sales; an unknown sale is not found', async () => {
    const res = await admin.request({
      method: 'GET',
      url: '/api/crm/products/sales/0123456789abcdef01234567/invoice',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Sale not found');
  });
});
