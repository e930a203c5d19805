import { gunzipSync } from 'node:zlib';
import { ACCOUNTS_MESSAGES, EXPORT_FRAME } from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { userActivities } from '../../db/schema.ts';
import { gstinOf, invoiceNo } from '../stocks/ledger-test-kit.ts';
import { multipartBody } from '../users/users-test-kit.ts';

// Issue 27 §3: the accountant's hand-off. The Tally file parsed back (every voucher balanced, the ledgers'
// sums equal the registers', every name declared before a voucher uses it, the same identifiers twice), the
// GSTR-1 workbook's totals equal the register's, the registers' totals, the ranges' messages, the audit entry.
const paise = (v: string | number) => Math.round(Number(v) * 100);
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

type Voucher = Record<string, unknown> & {
  '@_REMOTEID': string;
  '@_VCHTYPE': string;
  VOUCHERNUMBER: string | number;
  'LEDGERENTRIES.LIST': unknown;
  'ALLINVENTORYENTRIES.LIST': unknown;
};

const readWorkbook = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, (string | number | null)[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push(
        Array.from({ length: sheet.columnCount }, (_, i) => {
          const v = row.getCell(i + 1).value;
          return v === undefined ? null : (v as string | number | null);
        }),
      );
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
};

describe('accounts: Tally, GSTR-1 and the registers', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  const MONTH = '2026-11';
  const RANGE = 'from=2026-11-01&to=2026-11-30';
  const ids: Record<string, string> = {};

  const json = async (
    res: { statusCode: number; body: string; json: () => { data: unknown } },
    status = 201,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as { _id: string } & Record<string, unknown>;
  };
  const item = async (name: string, fields: Record<string, string>) =>
    (
      await json(
        await admin.request({
          method: 'POST',
          url: '/api/crm/products/items',
          ...multipartBody({ name, ...fields }),
        }),
      )
    )._id;
  const vendor = async (name: string, gstin: string) =>
    (
      await json(
        await admin.request({
          method: 'POST',
          url: '/api/crm/products/vendors',
          ...multipartBody({ name, gstin }),
        }),
      )
    )._id;
  const customer = async (name: string, state: string, gstin?: string) =>
    (
      await json(
        await admin.request({
          method: 'POST',
          url: '/api/crm/customers',
          payload: {
            type: 'Organization',
            name,
            address: { city: 'Somewhere', state, country: 'India' },
            ...(gstin ? { gstin } : {}),
          },
        }),
      )
    )._id;
  const document = async (kind: 'sales' | 'purchases', party: string, day: string, items: object[]) =>
    (
      await json(
        await admin.request({
          method: 'POST',
          url: `/api/crm/products/${kind}`,
          payload: {
            [kind === 'sales' ? 'customer' : 'vendor']: party,
            invoiceNo: invoiceNo(kind === 'sales' ? 'S' : 'P').slice(0, 12),
            invoiceDate: day,
            items: kind === 'sales' ? items.map((l) => ({ marginTier: 'custom', ...l })) : items,
          },
        }),
      )
    )._id;
  const get = async (url: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const register = async (kind: 'sales' | 'purchases', query = RANGE) => {
    const rows = (
      await readWorkbook((await get(`/api/admin/accounts/registers/${kind}?${query}`)).rawPayload)
    )[kind === 'sales' ? 'Sales Register' : 'Purchase Register']!;
    const header = rows[0] as string[];
    const total = rows[rows.length - 1]!;
    const at = (name: string) => paise(total[header.indexOf(name)] as number);
    return {
      header,
      body: rows.slice(1, -1),
      total,
      taxable: at('Taxable Value'),
      cgst: at('CGST'),
      sgst: at('SGST'),
      igst: at('IGST'),
      value: at('Invoice Value'),
    };
  };
  const tally = async (query = RANGE) => {
    const res = await get(`/api/admin/accounts/tally?${query}`);
    const parser = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (name) => name === 'TALLYMESSAGE' || name.endsWith('.LIST'),
    });
    return { xml: res.body, res, doc: parser.parse(res.body) };
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      LOG_LEVEL: 'error',
      COMPANY_NAME: 'Arrow Robotics',
      COMPANY_STATE: 'Odisha',
    });
    admin = (await adminSession(ctx)) as typeof admin;
    const panel = await item('Smart Panel', { hsnCode: '8528', gst: '18' });
    const book = await item('Science Textbook', {
      hsnCode: '4901',
      gst: '0',
      gstZeroKind: 'Exempt',
      uqc: 'SET',
    });
    const kit = await item('Geometry Kit & Scale <A>', { hsnCode: '9017', gst: '5' });
    const local = await vendor('Kalinga Supplies', gstinOf('21AAACK1234B1Z'));
    const karnataka = await vendor('Bengaluru Boards', gstinOf('29AAACB1234B1Z'));
    ids.p1 = await document('purchases', local, '2026-10-02', [
      { item: panel, quantity: 40, pricePerUnit: 100, gst: 18 },
      { item: book, quantity: 40, pricePerUnit: 50, gst: 0 },
      { item: kit, quantity: 40, pricePerUnit: 20.05, gst: 5 },
    ]);
    ids.p2 = await document('purchases', karnataka, '2026-11-03', [
      { item: panel, quantity: 5, pricePerUnit: 99.99, gst: 18 },
    ]);
    ids.p3 = await document('purchases', local, '2026-11-04', [
      { item: kit, quantity: 3, pricePerUnit: 20.05, gst: 5 },
    ]);
    const regLocal = await customer('Stewart School', 'Odisha', gstinOf('21AAACS1234B1Z'));
    const regBengal = await customer('Hooghly College', 'West Bengal', gstinOf('19AAACH1234B1Z'));
    const walkIn = await customer('Walk-in Parent', 'Odisha');
    const bihar = await customer('Patna Academy', 'Bihar');
    ids.s1 = await document('sales', regLocal, '2026-11-05', [
      { item: panel, quantity: 1, pricePerUnit: 100.05, gst: 18 },
      { item: book, quantity: 2, pricePerUnit: 55.55, gst: 0 },
    ]);
    ids.s2 = await document('sales', regBengal, '2026-11-06', [
      { item: panel, quantity: 2, pricePerUnit: 150.11, gst: 18 },
    ]);
    ids.s3 = await document('sales', walkIn, '2026-11-07', [
      { item: kit, quantity: 3, pricePerUnit: 33.33, gst: 5 },
    ]);
    ids.s4 = await document('sales', bihar, '2026-11-08', [
      { item: panel, quantity: 10, pricePerUnit: 15000, gst: 18 },
    ]);
    ids.s5 = await document('sales', bihar, '2026-11-09', [
      { item: kit, quantity: 1, pricePerUnit: 500, gst: 5 },
    ]);
    // Outside the month, and one deleted: in no export of November.
    ids.s6 = await document('sales', walkIn, '2026-10-20', [
      { item: kit, quantity: 1, pricePerUnit: 40, gst: 5 },
    ]);
    ids.s7 = await document('sales', walkIn, '2026-11-10', [
      { item: kit, quantity: 1, pricePerUnit: 40, gst: 5 },
    ]);
    const del = await admin.request({ method: 'DELETE', url: `/api/crm/products/sales/${ids.s7}` });
    expect(del.statusCode, del.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it('the registers: one row per live document of the range by date, then the totals', async () => {
    const sales = await register('sales');
    expect(sales.body.map((r) => r[0])).toEqual([
      '05/11/2026',
      '06/11/2026',
      '07/11/2026',
      '08/11/2026',
      '09/11/2026',
    ]);
    expect(sales.header).toEqual([
      'Date',
      'Invoice No',
      'Customer',
      'Customer ID',
      'GSTIN',
      'Place of Supply',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Total GST',
      'Invoice Value',
    ]);
    // Stewart School: 100.05 at 18% = 18.01 (9.00 + 9.01) and 111.10 exempt.
    expect(sales.body[0]!.slice(2, 12)).toEqual([
      'Stewart School',
      expect.stringMatching(/^CI\d+/),
      gstinOf('21AAACS1234B1Z'),
      'Odisha',
      211.15,
      9,
      9.01,
      0,
      18.01,
      229.16,
    ]);
    const sum = (col: string) =>
      sales.body.reduce((s, r) => s + paise(r[sales.header.indexOf(col)] as number), 0);
    expect(sales.taxable).toBe(sum('Taxable Value'));
    expect(sales.cgst + sales.sgst + sales.igst).toBe(sum('Total GST'));
    expect(sales.value).toBe(sum('Invoice Value'));
    expect(sales.total[0]).toBe('Total');
    const purchases = await register('purchases');
    expect(purchases.body.map((r) => r[2])).toEqual(['Bengaluru Boards', 'Kalinga Supplies']);
    // Between states: IGST only.
    expect(purchases.body[0]!.slice(5, 11)).toEqual([499.95, 0, 0, 89.99, 89.99, 589.94]);
  });

  it('Tally: ledgers and items before the vouchers, every voucher balanced, the ledgers’ sums the registers’', async () => {
    const { doc, res, xml } = await tally();
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain('Karya-Tally-2026-11-01_2026-11-30.xml');
    expect(xml).toContain('Geometry Kit &amp; Scale &lt;A&gt;');
    const messages = list(doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE) as Record<string, unknown>[];
    const declared = new Set<string>();
    const items = new Set<string>();
    const units = new Set<string>();
    const vouchers: Voucher[] = [];
    for (const m of messages) {
      if (m.UNIT) units.add((m.UNIT as { '@_NAME': string })['@_NAME']);
      if (m.LEDGER) {
        expect(vouchers, 'a ledger after a voucher').toHaveLength(0);
        declared.add((m.LEDGER as { '@_NAME': string })['@_NAME']);
      }
      if (m.STOCKITEM) {
        expect(vouchers, 'a stock item after a voucher').toHaveLength(0);
        const s = m.STOCKITEM as { '@_NAME': string; BASEUNITS: string };
        expect(units.has(s.BASEUNITS)).toBe(true);
        items.add(s['@_NAME']);
      }
      if (m.VOUCHER) vouchers.push(m.VOUCHER as Voucher);
    }
    // Five sales and two purchases of November; not October's, not the deleted one.
    expect(vouchers.map((v) => v['@_VCHTYPE'])).toEqual([...Array(5).fill('Sales'), 'Purchase', 'Purchase']);
    expect(vouchers.map((v) => v['@_REMOTEID'])).toEqual([
      ...['s1', 's2', 's3', 's4', 's5'].map((k) => `karya-sale-${ids[k]}`),
      ...['p2', 'p3'].map((k) => `karya-purchase-${ids[k]}`),
    ]);
    const perLedger = new Map<string, number>();
    for (const v of vouchers) {
      let balance = 0;
      const post = (name: string, amount: string) => {
        expect(declared.has(name), `ledger ${name} declared`).toBe(true);
        balance += paise(amount);
        perLedger.set(name, (perLedger.get(name) ?? 0) + paise(amount));
      };
      expect(declared.has(v.PARTYLEDGERNAME as string)).toBe(true);
      for (const e of list(v['LEDGERENTRIES.LIST']) as {
        LEDGERNAME: string;
        AMOUNT: string;
        ISDEEMEDPOSITIVE: string;
      }[]) {
        expect(e.ISDEEMEDPOSITIVE).toBe(paise(e.AMOUNT) < 0 ? 'Yes' : 'No');
        post(e.LEDGERNAME, e.AMOUNT);
      }
      for (const i of list(v['ALLINVENTORYENTRIES.LIST']) as Record<string, unknown>[]) {
        expect(items.has(i.STOCKITEMNAME as string), `item ${i.STOCKITEMNAME} declared`).toBe(true);
        for (const a of list(i['ACCOUNTINGALLOCATIONS.LIST']) as { LEDGERNAME: string; AMOUNT: string }[]) {
          expect(a.AMOUNT).toBe(i.AMOUNT);
          post(a.LEDGERNAME, a.AMOUNT);
        }
      }
      expect(balance, `voucher ${v.VOUCHERNUMBER} balanced`).toBe(0);
    }
    const sales = await register('sales');
    const purchases = await register('purchases');
    const sumOf = (re: RegExp) =>
      [...perLedger].filter(([name]) => re.test(name)).reduce((s, [, amount]) => s + amount, 0);
    expect(perLedger.get('Output CGST')).toBe(sales.cgst);
    expect(perLedger.get('Output SGST')).toBe(sales.sgst);
    expect(perLedger.get('Output IGST')).toBe(sales.igst);
    expect(sumOf(/^(Inter-State )?Sales @/)).toBe(sales.taxable);
    expect(-(perLedger.get('Input IGST') ?? 0)).toBe(purchases.igst);
    expect(-(perLedger.get('Input CGST') ?? 0)).toBe(purchases.cgst);
    expect(-sumOf(/^(Inter-State )?Purchase @/)).toBe(purchases.taxable);
    expect(perLedger.get('Inter-State Sales @ 18%')).toBe(paise(300.22) + paise(150000));
    expect(perLedger.get('Sales @ 0%')).toBe(paise(111.1));
  });

  it('Tally: the same range twice gives the same file, the same identifiers; ledger names are settings', async () => {
    const first = await tally();
    const second = await tally();
    expect(second.xml).toBe(first.xml);
    // Compressed on the wire when the client takes gzip (a year's XML shrinks some twentyfold).
    const zipped = await admin.request({
      method: 'GET',
      url: `/api/admin/accounts/tally?${RANGE}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.xml);
    const names = await get('/api/admin/accounts/ledgers');
    expect(names.json().data.sales).toBe('Sales @ {rate}%');
    const same = await admin.request({
      method: 'PATCH',
      url: '/api/admin/accounts/ledgers',
      payload: { ...names.json().data, purchase: 'Sales @ {rate}%' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(ACCOUNTS_MESSAGES.ledgerDistinct);
    const changed = await admin.request({
      method: 'PATCH',
      url: '/api/admin/accounts/ledgers',
      payload: { ...names.json().data, sales: 'Local Sales {rate}%', outputCgst: 'CGST Payable' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renamed = await tally();
    expect(renamed.xml).toContain('<LEDGER NAME="Local Sales 18%"');
    expect(renamed.xml).toContain('<LEDGERNAME>CGST Payable</LEDGERNAME>');
    expect(renamed.xml).not.toContain('Output CGST');
    const back = await admin.request({
      method: 'PATCH',
      url: '/api/admin/accounts/ledgers',
      payload: names.json().data,
    });
    expect(back.statusCode).toBe(200);
  });

  it('GSTR-1: b2b, b2cl, b2cs and the HSN tables; their totals are the month’s sales register’s', async () => {
    const res = await get(`/api/admin/accounts/gstr1?month=${MONTH}`);
    expect(res.headers['content-disposition']).toContain('GSTR-1-2026-11.xlsx');
    const book = await readWorkbook(res.rawPayload);
    expect(Object.keys(book)).toEqual(['b2b', 'b2cl', 'b2cs', 'hsn(b2b)', 'hsn(b2c)']);
    const b2b = book.b2b!;
    expect(b2b[3]![0]).toBe('GSTIN/UIN of Recipient');
    const b2bRows = b2b.slice(4);
    // Stewart School at 18% and 0%, Hooghly College at 18%.
    expect(b2bRows.map((r) => [r[0], r[5], r[10], r[11]])).toEqual([
      [gstinOf('21AAACS1234B1Z'), '21-Odisha', 0, 111.1],
      [gstinOf('21AAACS1234B1Z'), '21-Odisha', 18, 100.05],
      [gstinOf('19AAACH1234B1Z'), '19-West Bengal', 18, 300.22],
    ]);
    expect(b2bRows[0]![3]).toBe('05-Nov-2026');
    expect(b2b[2]!.slice(0, 3)).toEqual([2, null, 2]);
    // Patna Academy's ₹1,77,000 invoice is B2C Large; its ₹525 one and the walk-in go to B2CS.
    const b2cl = book.b2cl!.slice(4);
    expect(b2cl.map((r) => [r[2], r[3], r[5], r[6]])).toEqual([[177000, '10-Bihar', 18, 150000]]);
    expect(book.b2cs!.slice(4).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['OE', '10-Bihar', 5, 500],
      ['OE', '21-Odisha', 5, 99.99],
    ]);
    const sales = await register('sales');
    const taxable = (sheet: string, col: number) => paise(book[sheet]![2]![col] as number);
    expect(taxable('b2b', 11) + taxable('b2cl', 6) + taxable('b2cs', 4)).toBe(sales.taxable);
    const hsn = (col: number) => taxable('hsn(b2b)', col) + taxable('hsn(b2c)', col);
    expect(hsn(6)).toBe(sales.taxable);
    expect(hsn(7)).toBe(sales.igst);
    expect(hsn(8)).toBe(sales.cgst);
    expect(hsn(9)).toBe(sales.sgst);
    expect(hsn(4)).toBe(sales.value);
    expect(book['hsn(b2b)']!.slice(4).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['4901', 'SET-SETS', 2],
      ['8528', 'NOS-NUMBERS', 3],
    ]);
  });

  it('each export writes its audit entry; progress=true frames the file; a wrong range is a 400 and logs nothing', async () => {
    const before = await ctx.database.db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, admin.user.id), eq(userActivities.type, 'ACCOUNTS_EXPORT')));
    const framed = await get(`/api/admin/accounts/registers/purchases?${RANGE}&progress=true`);
    expect(framed.headers['content-type']).toBe('application/vnd.karya.export-frames');
    const bytes = framed.rawPayload;
    expect(bytes[0]).toBe(EXPORT_FRAME.data);
    expect(bytes[bytes.length - 5]).toBe(EXPORT_FRAME.end);
    for (const [query, message] of [
      ['from=2026-11-30&to=2026-11-01', ACCOUNTS_MESSAGES.order],
      ['from=2025-01-01&to=2026-03-31', ACCOUNTS_MESSAGES.span],
      ['from=2026-02-30&to=2026-03-31', ACCOUNTS_MESSAGES.dayInvalid],
      ['to=2026-03-31', ACCOUNTS_MESSAGES.fromRequired],
    ] as const) {
      const res = await admin.request({ method: 'GET', url: `/api/admin/accounts/tally?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const month = await admin.request({ method: 'GET', url: '/api/admin/accounts/gstr1?month=2026-13' });
    expect(month.statusCode).toBe(400);
    expect(month.json().message).toContain(ACCOUNTS_MESSAGES.monthInvalid);
    const after = await ctx.database.db
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, admin.user.id), eq(userActivities.type, 'ACCOUNTS_EXPORT')));
    expect(after.length - before.length).toBe(1);
    expect(after.map((a) => a.message)).toContain(
      'Exported the purchase register for 01/11/2026 to 30/11/2026 (2 documents)',
    );
  });

  it('each export needs its own action', async () => {
    const clerk = await asUserWithSession(ctx, [
      { resource: 'accounts', actions: ['read', 'export-registers'] },
    ]);
    expect(
      (await clerk.request({ method: 'GET', url: `/api/admin/accounts/registers/sales?${RANGE}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await clerk.request({ method: 'GET', url: `/api/admin/accounts/tally?${RANGE}` })).statusCode,
    ).toBe(403);
    expect(
      (await clerk.request({ method: 'GET', url: `/api/admin/accounts/gstr1?month=${MONTH}` })).statusCode,
    ).toBe(403);
    const put = await clerk.request({ method: 'PATCH', url: '/api/admin/accounts/ledgers', payload: {} });
    expect(put.statusCode).toBe(403);
  });
});
