import { type MarginDto, newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { listUrl } from '../users/users-test-kit.ts';

const BASE = '/api/crm/products/margins';
const tiers = { t1: 10, t2: 12.5, t3: 15, pt1: 8, pt2: 9.75, pt3: 11 };

describe('margins', () => {
  let ctx: TestContext;
  let admin: Agent;
  const body = (over: Record<string, unknown> = {}) => ({
    name: `Margin ${newId().slice(-6)}`,
    description: 'School price list',
    margins: tiers,
    isActive: true,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await admin.request({ method: 'POST', url: BASE, payload: body(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as MarginDto;
  };
  const count = async () =>
    (await admin.request({ method: 'GET', url: BASE })).json().data.productMarginsCount as number;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('creates with exact percentages and reads them back', async () => {
    const m = await create({ margins: { ...tiers, t1: 12.34, pt3: 100, pt2: 0 } });
    expect(m.margins).toEqual({ ...tiers, t1: 12.34, pt3: 100, pt2: 0 });
    expect(m.isActive).toBe(true);
    const one = await admin.request({ method: 'GET', url: `${BASE}/${m._id}` });
    expect(one.json().data.margins.t1).toBe(12.34);
    const page = (await admin.request({ method: 'GET', url: BASE })).json().data;
    expect(page.productMargins.some((x: MarginDto) => x._id === m._id)).toBe(true);
  });

  it.each([
    [{ name: '' }, 'Name is required.'],
    [{ name: undefined }, 'Name is required.'],
    [{ margins: { ...tiers, t1: -0.01 } }, 'T1 cannot be less than 0.'],
    [{ margins: { ...tiers, t1: 100.01 } }, 'T1 cannot be more than 100.'],
    [{ margins: { ...tiers, t2: 'abc' } }, 'T2 is required.'],
    [{ margins: { ...tiers, t3: 101 } }, 'T3 cannot be more than 100.'],
    [{ margins: { ...tiers, pt1: -1 } }, 'PT1 cannot be less than 0.'],
    [{ margins: { ...tiers, pt2: 1000 } }, 'PT2 cannot be more than 100.'],
    [{ margins: { ...tiers, pt3: -5 } }, 'P3 cannot be less than 0.'],
    [{ margins: { ...tiers, pt3: 150 } }, 'P3 cannot be more than 100.'],
    [{ margins: { ...tiers, t1: 0.1 + 0.2 } }, 'T1 can have at most 2 decimal places.'],
    [{ margins: { ...tiers, t1: 12.345 } }, 'T1 can have at most 2 decimal places.'],
    [{ margins: { t1: 1 } }, 'T2 is required.'],
    [{ margins: 'lots' }, 'Margins are required.'],
    [{ isActive: 'yes' }, 'Active is required.'],
  ])('refuses %j with the spec message and writes nothing', async (over, message) => {
    const before = await count();
    const res = await admin.request({ method: 'POST', url: BASE, payload: body(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('updates the whole margin; a bad tier leaves the record as it was', async () => {
    const m = await create();
    const res = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${m._id}`,
      payload: { ...body({ name: 'Dealer tiers' }), _id: newId(), isActive: false, createdBy: newId() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: m._id, name: 'Dealer tiers', isActive: false });
    const bad = await admin.request({
      method: 'PATCH',
      url: `${BASE}/${m._id}`,
      payload: { name: 'Changed', margins: { ...tiers, pt3: 101 } },
    });
    expect(bad.json().message).toBe('P3 cannot be more than 100.');
    expect((await admin.request({ method: 'GET', url: `${BASE}/${m._id}` })).json().data.name).toBe(
      'Dealer tiers',
    );
  });

  it('filters by isActive and name, and runs the lifecycle', async () => {
    const tag = newId().slice(-6);
    const on = await create({ name: `Active ${tag}` });
    await create({ name: `Inactive ${tag}`, isActive: false });
    const res = await admin.request({
      method: 'GET',
      url: listUrl(BASE, [
        ['filters[name]', tag],
        ['filters[isActive]', 'true'],
      ]),
    });
    expect(res.json().data.productMargins.map((x: MarginDto) => x._id)).toEqual([on._id]);
    const url = `${BASE}/${on._id}`;
    expect((await admin.request({ method: 'DELETE', url })).json().message).toBe(
      'Margin deleted successfully',
    );
    expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).json().message).toBe(
      'Margin restored successfully',
    );
    await admin.request({ method: 'DELETE', url });
    expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).json().message).toBe(
      'Margin deleted permanently',
    );
    expect((await admin.request({ method: 'GET', url })).json().message).toBe('Margin not found');
  });

  it('suggests with a single selectedId', async () => {
    const a = await create({ name: 'Sugg margin one' });
    const b = await create({ name: 'Sugg margin two' });
    const res = await admin.request({
      method: 'GET',
      url: `${BASE}/suggestion?name=one&selectedId=${b._id}`,
    });
    expect(res.json().data.map((x: { _id: string }) => x._id)).toEqual([b._id, a._id]);
    const bad = await admin.request({ method: 'GET', url: `${BASE}/suggestion?selectedId=nope` });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the permission on the server', async () => {
    const reader = await asUserWithSession(ctx, [{ resource: 'product-margin', actions: ['read'] }]);
    expect((await reader.request({ method: 'GET', url: BASE })).statusCode).toBe(200);
    expect((await reader.request({ method: 'POST', url: BASE, payload: body() })).statusCode).toBe(403);
    const none = await asUserWithSession(ctx, [{ resource: 'product-brand', actions: ['read'] }]);
    expect((await none.request({ method: 'GET', url: BASE })).statusCode).toBe(403);
  });
});
