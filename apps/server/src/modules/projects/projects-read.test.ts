import {
  type CustomerDto,
  type FollowUpDto,
  PROJECT_MESSAGES as M,
  type ProjectListDto,
  type ProjectSuggestion,
  todayInAppZone,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { quotationVersions } from '../../db/schema.ts';
import { listUrl } from '../users/users-test-kit.ts';
import { PROJECTS, projectKit } from './projects-test-kit.ts';

/** The project list, suggestions, row scope, a customer's projects and follow-ups about a project. */
describe('projects: reading, scope and references', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let kit: ReturnType<typeof projectKit>;
  let exec: Agent & { user: { id: string } };
  let mine: CustomerDto;
  let theirs: CustomerDto;
  /** Two projects of the executive's customer, one of another customer's. */
  let own: Awaited<ReturnType<ReturnType<typeof projectKit>['newProject']>>[];
  let other: Awaited<ReturnType<ReturnType<typeof projectKit>['newProject']>>;

  const list = async (params: [string, string][], who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: listUrl(PROJECTS, params) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      projects: ProjectListDto[];
      projectsCount: number;
      page: number;
      limit: number;
    };
  };
  const suggest = async (query: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `${PROJECTS}/suggestion?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ProjectSuggestion[];
  };

  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'error', COMPANY_STATE: 'Odisha' });
    admin = await adminSession(ctx);
    kit = projectKit(ctx, admin);
    await kit.setUp();
    exec = await asUserWithSession(ctx, [
      { resource: 'project', actions: ['read', 'suggestion', 'update', 'delete', 'restore'] },
      { resource: 'customer', actions: ['read', 'suggestion'] },
      { resource: 'follow-up', actions: ['create', 'read'] },
    ]);
    mine = await kit.newCustomer('Kendriya Vidyalaya No. 1, Bhubaneswar', { assignedTo: [exec.user.id] });
    theirs = await kit.newCustomer('DAV Public School, Puri');
    // A second between them, so newest first is one order.
    const next = async (customer: CustomerDto) => {
      ctx.clock.advance(1000);
      return kit.newProject(customer);
    };
    own = [await next(mine), await next(mine)];
    other = await next(theirs);
  });
  afterAll(() => ctx.close());

  it('lists projects with their customer; filters, chips as created ranges, sorts and pages', async () => {
    const all = await list([['limit', '100']]);
    expect(all.projectsCount).toBe(3);
    expect(all.projects.map((p) => p._id)).toEqual([other._id, own[1]!._id, own[0]!._id]);
    expect(all.projects[0]).toMatchObject({
      projectId: other.projectId,
      title: other.quotation.activeVersion.title,
      status: 'Initiated',
      customer: { _id: theirs._id, customerId: theirs.customerId, name: theirs.name },
      totalPrice: other.quotation.activeVersion.totalPrice,
      createdBy: { _id: admin.user.id },
      isDeleted: false,
    });
    expect((await list([['filters[customer][]', mine._id]])).projectsCount).toBe(2);
    expect(
      (await list([['filters[projectId]', String(own[0]!.projectId)]])).projects.map((p) => p._id),
    ).toEqual([own[0]!._id]);
    expect((await list([['filters[quotation][]', other.quotation._id]])).projectsCount).toBe(1);
    expect((await list([['filters[requirement][]', other.quotation.requirement!._id]])).projectsCount).toBe(
      1,
    );
    expect((await list([['filters[title]', 'classrooms']])).projectsCount).toBe(3);
    expect((await list([['filters[status][]', 'Completed']])).projectsCount).toBe(0);
    const today = todayInAppZone();
    expect(
      (
        await list([
          ['filters[createdAt][start]', today],
          ['filters[createdAt][end]', today],
        ])
      ).projectsCount,
    ).toBe(3);
    expect((await list([['filters[createdAt][end]', '2020-01-01']])).projectsCount).toBe(0);
    const byId = await list([
      ['sortBy', 'projectId'],
      ['sortOrder', 'asc'],
    ]);
    expect(byId.projects.map((p) => p.projectId)).toEqual(
      [...byId.projects.map((p) => p.projectId)].sort((a, b) => a - b),
    );
    for (const sortBy of ['status', 'updatedAt', 'createdAt'])
      expect((await list([['sortBy', sortBy]])).projectsCount).toBe(3);
    const page2 = await list([
      ['limit', '2'],
      ['page', '2'],
    ]);
    expect([page2.projects.length, page2.page, page2.limit]).toEqual([1, 2, 2]);
    // Unknown filters and sorts answer 400; the Deleted filter needs restore on project.
    const bad = await admin.request({ method: 'GET', url: `${PROJECTS}?sortBy=title` });
    expect(bad.statusCode).toBe(400);
    const deletedForbidden = await asUserWithSession(ctx, [{ resource: 'project', actions: ['read'] }]);
    const refused = await deletedForbidden.request({
      method: 'GET',
      url: `${PROJECTS}?filters[isDeleted]=true`,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'You don’t have permission to see deleted projects.',
    ]);
  });

  it('suggests by number (digits or PI0001) or title, the selected one first, narrowed to a customer', async () => {
    const id = own[1]!.projectId;
    expect((await suggest(`projectId=PI${String(id).padStart(4, '0')}`)).map((s) => s._id)).toEqual([
      own[1]!._id,
    ]);
    expect((await suggest(`projectId=${id}`)).map((s) => s._id)).toEqual([own[1]!._id]);
    expect(await suggest('title=classrooms')).toHaveLength(3);
    const narrowed = await suggest(`customerId=${mine._id}`);
    expect(narrowed.map((s) => s._id).sort()).toEqual(own.map((p) => p._id).sort());
    expect(narrowed[0]).toMatchObject({ status: 'Initiated', customer: { _id: mine._id, name: mine.name } });
    const selected = await suggest(`selectedId=${other._id}&customerId=${mine._id}`);
    expect(selected.map((s) => s._id)).toEqual([other._id, ...narrowed.map((s) => s._id)]);
    const bad = await admin.request({ method: 'GET', url: `${PROJECTS}/suggestion?projectId=ARR/1` });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid project number']);
  });

  it('row scope: a sales executive sees only the projects of their customers; another one is not found', async () => {
    const seen = await list([['limit', '100']], exec);
    expect(seen.projects.map((p) => p._id).sort()).toEqual(own.map((p) => p._id).sort());
    expect((await suggest('title=classrooms', exec)).map((s) => s._id).sort()).toEqual(
      own.map((p) => p._id).sort(),
    );
    expect(await suggest(`selectedId=${other._id}&projectId=${other.projectId}`, exec)).toEqual([]);
    const mineDetail = await exec.request({ method: 'GET', url: `${PROJECTS}/${own[0]!._id}` });
    expect(mineDetail.statusCode).toBe(200);
    const file = await exec.request({ method: 'GET', url: `${PROJECTS}/${own[0]!._id}/files/agreement` });
    expect(file.statusCode).toBe(200);
    for (const url of [
      `${PROJECTS}/${other._id}`,
      `${PROJECTS}/${other._id}/files/agreement`,
      `${PROJECTS}/${other._id}/files/purchase-order`,
      `${PROJECTS}/${other._id}/history`,
    ]) {
      const res = await exec.request({ method: 'GET', url });
      expect([res.statusCode, res.json().message], url).toEqual([404, M.notFound]);
    }
    const status = await exec.request({
      method: 'PATCH',
      url: `${PROJECTS}/${other._id}/status`,
      payload: { status: 'Ready For Dispatch' },
    });
    expect([status.statusCode, status.json().message]).toEqual([404, M.notFound]);
    const del = await exec.request({ method: 'DELETE', url: `${PROJECTS}/${other._id}` });
    expect([del.statusCode, del.json().message]).toEqual([404, M.notFound]);
  });

  it('a customer lists only its projects whose quotation’s active version is Approved (spec 2 §4)', async () => {
    const related = async (customer: string, who: Agent = admin) => {
      const res = await who.request({ method: 'GET', url: `/api/crm/customers/${customer}/projects` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { projects: Record<string, unknown>[]; projectsCount: number };
    };
    const before = await related(mine._id);
    expect(before.projectsCount).toBe(2);
    expect(before.projects[0]).toEqual({
      _id: own[1]!._id,
      projectId: own[1]!.projectId,
      title: own[1]!.quotation.activeVersion.title,
      status: 'Initiated',
      totalPrice: own[1]!.quotation.activeVersion.totalPrice,
      quotation: { _id: own[1]!.quotation._id, quotationId: own[1]!.quotation.quotationId },
      quotationId: own[1]!.quotation.quotationId,
      activeVersion: {
        title: own[1]!.quotation.activeVersion.title,
        status: 'Approved',
        versionNumber: 0,
        totalPrice: own[1]!.quotation.activeVersion.totalPrice,
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await ctx.database.db
      .update(quotationVersions)
      .set({ status: 'Draft' })
      .where(eq(quotationVersions.id, own[0]!.quotation.activeVersion._id));
    try {
      expect((await related(mine._id)).projects.map((p) => p._id)).toEqual([own[1]!._id]);
    } finally {
      await ctx.database.db
        .update(quotationVersions)
        .set({ status: 'Approved' })
        .where(eq(quotationVersions.id, own[0]!.quotation.activeVersion._id));
    }
    expect((await related(theirs._id)).projects.map((p) => p._id)).toEqual([other._id]);
    expect((await related(mine._id, exec)).projectsCount).toBe(2);
    const hidden = await exec.request({ method: 'GET', url: `/api/crm/customers/${theirs._id}/projects` });
    expect(hidden.statusCode).toBe(404);
  });

  it('a follow-up with reason Project names a live project of its customer in the caller’s scope', async () => {
    const body = (customer: string, project?: string) => ({
      customer,
      type: 'Call',
      reason: 'Project',
      ...(project ? { project } : {}),
      date: todayInAppZone(),
      time: '10:30',
    });
    const post = (payload: object, who: Agent = admin) =>
      who.request({ method: 'POST', url: '/api/crm/follow-ups', payload });
    const created = await post(body(mine._id, own[0]!._id), exec);
    expect(created.statusCode, created.body).toBe(201);
    const f = created.json().data as FollowUpDto;
    expect([f.reason, f.project, f.quotation]).toEqual(['Project', own[0]!._id, null]);
    const read = await admin.request({ method: 'GET', url: `/api/crm/follow-ups/${f._id}` });
    expect(read.json().data.project).toBe(own[0]!._id);
    const expectRefused = async (payload: object, message: string, who: Agent = admin) => {
      const res = await post(payload, who);
      expect([res.statusCode, res.json().message], res.body).toEqual([400, message]);
    };
    await expectRefused(body(mine._id), 'Project is required.');
    await expectRefused(body(mine._id, other._id), 'The project must belong to the chosen customer.');
    await expectRefused(body(mine._id, '0'.repeat(24)), 'Project not found');
    // The executive does not see the other customer's project (nor the customer).
    await expectRefused(body(theirs._id, other._id), 'Customer not found', exec);
    // A deleted project cannot be named.
    const gone = await kit.newProject(mine);
    expect((await admin.request({ method: 'DELETE', url: `${PROJECTS}/${gone._id}` })).statusCode).toBe(200);
    await expectRefused(body(mine._id, gone._id), 'Project not found');
  });
});
