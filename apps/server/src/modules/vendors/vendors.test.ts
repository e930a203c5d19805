import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GSTIN_CHECK_MESSAGE, gstinCheckCharacter, newId, type VendorDto } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { migrationsFolder } from '../../db/client.ts';
import { listUrl, multipartBody, PNG_1X1 } from '../users/users-test-kit.ts';

const BASE = '/api/crm/products/vendors';

describe('vendors', () => {
  let ctx: TestContext;
  let admin: Agent;
  const form = (over: Record<string, unknown> = {}) => ({
    name: `Kalinga Lab Supplies ${newId().slice(-5)}`,
    email: 'Sales@KalingaLab.in',
    phone: '0674-2345678',
    address: 'Plot 12, Mancheswar Industrial Estate, Bhubaneswar',
    website: 'www.kalingalab.in',
    rating: '4.5',
    contactPerson: {
      name: 'Ravi Mohanty',
      designation: 'Sales Manager',
      email: 'ravi@kalingalab.in',
      phone: '9437012345',
    },
    ...over,
  });
  const post = (fields: Record<string, unknown>, file?: Buffer) =>
    admin.request({
      method: 'POST',
      url: BASE,
      ...multipartBody(
        fields,
        file ? { field: 'image', filename: 'v.png', contentType: 'image/png', data: file } : undefined,
      ),
    });
  const count = async () =>
    (await admin.request({ method: 'GET', url: BASE })).json().data.productVendorsCount as number;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('creates a vendor with every field, the contact person and the image (multipart)', async () => {
    const res = await post(form(), PNG_1X1);
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().data as VendorDto;
    expect(v).toMatchObject({
      email: 'sales@kalingalab.in',
      phone: '0674-2345678',
      website: 'www.kalingalab.in',
      rating: 4.5,
      contactPerson: { name: 'Ravi Mohanty', designation: 'Sales Manager', phone: '9437012345' },
    });
    expect(v.image?.url).toMatch(/^\/api\/files\//);
    const one = await admin.request({ method: 'GET', url: `${BASE}/${v._id}` });
    expect(one.json().data.name).toBe(v.name);
  });

  it('omits empty optional fields on create', async () => {
    const res = await post({ name: 'Only Name', email: '', phone: '', rating: '', contactPerson: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email: null, phone: null, rating: null, contactPerson: null });
  });

  it.each([
    [{ name: undefined }, 'Vendor name is required'],
    [{ name: '   ' }, 'Vendor name cannot be empty'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ phone: '12345' }, 'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).'],
    [{ website: 'not a url' }, 'Please enter a valid URL.'],
    [{ rating: '-1' }, 'Rating cannot be negative'],
    [{ rating: '5.5' }, 'Rating cannot be greater than 5'],
    [{ rating: 'abc' }, 'Rating must be a number'],
    [{ contactPerson: { email: 'x@' } }, 'Invalid email format'],
    [
      { contactPerson: { phone: '555' } },
      'Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).',
    ],
    [{ contactPerson: '{not json' }, 'contactPerson must be valid JSON'],
  ])('refuses %j with a 400 and the message, writing nothing', async (over, message) => {
    const before = await count();
    const fields = Object.fromEntries(Object.entries(form(over)).filter(([, v]) => v !== undefined));
    const res = await post(fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a spoofed or over-size image', async () => {
    const before = await count();
    const text = await post(form(), Buffer.from('hello'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only JPG, JPEG or PNG images are allowed.');
    const big = await post(form(), Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('File size must be less than 5MB');
    expect(await count()).toBe(before);
  });

  it('updates (clearing fields, replacing the contact person), filters, sorts and runs the lifecycle', async () => {
    const v = (await post(form({ name: 'Zeta Robotics' }))).json().data as VendorDto;
    const up = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${v._id}`,
      ...multipartBody({ website: '', rating: '3', contactPerson: { name: 'Sita Das' } }),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ website: null, rating: 3, contactPerson: { name: 'Sita Das' } });
    const filtered = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[contactPerson.name]', 'sita'],
        ['filters[rating][min]', '3'],
        ['filters[rating][max]', '3'],
        ['sortBy', 'rating'],
      ]),
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.productVendors.map((x: VendorDto) => x._id)).toContain(v._id);
    const url = `${BASE}/${v._id}`;
    expect((await admin.request({ method: 'DELETE', url })).json().message).toBe(
      'Vendor deleted successfully',
    );
    expect((await admin.request({ method: 'PATCH', url, payload: { name: 'x' } })).statusCode).toBe(400);
    expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).statusCode).toBe(200);
    await admin.request({ method: 'DELETE', url });
    expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).json().message).toBe(
      'Vendor deleted permanently',
    );
    const gone = await admin.request({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Vendor not found');
  });

  it('a name is unique among live vendors whatever its case: 409 naming the holder, with it as data (issue 23)', async () => {
    const tag = newId().slice(-5);
    const holder = (await post(form({ name: `Ozobot Supplies ${tag}` }))).json().data as VendorDto;
    const before = await count();
    const again = await post(form({ name: ` OZOBOT supplies ${tag} ` }), PNG_1X1);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`A vendor named Ozobot Supplies ${tag} already exists.`);
    expect(again.json().data).toEqual({ _id: holder._id, name: holder.name });
    expect(await count()).toBe(before);
    const other = (await post(form())).json().data as VendorDto;
    const rename = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${other._id}`,
      payload: { name: `ozobot supplies ${tag}` },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().data).toEqual({ _id: holder._id, name: holder.name });
    await admin.request({ method: 'DELETE', url: `${BASE}/${holder._id}` });
    const reborn = (await post(form({ name: `ozobot supplies ${tag}` }))).json().data as VendorDto;
    const back = await admin.request({ method: 'PATCH', url: `${BASE}/${holder._id}/restore` });
    expect(back.statusCode).toBe(409);
    expect(back.json().data).toEqual({ _id: reborn._id, name: reborn.name });
  });

  it('migration 0019 renames live duplicates written before it rather than failing, then holds the rule', async () => {
    const { db } = ctx.database;
    const indexes = ['product_brands', 'product_categories', 'product_classes', 'product_vendors'];
    for (const t of indexes) await db.execute(sql.raw(`DROP INDEX "${t}_live_name_uq"`));
    const tag = newId().slice(-5);
    const made = [];
    for (const n of ['a', 'b', 'c'])
      made.push((await post(form({ name: `Dup ${tag} ${n}` }))).json().data as VendorDto);
    const [first, second, gone] = made as [VendorDto, VendorDto, VendorDto];
    await admin.request({ method: 'DELETE', url: `${BASE}/${gone._id}` });
    await db.execute(sql`UPDATE product_vendors SET name = ${`dup ${tag} A `} WHERE id = ${second._id}`);
    await db.execute(sql`UPDATE product_vendors SET name = ${`DUP ${tag} a`} WHERE id = ${gone._id}`);
    const file = readFileSync(path.join(migrationsFolder(), '0019_catalogue_names_unique.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const names = async () =>
      Object.fromEntries(
        (
          (await db.execute(
            sql`SELECT id, name FROM product_vendors WHERE id IN (${first._id}, ${second._id}, ${gone._id})`,
          )) as unknown as { rows: { id: string; name: string }[] }
        ).rows.map((r) => [r.id, r.name]),
      );
    expect(await names()).toEqual({
      [first._id]: `Dup ${tag} a`,
      [second._id]: `dup ${tag} A  (duplicate ${second._id})`,
      [gone._id]: `DUP ${tag} a`,
    });
    const again = await post(form({ name: `DUP ${tag} A` }));
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toEqual({ _id: first._id, name: `Dup ${tag} a` });
  });

  it('GSTIN: stored upper-cased, refused with its message (nothing written), cleared by empty, in history', async () => {
    const karnataka = `29AAKFB7731Q1Z${gstinCheckCharacter('29AAKFB7731Q1Z')}`;
    const odisha = `21AADCK4512M1Z${gstinCheckCharacter('21AADCK4512M1Z')}`;
    const created = await post(form({ gstin: karnataka.toLowerCase() }));
    expect(created.statusCode, created.body).toBe(201);
    const v = created.json().data as VendorDto;
    expect(v.gstin).toBe(karnataka);

    const before = await count();
    const wrong = `${odisha.slice(0, 14)}${odisha[14] === 'A' ? 'B' : 'A'}`;
    const bad = await post(form({ gstin: wrong }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'gstin', message: GSTIN_CHECK_MESSAGE });
    expect(await count()).toBe(before);

    const update = (fields: Record<string, unknown>) =>
      admin.request({ method: 'PATCH', url: `${BASE}/${v._id}`, ...multipartBody(fields) });
    const refused = await update({ gstin: wrong, name: 'Renamed vendor' });
    expect(refused.statusCode).toBe(400);
    const kept = (await admin.request({ method: 'GET', url: `${BASE}/${v._id}` })).json().data as VendorDto;
    expect([kept.gstin, kept.name]).toEqual([karnataka, v.name]);
    expect((await update({ gstin: odisha })).json().data.gstin).toBe(odisha);
    expect((await update({ gstin: '' })).json().data.gstin).toBeNull();
    const history = await admin.request({ method: 'GET', url: `${BASE}/${v._id}/history` });
    const changes = history.json().data.history.flatMap((h: { changes: object[] }) => h.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'gstin', label: 'GSTIN', from: karnataka, to: odisha }),
        expect.objectContaining({ field: 'gstin', from: odisha, to: null }),
      ]),
    );
  });

  it('suggests by name with one selectedId', async () => {
    const a = (await post(form({ name: 'Suggest Odisha Tools' }))).json().data as VendorDto;
    const b = (await post(form({ name: 'Suggest Cuttack Traders' }))).json().data as VendorDto;
    const res = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?name=odisha&selectedId=${b._id}`,
    });
    expect(res.json().data.map((x: { _id: string }) => x._id)).toEqual([b._id, a._id]);
  });

  it('checks permissions on the server', async () => {
    const reader = await asUserWithSession(ctx, [{ resource: 'product-vendor', actions: ['read'] }]);
    expect((await reader.request({ method: 'GET', url: BASE })).statusCode).toBe(200);
    expect((await reader.request({ method: 'POST', url: BASE, payload: { name: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await reader.request({ method: 'GET', url: `${BASE}/suggestion` })).statusCode).toBe(403);
  });
});
