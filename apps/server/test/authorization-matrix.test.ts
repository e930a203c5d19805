import { RESOURCES } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/platform/access.ts';
import { isDocsRoute } from '../src/platform/openapi.ts';
import {
  ADMIN_EMAIL,
  adminSession,
  asUserWithSession,
  call,
  createTestApp,
  type TestContext,
} from './helpers.ts';

/**
 * The authorization matrix, generated from the route table: every API route answers 401 without a
 * session; every permission route answers 403 to a user holding every permission of the catalogue except
 * one of the actions it needs; and a refused call leaves the database as it was. A new route joins the
 * matrix by existing.
 */

/** Routes any signed-in user may call: each is listed on purpose; a new one fails until it is added. */
const SIGNED_IN_ONLY = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  // One's own password and e-mail code: must work during a forced change (spec 1; decision 0001).
  'POST /api/auth/:id/change-password',
  'POST /api/auth/:id/send-otp',
  'POST /api/auth/:id/verify-otp',
  // The client reports its own activities (sign-in context); the service only writes the caller's.
  'POST /api/admin/user-activities',
  // The HRM dashboard needs no permission (spec 1 §2); its task lists follow task: read.
  'GET /api/hrm/dashboard',
  'GET /api/hrm/holidays',
  // Files are served to signed-in users; names are unguessable ids.
  'GET /api/files/:id',
]);

const SAMPLE_ID = 'a'.repeat(24);
const urlOf = (route: RouteEntry) => route.url.replace(/:[A-Za-z_]+/g, SAMPLE_ID);
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const withBody = (method: string) => method !== 'GET' && method !== 'HEAD';

describe('authorization matrix', () => {
  let ctx: TestContext;
  let routes: RouteEntry[];

  /** Every row of every table but sessions (a session's last-seen time moves on every call). */
  const fingerprint = async () => {
    const tables = (
      (await ctx.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    const parts: string[] = [];
    for (const { name } of tables) {
      const [row] = (
        (await ctx.database.db.execute(
          sql.raw(
            `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
          ),
        )) as unknown as { rows: { f: string }[] }
      ).rows;
      parts.push(`${name}=${row?.f}`);
    }
    return parts.join('\n');
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    routes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api') && !isDocsRoute(r.url) && r.method !== 'HEAD',
    );
  });
  afterAll(() => ctx.close());

  it('knows every route and each one declares its rule', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const a = r.access;
      if ('public' in a) continue;
      if ('signedIn' in a) expect(SIGNED_IN_ONLY, `${keyOf(r)} needs a permission`).toContain(keyOf(r));
      else expect(a.actions.length, keyOf(r)).toBeGreaterThan(0);
    }
  });

  it('every non-public route answers 401 without a session, and nothing changes', async () => {
    const before = await fingerprint();
    for (const r of routes) {
      if ('public' in r.access) continue;
      const res = await call(ctx.app, {
        method: r.method as 'GET',
        url: urlOf(r),
        ...(withBody(r.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, keyOf(r)).toBe(401);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('every permission route answers 403 without one of its actions, even holding all the others', async () => {
    const agents = new Map<string, Awaited<ReturnType<typeof asUserWithSession>>>();
    const lacking = async (resource: string, action: string) => {
      const key = `${resource}:${action}`;
      if (!agents.has(key))
        agents.set(
          key,
          await asUserWithSession(
            ctx,
            RESOURCES.map((res) => ({
              resource: res.name,
              actions: res.actions.filter((a) => !(res.name === resource && a === action)),
            })).filter((p) => p.actions.length > 0),
          ),
        );
      return agents.get(key)!;
    };
    let checked = 0;
    for (const r of routes) {
      const a = r.access;
      if (!('resource' in a)) continue;
      for (const action of a.actions) {
        const agent = await lacking(a.resource, action);
        const before = await fingerprint();
        const res = await agent.request({
          method: r.method as 'GET',
          url: urlOf(r),
          ...(withBody(r.method) ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${keyOf(r)} without ${a.resource}:${action}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false });
        expect(await fingerprint(), `${keyOf(r)} changed data`).toBe(before);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('the fingerprint sees a change (so the checks above can fail)', async () => {
    const before = await fingerprint();
    await ctx.database.db.execute(sql`update users set notes = 'changed' where email = ${ADMIN_EMAIL}`);
    expect(await fingerprint()).not.toBe(before);
  });

  it('every state-changing route refuses a signed-in call from a foreign origin or with no origin', async () => {
    const admin = await adminSession(ctx);
    const before = await fingerprint();
    for (const r of routes) {
      if (!withBody(r.method) || r.method === 'OPTIONS') continue;
      for (const headers of [{ origin: 'https://evil.example' }, { origin: '', referer: '' }]) {
        const res = await ctx.app.inject({
          method: r.method as 'POST',
          url: urlOf(r),
          payload: {},
          headers: { host: 'localhost:80', cookie: admin.cookie, ...headers },
        });
        expect(res.statusCode, `${keyOf(r)} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('no GET changes data, even for the administrator', async () => {
    const admin = await adminSession(ctx);
    const before = await fingerprint();
    for (const r of routes) {
      if (r.method !== 'GET') continue;
      const res = await admin.request({ method: 'GET', url: urlOf(r) });
      expect(res.statusCode, keyOf(r)).toBeLessThan(500);
    }
    expect(await fingerprint()).toBe(before);
  });
});
