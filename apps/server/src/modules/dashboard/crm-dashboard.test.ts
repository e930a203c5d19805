import {
  type CrmDashboard,
  type FollowUpCounts,
  followUpDueOf,
  isNoResponseFollowUp,
  newId,
} from '@karya/domain';
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
import { customers, followUps, quotations, requirements } from '../../db/schema.ts';

const DAY = 86_400_000;
/** A Wednesday, 12:00 in India (06:30 UTC); the week began Monday 2026-03-09 00:00 IST. */
const NOW = new Date('2026-03-11T06:30:00.000Z');
const TODAY = '2026-03-11';
const day = (n: number) => new Date(Date.UTC(2026, 2, 11 + n)).toISOString().slice(0, 10);

type FollowUpSeed = Partial<typeof followUps.$inferInsert> & { date: string; time: string; status: string };

describe('CRM dashboard from real records', () => {
  let ctx: TestContext;
  let admin: Agent;
  let exec: Agent & { user: { id: string } };
  const ids: Record<string, string> = {};

  const dashboard = async (agent: Agent = admin) => {
    const res = await agent.request({ method: 'GET', url: '/api/crm/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CrmDashboard;
  };
  const counts = async (agent: Agent = admin) => {
    const res = await agent.request({ method: 'GET', url: '/api/crm/dashboard/follow-up-counts' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Dashboard fetched successfully');
    return res.json().data as FollowUpCounts;
  };

  const customer = async (key: string, values: Partial<typeof customers.$inferInsert> = {}) => {
    const id = newId();
    ids[key] = id;
    await ctx.database.db.insert(customers).values({ id, type: 'Organization', name: key, ...values });
    return id;
  };
  const followUp = async (key: string, customerId: string, values: FollowUpSeed) => {
    const id = newId();
    ids[key] = id;
    await ctx.database.db
      .insert(followUps)
      .values({ id, customerId, type: 'Call', reason: 'Other', otherReason: key, ...values });
    return id;
  };
  const requirement = async (
    key: string,
    customerId: string,
    values: Partial<typeof requirements.$inferInsert>,
  ) => {
    const id = newId();
    ids[key] = id;
    await ctx.database.db.insert(requirements).values({
      id,
      title: `Requirement ${key}`,
      customerId,
      type: 'Product',
      priority: 'Medium',
      status: 'Open',
      ...values,
    });
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.clock.set(NOW);
    admin = await adminSession(ctx);
    exec = await asUserWithSession(ctx, [
      { resource: 'crm', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
      { resource: 'follow-up', actions: ['read'] },
      { resource: 'requirement', actions: ['read'] },
    ]);
    const someoneElse = await createUser(ctx.database);

    // Customers: two this week (one assigned to the executive), one old, one deleted.
    const school = await customer('DAV School', {
      email: 'dav@school.in',
      assignedTo: [exec.user.id],
      createdAt: new Date(NOW.getTime() - DAY),
    });
    const college = await customer('Ravenshaw College', {
      createdAt: new Date(NOW.getTime() - 2 * 3600_000),
    });
    const old = await customer('Old Customer', { createdAt: new Date(NOW.getTime() - 30 * DAY) });
    await customer('Gone Customer', { isDeleted: true, deletedAt: NOW });

    // Follow-ups around now (12:00 in India on TODAY).
    await followUp('a overdue, no response', school, { date: TODAY, time: '10:00', status: 'Scheduled' });
    await followUp('b later today', college, { date: TODAY, time: '15:00', status: 'Scheduled' });
    await followUp('c in 3 days', college, {
      date: day(3),
      time: '11:00',
      status: 'Scheduled',
      visitors: [exec.user.id],
      type: 'Visit',
    });
    await followUp('d in 8 days', old, { date: day(8), time: '09:00', status: 'Scheduled' });
    await followUp('e answered', old, {
      date: day(-1),
      time: '09:00',
      status: 'Completed',
      response: 'Will order in April',
    });
    await followUp('f completed, no response', old, { date: day(-2), time: '16:00', status: 'Completed' });
    await followUp('g cancelled', old, { date: day(-1), time: '11:00', status: 'Cancelled' });
    await followUp('h pending with remarks', old, {
      date: day(-5),
      time: '10:00',
      status: 'Pending',
      remarks: 'Principal on leave',
      createdBy: exec.user.id,
    });
    await followUp('i deleted', school, {
      date: day(1),
      time: '10:00',
      status: 'Scheduled',
      isDeleted: true,
      deletedAt: NOW,
    });
    // Exactly now: passed (the form's status rule calls a follow-up at this minute Completed).
    await followUp('j at this minute', old, { date: TODAY, time: '12:00', status: 'Postponed' });
    await followUp('k last upcoming day', old, { date: day(7), time: '23:30', status: 'Scheduled' });
    await followUp('l last chart day', old, { date: day(13), time: '10:00', status: 'Postponed' });
    await followUp('m after the chart', old, { date: day(14), time: '10:00', status: 'Scheduled' });
    await followUp('n blank response', old, {
      date: day(-3),
      time: '10:00',
      status: 'Completed',
      response: '   ',
      followUpBy: someoneElse.id,
    });

    // Requirements: Open this week and old, In Progress, Completed, Closed, and a deleted one.
    await requirement('r1', school, { status: 'Open', createdAt: new Date(NOW.getTime() - 3600_000) });
    await requirement('r2', old, { status: 'Open', createdAt: new Date(NOW.getTime() - 20 * DAY) });
    await requirement('r3', college, { status: 'In Progress', createdAt: new Date(NOW.getTime() - DAY) });
    await requirement('r4', old, { status: 'Completed', createdAt: new Date(NOW.getTime() - 40 * DAY) });
    await requirement('r5', old, {
      status: 'Closed',
      createdAt: new Date(NOW.getTime() - 10 * DAY),
      createdBy: exec.user.id,
    });
    await requirement('r6', old, { status: 'Open', isDeleted: true, deletedAt: NOW });

    // Quotations (the row's copy of its active version): a Draft this week at the executive's customer,
    // a Draft re-quotation waiting for review, an Approved and a Rejected one, and a deleted Draft.
    const quotation = async (customerId: string, values: Partial<typeof quotations.$inferInsert>) =>
      ctx.database.db.insert(quotations).values({
        id: newId(),
        customerId,
        activeVersionId: newId(),
        title: 'Quotation for the smart class',
        status: 'Draft',
        totalPrice: 1000,
        validUntil: day(7),
        ...values,
      });
    await quotation(school, { totalPrice: 118000.5, createdAt: new Date(NOW.getTime() - DAY) });
    await quotation(old, {
      reviewStatus: 'Pending',
      totalPrice: 2000,
      createdAt: new Date(NOW.getTime() - 9 * DAY),
    });
    await quotation(old, {
      status: 'Approved',
      reviewStatus: 'Approved',
      createdAt: new Date(NOW.getTime() - 20 * DAY),
    });
    await quotation(college, { status: 'Rejected', createdAt: new Date(NOW.getTime() - 3600_000) });
    await quotation(old, { isDeleted: true, deletedAt: NOW, totalPrice: 99 });
  });

  it('counts quotations in the caller’s scope: new this week, by status, waiting for review, the Draft value', async () => {
    expect((await dashboard()).quotations).toEqual({
      total: 4,
      new: 2,
      draft: 2,
      pendingReview: 1,
      approved: 1,
      rejected: 1,
      draftValue: 120000.5,
    });
    // The executive without read on quotation: zeros; with it, only their customer's.
    expect((await dashboard(exec)).quotations.total).toBe(0);
    const seller = await asUserWithSession(ctx, [
      { resource: 'crm', actions: ['read'] },
      { resource: 'quotation', actions: ['read'] },
    ]);
    await ctx.database.db
      .update(customers)
      .set({ assignedTo: [seller.user.id] })
      .where(eq(customers.id, ids['Ravenshaw College']!));
    expect((await dashboard(seller)).quotations).toMatchObject({ total: 1, rejected: 1, draft: 0 });
  });
  afterAll(() => ctx.close());

  it('needs a session; the counts need read on follow-up', async () => {
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/crm/dashboard/follow-up-counts' })).statusCode,
    ).toBe(401);
    const crmOnly = await asUserWithSession(ctx, [{ resource: 'crm', actions: ['read'] }]);
    const refused = await crmOnly.request({ method: 'GET', url: '/api/crm/dashboard/follow-up-counts' });
    expect(refused.statusCode).toBe(403);
  });

  it('counts customers: live total, new this week, the new ones newest first', async () => {
    const d = await dashboard();
    expect(d.customers.total).toBe(3);
    expect(d.customers.new).toBe(2);
    expect(d.customers.newCustomers).toEqual([
      {
        _id: ids['Ravenshaw College'],
        customerId: expect.any(Number),
        name: 'Ravenshaw College',
        type: 'Organization',
        email: null,
      },
      {
        _id: ids['DAV School'],
        customerId: expect.any(Number),
        name: 'DAV School',
        type: 'Organization',
        email: 'dav@school.in',
      },
    ]);
  });

  it('counts follow-ups: total, upcoming, overdue, due today, the two lists and the chart', async () => {
    const f = (await dashboard()).followUps;
    expect(f.total).toBe(13);
    // Upcoming starts tomorrow: later today is Due today (the three never overlap, decision 0007).
    expect(f.upcoming).toBe(2);
    expect(f.upcomingFollowUps.map((u) => u._id)).toEqual([ids['c in 3 days'], ids['k last upcoming day']]);
    expect(f.upcomingFollowUps[0]).toEqual({
      _id: ids['c in 3 days'],
      followUpId: expect.any(Number),
      customer: { _id: ids['Ravenshaw College'], name: 'Ravenshaw College' },
      type: 'Visit',
      reason: 'Other',
      date: day(3),
      time: '11:00',
      status: 'Scheduled',
      planned: false,
    });
    // The most recent first; answered, remarked and cancelled ones are not waiting for a response.
    expect(f.noResponseFollowUps.map((u) => u._id)).toEqual([
      ids['j at this minute'],
      ids['a overdue, no response'],
      ids['f completed, no response'],
      ids['n blank response'],
    ]);
    expect(f.overdue).toBe(3);
    expect(f.dueToday).toBe(1);
    // The chart: the open work still ahead, today (= due today) and the seven days of Upcoming.
    expect(f.perDay).toHaveLength(8);
    expect(f.perDay[0]).toEqual({ date: TODAY, count: 1 });
    expect(f.perDay.filter((p) => p.count > 0)).toEqual([
      { date: TODAY, count: 1 },
      { date: day(3), count: 1 },
      { date: day(7), count: 1 },
    ]);
    expect(await counts()).toEqual({ overdue: 3, dueToday: 1 });
  });

  it('the SQL agrees with the rules in packages/domain on every follow-up', async () => {
    const rows = await ctx.database.db.select().from(followUps);
    const d = (await dashboard()).followUps;
    const now = ctx.clock.now();
    const due = (bucket: string) => rows.filter((r) => followUpDueOf(r, rows, now) === bucket).length;
    expect(due('Overdue')).toBe(d.overdue);
    expect(due('Due today')).toBe(d.dueToday);
    expect(due('Upcoming')).toBe(d.upcoming);
    expect(
      rows
        .filter((r) => isNoResponseFollowUp(r, now))
        .map((r) => r.id)
        .sort(),
    ).toEqual(d.noResponseFollowUps.map((r) => r._id).sort());
  });

  it('moves with the clock: a follow-up later today becomes overdue once its time passes', async () => {
    ctx.clock.set(new Date(NOW.getTime() + 4 * 3600_000)); // 16:00 in India
    try {
      expect(await counts()).toEqual({ overdue: 4, dueToday: 0 });
      const f = (await dashboard()).followUps;
      expect(f.upcoming).toBe(2);
      expect(f.noResponseFollowUps[0]?._id).toBe(ids['b later today']);
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('counts requirements: new this week, Open, open (Open + In Progress), closed, total, by status', async () => {
    const r = (await dashboard()).requirements;
    expect(r).toEqual({
      newRequirements: 2,
      new: 2,
      open: 3,
      closed: 2,
      total: 5,
      byStatus: [
        { status: 'Open', count: 2 },
        { status: 'In Progress', count: 1 },
        { status: 'Completed', count: 1 },
        { status: 'Closed', count: 1 },
      ],
    });
  });

  it('row scope: without view-all a user counts only what they can see', async () => {
    const d = await dashboard(exec);
    // The customer assigned to them.
    expect(d.customers).toMatchObject({ total: 1, new: 1 });
    expect(d.customers.newCustomers.map((c) => c._id)).toEqual([ids['DAV School']]);
    // Their customer's follow-ups (a; i is deleted), the visit they are a visitor of (c), the one they
    // created (h); not n, whose followUpBy is someone else.
    expect(d.followUps.total).toBe(3);
    expect(d.followUps.upcomingFollowUps.map((f) => f._id)).toEqual([ids['c in 3 days']]);
    expect(d.followUps.noResponseFollowUps.map((f) => f._id)).toEqual([ids['a overdue, no response']]);
    expect(d.followUps.overdue).toBe(2);
    expect(d.followUps.dueToday).toBe(0);
    expect(await counts(exec)).toEqual({ overdue: 2, dueToday: 0 });
    // Their customer's requirement (r1) and the one they created (r5).
    expect(d.requirements).toMatchObject({ total: 2, newRequirements: 1, new: 1, open: 1, closed: 1 });

    // The same user as followUpBy sees that one too.
    await ctx.database.db.insert(followUps).values({
      id: newId(),
      customerId: ids['Old Customer']!,
      type: 'Call',
      reason: 'Other',
      date: TODAY,
      time: '18:00',
      status: 'Scheduled',
      followUpBy: exec.user.id,
    });
    expect(await counts(exec)).toEqual({ overdue: 2, dueToday: 1 });
    expect((await counts()).dueToday).toBe(2);
  });

  it("counts what the follow-up and requirement lists show the same caller (their modules' row scope)", async () => {
    for (const agent of [admin, exec]) {
      const d = await dashboard(agent);
      const count = async (url: string, key: string) => {
        const res = await agent.request({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data[key] as number;
      };
      expect(await count('/api/crm/follow-ups?limit=1', 'followUpsCount')).toBe(d.followUps.total);
      expect(await count('/api/crm/requirements?limit=1', 'requirementsCount')).toBe(d.requirements.total);
      expect(await count('/api/crm/customers?limit=1', 'customersCount')).toBe(d.customers.total);
    }
  });

  it('view-all on a resource counts all of it; no read on it counts nothing', async () => {
    const all = await asUserWithSession(ctx, [
      { resource: 'crm', actions: ['read'] },
      { resource: 'customer', actions: ['read', 'view-all'] },
      { resource: 'requirement', actions: ['read'] },
    ]);
    const d = await dashboard(all);
    expect(d.customers.total).toBe(3);
    // Every customer is theirs to see, so every requirement of one is too.
    expect(d.requirements.total).toBe(5);
    // No read on follow-up: nothing of them.
    expect(d.followUps).toMatchObject({
      total: 0,
      upcoming: 0,
      overdue: 0,
      dueToday: 0,
      upcomingFollowUps: [],
      noResponseFollowUps: [],
    });
    expect(d.followUps.perDay.every((p) => p.count === 0)).toBe(true);

    const none = await asUserWithSession(ctx, [{ resource: 'crm', actions: ['read'] }]);
    const empty = await dashboard(none);
    expect(empty.customers).toEqual({ total: 0, new: 0, newCustomers: [] });
    expect(empty.requirements.total).toBe(0);
  });
});
