import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE, type CatalogueKind, type CatalogueRecordDto, newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { listUrl, multipartBody, PNG_1X1 } from '../users/users-test-kit.ts';

type Page = Record<string, unknown> & { page: number; limit: number };

describe.each(['brand', 'category', 'class'] as CatalogueKind[])('catalogue: %s', (kind) => {
  const info = CATALOGUE[kind];
  const base = `/api${info.path}`;
  let ctx: TestContext;
  let admin: Agent;

  const storedFiles = () => {
    const dir = path.join(ctx.app.deps.config.DATA_DIR, 'files');
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };

  const create = async (fields: Record<string, unknown>, file?: { filename: string; data: Buffer }) => {
    const res = await admin.request({
      method: 'POST',
      url: base,
      ...multipartBody(
        fields,
        file
          ? { field: 'image', filename: file.filename, contentType: 'image/png', data: file.data }
          : undefined,
      ),
    });
    return res;
  };
  const created = async (
    name = `${info.title} ${newId().slice(-6)}`,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await create({ name, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CatalogueRecordDto;
  };
  const list = async (params: [string, string][], who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: listUrl(base, params) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Page;
    return {
      rows: data[info.listKey] as CatalogueRecordDto[],
      count: data[`${info.listKey}Count`] as number,
    };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('creates with an image (multipart), reads it back, and lists it under the spec key', async () => {
    const res = await create(
      { name: '  Robo Kits  ', description: 'Kits for school labs', createdBy: newId(), _id: newId() },
      { filename: 'logo.png', data: PNG_1X1 },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(`${info.title} created successfully`);
    const rec = res.json().data as CatalogueRecordDto;
    expect(rec).toMatchObject({ name: 'Robo Kits', description: 'Kits for school labs', isDeleted: false });
    expect(rec.createdBy?.name).toBeTruthy();
    expect(rec.image?.url).toMatch(/^\/api\/files\/[0-9a-f]{24}$/);
    const file = await admin.request({ method: 'GET', url: rec.image!.url });
    expect(file.statusCode).toBe(200);
    const one = await admin.request({ method: 'GET', url: `${base}/${rec._id}` });
    expect(one.json().data).toMatchObject({ _id: rec._id, name: 'Robo Kits' });
    const { rows, count } = await list([['filters[name]', 'robo kits']]);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r._id === rec._id)).toBe(true);
  });

  it('accepts JSON without an image', async () => {
    const res = await admin.request({ method: 'POST', url: base, payload: { name: 'Plain JSON' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.image).toBeNull();
  });

  it.each([
    ['no name', {}, info.nameRequired],
    ['a blank name', { name: '   ' }, info.nameRequired],
    ['a long name', { name: 'x'.repeat(201) }, 'Name must not exceed 200 characters'],
  ])('refuses %s with the spec message', async (_w, fields, message) => {
    const before = (await list([])).count;
    const res = await create(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect((await list([])).count).toBe(before);
  });

  it('refuses an over-size image, a renamed text file and an SVG; writes nothing', async () => {
    const before = storedFiles();
    const big = await create(
      { name: 'Big' },
      { filename: 'big.png', data: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 1)]) },
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('File size must be less than 5MB');
    const text = await create({ name: 'Text' }, { filename: 'a.png', data: Buffer.from('just text') });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only JPG, JPEG or PNG images are allowed.');
    const svg = await create(
      { name: 'Svg' },
      { filename: 'a.png', data: Buffer.from('<svg><script>1</script></svg>') },
    );
    expect(svg.statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect((await list([['filters[name]', 'Big']])).count).toBe(0);
  });

  it('updates (multipart, _id ignored), replaces and removes the image, clears the description', async () => {
    const rec = await created(undefined, { description: 'first' });
    const up = await admin.request({
      method: 'PATCH',
      url: `${base}/${rec._id}`,
      ...multipartBody(
        { _id: newId(), name: 'Renamed', description: '' },
        {
          field: 'image',
          filename: 'new.png',
          contentType: 'image/png',
          data: PNG_1X1,
        },
      ),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ _id: rec._id, name: 'Renamed', description: null });
    const firstImage = up.json().data.image.url as string;
    const filesWithImage = storedFiles();
    const removed = await admin.request({
      method: 'PATCH',
      url: `${base}/${rec._id}`,
      ...multipartBody({ deleteImage: 'true' }),
    });
    expect(removed.json().data.image).toBeNull();
    expect(storedFiles().length).toBe(filesWithImage.length - 1);
    expect((await admin.request({ method: 'GET', url: firstImage })).statusCode).toBe(404);
    const blank = await admin.request({ method: 'PATCH', url: `${base}/${rec._id}`, payload: { name: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(info.nameRequired);
  });

  it('runs the lifecycle: delete, restore, permanent only when deleted, with history', async () => {
    const rec = await created();
    const url = `${base}/${rec._id}`;
    expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).statusCode).toBe(400);
    const del = await admin.request({ method: 'DELETE', url });
    expect(del.json().message).toBe(`${info.title} deleted successfully`);
    expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(400);
    const upd = await admin.request({ method: 'PATCH', url, payload: { name: 'x' } });
    expect(upd.json().message).toBe(`Restore the ${info.noun} before updating`);
    expect((await list([])).rows.some((r) => r._id === rec._id)).toBe(false);
    expect((await list([['filters[isDeleted]', 'true']])).rows.some((r) => r._id === rec._id)).toBe(true);
    expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).statusCode).toBe(200);
    await admin.request({ method: 'DELETE', url });
    const purge = await admin.request({ method: 'DELETE', url: `${url}/permanent` });
    expect(purge.json().message).toBe(`${info.title} deleted permanently`);
    const gone = await admin.request({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(info.notFound);
    const history = await admin.request({ method: 'GET', url: `${url}/history` });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.history.map((h: { action: string }) => h.action)).toEqual([
      'delete-permanently',
      'delete',
      'restore',
      'delete',
      'create',
    ]);
  });

  it('a name is unique among live records whatever its case: 409 naming the holder, with it as data (issue 23)', async () => {
    const tag = newId().slice(-5);
    const holder = await created(`Ozobot ${tag}`);
    const files = storedFiles();
    const again = await create(
      { name: ` ozobot ${tag.toUpperCase()} ` },
      { filename: 'l.png', data: PNG_1X1 },
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`A ${info.noun} named Ozobot ${tag} already exists.`);
    expect(again.json().data).toEqual({ _id: holder._id, name: holder.name });
    expect(storedFiles()).toEqual(files);
    expect((await list([['filters[name]', `ozobot ${tag}`]])).count).toBe(1);
    // A rename onto it is refused; renaming a record to its own name in another case is not.
    const other = await created(`Other ${tag}`);
    const rename = await admin.request({
      method: 'PATCH',
      url: `${base}/${other._id}`,
      payload: { name: `OZOBOT ${tag}` },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().data).toEqual({ _id: holder._id, name: holder.name });
    const self = await admin.request({
      method: 'PATCH',
      url: `${base}/${holder._id}`,
      payload: { name: `OzoBot ${tag}` },
    });
    expect(self.statusCode, self.body).toBe(200);
    // A deleted record holds no name; restoring it while a live one has taken it is refused.
    await admin.request({ method: 'DELETE', url: `${base}/${holder._id}` });
    const reborn = await created(`ozobot ${tag}`);
    const back = await admin.request({ method: 'PATCH', url: `${base}/${holder._id}/restore` });
    expect(back.statusCode).toBe(409);
    expect(back.json().data).toEqual({ _id: reborn._id, name: reborn.name });
    expect((await admin.request({ method: 'GET', url: `${base}/${holder._id}` })).json().data.isDeleted).toBe(
      true,
    );
  });

  it('sorts by name and pages', async () => {
    const tag = newId().slice(-5);
    for (const n of ['b', 'a', 'c']) await created(`Sort${tag} ${n}`);
    const asc = await list([
      ['filters[name]', `Sort${tag}`],
      ['sortBy', 'name'],
      ['sortOrder', 'asc'],
      ['limit', '2'],
    ]);
    expect(asc.count).toBe(3);
    expect(asc.rows.map((r) => r.name)).toEqual([`Sort${tag} a`, `Sort${tag} b`]);
    const bad = await admin.request({ method: 'GET', url: listUrl(base, [['sortBy', 'password']]) });
    expect(bad.statusCode).toBe(400);
  });

  it('suggests live records by name, the selected first', async () => {
    const a = await created(`Sugg ${kind} alpha`);
    const b = await created(`Sugg ${kind} beta`);
    const selectedParam = kind === 'brand' ? `selectedId=${b._id}` : `selectedIds=${b._id}`;
    const res = await admin.request({ method: 'GET', url: `${base}/suggestion?name=alpha&${selectedParam}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { _id: string }) => s._id)).toEqual([b._id, a._id]);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['_id', 'name']);
  });

  it('checks permissions on the server: read-only users cannot write or see deleted ones', async () => {
    const reader = await asUserWithSession(ctx, [{ resource: info.resource, actions: ['read'] }]);
    expect((await reader.request({ method: 'GET', url: base })).statusCode).toBe(200);
    expect((await reader.request({ method: 'POST', url: base, payload: { name: 'Nope' } })).statusCode).toBe(
      403,
    );
    const denied = await reader.request({
      method: 'GET',
      url: listUrl(base, [['filters[isDeleted]', 'true']]),
    });
    expect(denied.statusCode).toBe(403);
    expect((await reader.request({ method: 'GET', url: `${base}/suggestion` })).statusCode).toBe(403);
  });
});
