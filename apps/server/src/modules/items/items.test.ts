import type { ItemDto, MarginDto } from '@karya/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { files, productStocks } from '../../db/schema.ts';
import { type FilePart, listUrl, multipartBody, PNG_1X1 } from '../users/users-test-kit.ts';

const BASE = '/api/crm/products/items';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([30, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(18),
]);
const image = (n = 1, data = PNG_1X1, type = 'image/png'): FilePart => ({
  field: 'images',
  filename: `photo-${n}.png`,
  contentType: type,
  data,
});
const spec = (data = PDF): FilePart => ({
  field: 'specifications',
  filename: 'datasheet.pdf',
  contentType: 'application/pdf',
  data,
});

describe('items', () => {
  let ctx: TestContext;
  let admin: Agent;
  let brandId: string;
  let categoryId: string;
  let margin: MarginDto;

  const send = (who: Agent, method: 'POST' | 'PATCH', url: string, fields: object, parts: FilePart[] = []) =>
    who.request({ method, url, ...multipartBody(fields as Record<string, unknown>, parts) });
  const post = (fields: object, parts: FilePart[] = [], who: Agent = admin) =>
    send(who, 'POST', BASE, fields, parts);
  const patch = (id: string, fields: object, parts: FilePart[] = [], who: Agent = admin) =>
    send(who, 'PATCH', `${BASE}/${id}`, fields, parts);
  const itemCount = async () =>
    (await admin.request({ method: 'GET', url: BASE })).json().data.productItemsCount as number;
  const fileCount = async () => Number((await ctx.database.db.select({ n: count() }).from(files))[0]!.n);
  const created = async (fields: object = {}, parts: FilePart[] = []) => {
    const res = await post({ name: 'Arduino Uno R3 starter kit', ...fields }, parts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as ItemDto;
  };
  const setPrice = (stockId: string, price: unknown) =>
    admin.request({
      method: 'PATCH',
      url: `/api/crm/products/stocks/${stockId}/update-price`,
      payload: { price },
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    const brand = await admin.request({
      method: 'POST',
      url: '/api/crm/products/brands',
      ...multipartBody({ name: 'Robokits India' }),
    });
    brandId = brand.json().data._id;
    const category = await admin.request({
      method: 'POST',
      url: '/api/crm/products/categories',
      ...multipartBody({ name: 'Robotics kits' }),
    });
    categoryId = category.json().data._id;
    margin = (
      await admin.request({
        method: 'POST',
        url: '/api/crm/products/margins',
        payload: {
          name: 'School tier',
          isActive: true,
          margins: { t1: 10, t2: 12.5, t3: 15, pt1: 20, pt2: 25, pt3: 30 },
        },
      })
    ).json().data;
  });
  afterAll(() => ctx.close());

  it('creates an item with every field, two images, a specification and its stock record', async () => {
    const before = await fileCount();
    const item = await created(
      {
        modalNo: 'UNO-R3-KIT',
        description: 'Board, sensors and a project book',
        brand: brandId,
        categories: [categoryId],
        margin: margin._id,
        gst: '18',
        hsnCode: '847150',
        shipping: { weight: 1.25, dimensions: { length: 0.3, width: 0.2, height: 0.1 } },
        targetPrice: '2499.50',
        preferredBrand: 'Arduino',
        rating: '4.5',
      },
      [image(1), image(2, WEBP, 'image/webp'), spec()],
    );
    expect(item).toMatchObject({
      modalNo: 'UNO-R3-KIT',
      brand: { _id: brandId, name: 'Robokits India' },
      categories: [{ _id: categoryId, name: 'Robotics kits' }],
      margin: { _id: margin._id, name: 'School tier' },
      gst: 18,
      hsnCode: '847150',
      shipping: { weight: 1.25, dimensions: { length: 0.3, width: 0.2, height: 0.1 } },
      state: 'Unverified',
      targetPrice: 2499.5,
      rating: 4.5,
      stock: { currentStock: 0, priceToShow: 0 },
      // Price to show 0: the actual price is 0 and every tier price is 'N/A'.
      prices: { original: 0, t1: null, t2: null, t3: null, pt1: null, pt2: null, pt3: null },
    });
    expect(item.sku).toBeGreaterThan(0);
    expect(item.images.map((i) => i.name)).toEqual(['photo-1.png', 'photo-2.png']);
    expect(item.specifications).toMatchObject({ name: 'datasheet.pdf' });
    expect(await fileCount()).toBe(before + 3);
    const pdf = await admin.request({ method: 'GET', url: item.specifications!.url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const stocks = await ctx.database.db
      .select()
      .from(productStocks)
      .where(eq(productStocks.itemId, item._id));
    expect(stocks).toHaveLength(1);
    // SKUs come from a sequence.
    expect((await created()).sku).toBe(item.sku + 1);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ gst: '20' }, 'GST must be one of (40, 18, 5, 0)'],
    // Retired on 22 September 2025 (issue 27 §1): a new item cannot take it.
    [{ gst: '28' }, 'GST must be one of (40, 18, 5, 0)'],
    [{ gst: '0' }, 'A 0% item must say whether it is Nil rated or Exempt'],
    [{ uqc: 'KIT' }, 'Unit must be one of the GST units of quantity (NOS, PCS, SET …)'],
    [{ rating: '-1' }, 'Rating must be at least 0'],
    [{ rating: '6' }, 'Rating cannot exceed 5'],
    [{ hsnCode: '12345' }, 'HSN/SAC code must be 4, 6 or 8 digits'],
    [{ state: 'Approved' }, 'State must be Verified, Unverified or Suggested'],
    [{ brand: '0123456789abcdef01234567' }, 'Brand not found'],
    [{ categories: ['0123456789abcdef01234567'] }, 'Category not found'],
    [{ margin: '0123456789abcdef01234567' }, 'Margin not found'],
    [{ targetPrice: '-5' }, 'Must not be negative'],
    [{ shipping: { weight: 'heavy' } }, 'Must be a number'],
    [{ categories: '[not json' }, 'categories must be valid JSON'],
  ])('refuses %j with a 400 and the message, writing no row and no file', async (over, message) => {
    const [items, stored] = [await itemCount(), await fileCount()];
    const res = await post({ name: 'Refused item', ...over }, [image()]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await itemCount()).toBe(items);
    expect(await fileCount()).toBe(stored);
  });

  it.each([
    [
      'a text file renamed .png',
      [image(1, Buffer.from('hello'))],
      'Only PNG, JPEG, JPG or WEBP images are allowed',
    ],
    [
      'an SVG with script',
      [image(1, Buffer.from('<svg><script>alert(1)</script></svg>'))],
      'Only PNG, JPEG, JPG or WEBP images are allowed',
    ],
    ['a PNG as the specification', [spec(PNG_1X1)], 'Only PDF files are allowed'],
    ['a sixth image', [1, 2, 3, 4, 5, 6].map((n) => image(n)), 'Maximum 5 images allowed'],
    ['two specifications', [spec(), spec()], 'Only one file allowed'],
    [
      'an image over 5 MB',
      [image(1, Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]))],
      'Max size 5MB allowed',
    ],
    [
      'a specification over 5 MB',
      [spec(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))],
      'Max size 5MB allowed',
    ],
  ])('refuses %s, keeping neither the item nor any file', async (_name, parts, message) => {
    const [items, stored] = [await itemCount(), await fileCount()];
    const res = await post({ name: 'Upload check' }, parts);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await itemCount()).toBe(items);
    expect(await fileCount()).toBe(stored);
  });

  it('updates: counts kept images toward 5, removes files once committed, replaces the specification', async () => {
    const item = await created({}, [image(1), image(2), image(3), spec()]);
    const tooMany = await patch(item._id, {}, [image(4), image(5), image(6)]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Maximum 5 images allowed');
    const stored = await fileCount();
    const res = await patch(
      item._id,
      { name: 'Arduino kit v2', modalNo: '', deletedImages: [item.images[0]!._id] },
      [image(4), image(5), image(6), spec()],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as ItemDto;
    expect(updated.name).toBe('Arduino kit v2');
    expect(updated.modalNo).toBeNull();
    expect(updated.images).toHaveLength(5);
    expect(updated.images.map((i) => i._id)).not.toContain(item.images[0]!._id);
    expect(updated.specifications!._id).not.toBe(item.specifications!._id);
    // +3 images +1 specification, −1 image −1 old specification.
    expect(await fileCount()).toBe(stored + 2);
    expect((await admin.request({ method: 'GET', url: item.images[0]!.url })).statusCode).toBe(404);
    const cleared = await patch(item._id, { deleteSpecifications: 'true' });
    expect(cleared.json().data.specifications).toBeNull();
  });

  it('removing a stored file needs delete-file; a new specification replaces the old without it', async () => {
    const item = await created({}, [image(1), spec()]);
    const editor = await asUserWithSession(ctx, [{ resource: 'product-item', actions: ['read', 'update'] }]);
    const refused = await patch(item._id, { deletedImages: [item.images[0]!._id] }, [], editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You don’t have permission to remove stored files.');
    expect((await patch(item._id, { deleteSpecifications: 'true' }, [], editor)).statusCode).toBe(403);
    const replaced = await patch(item._id, {}, [spec()], editor);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.specifications._id).not.toBe(item.specifications!._id);
  });

  it('sends only the prices the caller may read, from the price to show and the margin', async () => {
    const item = await created({ margin: margin._id });
    const price = await setPrice(item.stock!._id, 1000);
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().data).toMatchObject({ priceToShow: 1000, currentStock: 0 });
    const full = (await admin.request({ method: 'GET', url: `${BASE}/${item._id}` })).json().data as ItemDto;
    expect(full.prices).toEqual({
      original: 1000,
      t1: 1100,
      t2: 1125,
      t3: 1150,
      pt1: 1200,
      pt2: 1250,
      pt3: 1300,
    });
    const t1Only = await asUserWithSession(ctx, [
      { resource: 'product-item', actions: ['read'] },
      { resource: 'product-item-price', actions: ['read-t1'] },
    ]);
    const seen = (await t1Only.request({ method: 'GET', url: `${BASE}/${item._id}` })).json().data as ItemDto;
    expect(seen.prices).toEqual({ t1: 1100 });
    expect(seen.stock).toEqual({ _id: item.stock!._id, currentStock: 0 });
    const listed = (
      await t1Only.request({ method: 'GET', url: listUrl(BASE, [['filters[sku]', String(item.sku)]]) })
    ).json().data.productItems[0] as ItemDto;
    expect(listed.prices).toEqual({ t1: 1100 });
    // No margin: the tier prices are N/A.
    const bare = await created();
    await setPrice(bare.stock!._id, 50.5);
    const b = (await admin.request({ method: 'GET', url: `${BASE}/${bare._id}` })).json().data as ItemDto;
    expect(b.prices).toMatchObject({ original: 50.5, t1: null });
  });

  it('the price to show: a number, two decimals, update on product-stock', async () => {
    const item = await created();
    expect((await setPrice(item.stock!._id, 'abc')).json().message).toBe('Invalid price provided');
    expect((await setPrice(item.stock!._id, -1)).json().message).toBe('Price must not be negative');
    expect((await setPrice(item.stock!._id, 1.234)).json().message).toBe(
      'Price can have at most 2 decimal places',
    );
    expect((await setPrice('0123456789abcdef01234567', 10)).statusCode).toBe(404);
    const reader = await asUserWithSession(ctx, [{ resource: 'product-stock', actions: ['read'] }]);
    const refused = await reader.request({
      method: 'PATCH',
      url: `/api/crm/products/stocks/${item.stock!._id}/update-price`,
      payload: { price: 5 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('verifying needs verification on product-item, and so does the state filter', async () => {
    const maker = await asUserWithSession(ctx, [
      { resource: 'product-item', actions: ['read', 'create', 'update'] },
    ]);
    const refused = await post({ name: 'Self verified', state: 'Verified' }, [], maker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You don’t have permission to verify items.');
    const suggested = await post(
      { name: 'Suggested lab kit', state: 'Suggested', preferredBrand: 'Labtech' },
      [],
      maker,
    );
    expect(suggested.statusCode, suggested.body).toBe(201);
    const id = suggested.json().data._id as string;
    expect((await patch(id, { state: 'Verified' }, [], maker)).statusCode).toBe(403);
    const byState = listUrl(BASE, [['filters[state][]', 'Suggested']]);
    expect((await maker.request({ method: 'GET', url: byState })).statusCode).toBe(403);
    const list = (await admin.request({ method: 'GET', url: byState })).json().data;
    expect(list.productItems.map((i: ItemDto) => i._id)).toContain(id);
    const verified = await patch(id, { state: 'Verified' });
    expect(verified.json().data.state).toBe('Verified');
    const after = (await admin.request({ method: 'GET', url: byState })).json().data;
    expect(after.productItems.map((i: ItemDto) => i._id)).not.toContain(id);
  });

  it('filters by SKU, text, brand, categories and GST, and sorts by SKU', async () => {
    const a = await created({
      name: 'Telescope 70mm refractor',
      brand: brandId,
      categories: [categoryId],
      gst: '40',
    });
    const b = await created({ name: 'Telescope 90mm reflector', gst: '5' });
    const ids = async (params: [string, string][]) => {
      const res = await admin.request({ method: 'GET', url: listUrl(BASE, params) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.productItems.map((i: ItemDto) => i._id) as string[];
    };
    expect(await ids([['filters[sku]', String(a.sku)]])).toEqual([a._id]);
    expect(
      await ids([
        ['filters[name]', 'telescope'],
        ['sortBy', 'sku'],
        ['sortOrder', 'asc'],
      ]),
    ).toEqual([a._id, b._id]);
    expect(
      await ids([
        ['filters[name]', 'telescope'],
        ['filters[brand][]', brandId],
      ]),
    ).toEqual([a._id]);
    expect(
      await ids([
        ['filters[name]', 'telescope'],
        ['filters[categories][]', categoryId],
      ]),
    ).toEqual([a._id]);
    expect(
      await ids([
        ['filters[name]', 'telescope'],
        ['filters[gst][]', '5'],
      ]),
    ).toEqual([b._id]);
    const bad = await admin.request({ method: 'GET', url: listUrl(BASE, [['filters[sku]', 'abc']]) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid value for filter sku: must be a whole number');
  });

  it('bulk creates by name: trimmed, blanks ignored, duplicates and empty lists refused', async () => {
    const create = (payload: object) => admin.request({ method: 'POST', url: `${BASE}/bulk`, payload });
    const res = await create([
      { name: '  Bunsen burner  ' },
      { name: '' },
      { name: 'Test tube rack' },
      { name: '   ' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json().data as ItemDto[];
    expect(items.map((i) => i.name)).toEqual(['Bunsen burner', 'Test tube rack']);
    expect(items.every((i) => i.state === 'Unverified' && i.stock?.currentStock === 0)).toBe(true);
    expect((await create([{ name: ' ' }])).json().message).toBe('No items to add');
    expect((await create([])).json().message).toBe('No items to add');
    const dup = await create([{ name: 'Beaker' }, { name: 'beaker ' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Item name already exists in below list');
    const creator = await asUserWithSession(ctx, [{ resource: 'product-item', actions: ['read', 'create'] }]);
    expect(
      (await creator.request({ method: 'POST', url: `${BASE}/bulk`, payload: [{ name: 'x' }] })).statusCode,
    ).toBe(403);
  });

  it('runs the lifecycle one by one and in bulk; a permanent delete removes the files and the stock', async () => {
    const one = await created({}, [image(), spec()]);
    const url = `${BASE}/${one._id}`;
    expect((await admin.request({ method: 'DELETE', url })).json().message).toBe('Item deleted successfully');
    expect((await patch(one._id, { name: 'x' })).json().message).toBe('Restore the item before updating');
    expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).statusCode).toBe(200);
    await admin.request({ method: 'DELETE', url });
    const stored = await fileCount();
    expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).json().message).toBe(
      'Item deleted permanently',
    );
    expect(await fileCount()).toBe(stored - 2);
    expect(
      (await ctx.database.db.select().from(productStocks).where(eq(productStocks.itemId, one._id))).length,
    ).toBe(0);
    const gone = await admin.request({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Item not found');

    const [a, b] = [await created({}, [image()]), await created()];
    const ids = [a._id, b._id];
    const bulk = (method: 'DELETE' | 'PATCH', path: string) =>
      admin.request({ method, url: `${BASE}/bulk${path}`, payload: { ids } });
    expect((await bulk('DELETE', '')).json().message).toBe('2 items deleted');
    expect((await bulk('PATCH', '/restore')).json().data.done).toBe(2);
    await bulk('DELETE', '');
    const before = await fileCount();
    expect((await bulk('DELETE', '/permanent')).json().data.done).toBe(2);
    expect(await fileCount()).toBe(before - 1);
    const history = await admin.request({ method: 'GET', url: `${BASE}/${a._id}/history` });
    expect(history.statusCode).toBe(200);
  });

  it('suggests live items by name with their stock and margin', async () => {
    const kit = await created({ name: 'Suggestible solar kit', margin: margin._id });
    const res = await admin.request({ method: 'GET', url: `${BASE}/suggestion?name=solar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({
        _id: kit._id,
        sku: kit.sku,
        margin: { _id: margin._id, name: 'School tier' },
        stock: expect.objectContaining({ currentStock: 0 }),
      }),
    );
  });

  it('writes history with the changed fields', async () => {
    const item = await created({ gst: '18' });
    await patch(item._id, { gst: '40', preferredBrand: 'Celestron' });
    const res = await admin.request({ method: 'GET', url: `${BASE}/${item._id}/history` });
    const [latest] = res.json().data.history;
    expect(latest.action).toBe('update');
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'gst', from: 18, to: 40 }),
        expect.objectContaining({ field: 'preferredBrand', from: null, to: 'Celestron' }),
      ]),
    );
  });

  it('feeds the admin and CRM dashboards from real items', async () => {
    await created({ name: 'Dashboard unverified item' });
    await post({ name: 'Dashboard suggested item', state: 'Suggested', preferredBrand: 'Tinkerbox' });
    const adminDash = (await admin.request({ method: 'GET', url: '/api/admin/dashboard' })).json().data;
    expect(adminDash.unVerifiedItems[0]).toMatchObject({ name: 'Dashboard unverified item' });
    expect(adminDash.suggestedItems[0]).toMatchObject({
      name: 'Dashboard suggested item',
      preferredBrand: 'Tinkerbox',
    });
    expect(adminDash.verifications.unverified).toBeGreaterThan(0);
    const crm = (await admin.request({ method: 'GET', url: '/api/crm/dashboard' })).json().data;
    expect(crm.productItems.totalCount).toBe(await itemCount());
    expect(crm.productItems.unverifiedCount).toBe(adminDash.verifications.unverified);
  });
});
