import type { CustomerDto, CustomerDuplicates } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';

const BASE = '/api/crm/customers';

/** The duplicate guard: likely repeats of customers about to be created, through the indexes, per row. */
describe('customer duplicate guard', () => {
  let ctx: TestContext;
  let admin: Agent;
  let dav: CustomerDto;
  let kv: CustomerDto;

  const create = async (body: object) => {
    const res = await admin.request({
      method: 'POST',
      url: BASE,
      payload: { type: 'Organization', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CustomerDto;
  };
  const check = async (customers: object[], who: Agent = admin, extra: object = {}) => {
    const res = await who.request({
      method: 'POST',
      url: `${BASE}/duplicates`,
      payload: { customers, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CustomerDuplicates;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    dav = await create({
      name: 'DAV Public School, Chandrasekharpur',
      phone: '9437055501',
      email: 'dav.csp@gmail.com',
      address: { city: 'Bhubaneswar', district: 'Khordha' },
    });
    kv = await create({
      name: 'Kendriya Vidyalaya No. 1',
      phone: '0674-2301234',
      address: { city: 'Bhubaneswar', district: 'Khordha' },
    });
    await create({ name: 'Kendriya Vidyalaya No. 1', address: { city: 'Sambalpur', district: 'Sambalpur' } });
  });
  afterAll(() => ctx.close());

  it('finds a similar name in the same city, and not the same name elsewhere unless near-identical', async () => {
    const [hit] = await check([{ name: 'DAV Public School', city: 'bhubaneswar' }]);
    expect(hit).toMatchObject({
      index: 0,
      matches: [{ _id: dav._id, customerId: dav.customerId, reasons: ['name'] }],
    });

    // A differently written name in another city: not a duplicate.
    expect(await check([{ name: 'DAV Public School', city: 'Cuttack' }])).toEqual([]);
    expect(await check([{ name: 'DAV Public School', district: 'KHORDHA' }])).toHaveLength(1);
    // The same name with no place: near-identical names match anywhere (both Kendriya Vidyalayas).
    const [anywhere] = await check([{ name: 'Kendriya Vidyalaya No.1' }]);
    expect(anywhere!.matches.map((m) => m.city).sort()).toEqual(['Bhubaneswar', 'Sambalpur']);
  });

  it('finds the same phone (spaces ignored) or e-mail (case ignored), whatever the name', async () => {
    const found = await check([
      { name: 'Totally different', phone: '94370 55501' },
      { name: 'Another one', email: 'DAV.CSP@gmail.com' },
      { name: 'Brand new school', phone: '9000000000', email: 'new@school.in', city: 'Puri' },
    ]);
    expect(found).toEqual([
      { index: 0, matches: [expect.objectContaining({ _id: dav._id, reasons: ['phone'] })] },
      { index: 1, matches: [expect.objectContaining({ _id: dav._id, reasons: ['email'] })] },
    ]);
  });

  it('says which matches the caller may open (row scope), and never the customer being edited', async () => {
    const exec = await asUserWithSession(ctx, [{ resource: 'customer', actions: ['create', 'read'] }]);
    const [hit] = await check([{ name: 'x', phone: '0674-2301234' }], exec);
    expect(hit!.matches).toEqual([
      expect.objectContaining({ _id: kv._id, visible: false, reasons: ['phone'] }),
    ]);
    expect(Object.keys(hit!.matches[0]!).sort()).toEqual(
      ['_id', 'city', 'customerId', 'district', 'name', 'reasons', 'visible'].sort(),
    );
    expect(await check([{ name: 'y', phone: '0674-2301234' }], admin, { excludeId: kv._id })).toEqual([]);
  });

  it('refuses a bad body with 400 and a caller without create with 403', async () => {
    const empty = await admin.request({
      method: 'POST',
      url: `${BASE}/duplicates`,
      payload: { customers: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No customers to check');
    const extra = await admin.request({
      method: 'POST',
      url: `${BASE}/duplicates`,
      payload: { customers: [{ name: 'a', isDeleted: true }] },
    });
    expect(extra.statusCode).toBe(400);
    const reader = await asUserWithSession(ctx, [{ resource: 'customer', actions: ['read'] }]);
    const refused = await reader.request({
      method: 'POST',
      url: `${BASE}/duplicates`,
      payload: { customers: [{ name: 'a' }] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
