import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/platform/access.ts';
import { isDocsRoute } from '../src/platform/openapi.ts';
import { adminSession, createTestApp, ORIGIN, type TestContext } from './helpers.ts';

/**
 * Property-based fuzzing of every API route's query string and body, as the administrator (so calls get
 * past the permission guard and reach validation): hostile keys (__proto__, constructor[prototype]), deep
 * nesting, repeated keys, huge strings, wrong types, bad dates and ids. Pass: never a 5xx, no prototype
 * pollution, and a refused call (4xx) changes nothing in the database.
 */
const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 10_000);
/** Routes that end or replace the caller's own session are fuzzed elsewhere (auth tests). */
const SKIP = new Set(['POST /api/auth/logout']);

const SAMPLE_IDS = [
  'a'.repeat(24),
  '0',
  '../../etc/passwd',
  '%00',
  'ffffffffffffffffffffffff',
  '𝕏'.repeat(30),
];
const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'filters[__proto__][polluted]',
  'filters[constructor][prototype][polluted]',
  'filters[name]',
  'filters[status][]',
  'filters[createdAt][start]',
  'filters[createdAt][end]',
  'filters[membersCount][min]',
  'filters[isDeleted]',
  'filters[deletedBy][]',
  'page',
  'limit',
  'sortBy',
  'sortOrder',
  'name',
  'selectedIds',
  'from',
  'to',
);
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '-1',
      '0',
      '1e309',
      'NaN',
      'true',
      'null',
      '2026-02-30',
      '2026-13-01',
      '99999-01-01',
      "' or 1=1 --",
      '%',
      '_',
      '\\',
      '\u0000',
      'a'.repeat(24),
      'zzzzzzzzzzzzzzzzzzzzzzzz',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 100_000 }).map((n) => 'x'.repeat(n)) },
);
const queryString = fc
  .array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 20 })), hostileString), { maxLength: 12 })
  .chain((pairs) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constant(pairs) },
      // Many repeats of one key.
      {
        weight: 1,
        arbitrary: fc.constant([
          ...pairs,
          ...Array.from({ length: 10_000 }, () => ['filters[status][]', 'Pending'] as [string, string]),
        ]),
      },
    ),
  )
  .map((pairs) => {
    const p = new URLSearchParams();
    for (const [k, v] of pairs) p.append(k, v);
    return p.toString();
  });

/** Raw JSON texts a literal cannot express: keys that would set a prototype, and depth 50. */
const RAW_BODIES = [
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '{"ids":{"__proto__":{"polluted":1}},"members":[{"__proto__":{"polluted":1}}]}',
  `${'{"a":'.repeat(50)}"deep"${'}'.repeat(50)}`,
  `${'['.repeat(50)}1${']'.repeat(50)}`,
  '{"title":',
  'not json',
];
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 6 }),
  ),
})).value;
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(...RAW_BODIES),
  fc
    .dictionary(
      fc.constantFrom(
        'title',
        'name',
        'email',
        'password',
        'status',
        'date',
        'deadline',
        'members',
        'assignedTo',
        'ids',
        'roles',
        'permissions',
        'description',
        '_id',
        'isDeleted',
        'createdBy',
      ),
      jsonValue,
      { maxKeys: 8 },
    )
    .map((v) => JSON.stringify(v)),
);

describe('fuzzing every route', () => {
  let ctx: TestContext;
  let cookie: string;
  let routes: RouteEntry[];

  const fingerprint = async () => {
    const { rows } = (await ctx.database.db.execute(
      sql`select string_agg(table_name, ',' order by table_name) as names from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'user_activities', 'mail_outbox', 'otp_codes')`,
    )) as unknown as { rows: { names: string }[] };
    const parts: string[] = [];
    for (const name of (rows[0]?.names ?? '').split(',')) {
      const res = (await ctx.database.db.execute(
        sql.raw(
          `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
        ),
      )) as unknown as { rows: { f: string }[] };
      parts.push(`${name}=${res.rows[0]?.f}`);
    }
    return parts.join('\n');
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await adminSession(ctx)).cookie;
    routes = ctx.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api') &&
        !isDocsRoute(r.url) &&
        !['HEAD', 'OPTIONS'].includes(r.method) &&
        !SKIP.has(`${r.method} ${r.url}`),
    );
  });
  afterAll(() => ctx.close());

  it(`answers ${TOTAL_CASES} generated calls without a 5xx, pollution or a change from a refused call`, async () => {
    const perRoute = Math.ceil(TOTAL_CASES / routes.length);
    let cases = 0;
    for (const route of routes) {
      const before = await fingerprint();
      let changedByAccepted = false;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...SAMPLE_IDS), queryString, body, async (id, query, payload) => {
          const url = `${route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(id))}${query ? `?${query}` : ''}`;
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { origin: ORIGIN, host: 'localhost:80', cookie, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload }),
          });
          cases += 1;
          if (res.statusCode < 400) changedByAccepted = true;
          expect(
            res.statusCode,
            `${route.method} ${url.slice(0, 200)} → ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.prototype).not.toHaveProperty('polluted');
        }),
        { numRuns: perRoute, seed: 2026, endOnFailure: true },
      );
      if (!changedByAccepted)
        expect(await fingerprint(), `${route.method} ${route.url} changed data`).toBe(before);
    }
    expect(cases).toBeGreaterThanOrEqual(TOTAL_CASES);
  }, 600_000);
});
