import type { HistoryEntryDto, HistoryPageDto, TaskDto, TeamDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  createUser,
  SECURITY,
  type TestContext,
} from '../../test/helpers.ts';
import { recordHistory, users } from '../db/schema.ts';

/** History of users, tasks and teams, through the API on the real database. */
describe('record history', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let worker: { id: string; name: string };
  let other: { id: string; name: string };
  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

  const rowsOf = async (recordId: string) =>
    ctx.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, recordId));

  const historyOf = async (as: Agent, url: string, query = '') => {
    const res = await as.request({ method: 'GET', url: `${url}/history${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as HistoryPageDto;
  };

  const task = (over: Record<string, unknown> = {}) => ({
    title: 'Visit DAV School, Cuttack',
    date: '2026-11-20',
    deadline: '2026-11-25',
    time: '10:30',
    description: 'Carry brochures',
    assignedTo: [worker.id],
    ...over,
  });

  const createTask = async (as: Agent = admin, over: Record<string, unknown> = {}) => {
    const res = await as.request({ method: 'POST', url: '/api/hrm/tasks', payload: task(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TaskDto;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    const w = await createUser(ctx.database);
    const o = await createUser(ctx.database);
    const nameOf = async (id: string) =>
      (await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]!.name;
    worker = { id: w.id, name: await nameOf(w.id) };
    other = { id: o.id, name: await nameOf(o.id) };
  });
  afterAll(() => ctx.close());

  describe('tasks', () => {
    it('a creation records who, when, the device and every field set', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/hrm/tasks',
        payload: task(),
        headers: { 'user-agent': PHONE_UA },
      });
      expect(res.statusCode, res.body).toBe(201);
      const t = res.json().data as TaskDto;
      const { history, historyCount } = await historyOf(admin, `/api/hrm/tasks/${t._id}`);
      expect(historyCount).toBe(1);
      const [entry] = history as [HistoryEntryDto];
      expect(entry).toMatchObject({
        entity: 'task',
        recordId: t._id,
        action: 'create',
        bulk: false,
        title: 'Visit DAV School, Cuttack',
        by: { _id: admin.user.id },
        device: { os: 'Android', browser: 'Chrome', device: 'Mobile' },
      });
      expect(new Date(entry.at).getTime()).toBe(new Date(t.createdAt).getTime());
      expect(entry.changes).toContainEqual({
        field: 'title',
        label: 'Title',
        from: null,
        to: 'Visit DAV School, Cuttack',
      });
      expect(entry.changes).toContainEqual({
        field: 'assignedTo',
        label: 'Assigned to',
        from: null,
        to: [{ _id: worker.id, name: worker.name }],
      });
    });

    it('an update records only the fields that changed, old and new, with assignees by name', async () => {
      const t = await createTask();
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/hrm/tasks/${t._id}`,
        payload: task({ title: 'Visit DAV School, Puri', status: 'In Progress', assignedTo: [other.id] }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { history } = await historyOf(admin, `/api/hrm/tasks/${t._id}`);
      expect(history.map((h) => h.action)).toEqual(['update', 'create']);
      expect(history[0]!.title).toBe('Visit DAV School, Puri');
      expect(history[0]!.changes).toEqual([
        { field: 'title', label: 'Title', from: 'Visit DAV School, Cuttack', to: 'Visit DAV School, Puri' },
        { field: 'status', label: 'Status', from: 'Scheduled', to: 'In Progress' },
        {
          field: 'assignedTo',
          label: 'Assigned to',
          from: [{ _id: worker.id, name: worker.name }],
          to: [{ _id: other.id, name: other.name }],
        },
      ]);
    });

    it('an update that changes nothing writes no entry', async () => {
      const t = await createTask();
      await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}`, payload: task() });
      expect(await rowsOf(t._id)).toHaveLength(1);
    });

    it('a refused change writes nothing', async () => {
      const t = await createTask();
      const before = (await rowsOf(t._id)).length;
      const bad = await admin.request({
        method: 'PATCH',
        url: `/api/hrm/tasks/${t._id}`,
        payload: task({ assignedTo: ['aaaaaaaaaaaaaaaaaaaaaaaa'] }),
      });
      expect(bad.statusCode).toBe(400);
      const restoreLive = await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}/restore` });
      expect(restoreLive.statusCode).toBe(400);
      expect(await rowsOf(t._id)).toHaveLength(before);
    });

    it('delete, restore and the permanent delete each write an entry; the tombstone outlives the task', async () => {
      const t = await createTask();
      const url = `/api/hrm/tasks/${t._id}`;
      expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(200);
      expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).statusCode).toBe(200);
      expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(200);
      expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(200);
      expect((await admin.request({ method: 'GET', url })).statusCode).toBe(404);
      const { history } = await historyOf(admin, url);
      expect(history.map((h) => h.action)).toEqual([
        'delete-permanently',
        'delete',
        'restore',
        'delete',
        'create',
      ]);
      expect(history[0]).toMatchObject({ title: t.title, by: { _id: admin.user.id }, changes: [] });
    });

    it('the tombstone is for callers who may delete permanently; others get 404', async () => {
      const t = await createTask();
      const url = `/api/hrm/tasks/${t._id}`;
      await admin.request({ method: 'DELETE', url });
      await admin.request({ method: 'DELETE', url });
      const reader = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read', 'view-all'] }]);
      const res = await reader.request({ method: 'GET', url: `${url}/history` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Task not found');
      // A record that never existed has no tombstone, even for an administrator.
      const missing = await admin.request({
        method: 'GET',
        url: '/api/hrm/tasks/bbbbbbbbbbbbbbbbbbbbbbbb/history',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('a bulk action writes one entry per changed record, marked bulk; refused ids write nothing', async () => {
      const a = await createTask();
      const b = await createTask();
      await admin.request({ method: 'DELETE', url: `/api/hrm/tasks/${b._id}` });
      const res = await admin.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk',
        payload: { ids: [a._id, b._id, 'cccccccccccccccccccccccc'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ done: 1, wrongState: 1, notFound: 1 });
      const ofA = (await historyOf(admin, `/api/hrm/tasks/${a._id}`)).history;
      expect(ofA[0]).toMatchObject({ action: 'delete', bulk: true, title: a.title });
      // b was already deleted: its single delete is the last entry, the bulk one wrote nothing.
      const ofB = (await historyOf(admin, `/api/hrm/tasks/${b._id}`)).history;
      expect(ofB.map((h) => [h.action, h.bulk])).toEqual([
        ['delete', false],
        ['create', false],
      ]);
      expect(await rowsOf('cccccccccccccccccccccccc')).toHaveLength(0);

      const restore = await admin.request({
        method: 'PATCH',
        url: '/api/hrm/tasks/bulk/restore',
        payload: { ids: [a._id, b._id] },
      });
      expect(restore.json().data.done).toBe(2);
      const gone = await admin.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk',
        payload: { ids: [a._id] },
      });
      expect(gone.statusCode).toBe(200);
      await admin.request({
        method: 'DELETE',
        url: '/api/hrm/tasks/bulk/permanent',
        payload: { ids: [a._id] },
      });
      const last = (await historyOf(admin, `/api/hrm/tasks/${a._id}`)).history;
      expect(last.map((h) => h.action)).toEqual([
        'delete-permanently',
        'delete',
        'restore',
        'delete',
        'create',
      ]);
      expect(last.slice(0, 4).every((h) => h.bulk)).toBe(true);
    });

    it('pages newest first with the usual list keys; bad paging answers 400', async () => {
      const t = await createTask();
      for (const status of ['In Progress', 'Completed', 'Pending', 'In Progress'])
        await admin.request({ method: 'PATCH', url: `/api/hrm/tasks/${t._id}`, payload: task({ status }) });
      const url = `/api/hrm/tasks/${t._id}`;
      const first = await historyOf(admin, url, '?page=1&limit=2');
      const second = await historyOf(admin, url, '?page=2&limit=2');
      const third = await historyOf(admin, url, '?page=3&limit=2');
      expect(first).toMatchObject({ historyCount: 5, page: 1, limit: 2 });
      const all = [...first.history, ...second.history, ...third.history];
      expect(all.map((h) => h.changes.find((c) => c.field === 'status')?.to ?? null)).toEqual([
        'In Progress',
        'Pending',
        'Completed',
        'In Progress',
        'Scheduled',
      ]);
      expect(new Set(all.map((h) => h._id)).size).toBe(5);
      for (const q of ['?page=0', '?limit=101', '?page=x', '?sortBy=at', '?filters[action]=create']) {
        const res = await admin.request({ method: 'GET', url: `${url}/history${q}` });
        expect(res.statusCode, q).toBe(400);
      }
    });

    it('honours row scope (404 outside it) and needs read on task (403)', async () => {
      const t = await createTask();
      const url = `/api/hrm/tasks/${t._id}/history`;
      const scoped = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read', 'create'] }]);
      const outside = await scoped.request({ method: 'GET', url });
      expect(outside.statusCode).toBe(404);
      expect(outside.json().message).toBe('Task not found');
      const own = await createTask(scoped, { assignedTo: [scoped.user.id] });
      expect(
        (await scoped.request({ method: 'GET', url: `/api/hrm/tasks/${own._id}/history` })).statusCode,
      ).toBe(200);
      const noRead = await asUserWithSession(ctx, [{ resource: 'team', actions: ['read'] }]);
      expect((await noRead.request({ method: 'GET', url })).statusCode).toBe(403);
    });
  });

  describe('teams', () => {
    it('records members by name and role, only when they change', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        payload: {
          name: 'Cuttack field',
          description: 'Schools',
          members: [{ user: worker.id, role: 'admin' }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const team = res.json().data as TeamDto;
      const url = `/api/admin/teams/${team._id}`;
      await admin.request({ method: 'PATCH', url, payload: { description: 'Schools and colleges' } });
      await admin.request({
        method: 'PATCH',
        url,
        payload: {
          members: [
            { user: worker.id, role: 'admin' },
            { user: other.id, role: 'member' },
          ],
        },
      });
      const { history } = await historyOf(admin, url);
      expect(history.map((h) => h.action)).toEqual(['update', 'update', 'create']);
      expect(history[1]!.changes).toEqual([
        { field: 'description', label: 'Description', from: 'Schools', to: 'Schools and colleges' },
      ]);
      expect(history[0]!.changes).toEqual([
        {
          field: 'members',
          label: 'Members',
          from: [{ _id: worker.id, name: worker.name, role: 'admin' }],
          to: [
            { _id: worker.id, name: worker.name, role: 'admin' },
            { _id: other.id, name: other.name, role: 'member' },
          ],
        },
      ]);
      await admin.request({ method: 'DELETE', url });
      await admin.request({ method: 'PATCH', url: `${url}/restore` });
      await admin.request({ method: 'DELETE', url });
      expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).statusCode).toBe(200);
      const after = await historyOf(admin, url);
      expect(after.history.map((h) => h.action).slice(0, 4)).toEqual([
        'delete-permanently',
        'delete',
        'restore',
        'delete',
      ]);
      expect(after.history[0]!.title).toBe('Cuttack field');
    });

    it('a refused team change writes nothing', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        payload: { name: 'No one', members: [{ user: 'dddddddddddddddddddddddd', role: 'admin' }] },
      });
      expect(res.statusCode).toBe(400);
      const rows = await ctx.database.db
        .select()
        .from(recordHistory)
        .where(eq(recordHistory.title, 'No one'));
      expect(rows).toHaveLength(0);
    });
  });

  describe('users', () => {
    it('records profile, role, block and password changes, never a password or its hash', async () => {
      const created = await admin.request({
        method: 'POST',
        url: '/api/admin/users',
        payload: {
          name: 'Asha Nayak',
          email: 'asha.history@karya.test',
          phone: '9876543210',
          gender: 'Female',
          maritalStatus: 'Single',
          languages: ['English'],
          address: { city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753001' },
          password: 'New@User123',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data._id as string;
      const url = `/api/admin/users/${id}`;
      const patch = await admin.request({
        method: 'PATCH',
        url,
        payload: { phone: '9876500000', address: { city: 'Puri', state: 'Odisha', country: 'India' } },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect((await admin.request({ method: 'PATCH', url: `${url}/block` })).statusCode).toBe(200);
      expect((await admin.request({ method: 'PATCH', url: `${url}/unblock` })).statusCode).toBe(200);
      const pw = await admin.request({
        method: 'POST',
        url: `${url}/change-password`,
        payload: { newPassword: 'Changed@Pass99', confirmNewPassword: 'Changed@Pass99' },
      });
      expect(pw.statusCode, pw.body).toBe(200);

      const { history } = await historyOf(admin, url);
      expect(history.map((h) => h.action)).toEqual(['update', 'update', 'update', 'update', 'create']);
      expect(history[0]!.changes).toEqual([
        { field: 'password', label: 'Password', from: null, to: null, redacted: true },
      ]);
      expect(history[1]!.changes).toEqual([
        { field: 'status', label: 'Status', from: 'Blocked', to: 'Active' },
      ]);
      expect(history[2]!.changes).toEqual([
        { field: 'status', label: 'Status', from: 'Active', to: 'Blocked' },
      ]);
      expect(history[3]!.changes.map((c) => c.field)).toEqual(['phone', 'address']);
      // zipCode is not a code: the deny-list names passwords, hashes, tokens, secrets and one-time codes.
      expect(history[3]!.changes[1]!.from).toMatchObject({ city: 'Cuttack', zipCode: '753001' });
      const text = JSON.stringify(history) + JSON.stringify(await rowsOf(id));
      for (const secret of ['New@User123', 'Changed@Pass99', '$argon2']) expect(text).not.toContain(secret);
    });

    it("a user's own password change is recorded by that user, with the location the form sent", async () => {
      const u = await asUserWithSession(ctx, [{ resource: 'auth', actions: ['change-password'] }]);
      const res = await u.request({
        method: 'POST',
        url: `/api/auth/${u.user.id}/change-password`,
        headers: { 'user-agent': PHONE_UA },
        payload: {
          oldPassword: u.user.password,
          newPassword: 'Other@Pass77',
          confirmNewPassword: 'Other@Pass77',
          ...SECURITY,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { history } = await historyOf(admin, `/api/admin/users/${u.user.id}`);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        action: 'update',
        by: { _id: u.user.id },
        device: { os: 'Android' },
        location: SECURITY.location,
        changes: [{ field: 'password', label: 'Password', from: null, to: null, redacted: true }],
      });
      expect(JSON.stringify(history)).not.toContain('Other@Pass77');
    });

    it('delete, restore and the permanent delete; the tombstone keeps the name', async () => {
      const u = await createUser(ctx.database, { overrides: { name: 'Bikash Tombstone' } });
      const url = `/api/admin/users/${u.id}`;
      await admin.request({ method: 'DELETE', url });
      await admin.request({ method: 'PATCH', url: `${url}/restore` });
      await admin.request({ method: 'DELETE', url });
      expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).statusCode).toBe(200);
      const { history } = await historyOf(admin, url);
      expect(history.map((h) => h.action)).toEqual(['delete-permanently', 'delete', 'restore', 'delete']);
      expect(history[0]!.title).toBe('Bikash Tombstone');
      expect(history[1]!.changes).toEqual([
        { field: 'status', label: 'Status', from: 'Recovered', to: 'Deleted' },
      ]);
    });

    it('a refused user change writes nothing; the admin cannot delete themself', async () => {
      const res = await admin.request({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}` });
      expect(res.statusCode).toBe(400);
      expect(await rowsOf(admin.user.id)).toHaveLength(0);
    });
  });
});
