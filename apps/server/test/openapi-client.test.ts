import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type TestContext } from './helpers.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/**
 * Real calls through openapi-fetch, typed by openapi-typescript from the served document: answers' fields
 * are read with their types, and a wrong field must not compile (so the types cannot silently become any).
 */
const CALLS = `
import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

const client = createClient<paths>({ baseUrl: 'http://localhost' });

export const calls = async () => {
  const signedIn = await client.POST('/api/auth/login', {
    body: {
      email: 'admin@karya.test',
      password: 'Admin@12345',
      location: { type: 'Point', coordinates: [20.29, 85.82] },
      deviceInfo: { os: 'Linux', browser: 'Chromium', device: 'Desktop', model: 'Test' },
    },
  });
  const permissions: { resource: string; actions: string[] }[] | undefined = signedIn.data?.data.permissions;
  const failure: string | undefined = signedIn.error?.message;

  const me = await client.GET('/api/auth/me');
  const mustChange: boolean | undefined = me.data?.data.mustChangePassword;

  const list = await client.GET('/api/crm/customers', {
    params: { query: { page: 2, limit: 20, sortBy: 'name', sortOrder: 'asc', 'filters[name]': 'school' } },
  });
  const firstName: string | undefined = list.data?.data.customers[0]?.name;
  const total: number | undefined = list.data?.data.customersCount;
  const exact: boolean | undefined = list.data?.data.countExact;

  const one = await client.GET('/api/crm/customers/{id}', { params: { path: { id: '0123456789abcdef01234567' } } });
  const city: string | null | undefined = one.data?.data.address.city;
  const assignees: string[] | undefined = one.data?.data.assignedTo.map((u) => u.name);
  // @ts-expect-error a customer has no such field: the answer is typed, not any
  const wrong = one.data?.data.notAField;
  const notFound: string | undefined = one.error?.message;

  const made = await client.POST('/api/crm/customers', {
    body: { name: 'Sai School', type: 'Organization', organization: { type: 'Private', private: { type: 'Institute' } } },
  });
  const newNumber: number | undefined = made.data?.data.customerId;

  const roles = await client.GET('/api/admin/roles', { params: { query: { page: 1 } } });
  const roleName: string | undefined = roles.data?.data.roles[0]?.name;

  // @ts-expect-error page is a number in the document, not a word
  await client.GET('/api/crm/customers', { params: { query: { page: 'two' } } });

  return [permissions, failure, mustChange, firstName, total, exact, city, assignees, wrong, notFound, newNumber, roleName];
};
`;

describe('a typed client from the served OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Record<string, unknown>;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await asAdmin(ctx.app);
    const res = await admin.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    // Inside the package, so the generated file finds openapi-fetch the way the app's code would.
    const cache = path.join(SERVER_DIR, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(path.join(cache, 'openapi-client-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await ctx.close();
  });

  it('compiles real calls with typed answers (openapi-typescript + openapi-fetch, strict)', async () => {
    writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(path.join(dir, 'calls.ts'), CALLS);
    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      noEmit: true,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('passes redocly lint without errors (offline, with apps/server/redocly.yaml)', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(SERVER_DIR, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output, output).toMatch(/valid|0 errors/i);
    expect('code' in result ? result.code : 0, output).toBe(0);
  }, 120_000);
});
