import { MAX_LIST_PAGE, todayInAppZone } from '@karya/domain';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/demo/index.ts';
import { type Agent, asAdmin, call, createTestApp, createUser, type TestContext } from './helpers.ts';

type Media = Record<string, { schema: Record<string, unknown> }>;
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: { maximum?: number } }[];
  responses: Record<string, { description: string; content?: Media }>;
};
type OpenApiDoc = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * Operations whose success answer may leave `data` undescribed. Empty: /api/health and /api/ready answer the
 * envelope like every other route, so they are described too.
 */
const UNDESCRIBED_ALLOWED: readonly string[] = [];

/**
 * `data` says nothing: missing, `{}` (z.unknown), or an object with no fields that says neither what it
 * holds nor, with a description, why it is free-form (z.looseObject({})).
 */
const isUntyped = (data: object | undefined) => {
  if (!data) return true;
  const { description, type, properties, additionalProperties, ...rest } = data as Record<string, unknown>;
  if (description || Object.keys(rest).length) return false;
  if (type === undefined) return properties === undefined;
  return type === 'object' && Object.keys(properties ?? {}).length === 0 && additionalProperties !== false;
};

/**
 * The document says what every answer looks like; these tests hold the server to it (issue 29): real
 * answers of every list and a detail of each, over the demo data, are validated against the documented
 * schema (JSON Schema 2020-12, the dialect of OpenAPI 3.1), so the two cannot drift apart unnoticed.
 */
