import type { BulkResult, TaskDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  call,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { tasks } from '../../db/schema.ts';

const ALL = [
  'create',
  'read',
  'update',
  'delete',
  'restore',
  'delete-permanently',
  'bulk-delete',
  'bulk-restore',
  'bulk-delete-permanently',
  'assign',
  'view-all',
];
const MISSING = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('HR tasks', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let worker: { id: string };

  const task = (over: Record<string, unknown> = {}) => ({
    title: 'Visit DAV School, Cuttack',
    date: '2026-11-20',
    deadline: '2026-11-25',
    time: '10:30',
    description: 'Carry brochures\nMeet the principal',
    assignedTo: [worker.id],
    ...over,
  });

  const create = async (as: Agent, over: Record<string, unknown> = {}) => {
    const res = await as.request({ method: 'POST', url: '/api/hrm/tasks', payload: task(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TaskDto;
  };

  const list = async (as: Agent, query = '') => {
    const res = await as.request({ method: 'GET', url: `/api/hrm/tasks${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { tasks: TaskDto[]; tasksCount: number; page: number; limit: number };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    worker = await createUser(ctx.database);
  });
  afterAll(() => ctx.close());

  describe('access', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/hrm/tasks'],
      ['GET', `/api/hrm/tasks/${MISSING}`],
      ['POST', '/api/hrm/tasks', {}],
      ['PATCH', `/api/hrm/tasks/${MISSING}`, {}],
      ['DELETE', `/api/hrm/tasks/${MISSING}`],
      ['PATCH', `/api/hrm/tasks/${MISSING}/restore`],
      ['DELETE', '/api/hrm/tasks/bulk', { ids: [MISSING] }],
      ['PATCH', '/api/hrm/tasks/bulk/restore', { ids: [MISSING] }],
      ['DELETE', '/api/hrm/tasks/bulk/permanent', { ids: [MISSING] }],
    ];

    it.each(routes)('%s %s answers 401 without a session', async (method, url, payload) => {
      const res = await call(ctx.app, { method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode).toBe(401);
    });

    it.each(
      routes.map(([m, u, p], i) => [
        m,
        u,
        p,
        [
          'read',
          'read',
          'create',
          'update',
          'delete',
          'restore',
          'bulk-delete',
          'bulk-restore',
          'bulk-delete-permanently',
        ][i],
      ]),
    )(
      '%s %s answers 403 without %s (even with every other task action)',
      async (method, url, payload, action) => {
        const as = await asUserWithSession(ctx, [
          { resource: 'task', actions: ALL.filter((a) => a !== action) },
        ]);
        const res = await as.request({
          method: method as 'GET',
          url: url as string,
          payload: payload as object,
        });
        expect(res.statusCode).toBe(403);
      },
    );
  });

  describe('create and read', () => {
    it('creates with the defaults (Scheduled, Medium) and stamps the creator', async () => {
      const t = await create(admin, { createdBy: worker.id, isDeleted: true, _id: MISSING });
      expect(t).toMatchObject({
        title: 'Visit DAV School, Cuttack',
        status: 'Scheduled',
        priority: 'Medium',
        date: '2026-11-20',
        deadline: '2026-11-25',
        time: '10:30',
        reason: null,
        isDeleted: false,
        deletedBy: null,
      });
      expect(t._id).not.toBe(MISSING);
      expect(t.createdBy?._id).toBe(admin.user.id);
      expect(t.assignedBy?._id).toBe(admin.user.id);
      expect(t.assignedTo.map((u) => u._id)).toEqual([worker.id]);
      const res = await admin.request({ method: 'GET', url: `/api/hrm/tasks/${t._id}` });
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Task fetched successfully',
        data: { _id: t._id },
      });
    });

    it.each([
      [{ title: '' }, 'Title is required'],
      [{ title: 'x'.repeat(101) }, 'Title must not exceed 100 characters'],
      [{ date: '' }, 'Date is required'],
      [{ date: '2026-02-30' }, 'Invalid date'],
      [{ deadline: '2026-11-19' }, 'Deadline must be after the date'],
      [{ deadline: 'soon' }, 'Deadline must be a valid date'],
      [{ status: 'Cancelled' }, 'Reason is required'],
      [{ status: 'Done' }, 'Status is required'],
      [{ priority: 'Urgent' }, 'Priority must be Low, Medium or High'],
      [{ assignedTo: [] }, 'Assigned to is required'],
      [{ assignedTo: 'me' }, 'Assigned to is required'],
      [{ assignedTo: ['nope'] }, 'Invalid id'],
      [{ time: '25:00' }, 'Time must be HH:mm'],
    ])('refuses %j with "%s" and writes nothing', async (over, message) => {
      const before = (await list(admin)).tasksCount;
      const res = await admin.request({ method: 'POST', url: '/api/hrm/tasks', payload: task(over) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect((await list(admin)).tasksCount).toBe(before);
    });

    it('accepts a deadline on the same day, and a reason only for a cancelled task', async () => {
      const t = await create(admin, { deadline: '2026-11-20', reason: 'ignored' });
      expect(t.deadline).toBe('2026-11-20');
      expect(t.reason).toBeNull();
      const c = await create(admin, { status: 'Cancelled', reason: 'School closed for exams' });
      expect(c.reason).toBe('School closed for exams');
    });

    it('refuses assignees that do not exist', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/hrm/tasks',
        payload: task({ assignedTo: [MISSING] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('One or more assigned users do not exist');
    });

    it('needs assign on task to assign someone else; assigning oneself needs only create', async () => {
      const self = await asUserWithSession(ctx, [{ resource: 'task', actions: ['create', 'read'] }]);
      const other = await self.request({ method: 'POST', url: '/api/hrm/tasks', payload: task() });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('You can only assign tasks to yourself');
      const own = await self.request({
        method: 'POST',
        url: '/api/hrm/tasks',
        payload: task({ assignedTo: [self.user.id] }),
      });
      expect(own.statusCode).toBe(201);
    });
  });

  describe('update', () => {
    it('replaces the whole task and keeps the creator', async () => {
      const t = await create(admin);
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/hrm/tasks/${t._id}`,
        payload: task({ title: 'Visit DAV School, Bhubaneswar', status: 'In Progress', priority: 'High' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Task updated successfully',
        data: { title: 'Visit DAV School, Bhubaneswar', status: 'In Progress', priority: 'High' },
      });
      expect(res.json().data.createdBy._id).toBe(admin.user.id);
    });

    it('answers 400 on a deleted task and 404 on a missing one', async () => {
      const t = await create(admin);
      await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      const res = await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}`, payload: task() });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Restore the task before updating');
      const missing = await admin.request({
        method: 'PATCH',
        url: `/api/hrm/tasks/${MISSING}`,
        payload: task(),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Task not found');
    });
  });

  describe('scope', () => {
    it('without view-all a user sees only tasks assigned to or created by them', async () => {
      const me = await asUserWithSession(ctx, [
        { resource: 'task', actions: ['create', 'read', 'update', 'delete'] },
      ]);
      const mine = await create(admin, { title: 'Assigned to me', assignedTo: [me.user.id] });
      const made = await create(me, { title: 'Made by me', assignedTo: [me.user.id] });
      const other = await create(admin, { title: 'Not mine' });
      const seen = (await list(me, '?limit=100')).tasks.map((t) => t._id);
      expect(seen).toEqual(expect.arrayContaining([mine._id, made._id]));
      expect(seen).not.toContain(other._id);
      for (const [method, url] of [
        ['GET', `/api/hrm/tasks/${other._id}`],
        ['DELETE', `/api/hrm/tasks/${other._id}`],
      ] as const)
        expect((await me.request({ method, url })).statusCode).toBe(404);
      const bulk = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read', 'bulk-delete'] }]);
      const res = await bulk.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk',
        payload: { ids: [other._id] },
      });
      expect(res.json().data.results).toEqual([{ _id: other._id, outcome: 'notFound' }]);
      expect(
        (await admin.request({ method: 'GET', url: `/api/hrm/tasks/${other._id}` })).json().data.isDeleted,
      ).toBe(false);
    });

    it('with view-all a user sees every task', async () => {
      const all = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read', 'view-all'] }]);
      const other = await create(admin, { title: 'Seen by view-all' });
      expect((await all.request({ method: 'GET', url: `/api/hrm/tasks/${other._id}` })).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      await ctx.database.db.delete(tasks);
      const a = await create(admin, {
        title: 'Alpha demo at Ravenshaw',
        priority: 'High',
        date: '2026-10-01',
        deadline: '2026-10-05',
      });
      const b = await create(admin, {
        title: 'beta call: 100% follow_up',
        status: 'Pending',
        priority: 'Low',
        date: '2026-11-02',
      });
      const c = await create(admin, {
        title: 'Gamma survey',
        status: 'Completed',
        date: '2026-11-10',
        deadline: null,
      });
      ids = { a: a._id, b: b._id, c: c._id };
    });

    it('answers {tasks, tasksCount, page, limit} with the newest first', async () => {
      const page = await list(admin);
      expect(page).toMatchObject({ tasksCount: 3, page: 1, limit: 20 });
      expect(page.tasks.map((t) => t._id)).toEqual([ids.c, ids.b, ids.a]);
    });

    it('filters by status, priority, title, dates and assignee', async () => {
      expect((await list(admin, '?filters[status][]=Pending&filters[status][]=Completed')).tasksCount).toBe(
        2,
      );
      expect((await list(admin, '?filters[priority][]=High')).tasks.map((t) => t._id)).toEqual([ids.a]);
      expect((await list(admin, '?filters[title]=ALPHA')).tasks.map((t) => t._id)).toEqual([ids.a]);
      // LIKE wildcards in the text match literally.
      expect((await list(admin, `?filters[title]=${encodeURIComponent('100%')}`)).tasksCount).toBe(1);
      expect((await list(admin, '?filters[title]=follow_up')).tasksCount).toBe(1);
      expect((await list(admin, '?filters[title]=beta_call')).tasksCount).toBe(0);
      // One or two characters match the start of the title (a count over every row otherwise).
      expect((await list(admin, '?filters[title]=AL')).tasks.map((t) => t._id)).toEqual([ids.a]);
      expect((await list(admin, '?filters[title]=ca')).tasksCount).toBe(0);
      expect((await list(admin, '?filters[title]=cal')).tasksCount).toBe(1);
      expect(
        (await list(admin, '?filters[date][start]=2026-11-01&filters[date][end]=2026-11-02')).tasks.map(
          (t) => t._id,
        ),
      ).toEqual([ids.b]);
      expect((await list(admin, '?filters[deadline][end]=2026-10-05')).tasks.map((t) => t._id)).toEqual([
        ids.a,
      ]);
      expect((await list(admin, `?filters[assignedTo][]=${worker.id}`)).tasksCount).toBe(3);
      expect((await list(admin, `?filters[assignedTo][]=${MISSING}`)).tasksCount).toBe(0);
      expect((await list(admin, `?filters[createdBy][]=${admin.user.id}`)).tasksCount).toBe(3);
    });

    it('sorts by whitelisted fields and pages without overlap', async () => {
      const byTitle = await list(admin, '?sortBy=title&sortOrder=asc');
      expect(byTitle.tasks.map((t) => t.title)).toEqual([
        'Alpha demo at Ravenshaw',
        'beta call: 100% follow_up',
        'Gamma survey',
      ]);
      const byPriority = await list(admin, '?sortBy=priority&sortOrder=desc');
      expect(byPriority.tasks.map((t) => t.priority)).toEqual(['High', 'Medium', 'Low']);
      const first = await list(admin, '?sortBy=status&limit=2&page=1');
      const second = await list(admin, '?sortBy=status&limit=2&page=2');
      expect(new Set([...first.tasks, ...second.tasks].map((t) => t._id)).size).toBe(3);
    });

    it.each([
      '?limit=101',
      '?page=0',
      '?sortBy=password',
      '?sortOrder=sideways',
      '?filters[status][]=Done',
      '?filters[__proto__][polluted]=1',
      '?filters[constructor][prototype][x]=1',
      '?filters[date][start]=2026-13-01',
      '?filters[date][start]=2026-11-10&filters[date][end]=2026-11-01',
      '?filters[assignedTo][]=not-an-id',
      '?filters[isDeleted]=maybe',
      '?unknown=1',
      `?filters[title]=${'x'.repeat(500)}`,
    ])('answers 400 (never 500) for %s', async (query) => {
      const res = await admin.request({ method: 'GET', url: `/api/hrm/tasks${query}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('the Deleted filter needs restore on task', async () => {
      const reader = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read', 'view-all'] }]);
      const res = await reader.request({ method: 'GET', url: '/api/hrm/tasks?filters[isDeleted]=true' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You don’t have permission to see deleted tasks.');
    });
  });

  describe('lifecycle', () => {
    it('delete → listed as deleted → restore → delete → delete again is permanent', async () => {
      const t = await create(admin);
      const del = await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      expect(del.json()).toMatchObject({ success: true, message: 'Task deleted successfully' });
      const detail = (await admin.request({ method: 'GET', url: `/api/hrm/tasks/${t._id}` })).json()
        .data as TaskDto;
      expect(detail.isDeleted).toBe(true);
      expect(detail.deletedBy?._id).toBe(admin.user.id);
      expect(detail.deletedAt).not.toBeNull();
      expect((await list(admin)).tasks.map((x) => x._id)).not.toContain(t._id);
      expect((await list(admin, '?filters[isDeleted]=true')).tasks.map((x) => x._id)).toContain(t._id);
      // Deleted By alone implies the Deleted filter.
      expect((await list(admin, `?filters[deletedBy][]=${admin.user.id}`)).tasks.map((x) => x._id)).toContain(
        t._id,
      );

      const restored = await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}/restore` });
      expect(restored.json().message).toBe('Task restored successfully');
      const again = await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}/restore` });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Task is not deleted');

      await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      const gone = await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      expect(gone.json().message).toBe('Task deleted permanently');
      expect((await admin.request({ method: 'GET', url: `/api/hrm/tasks/${t._id}` })).statusCode).toBe(404);
      expect(await ctx.database.db.select().from(tasks).where(eq(tasks.id, t._id))).toHaveLength(0);
    });

    it('deleting a deleted task for good needs delete-permanently', async () => {
      const t = await create(admin);
      await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      const deleter = await asUserWithSession(ctx, [
        { resource: 'task', actions: ['read', 'delete', 'view-all'] },
      ]);
      const res = await deleter.request({ method: 'DELETE', url: `/api/hrm/tasks/${t._id}` });
      expect(res.statusCode).toBe(403);
      expect(await ctx.database.db.select().from(tasks).where(eq(tasks.id, t._id))).toHaveLength(1);
    });

    it('bulk forms report an outcome per id and change only what may change', async () => {
      const [a, b, c] = [await create(admin), await create(admin), await create(admin)];
      await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${c._id}` });

      const del = await admin.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk',
        payload: { ids: [a._id, b._id, c._id, MISSING, a._id] },
      });
      expect(del.statusCode, del.body).toBe(200);
      const delResult = del.json().data as BulkResult;
      expect(delResult.results).toEqual([
        { _id: a._id, outcome: 'done' },
        { _id: b._id, outcome: 'done' },
        { _id: c._id, outcome: 'wrongState' },
        { _id: MISSING, outcome: 'notFound' },
      ]);
      expect(del.json().message).toBe('2 tasks deleted, 1 not found, 1 already deleted');

      const restore = await admin.request({
        method: 'PATCH',
        url: '/api/hrm/tasks/bulk/restore',
        payload: { ids: [a._id] },
      });
      expect(restore.json()).toMatchObject({ message: '1 task restored', data: { done: 1 } });

      const perm = await admin.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk/permanent',
        payload: { ids: [a._id, b._id, c._id] },
      });
      expect(perm.json().data).toMatchObject({ done: 2, wrongState: 1, notFound: 0 });
      const left = await ctx.database.db.select({ id: tasks.id }).from(tasks);
      expect(left.map((r) => r.id)).toContain(a._id);
      expect(left.map((r) => r.id)).not.toContain(b._id);
    });

    it.each([
      [{}, 'Select at least one record'],
      [{ ids: [] }, 'Select at least one record'],
      [{ ids: ['x'] }, 'Invalid id'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')) }, 'At most 100'],
    ])('bulk bodies are checked: %j', async (payload, message) => {
      const res = await admin.request({ method: 'DELETE', url: '/api/hrm/tasks/bulk', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('bad ids answer 400', async () => {
      for (const [method, url] of [
        ['GET', '/api/hrm/tasks/123'],
        ['DELETE', '/api/hrm/tasks/zzz'],
        ['PATCH', '/api/hrm/tasks/zzz/restore'],
      ] as const)
        expect((await admin.request({ method, url })).statusCode).toBe(400);
    });
  });
});
