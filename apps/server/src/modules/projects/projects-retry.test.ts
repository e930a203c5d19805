import {
  formatCustomerId,
  formatProjectId,
  formatQuotationId,
  PROJECT_MESSAGES as M,
  type ProjectDto,
  type QuotationDto,
} from '@karya/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, adminSession, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { customers, files, projectStatusChanges, projects, quotations } from '../../db/schema.ts';
import type { FileStorage } from '../../platform/files.ts';
import { customerWithProjectsKept } from '../customers/customer-project-guard.ts';
import { approvedQuotationKept } from '../quotations/quotation-project-guard.ts';
import { PROJECTS, projectKit, storedKeys } from './projects-test-kit.ts';

/**
 * Issue 26: the approval and the status change sent again with their Idempotency-Key (the user pressed
 * Approve, the answer was lost, they press again: they see success, and nothing is written twice); all or
 * nothing under a failing file store or a failing commit with a key too; a quotation with a project is not
 * deleted for good.
 */
describe('projects: retries, keys and keeping the approval whole', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof projectKit>;

  const n = async (table: typeof projects | typeof projectStatusChanges | typeof files) =>
    Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);
  const written = async () => ({
    projects: await n(projects),
    statusChanges: await n(projectStatusChanges),
    files: await n(files),
    stored: storedKeys(ctx),
  });
  const getQuotation = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `/api/crm/quotations/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as QuotationDto;
  };
  const setStatus = (id: string, payload: object, key?: string) =>
    admin.request({
      method: 'PATCH',
      url: `${PROJECTS}/${id}/status`,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  let keys = 0;
  const newKey = () => `approve-retry-${++keys}-${Date.now()}`;

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = projectKit(ctx, admin);
    await kit.setUp();
  });
  afterAll(() => ctx.close());

  it('an approval sent again with its key answers the first success; without one it is refused (409)', async () => {
    const q = await kit.newQuotation();
    const key = newKey();
    const before = await written();
    const first = await kit.approve(q._id, admin, undefined, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await kit.approve(q._id, admin, undefined, key);
    expect([again.statusCode, again.headers['idempotent-replay']]).toEqual([201, 'true']);
    expect(again.json()).toEqual(first.json());
    expect(again.json().message).toBe(M.approved);
    const after = await written();
    expect([after.projects - before.projects, after.files - before.files]).toEqual([1, 2]);
    expect(after.stored.length - before.stored.length).toBe(2);
    // Without its key the same press is a second approval: refused, nothing changed.
    const unkeyed = await kit.approve(q._id);
    expect([unkeyed.statusCode, unkeyed.json().message]).toEqual([409, M.alreadyApproved]);
    expect(await written()).toEqual(after);
  });

  it('sent twice at the same moment: with one key both answer the one project; with two keys one is 409', async () => {
    const q1 = await kit.newQuotation();
    const before = await written();
    const key = newKey();
    const same = await Promise.all([
      kit.approve(q1._id, admin, undefined, key),
      kit.approve(q1._id, admin, undefined, key),
    ]);
    expect(same.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(same.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(1);
    expect(new Set(same.map((r) => r.json().data._id)).size).toBe(1);

    const q2 = await kit.newQuotation();
    const two = await Promise.all([
      kit.approve(q2._id, admin, undefined, newKey()),
      kit.approve(q2._id, admin, undefined, newKey()),
    ]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(two.find((r) => r.statusCode === 409)!.json().message).toBe(M.alreadyApproved);

    const after = await written();
    expect(after.projects - before.projects).toBe(2);
    expect(after.statusChanges - before.statusChanges).toBe(2);
    expect(after.files - before.files).toBe(4);
    expect(after.stored.length - before.stored.length).toBe(4);
  });

  it('with a key, a failing file store leaves nothing and frees the key: the same key then approves', async () => {
    const storage = ctx.app.deps.storage;
    let puts = 0;
    const failing: FileStorage = {
      ...storage,
      put: async (k, data) => {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await storage.put(k, data);
      },
    };
    const q = await kit.newQuotation();
    const key = newKey();
    const before = await written();
    ctx.app.deps.storage = failing;
    try {
      expect((await kit.approve(q._id, admin, undefined, key)).statusCode).toBe(500);
    } finally {
      ctx.app.deps.storage = storage;
    }
    expect(puts).toBe(2);
    expect(await written()).toEqual(before);
    expect((await getQuotation(q._id)).activeVersion.status).toBe('Draft');
    const retry = await kit.approve(q._id, admin, undefined, key);
    expect([retry.statusCode, retry.headers['idempotent-replay']]).toEqual([201, undefined]);
  });

  it('with a key, a commit that fails after the approval was written leaves no row and no stored byte', async () => {
    const q = await kit.newQuotation();
    const before = await written();
    // The request's last statement (keeping the answer for replays) fails: the whole request is undone,
    // the approval's savepoint with it, and the bytes it stored go too.
    await ctx.database.db.execute(sql`create function refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_answer before update on idempotency_keys for each row execute function refuse_answer()`,
    );
    try {
      expect((await kit.approve(q._id, admin, undefined, newKey())).statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_answer on idempotency_keys`);
      await ctx.database.db.execute(sql`drop function refuse_answer()`);
    }
    expect(await written()).toEqual(before);
    const quotation = await getQuotation(q._id);
    expect([quotation.activeVersion.status, quotation.project]).toEqual(['Draft', null]);
  });

  it('a status change sent again with its key answers the first change and moves one step only', async () => {
    const p = await kit.newProject();
    const key = newKey();
    const first = await setStatus(p._id, { status: 'Ready For Dispatch' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await setStatus(p._id, { status: 'Ready For Dispatch' }, key);
    expect([again.statusCode, again.headers['idempotent-replay']]).toEqual([200, 'true']);
    expect(again.json()).toEqual(first.json());
    const changes = await ctx.database.db
      .select()
      .from(projectStatusChanges)
      .where(eq(projectStatusChanges.projectId, p._id));
    expect(changes.map((c) => c.toStatus).sort()).toEqual(['Initiated', 'Ready For Dispatch']);
    // Without the key the same press is refused, as before.
    const unkeyed = await setStatus(p._id, { status: 'Ready For Dispatch' });
    expect([unkeyed.statusCode, unkeyed.json().message]).toEqual([400, M.statusSame]);
  });

  it('a quotation with a project is not deleted for good (one or bulk): 409 naming the project; once the project is gone it may be', async () => {
    const p = await kit.newProject();
    const other = await kit.newProject();
    const q = p.quotation._id;
    const del = (url: string, payload?: object) => admin.request({ method: 'DELETE', url, payload });
    for (const id of [q, other.quotation._id])
      expect((await del(`/api/crm/quotations/${id}`)).statusCode).toBe(200);
    const before = await written();
    const [row] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, q));
    const refused = await del(`/api/crm/quotations/${q}/permanent`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      approvedQuotationKept([{ quotationId: row!.quotationId, projectId: p.projectId }]),
    ]);
    expect(refused.json().message).toContain(formatProjectId(p.projectId));
    expect(refused.json().message).toContain(formatQuotationId(row!.quotationId));
    const bulk = await del('/api/crm/quotations/bulk/permanent', { ids: [q, other.quotation._id] });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toContain(formatProjectId(other.projectId));
    expect(await written()).toEqual(before);
    expect((await ctx.database.db.select().from(quotations).where(eq(quotations.id, q))).length).toBe(1);

    // The project deleted for good (its files with it), the quotation may go.
    expect((await del(`${PROJECTS}/${p._id}`)).statusCode).toBe(200);
    expect((await del(`${PROJECTS}/${p._id}/permanent`)).statusCode).toBe(200);
    const gone = await del(`/api/crm/quotations/${q}/permanent`);
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await written();
    expect([before.projects - after.projects, before.files - after.files]).toEqual([1, 2]);
    expect(before.stored.length - after.stored.length).toBe(2);
    const project = await admin.request({ method: 'GET', url: `${PROJECTS}/${other._id}` });
    expect((project.json().data as ProjectDto).status).toBe('Initiated');
  });

  it('a customer with a project is not deleted for good either (one or bulk): 409 naming them; nothing goes', async () => {
    const p = await kit.newProject();
    const customer = p.quotation.customer!._id;
    const del = (url: string, payload?: object) => admin.request({ method: 'DELETE', url, payload });
    expect((await del(`/api/crm/customers/${customer}`)).statusCode).toBe(200);
    const before = await written();
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer));
    const refused = await del(`/api/crm/customers/${customer}/permanent`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      customerWithProjectsKept([{ customerId: row!.customerId, projectId: p.projectId }]),
    ]);
    expect(refused.json().message).toBe(
      `Customer ${formatCustomerId(row!.customerId)} has project ${formatProjectId(p.projectId)}; their agreements and purchase orders are kept with them. Delete the project for good first.`,
    );
    const bulk = await del('/api/crm/customers/bulk/permanent', { ids: [customer] });
    expect(bulk.statusCode).toBe(409);
    expect(await written()).toEqual(before);
    expect((await ctx.database.db.select().from(customers).where(eq(customers.id, customer))).length).toBe(1);

    expect((await del(`${PROJECTS}/${p._id}`)).statusCode).toBe(200);
    expect((await del(`${PROJECTS}/${p._id}/permanent`)).statusCode).toBe(200);
    const gone = await del(`/api/crm/customers/${customer}/permanent`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await ctx.database.db.select().from(customers).where(eq(customers.id, customer))).length).toBe(0);
  });
});
