import { type CustomerDto, EXPORT_FRAME, formatCustomerId } from '@karya/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';

/** Issue 22 part 6: "Export all matching", streamed; the list's filters, sort, scope and permission. */
const BASE = '/api/crm/customers';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const readSheet = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  const values = rows.map((row) =>
    Array.from({ length: sheet.columnCount }, (_, i) => {
      const v = row.getCell(i + 1).value;
      return v === null || v === undefined ? null : v;
    }),
  );
  return { sheet, rows, values, header: values[0], body: values.slice(1) };
};

/** The frames of a progress answer (EXPORT_FRAME): the file put back together, the progress seen. */
const readFrames = (bytes: Buffer) => {
  const file: Buffer[] = [];
  const progress: number[] = [];
  const types: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const type = bytes[at]!;
    const length = bytes.readUInt32BE(at + 1);
    const payload = bytes.subarray(at + 5, at + 5 + length);
    at += 5 + length;
    types.push(String.fromCharCode(type));
    if (type === EXPORT_FRAME.data) file.push(payload);
    if (type === EXPORT_FRAME.progress) progress.push(Number(payload.toString()));
  }
  return { file: Buffer.concat(file), progress, types };
};

describe('customers: export all matching', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  const tag = `Xport${Math.random().toString(36).slice(2, 7)}`;

  const bulk = async (rows: object[], who: Agent = admin) => {
    const res = await who.request({ method: 'POST', url: `${BASE}/bulk`, payload: rows });
    expect(res.statusCode, res.body).toBe(201);
  };
  const list = async (query: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${BASE}?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { customers: CustomerDto[]; customersCount: number };
  };
  const exportOf = (query: string, who: Agent = admin) =>
    who.request({
      method: 'GET',
      url: `${BASE}/export?${query}${/latitude|longitude/.test(query) ? '' : '&latitude=20.3&longitude=85.8'}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    });
  const rawExport = (query: string, who: Agent = admin) =>
    who.request({
      method: 'GET',
      url: `${BASE}/export?${query}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    });
  const activities = async (who: Agent & { user: { id: string } }) => {
    const res = await admin.request({
      method: 'GET',
      url: `/api/admin/users/${who.user.id}/activities?limit=5`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.activities as {
      type: string;
      message: string;
      location: unknown;
      deviceInfo: unknown;
    }[];
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    await bulk([
      { name: `${tag} Ravenshaw University`, address: { city: 'Cuttack' } },
      { name: `${tag} Stewart School`, address: { city: 'Cuttack' } },
      { name: `${tag} Buxi Jagabandhu School`, address: { city: 'Bhubaneswar' } },
      { name: `=HYPERLINK("http://evil.example","${tag} Click")`, address: { city: 'Cuttack' } },
      { name: `@SUM ${tag} Academy`, address: { city: 'Cuttack' } },
    ]);
  });
  afterAll(() => ctx.close());

  it('writes every customer matching the filters, in the list’s order, with the columns asked; formulas stay text; audited', async () => {
    const filters = `filters[name]=${tag}&filters[address]=Cuttack&sortBy=name&sortOrder=asc`;
    const expected = (await list(filters)).customers;
    expect(expected).toHaveLength(4);
    const res = await exportOf(
      `${filters}&columns=customerId,name,city,verified,createdAt&latitude=20.29&longitude=85.82`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Customers_List.xlsx"');
    expect(res.headers['x-total-count']).toBe('4');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.header).toEqual(['Customer ID', 'Name', 'City', 'Verified', 'Created On']);
    expect(sheet.body.map((r) => r[1])).toEqual(expected.map((c) => c.name));
    expect(sheet.body.map((r) => r[0])).toEqual(expected.map((c) => formatCustomerId(c.customerId)));
    expect(sheet.body.every((r) => r[2] === 'Cuttack')).toBe(true);
    expect(sheet.body.map((r) => r[3])).toEqual(
      expected.map((c) => (c.verified ? 'Verified' : 'Unverified')),
    );
    expect(sheet.body[0]![4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // A name that looks like a formula is a string cell with the Text format, never a formula.
    const formula = sheet.rows.slice(1).find((r) => String(r.getCell(2).value).startsWith('='))!;
    expect(formula.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(formula.getCell(2).numFmt).toBe('@');
    expect(formula.getCell(2).value).toBe(`=HYPERLINK("http://evil.example","${tag} Click")`);
    const [logged] = await activities(admin);
    expect(logged).toMatchObject({
      type: 'CUSTOMER_EXPORT',
      message: 'Exported 4 customers',
      location: { type: 'Point', coordinates: [20.29, 85.82] },
      deviceInfo: { os: 'Linux', browser: 'Chrome', device: 'Desktop' },
    });
  });

  it('without columns, the spec’s default visible columns; an empty match is a file with its header only', async () => {
    const res = await exportOf(`filters[name]=${tag}-nobody`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.header).toEqual([
      'Customer ID',
      'Type',
      'Name',
      'Email',
      'Phone',
      'City',
      'District',
      'State',
      'Verified',
      'Organization Type',
    ]);
    expect(sheet.body).toEqual([]);
    expect((await activities(admin))[0]).toMatchObject({ message: 'Exported 0 customers' });
  });

  it('keeps to the caller’s row scope and the list’s permission rules', async () => {
    const exec = await asUserWithSession(ctx, [
      { resource: 'customer', actions: ['read', 'create', 'bulk-create', 'suggestion'] },
    ]);
    await bulk([{ name: `${tag} Own Kids Academy` }, { name: `${tag} Own Tutorial Home` }], exec);
    const res = await exportOf(`filters[name]=${tag}&columns=name&sortBy=name&sortOrder=asc`, exec);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.body.map((r) => r[0])).toEqual([`${tag} Own Kids Academy`, `${tag} Own Tutorial Home`]);
    expect((await activities(exec))[0]).toMatchObject({ message: 'Exported 2 customers' });
    // As on the list: the state filter needs view-all, the Deleted filter bulk-restore.
    const state = await exportOf('filters[state][]=Orphaned', exec);
    expect(state.statusCode).toBe(403);
    expect(state.json().message).toBe('You don’t have permission to filter customers by assignment state.');
    expect((await exportOf('filters[isDeleted]=true', exec)).statusCode).toBe(403);
    // Without read on customer: 403, and nothing logged.
    const other = await asUserWithSession(ctx, [{ resource: 'customer', actions: ['suggestion'] }]);
    const refused = await exportOf(`filters[name]=${tag}`, other);
    expect(refused.statusCode).toBe(403);
    expect(await activities(other)).toEqual([]);
  });

  it('refuses what it cannot honour with 400: unknown filters and columns, page and limit, a half location', async () => {
    for (const [query, message] of [
      ['filters[nope]=1', 'Unknown filter: nope'],
      ['sortBy=email', 'Cannot sort by email'],
      ['columns=name,password', 'Unknown column: password'],
      ['columns=name,name', 'Column name is given twice'],
      ['limit=100', 'The export takes every matching customer: page and limit do not apply'],
      ['latitude=20', 'latitude and longitude are required'],
      ['latitude=91&longitude=85', 'latitude and longitude are required'],
      ['latitude=abc&longitude=85', 'latitude and longitude are required'],
      ['progress=yes', 'progress must be true or false'],
    ]) {
      const res = await exportOf(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    // A bare GET (no location) writes nothing, not even the log entry.
    const logged = async () =>
      (
        await admin.request({ method: 'GET', url: `/api/admin/users/${admin.user.id}/activities?limit=1` })
      ).json().data.activitiesCount as number;
    const before = await logged();
    const bare = await rawExport('');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toContain('latitude and longitude are required');
    expect(await logged()).toBe(before);
  });

  it('streams thousands of rows in keyset batches: every row once, in order, with progress frames', async () => {
    const many = `${tag}Many`;
    // One bulk call stamps every row with the same createdAt: the id alone orders them, across batches.
    await bulk(
      Array.from({ length: 2_600 }, (_, i) => ({ name: `${many} School ${String(i).padStart(4, '0')}` })),
    );
    const res = await exportOf(`filters[name]=${many}&columns=customerId,name&progress=true`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.karya.export-frames');
    expect(res.headers['x-total-count']).toBe('2600');
    const frames = readFrames(res.rawPayload);
    expect(frames.types.at(-1)).toBe('Z');
    expect(frames.progress).toEqual([1000, 2000, 2600]);
    const sheet = await readSheet(frames.file);
    const ids = sheet.body.map((r) => r[0]);
    expect(ids).toHaveLength(2600);
    expect(new Set(ids).size).toBe(2600);
    // The list's default order (created, newest first, then the id): the first page agrees.
    const firstPage = (await list(`filters[name]=${many}`)).customers;
    expect(ids.slice(0, 100)).toEqual(firstPage.map((c) => formatCustomerId(c.customerId)));
    // Sorted by name across batches, each name once.
    const byName = await exportOf(`filters[name]=${many}&columns=name&sortBy=name&sortOrder=desc`);
    const names = (await readSheet(byName.rawPayload)).body.map((r) => r[0] as string);
    expect(names).toHaveLength(2600);
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names).size).toBe(2600);
  }, 120_000);
});
