import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { multipartBody } from '../src/modules/users/users-test-kit.ts';
import { type Agent, adminSession, createTestApp, SECURITY, type TestContext } from './helpers.ts';

/**
 * Issue 22 parts 1 and 5: text PostgreSQL cannot hold (NUL, a lone surrogate) never reaches it, on any
 * route (400, not 500), and one-line names do not lie (no control or bidi characters, invisible = empty,
 * NFC) while multi-line notes keep their new lines. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
const CUSTOMERS = '/api/crm/customers';

describe('hostile text', () => {
  let ctx: TestContext;
  let admin: Agent;
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    admin.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** A JSON text sent as is: escapes such as "\ud800" reach the parser (a lone surrogate after parsing). */
  const sendRaw = (url: string, json: string) =>
    admin.request({ method: 'POST', url, payload: json, headers: { 'content-type': 'application/json' } });
  const customerCount = async () => (await ctx.database.db.select().from(customers)).length;
  const refused = (res: { statusCode: number; body: string }, message?: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    if (message !== undefined) expect(JSON.parse(res.body).message).toMatch(message);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it.each([
    `${CUSTOMERS}?filters[name]=ab%00cd`,
    '/api/crm/products/items?filters[name]=ab%00cd',
    '/api/admin/users?filters[name]=ab%00cd',
    '/api/crm/products/brands?filters[name]=ab%00cd',
    `${CUSTOMERS}?filters[name]=ab%07cd`,
    `${CUSTOMERS}/suggestion?name=ab%00cd`,
    `${CUSTOMERS}/check?name=ab%00cd`,
    `${CUSTOMERS}/ab%00cd`,
  ])('GET %s answers 400, not 500', async (url) => {
    refused(await send('GET', url));
  });

  it('refuses a NUL in a name on every create that takes one, and writes nothing', async () => {
    const before = await customerCount();
    refused(
      await send('POST', CUSTOMERS, { type: 'Organization', name: 'ab\u0000cd' }),
      /control characters/,
    );
    refused(await send('POST', `${CUSTOMERS}/bulk`, [{ name: 'Good School' }, { name: 'ab\u0000cd' }]));
    refused(await send('POST', `${CUSTOMERS}/check-names`, ['ab\u0000cd']));
    refused(await send('POST', '/api/crm/products/vendors', { name: 'ab\u0000cd' }));
    const brand = multipartBody({ name: 'ab\u0000cd', description: 'x' });
    refused(
      await admin.request({ method: 'POST', url: '/api/crm/products/brands', ...brand }),
      'The request contains text that cannot be stored (a NUL or an invalid character) in the form field "name".',
    );
    expect(await customerCount()).toBe(before);
  });

  it('refuses a lone surrogate anywhere in a JSON body, and a NUL where no schema looks', async () => {
    refused(await sendRaw(CUSTOMERS, '{"type":"Organization","name":"Bad \\ud800 School"}'));
    refused(await sendRaw(`${CUSTOMERS}/check-names`, '["ok name","\\udc00"]'));
    // A value no text rule reads (a password) is refused by the server's guard, naming the field.
    const login = await admin.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@karya.test', password: 'Admin@12345\u0000', ...SECURITY },
    });
    refused(login, /cannot be stored .* "password"/);
  });

  it.each([
    ['School \u202Efdp.exe', /text direction/],
    ['School \u2066name\u2069', /text direction/],
    ['Bell \u0007 School', /control characters/],
    ['\u001b[31mRed School', /control characters/],
    ['Acme\nSchool', /one line/],
    ['Acme\tSchool', /one line/],
    ['Acme\u0085School', /control characters/],
  ])('refuses the one-line customer name %j', async (name, message) => {
    refused(await send('POST', CUSTOMERS, { type: 'Organization', name }), message);
  });

  it.each([['\u200B\u200B\u200B'], ['\u200C\u200D\u2060\uFEFF\u00AD'], [' \u200B \n']])(
    'counts the invisible name %j as empty',
    async (name) => {
      refused(await send('POST', CUSTOMERS, { type: 'Organization', name }), 'Name is required.');
    },
  );

  it('strips a trailing new line, stores NFC, and keeps a multi-line note as written', async () => {
    const res = await send('POST', CUSTOMERS, {
      type: 'Organization',
      name: 'Cafe\u0301 Vidyalaya\r\n',
      additionalInfo: { notes: 'First line\nSecond line\r\n\tindented' },
      contacts: [{ name: 'Sujata Mohanty\n' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.name).toBe('Caf\u00e9 Vidyalaya');
    const read = (await send('GET', `${CUSTOMERS}/${id}`)).json().data;
    expect(read.name).toBe('Caf\u00e9 Vidyalaya');
    expect(read.additionalInfo.notes).toBe('First line\nSecond line\r\n\tindented');
    expect(read.contacts[0].name).toBe('Sujata Mohanty');
    // A list filter finds it by either spelling of é.
    const found = await send('GET', `${CUSTOMERS}?filters[name]=${encodeURIComponent('Cafe\u0301 Vid')}`);
    expect(found.statusCode, found.body).toBe(200);
  });

  it('refuses a NUL, a bidi override or a lone surrogate in a multi-line note', async () => {
    for (const notes of ['a\u0000b', 'a\u202Eb', 'a\u0007b'])
      refused(
        await send('POST', CUSTOMERS, {
          type: 'Organization',
          name: 'Note School',
          additionalInfo: { notes },
        }),
      );
    refused(
      await sendRaw(
        CUSTOMERS,
        '{"type":"Organization","name":"Note School","additionalInfo":{"notes":"a\\ud83db"}}',
      ),
    );
  });

  it('refuses a NUL in a multipart field on update too', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/crm/products/brands',
      ...multipartBody({ name: 'Hostile Brand', description: 'Line one\nLine two' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expect(created.json().data.description).toBe('Line one\nLine two');
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/crm/products/brands/${id}`,
      ...multipartBody({ description: 'bad\u0000text' }),
    });
    refused(res);
  });
});
