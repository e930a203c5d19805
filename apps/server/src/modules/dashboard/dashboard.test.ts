import type { AdminDashboard, CrmDashboard } from '@karya/domain';
import { newId, quickDateRange, todayInAppZone } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  asAdmin,
  asUserWith,
  call,
  createRole,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { roles, teams, users } from '../../db/schema.ts';

const DAY = 86_400_000;

describe('dashboards', () => {
  let ctx: TestContext;
  let admin: Agent;

  const adminData = async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Dashboard fetched successfully' });
    return res.json().data as AdminDashboard;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await asAdmin(ctx.app);
  });
  afterAll(() => ctx.close());

  it('need a session and read on admin / crm', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/crm/dashboard' })).statusCode).toBe(401);
    const crmOnly = await asUserWith(ctx, [{ resource: 'crm', actions: ['read'] }]);
    expect((await crmOnly.request({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(403);
    expect((await crmOnly.request({ method: 'GET', url: '/api/crm/dashboard' })).statusCode).toBe(200);
    const adminOnly = await asUserWith(ctx, [{ resource: 'admin', actions: ['read'] }]);
    expect((await adminOnly.request({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(200);
    expect((await adminOnly.request({ method: 'GET', url: '/api/crm/dashboard' })).statusCode).toBe(403);
  });

  it('the admin dashboard has the full shape; parts of later issues are zeros', async () => {
    const d = await adminData();
    expect(Object.keys(d).sort()).toEqual(
      [
        'roles',
        'suggestedItems',
        'teams',
        'unVerifiedItems',
        'unVerifiedQuotations',
        'users',
        'verifications',
      ].sort(),
    );
    expect(d.verifications).toEqual({ total: 0, new: 0, unverified: 0, quotation: 0, retiredGst: 0 });
    expect(d.unVerifiedItems).toEqual([]);
    expect(d.suggestedItems).toEqual([]);
    expect(d.unVerifiedQuotations).toEqual([]);
    expect(d.teams).toEqual({ total: expect.any(Number), newTeams: expect.any(Number) });
    expect(d.users).toEqual({
      new: expect.any(Number),
      total: expect.any(Number),
      newThisWeek: expect.any(Array),
    });
    expect(d.roles).toEqual({
      total: expect.any(Number),
      newRoles: expect.any(Array),
      updatedRoles: expect.any(Array),
      expiredRoles: expect.any(Array),
    });
  });

  it('user counts follow real records: new this week, live total, deleted excluded', async () => {
    const before = await adminData();
    const fresh = await createUser(ctx.database, { overrides: { name: 'Fresh Joiner' } });
    const now = ctx.clock.now().getTime();
    await createUser(ctx.database, { overrides: { createdAt: new Date(now - 20 * DAY) } });
    const gone = await createUser(ctx.database, { overrides: { isDeleted: true, status: 'Deleted' } });
    const after = await adminData();
    expect(after.users.total).toBe(before.users.total + 2);
    expect(after.users.new).toBe(before.users.new + 1);
    expect(after.users.newThisWeek[0]).toEqual({
      _id: fresh.id,
      name: 'Fresh Joiner',
      email: fresh.email,
      createdAt: expect.any(String),
    });
    expect(after.users.newThisWeek.some((u) => u._id === gone.id)).toBe(false);

    // A week later the new user is no longer new (the old session has lapsed by then: sign in again).
    ctx.clock.advance(8 * DAY);
    try {
      admin = await asAdmin(ctx.app);
      const later = await adminData();
      expect(later.users.newThisWeek.some((u) => u._id === fresh.id)).toBe(false);
      expect(later.users.total).toBe(after.users.total);
    } finally {
      ctx.clock.advance(-8 * DAY);
      admin = await asAdmin(ctx.app);
    }
  });

  it("counts the same week as the users list's This Week chip: from Monday 00:00 in India", async () => {
    // A Wednesday noon in India: the week began Monday 00:00 IST (Sunday 18:30 UTC).
    ctx.clock.set(new Date('2026-03-11T06:30:00.000Z'));
    try {
      admin = await asAdmin(ctx.app);
      const weekStart = new Date('2026-03-08T18:30:00.000Z');
      const before = await adminData();
      const sundayNight = await createUser(ctx.database, {
        password: 'x',
        overrides: { name: 'Sunday Night', createdAt: new Date(weekStart.getTime() - 60_000) },
      });
      const mondayMorning = await createUser(ctx.database, {
        password: 'x',
        overrides: { name: 'Monday Morning', createdAt: new Date(weekStart.getTime() + 60_000) },
      });
      const after = await adminData();
      expect(after.users.new).toBe(before.users.new + 1);
      const newIds = after.users.newThisWeek.map((u) => u._id);
      expect(newIds).toContain(mondayMorning.id);
      expect(newIds).not.toContain(sundayNight.id);

      // The users list filtered by the This Week chip's range finds the same two-sided boundary.
      const week = quickDateRange('This Week', ctx.clock.now());
      const list = await admin.request({
        method: 'GET',
        url: `/api/admin/users?limit=50&filters[createdAt][start]=${week.start}&filters[createdAt][end]=${week.end}`,
      });
      expect(list.statusCode).toBe(200);
      const listed = (list.json().data.users as { _id: string }[]).map((u) => u._id);
      expect(listed).toContain(mondayMorning.id);
      expect(listed).not.toContain(sundayNight.id);
      expect(list.json().data.usersCount).toBe(after.users.new);
      expect(after.users.new).toBe(listed.length);
    } finally {
      ctx.clock.set(new Date());
      admin = await asAdmin(ctx.app);
    }
  });

  it('lists at most 10 new users, newest first', async () => {
    const now = ctx.clock.now().getTime();
    for (let i = 0; i < 12; i++)
      await createUser(ctx.database, { password: 'x', overrides: { createdAt: new Date(now - i * 1000) } });
    const d = await adminData();
    expect(d.users.newThisWeek).toHaveLength(10);
    const times = d.users.newThisWeek.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.users.new).toBeGreaterThanOrEqual(12);
  });

  it('role counts: new, updated (not just created) and expired', async () => {
    const before = await adminData();
    const now = ctx.clock.now();
    // The day in India, as the dashboard counts it (a UTC day is a day behind from 18:30 UTC).
    const today = todayInAppZone(now);
    const newRoleRes = await admin.request({
      method: 'POST',
      url: '/api/admin/roles',
      payload: {
        name: 'Dashboard New',
        description: 'd',
        permissions: [{ resource: 'hrm', actions: ['read'] }],
      },
    });
    expect(newRoleRes.statusCode).toBe(201);
    const newRoleId = newRoleRes.json().data._id as string;
    const oldId = await createRole(ctx.database, [{ resource: 'hrm', actions: ['read'] }], {
      name: 'Dashboard Old',
      createdAt: new Date(now.getTime() - 30 * DAY),
      updatedAt: new Date(now.getTime() - 30 * DAY),
    });
    const expiredId = await createRole(ctx.database, [{ resource: 'hrm', actions: ['read'] }], {
      name: 'Dashboard Expired',
      expiresAt: today,
      createdAt: new Date(now.getTime() - 40 * DAY),
      updatedAt: new Date(now.getTime() - 40 * DAY),
    });
    const d1 = await adminData();
    expect(d1.roles.total).toBe(before.roles.total + 3);
    expect(d1.roles.newRoles.find((r) => r._id === newRoleId)).toMatchObject({
      name: 'Dashboard New',
      expiresAt: null,
    });
    expect(d1.roles.newRoles.some((r) => r._id === oldId)).toBe(false);
    expect(d1.roles.updatedRoles.some((r) => r._id === newRoleId)).toBe(false);
    expect(d1.roles.expiredRoles).toContainEqual({
      _id: expiredId,
      name: 'Dashboard Expired',
      createdAt: expect.any(String),
      expiresAt: today,
    });

    // An edit of the old role makes it an updated role.
    ctx.clock.advance(5000);
    const upd = await admin.request({
      method: 'PATCH',
      url: `/api/admin/roles/${oldId}`,
      payload: { description: 'edited' },
    });
    expect(upd.statusCode).toBe(200);
    const d2 = await adminData();
    expect(d2.roles.updatedRoles.find((r) => r._id === oldId)).toMatchObject({ name: 'Dashboard Old' });
    expect(d2.roles.newRoles.some((r) => r._id === oldId)).toBe(false);

    // A role expiring tomorrow is not expired yet.
    const tomorrow = todayInAppZone(new Date(now.getTime() + DAY));
    await ctx.database.db.update(roles).set({ expiresAt: tomorrow }).where(eq(roles.id, expiredId));
    const d3 = await adminData();
    expect(d3.roles.expiredRoles.some((r) => r._id === expiredId)).toBe(false);
  });

  it('team figures count live teams; new ones are those of this week', async () => {
    const before = (await adminData()).teams;
    const member = await createUser(ctx.database, { password: 'x' });
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/teams',
      payload: { name: 'Cuttack Field Sales', members: [{ user: member.id, role: 'manager' }] },
    });
    expect(res.statusCode).toBe(201);
    const now = ctx.clock.now().getTime();
    const old = new Date(now - 20 * DAY);
    await ctx.database.db.insert(teams).values([
      { id: newId(), name: 'Old Team', createdAt: old, updatedAt: old },
      { id: newId(), name: 'Gone Team', isDeleted: true, deletedAt: new Date(now) },
    ]);
    const after = (await adminData()).teams;
    expect(after).toEqual({ total: before.total + 2, newTeams: before.newTeams + 1 });

    // Soft-deleting the new team takes it out of both figures.
    const del = await admin.request({ method: 'DELETE', url: `/api/admin/teams/${res.json().data._id}` });
    expect(del.statusCode).toBe(200);
    expect((await adminData()).teams).toEqual({ total: before.total + 1, newTeams: before.newTeams });
  });

  it('the CRM dashboard has its shape, with zeros on an empty database (real numbers: crm-dashboard.test.ts)', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/crm/dashboard' });
    expect(res.statusCode).toBe(200);
    const d = res.json().data as CrmDashboard;
    expect(d).toEqual({
      customers: { total: 0, new: 0, newCustomers: [] },
      followUps: {
        total: 0,
        upcoming: 0,
        upcomingFollowUps: [],
        noResponseFollowUps: [],
        overdue: 0,
        dueToday: 0,
        perDay: expect.any(Array),
      },
      requirements: {
        newRequirements: 0,
        new: 0,
        open: 0,
        closed: 0,
        total: 0,
        byStatus: ['Open', 'In Progress', 'Completed', 'Closed'].map((status) => ({ status, count: 0 })),
      },
      productItems: { totalCount: 0, verifiedCount: 0, unverifiedCount: 0 },
      quotations: { total: 0, new: 0, draft: 0, pendingReview: 0, approved: 0, rejected: 0, draftValue: 0 },
    });
    expect(d.followUps.perDay).toHaveLength(8);
  });

  it('never counts a user twice or leaks extra fields', async () => {
    const d = await adminData();
    const ids = d.users.newThisWeek.map((u) => u._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const u of d.users.newThisWeek)
      expect(Object.keys(u).sort()).toEqual(['_id', 'createdAt', 'email', 'name']);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, ids[0] ?? newId()));
    expect(row).toBeDefined();
  });
});
