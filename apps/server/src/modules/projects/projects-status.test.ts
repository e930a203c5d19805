import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_MESSAGES as M, type ProjectDto, type QuotationDto } from '@karya/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { files, projectStatusChanges, projects, quotations, recordHistory } from '../../db/schema.ts';
import { PROJECTS, projectKit } from './projects-test-kit.ts';

/** The status rule (decision 0016) and the lifecycle tail. */
describe('projects: status and lifecycle', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof projectKit>;

  const setStatus = (id: string, payload: object, who: Agent = admin) =>
    who.request({ method: 'PATCH', url: `${PROJECTS}/${id}/status`, payload });
  const getProject = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `${PROJECTS}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ProjectDto;
  };
  const getQuotation = async (id: string) =>
    (await admin.request({ method: 'GET', url: `/api/crm/quotations/${id}` })).json().data as QuotationDto;
  /** The project's row, its status changes and its history entries: what a refused change must not touch. */
  const state = async (id: string) => ({
    row: (await ctx.database.db.select().from(projects).where(eq(projects.id, id)))[0],
    changes: Number(
      (
        await ctx.database.db
          .select({ n: count() })
          .from(projectStatusChanges)
          .where(eq(projectStatusChanges.projectId, id))
      )[0]!.n,
    ),
    history: Number(
      (
        await ctx.database.db.select({ n: count() }).from(recordHistory).where(eq(recordHistory.recordId, id))
      )[0]!.n,
    ),
  });
  const refused = async (id: string, payload: object, message: string) => {
    const before = await state(id);
    const res = await setStatus(id, payload);
    expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    expect(await state(id)).toEqual(before);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = projectKit(ctx, admin);
    await kit.setUp();
  });
  afterAll(() => ctx.close());

  it('moves one step forward; back one step only with a reason; never skips; each change kept with who and why', async () => {
    const { _id: id } = await kit.newProject();
    const forward = await setStatus(id, { status: 'Ready For Dispatch' });
    expect(forward.statusCode, forward.body).toBe(200);
    expect(forward.json().message).toBe('Project status changed to Ready For Dispatch');
    const p = forward.json().data as ProjectDto;
    expect(p.status).toBe('Ready For Dispatch');
    expect(p.statusHistory.map((c) => [c.from, c.to, c.reason])).toEqual([
      [null, 'Initiated', null],
      ['Initiated', 'Ready For Dispatch', null],
    ]);
    expect(p.statusHistory[1]!.changedBy).toMatchObject({ _id: admin.user.id });
    expect(p.updatedBy).toMatchObject({ _id: admin.user.id });

    await refused(id, { status: 'Installation' }, M.statusSkip);
    await refused(id, { status: 'Completed' }, M.statusSkip);
    await refused(id, { status: 'Ready For Dispatch' }, M.statusSame);
    await refused(id, { status: 'Initiated' }, M.reasonRequired);
    await refused(id, { status: 'Initiated', reason: '   ' }, M.reasonRequired);
    await refused(id, { status: 'Shipped' }, M.statusInvalid);
    await refused(id, {}, M.statusRequired);
    await refused(id, { status: '' }, M.statusRequired);
    await refused(id, { status: 'Initiated', reason: 'x'.repeat(1001) }, M.reasonMax);

    const back = await setStatus(id, { status: 'Initiated', reason: 'The panels were damaged in transit' });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json().data as ProjectDto).statusHistory.at(-1)).toMatchObject({
      from: 'Ready For Dispatch',
      to: 'Initiated',
      reason: 'The panels were damaged in transit',
    });
    const history = await admin.request({ method: 'GET', url: `${PROJECTS}/${id}/history` });
    expect(history.json().data.history[0]).toMatchObject({
      action: 'update',
      changes: expect.arrayContaining([
        expect.objectContaining({ field: 'status', from: 'Ready For Dispatch', to: 'Initiated' }),
        expect.objectContaining({ field: 'statusReason', to: 'The panels were damaged in transit' }),
      ]),
    });

    // Through to Completed, and back to Handover when a snag is found after sign-off.
    for (const status of [
      'Ready For Dispatch',
      'Delivered to Customer Site',
      'Installation',
      'Handover',
      'Completed',
    ]) {
      const res = await setStatus(id, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
    await refused(id, { status: 'Installation', reason: 'Snag' }, M.statusSkip);
    const snag = await setStatus(id, { status: 'Handover', reason: 'One panel does not power on' });
    expect(snag.statusCode).toBe(200);
    expect((await getProject(id)).statusHistory).toHaveLength(9);
  });

  it('needs update on project; a deleted project is restored first', async () => {
    const { _id: id } = await kit.newProject();
    const reader = await asUserWithSession(ctx, [{ resource: 'project', actions: ['read'] }]);
    const res = await setStatus(id, { status: 'Ready For Dispatch' }, reader);
    expect(res.statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `${PROJECTS}/${id}` })).statusCode).toBe(200);
    await refused(id, { status: 'Ready For Dispatch' }, 'Restore the project before updating');
  });

  it('delete, restore, the Deleted filter and history; a permanent delete removes the files and the quotation’s link', async () => {
    const made = await kit.newProject();
    const id = made._id;
    const p = await getProject(id);
    const dir = path.join(ctx.app.deps.config.DATA_DIR, 'files');
    const stored = () => readdirSync(dir).length;
    const fileRows = async () => Number((await ctx.database.db.select({ n: count() }).from(files))[0]!.n);

    const early = await admin.request({ method: 'DELETE', url: `${PROJECTS}/${id}/permanent` });
    expect([early.statusCode, early.json().message]).toEqual([
      400,
      'Only a deleted project can be deleted permanently',
    ]);
    const del = await admin.request({ method: 'DELETE', url: `${PROJECTS}/${id}` });
    expect([del.statusCode, del.json().message]).toEqual([200, 'Project deleted successfully']);
    const listed = await admin.request({ method: 'GET', url: PROJECTS });
    expect(listed.json().data.projects.map((x: { _id: string }) => x._id)).not.toContain(id);
    const deleted = await admin.request({ method: 'GET', url: `${PROJECTS}?filters[isDeleted]=true` });
    expect(deleted.json().data.projects.map((x: { _id: string }) => x._id)).toContain(id);
    expect((await getProject(id)).isDeleted).toBe(true);
    const restored = await admin.request({ method: 'PATCH', url: `${PROJECTS}/${id}/restore` });
    expect([restored.statusCode, restored.json().message]).toEqual([200, 'Project restored successfully']);
    expect((await admin.request({ method: 'DELETE', url: `${PROJECTS}/${id}` })).statusCode).toBe(200);

    const filesBefore = await fileRows();
    const storedBefore = stored();
    const gone = await admin.request({ method: 'DELETE', url: `${PROJECTS}/${id}/permanent` });
    expect([gone.statusCode, gone.json().message]).toEqual([200, 'Project deleted permanently']);
    expect(await fileRows()).toBe(filesBefore - 2);
    expect(stored()).toBe(storedBefore - 2);
    expect(await state(id)).toMatchObject({ row: undefined, changes: 0 });
    expect((await admin.request({ method: 'GET', url: p.files.agreementFile!.url })).statusCode).toBe(404);
    const [q] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, made.quotation._id));
    expect([q!.projectId, q!.status]).toEqual([null, 'Approved']);
    const quotation = await getQuotation(made.quotation._id);
    expect([quotation.project, quotation.activeVersion.status]).toEqual([null, 'Approved']);
    // The customer's yes stands: the quotation is not approved again.
    const again = await kit.approve(made.quotation._id);
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyApproved]);
    // The history ends with its tombstone.
    const history = await admin.request({ method: 'GET', url: `${PROJECTS}/${id}/history` });
    expect(history.json().data.history[0]).toMatchObject({ action: 'delete-permanently' });
  });

  it('the bulk forms: delete, restore, permanent (files and links go too), each id with its outcome', async () => {
    const a = await kit.newProject();
    const b = await kit.newProject();
    const ids = [a._id, b._id];
    const bulk = (method: 'DELETE' | 'PATCH', suffix: string, payload: string[]) =>
      admin.request({ method, url: `${PROJECTS}/bulk${suffix}`, payload: { ids: payload } });
    const removed = await bulk('DELETE', '', [...ids, '0'.repeat(24)]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.results).toEqual([
      { _id: a._id, outcome: 'done' },
      { _id: b._id, outcome: 'done' },
      { _id: '0'.repeat(24), outcome: 'notFound' },
    ]);
    expect((await bulk('PATCH', '/restore', [a._id])).json().data.done).toBe(1);
    const fileRows = async () => Number((await ctx.database.db.select({ n: count() }).from(files))[0]!.n);
    const before = await fileRows();
    const permanent = await bulk('DELETE', '/permanent', ids);
    expect(permanent.json().data.results).toEqual([
      { _id: a._id, outcome: 'wrongState' },
      { _id: b._id, outcome: 'done' },
    ]);
    expect(await fileRows()).toBe(before - 2);
    const [qa] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, a.quotation._id));
    const [qb] = await ctx.database.db.select().from(quotations).where(eq(quotations.id, b.quotation._id));
    expect([qa!.projectId, qb!.projectId]).toEqual([a._id, null]);
    expect((await getProject(a._id)).files.agreementFile).not.toBeNull();
  });
});
