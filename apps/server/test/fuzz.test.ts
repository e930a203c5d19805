import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../src/modules/users/users-test-kit.ts';
import type { RouteEntry } from '../src/platform/access.ts';
import { isDocsRoute } from '../src/platform/openapi.ts';
import { databaseFingerprint } from './fingerprint.ts';
import { adminSession, createTestApp, ORIGIN, type TestContext } from './helpers.ts';

/**
 * Property-based fuzzing of every API route's query string and body, as the administrator (so calls get
 * past the permission guard and reach validation): hostile keys (__proto__, constructor[prototype]), deep
 * nesting, repeated keys, huge strings, wrong types, bad dates and ids. Pass: never a 5xx, no prototype
 * pollution, and a refused call (4xx) changes nothing in the database. Strings cover the whole of Unicode
 * with extra weight on NUL, lone surrogates, C0/C1 controls, bidi and zero-width characters, alone and
 * inside plausible values, and reach query strings, route ids, JSON bodies and multipart form fields.
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
  'ab\u0000cd',
  '\u202efdp.exe',
  '\u200b\u200b',
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
/** Any code point (fast-check's 'binary' unit leaves out the surrogate halves; loneSurrogate adds them). */
const codePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** C0 (NUL, BEL, ESC, tab, new line...), DEL and C1. */
const control = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((c) => String.fromCharCode(c));
/** Bidi overrides and isolates, zero-width and other invisible characters, line separators. */
const formatChar = fc.constantFrom(
  ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c',
  ...'\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u2028\u2029\u3164\u2800',
);
/** The characters a database, a log or a screen can choke on, over the whole of Unicode. */
const hostileChar = fc.oneof(
  { weight: 4, arbitrary: codePoint },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: control },
  { weight: 2, arbitrary: formatChar },
  { weight: 1, arbitrary: loneSurrogate },
);
/** A plausible value with one hostile character inside, so it passes the other rules and reaches the database. */
const taintedText = fc
  .tuple(
    fc.constantFrom('Acme School', 'Ramesh Behera', 'Robo kits', 'ab', 'x', 'INV-2026-01'),
    fc.oneof(fc.constant('\u0000'), control, formatChar, loneSurrogate),
    fc.nat(),
  )
  .map(([text, c, at]) => {
    const i = at % (text.length + 1);
    return `${text.slice(0, i)}${c}${text.slice(i)}`;
  });
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: taintedText },
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
      // One text filter or search alone, so a tainted value is not refused for a sibling first.
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            fc.constantFrom(
              'filters[name]',
              'filters[title]',
              'filters[email]',
              'name',
              'title',
              'customerName',
            ),
            fc.oneof(taintedText, hostileString),
          )
          .map((pair) => [pair]),
      },
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
/** The text fields most forms have, with hostile text: sent as JSON and as multipart form fields. */
const textFields = fc.dictionary(
  fc.constantFrom('name', 'title', 'description', 'notes', 'remarks', 'invoiceNumber', 'email', 'phone'),
  fc.oneof(taintedText, hostileString),
  { minKeys: 1, maxKeys: 4 },
);
type Payload = { json: string } | { form: Record<string, string> };
const payloadArb: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 6, arbitrary: body.map((json) => ({ json })) },
  { weight: 2, arbitrary: textFields.map((v) => ({ json: JSON.stringify(v) })) },
  { weight: 2, arbitrary: textFields.map((form) => ({ form })) },
);

describe('fuzzing every route', () => {
  let ctx: TestContext;
  let cookie: string;
  let routes: RouteEntry[];

  const fingerprint = () =>
    databaseFingerprint(ctx.database.db, ['sessions', 'user_activities', 'mail_outbox', 'otp_codes']);

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
        fc.asyncProperty(
          fc.constantFrom(...SAMPLE_IDS),
          queryString,
          payloadArb,
          async (id, query, payload) => {
            const url = `${route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(id))}${query ? `?${query}` : ''}`;
            const sent =
              'form' in payload
                ? multipartBody(payload.form)
                : { payload: payload.json, headers: { 'content-type': 'application/json' } };
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                origin: ORIGIN,
                host: 'localhost:80',
                cookie,
                ...(route.method === 'GET' ? { 'content-type': 'application/json' } : sent.headers),
              },
              ...(route.method === 'GET' ? {} : { payload: sent.payload }),
            });
            cases += 1;
            if (res.statusCode < 400) changedByAccepted = true;
            expect(
              res.statusCode,
              `${route.method} ${url.slice(0, 200)} → ${res.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
            expect(Object.prototype).not.toHaveProperty('polluted');
          },
        ),
        { numRuns: perRoute, seed: 2026, endOnFailure: true },
      );
      if (!changedByAccepted)
        expect(await fingerprint(), `${route.method} ${route.url} changed data`).toBe(before);
    }
    expect(cases).toBeGreaterThanOrEqual(TOTAL_CASES);
  }, 600_000);
});