describe('the OpenAPI document describes the real answers', () => {
  let ctx: TestContext;
  let admin: Agent;
  let doc: OpenApiDoc;
  let ajv: Ajv2020;
  const validators = new Map<object, ValidateFunction>();

  const schemaOf = (op: Operation | undefined, status: number) => {
    const schema = op?.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`no JSON ${status} answer documented`);
    return schema;
  };
  /** The answer against the operation's documented answer of its status; the problems, if any. */
  const problems = (op: Operation | undefined, status: number, body: unknown) => {
    const schema = schemaOf(op, status);
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: doc.components });
      validators.set(schema, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    await loadDemoData(ctx.database.db, { now: new Date() });
    admin = await asAdmin(ctx.app);
    const res = await admin.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    // Formats are documentation here (date-time, email…); the shapes are what must hold.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  }, 120_000);
  afterAll(() => ctx.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ path: p, method: m, op })),
    );

  it('names every operation (unique camelCase ids), says where the API is, and documents every answer', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/crm/customers/{id}']?.get?.operationId).toBe('getCrmCustomersById');
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      expect(JSON.stringify(op.responses), `${method} ${path}`).not.toContain('Default Response');
      if (op.parameters?.some((p) => p.in === 'path')) expect(statuses, `${method} ${path}`).toContain('404');
    }
  });

  it('describes the data of every JSON answer (no untyped data outside the allow-list)', () => {
    const untyped: string[] = [];
    for (const { path, method, op } of operations()) {
      const operation = `${method.toUpperCase()} ${path}`;
      if (UNDESCRIBED_ALLOWED.includes(operation)) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = status.startsWith('2') ? response.content?.['application/json']?.schema : undefined;
        if (schema && isUntyped((schema as { properties?: { data?: object } }).properties?.data))
          untyped.push(operation);
      }
    }
    expect(untyped).toEqual([]);
  });

  it('documents creates with 201 and binary answers with their content type', () => {
    for (const path of ['/api/crm/customers', '/api/admin/roles', '/api/admin/users', '/api/hrm/tasks'])
      expect(Object.keys(doc.paths[path]?.post?.responses ?? {}), path).toContain('201');
    const pdf = doc.paths['/api/crm/quotations/{id}/pdf']?.get?.responses['200']?.content;
    expect(Object.keys(pdf ?? {})).toEqual(['application/pdf']);
  });

  it('documents page up to MAX_LIST_PAGE, as the server refuses past it', async () => {
    const pages = operations().flatMap(({ op }) => (op.parameters ?? []).filter((p) => p.name === 'page'));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) expect(page.schema?.maximum).toBe(MAX_LIST_PAGE);
    for (const url of ['/api/crm/customers', '/api/admin/roles']) {
      const over = await admin.request({ method: 'GET', url: `${url}?page=${MAX_LIST_PAGE + 1}` });
      expect(over.statusCode, url).toBe(400);
      const last = await admin.request({ method: 'GET', url: `${url}?page=${MAX_LIST_PAGE}` });
      expect(last.statusCode, url).toBe(200);
    }
  });

  it('every list and a detail of each answer as documented (demo data)', async () => {
    let lists = 0;
    let details = 0;
    let histories = 0;
    const failures: string[] = [];
    for (const { path, method, op } of operations()) {
      if (method !== 'get' || path.includes('{') || !op.responses['200']?.content?.['application/json'])
        continue;
      if (op.parameters?.some((p) => p.required)) continue;
      const res = await admin.request({ method: 'GET', url: path });
      if (res.statusCode !== 200) continue;
      const body = res.json();
      failures.push(...problems(op, 200, body).map((p) => `GET ${path}: ${p}`));
      const list = Object.entries(body.data ?? {}).find(
        ([key, value]) => Array.isArray(value) && `${key}Count` in body.data,
      );
      if (!list) continue;
      lists++;
      const detail = doc.paths[`${path}/{id}`]?.get;
      const first = (list[1] as { _id?: string }[])[0];
      if (!detail || !first?._id) continue;
      const one = await admin.request({ method: 'GET', url: `${path}/${first._id}` });
      expect(one.statusCode, `GET ${path}/${first._id}`).toBe(200);
      failures.push(...problems(detail, 200, one.json()).map((p) => `GET ${path}/{id}: ${p}`));
      details++;
      const history = doc.paths[`${path}/{id}/history`]?.get;
      if (!history) continue;
      const entries = await admin.request({ method: 'GET', url: `${path}/${first._id}/history` });
      expect(entries.statusCode, `GET ${path}/${first._id}/history`).toBe(200);
      failures.push(...problems(history, 200, entries.json()).map((p) => `GET ${path}/{id}/history: ${p}`));
      histories++;
    }
    expect(failures).toEqual([]);
    expect(lists).toBeGreaterThanOrEqual(20);
    expect(details).toBeGreaterThanOrEqual(15);
    expect(histories).toBeGreaterThanOrEqual(10);
  }, 300_000);

  it('the answers described for issue 29’s last routes are as documented', async () => {
    const failures: string[] = [];
    /** One call, its status, and its answer against the operation's documented answer of that status. */
    const answer = async (method: string, url: string, payload?: object, status = 200) => {
      const res = await admin.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      const path = url.split('?')[0]!.replace(/\b[0-9a-f]{24}\b/, '{id}');
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method} ${path} is documented`).toBeDefined();
      failures.push(...problems(op, status, res.json()).map((p) => `${method} ${path}: ${p}`));
      return res.json().data;
    };

    // The process's own routes answer the envelope too.
    await answer('GET', '/api/health');
    await answer('GET', '/api/ready');

    // A catalogue record's delete and restore (data null), and suggestions.
    const brand = await answer('POST', '/api/crm/products/brands', { name: 'Documented Brand' }, 201);
    await answer('DELETE', `/api/crm/products/brands/${brand._id}`);
    await answer('PATCH', `/api/crm/products/brands/${brand._id}/restore`);
    await answer('GET', '/api/crm/products/brands/suggestion?name=Documented');
    await answer('GET', '/api/admin/teams/suggestion');
    await answer('GET', '/api/admin/roles/suggestion');

    // The dashboards and the follow-up queue's counts.
    await answer('GET', '/api/admin/dashboard');
    await answer('GET', '/api/crm/dashboard');
    await answer('GET', '/api/hrm/dashboard');
    await answer('GET', '/api/crm/dashboard/follow-up-counts');

    // Follow-ups: the list, one, the suggestions; a customer's related lists.
    const followUps = await answer('GET', '/api/crm/follow-ups');
    expect(followUps.followUps.length).toBeGreaterThan(0);
    await answer('GET', `/api/crm/follow-ups/${followUps.followUps[0]._id}`);
    await answer('GET', '/api/crm/follow-ups/suggestion');
    const customer = followUps.followUps[0].customer._id as string;
    for (const related of ['follow-ups', 'requirements', 'quotations', 'projects'])
      await answer('GET', `/api/crm/customers/${customer}/${related}`);

    // Settings, HRM's extras, a stock's ledger, wins and losses, the permission catalogue.
    await answer('GET', '/api/admin/settings/company');
    await answer('GET', '/api/admin/accounts/ledgers');
    await answer('GET', '/api/hrm/leaves/balances');
    await answer('GET', '/api/hrm/leaves/calendar');
    await answer('GET', '/api/hrm/expenses/totals');
    await answer('GET', '/api/hrm/attendances/month');
    await answer('GET', '/api/hrm/holidays');
    const stock = (await answer('GET', '/api/crm/products/stocks')).productStocks[0]._id as string;
    // An adjustment (answered with the stock) puts an entry in the ledger for its answer to show.
    await answer('PATCH', `/api/crm/products/stocks/${stock}/adjust`, {
      type: 'Found',
      quantity: 1,
      reason: 'Counted again',
      date: todayInAppZone(),
    });
    const ledger = await answer('GET', `/api/crm/products/stocks/${stock}/history`);
    expect(ledger.history.length).toBeGreaterThan(0);
    await answer('GET', '/api/crm/win-loss');
    await answer('GET', '/api/admin/resources');
    await answer('GET', '/api/auth/who-can?needs=customer:read');

    // An administrator's flow: block and unblock a user (both answer the user).
    const someone = await createUser(ctx.database);
    expect((await answer('PATCH', `/api/admin/users/${someone.id}/block`)).status).toBe('Blocked');
    expect((await answer('PATCH', `/api/admin/users/${someone.id}/unblock`)).status).toBe('Active');
    // The administrator's own log holds their sign-in.
    const me = (await admin.request({ method: 'GET', url: '/api/auth/me' })).json().data._id as string;
    expect((await answer('GET', `/api/admin/users/${me}/activities`)).activities.length).toBeGreaterThan(0);

    expect(failures).toEqual([]);
  }, 120_000);

  it('a create answers its documented 201, and errors the error envelope', async () => {
    const made = await admin.request({
      method: 'POST',
      url: '/api/crm/customers',
      payload: {
        name: 'Documented Public School',
        type: 'Organization',
        organization: {
          type: 'Private',
          private: { type: 'Institute', institute: { type: 'School', school: { board: 'CBSE' } } },
        },
        address: { city: 'Cuttack', district: 'Cuttack' },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const create = doc.paths['/api/crm/customers']?.post;
    expect(problems(create, 201, made.json())).toEqual([]);
    const id = made.json().data._id as string;

    const changed = await admin.request({
      method: 'PATCH',
      url: `/api/crm/customers/${id}`,
      payload: { name: 'Documented Model School' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(problems(doc.paths['/api/crm/customers/{id}']?.patch, 200, changed.json())).toEqual([]);

    const bulk = await admin.request({
      method: 'DELETE',
      url: '/api/crm/customers/bulk',
      payload: { ids: [id, '0123456789abcdef01234567'] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(problems(doc.paths['/api/crm/customers/bulk']?.delete, 200, bulk.json())).toEqual([]);

    const anonymous = await call(ctx.app, { method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(problems(doc.paths['/api/auth/me']?.get, 401, anonymous.json())).toEqual([]);
    const missing = await admin.request({
      method: 'GET',
      url: '/api/crm/customers/0123456789abcdef01234567',
    });
    expect(missing.statusCode).toBe(404);
    expect(problems(doc.paths['/api/crm/customers/{id}']?.get, 404, missing.json())).toEqual([]);
    const invalid = await admin.request({ method: 'POST', url: '/api/crm/customers', payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(problems(create, 400, invalid.json())).toEqual([]);
  });
});
