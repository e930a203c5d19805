import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocsRoute } from '../src/platform/openapi.ts';
import { type Agent, asAdmin, call, createTestApp, type TestContext } from './helpers.ts';

type Operation = {
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type OpenApiDoc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

/** Fastify's /:id is OpenAPI's /{id}. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI reference at /api/docs', () => {
  let ctx: TestContext;
  let admin: Agent;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await asAdmin(ctx.app);
    const res = await admin.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => ctx.close());

  it('needs a session: the document, the page and its files', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('describes the API: title, version, the session cookie as the security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({
      title: 'Karya API',
      version: ctx.app.deps.version,
      description: expect.any(String),
    });
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'karya_sid',
    });
  });

  it('lists every /api route of the app (a new route always shows up), each with a tag', () => {
    const expected = ctx.app.routeTable.filter((r) => !isDocsRoute(r.url));
    expect(expected.length).toBeGreaterThan(20);
    for (const r of expected) {
      const op = doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op?.tags?.length, `${r.method} ${r.url} has no tag`).toBeGreaterThan(0);
    }
    // ...and nothing else: no docs routes, no web files.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    expect(documented.sort()).toEqual(
      expected.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`).sort(),
    );
  });

  it('documents zod bodies, params and queries (input side, refinements and transforms included)', () => {
    const login = doc.paths['/api/auth/login']?.post;
    const loginBody = login?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(loginBody?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'location', 'deviceInfo']),
    );
    expect(login?.security).toEqual([]);
    expect(login?.description).toContain('public');

    const role = doc.paths['/api/admin/roles/{id}']?.patch;
    expect(role?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(role?.description).toContain('role: update');

    const roles = doc.paths['/api/admin/roles']?.get;
    expect(roles?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit']));
  });

  it('documents what handlers read themselves: the user list query and the multipart user forms', () => {
    const list = doc.paths['/api/admin/users']?.get;
    expect(list?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'sortBy', 'filters[name]', 'filters[status][]']),
    );
    for (const [path, method] of [
      ['/api/admin/users', 'post'],
      ['/api/admin/users/{id}', 'patch'],
      ['/api/auth/profile/{id}', 'patch'],
    ] as const) {
      const form = doc.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema;
      expect(form?.properties, `${method} ${path}`).toHaveProperty('image');
      expect(form?.properties, `${method} ${path}`).toHaveProperty('name');
    }
  });

  it("says which list an export's filters are (x-filters-of), for the SQL injection scan", () => {
    const exported = doc.paths['/api/crm/customers/export']?.get as Record<string, unknown> | undefined;
    expect(exported?.['x-filters-of']).toBe('/api/crm/customers');
    const names = (path: string) => (doc.paths[path]?.get?.parameters ?? []).map((p) => p.name);
    const listFilters = names('/api/crm/customers').filter((n) => n.startsWith('filters['));
    expect(names('/api/crm/customers/export')).toEqual(expect.arrayContaining(listFilters));
  });

  it('serves Swagger UI under the app CSP (no inline scripts)', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script>(?!\s*<)/);
    const js = await admin.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(js.statusCode).toBe(200);
  });
});
