import { type HrmDashboard, newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  call,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { tasks } from '../../db/schema.ts';

const DAY = 86_400_000;
/** 10 March 2026, 00:30 in India (still 9 March in UTC): "today" must be read in India. */
const NOW = new Date('2026-03-09T19:00:00Z');
const TODAY = '2026-03-10';
const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

describe('GET /hrm/dashboard', () => {
  let ctx: TestContext;
  let me: Agent & { user: { id: string } };
  let other: Agent & { user: { id: string } };

  const dashboard = async (who: Agent) => {
    const res = await who.request({ method: 'GET', url: '/api/hrm/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Dashboard fetched successfully' });
    return res.json().data as HrmDashboard;
  };

  const task = async (
    title: string,
    over: Partial<typeof tasks.$inferInsert> & { assignedTo: string[] },
  ): Promise<string> => {
    const id = newId();
    await ctx.database.db.insert(tasks).values({
      id,
      title,
      status: 'Scheduled',
      priority: 'Medium',
      date: TODAY,
      createdBy: over.assignedTo[0],
      createdAt: NOW,
      updatedAt: NOW,
      ...over,
    });
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.clock.set(NOW);
    me = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read'] }]);
    other = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read'] }]);
  });
  afterAll(() => ctx.close());

  it('needs a session but no permission', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/hrm/dashboard' })).statusCode).toBe(401);
    const nobody = await asUserWithSession(ctx, []);
    const d = await dashboard(nobody);
    expect(d.tasks).toEqual({ visible: false, upcoming: [], overdue: [], openCount: 0 });
  });

  it("splits the caller's open tasks at today in India: overdue and upcoming", async () => {
    const mine = me.user.id;
    const theirs = other.user.id;
    const veryLate = await task('Collect cheque from DAV Cuttack', {
      assignedTo: [mine],
      date: day(-10),
      deadline: day(-5),
      status: 'Pending',
    });
    const late = await task('Send lab photos to Puri school', { assignedTo: [mine], date: day(-1) });
    const dueToday = await task('Call Rourkela principal', {
      assignedTo: [mine],
      date: TODAY,
      time: '15:00',
    });
    const dueTodayEarly = await task('Morning stand-up notes', {
      assignedTo: [mine],
      date: TODAY,
      time: '09:30',
    });
    // Started in the past, but the deadline is ahead: upcoming, by its deadline.
    const byDeadline = await task('Prepare robotics quote', {
      assignedTo: [theirs, mine],
      date: day(-3),
      deadline: day(4),
      status: 'In Progress',
      createdBy: theirs,
    });
    const later = await task('Quarterly stock count', {
      assignedTo: [mine],
      date: day(20),
      priority: 'High',
    });

    // None of these shows.
    await task('Closed one', { assignedTo: [mine], date: day(-2), status: 'Completed' });
    await task('Cancelled one', {
      assignedTo: [mine],
      date: day(2),
      status: 'Cancelled',
      reason: 'Client postponed',
    });
    await task('Deleted one', { assignedTo: [mine], date: day(1), isDeleted: true, deletedAt: NOW });
    await task("Someone else's", { assignedTo: [theirs], date: day(1) });
    await task("Someone else's, late", { assignedTo: [theirs], date: day(-4) });
    await task('Created by me for someone else', { assignedTo: [theirs], date: day(1), createdBy: mine });

    const d = await dashboard(me);
    expect(d.tasks.visible).toBe(true);
    expect(d.tasks.overdue.map((t) => t._id)).toEqual([veryLate, late]);
    expect(d.tasks.upcoming.map((t) => t._id)).toEqual([dueTodayEarly, dueToday, byDeadline, later]);
    expect(d.tasks.openCount).toBe(6);
    expect(d.tasks.upcoming[2]).toMatchObject({
      title: 'Prepare robotics quote',
      status: 'In Progress',
      deadline: day(4),
      assignedTo: expect.arrayContaining([expect.objectContaining({ _id: mine })]),
      createdBy: { _id: theirs },
    });

    const theirView = await dashboard(other);
    const seen = [...theirView.tasks.upcoming, ...theirView.tasks.overdue].map((t) => t.title);
    expect(seen.sort()).toEqual(
      [
        'Created by me for someone else',
        'Prepare robotics quote',
        "Someone else's",
        "Someone else's, late",
      ].sort(),
    );
    expect(theirView.tasks.overdue.map((t) => t.title)).toEqual(["Someone else's, late"]);
  });

  it('shows at most 10 of each list while openCount counts them all', async () => {
    const busy = await asUserWithSession(ctx, [{ resource: 'task', actions: ['read'] }]);
    for (let i = 1; i <= 12; i++) {
      await task(`Visit school ${i}`, { assignedTo: [busy.user.id], date: day(i) });
      await task(`Overdue report ${i}`, { assignedTo: [busy.user.id], date: day(-i) });
    }
    const d = await dashboard(busy);
    expect(d.tasks.upcoming).toHaveLength(10);
    expect(d.tasks.overdue).toHaveLength(10);
    expect(d.tasks.openCount).toBe(24);
    expect(d.tasks.upcoming.map((t) => t.date)).toEqual(Array.from({ length: 10 }, (_, i) => day(i + 1)));
    // Most overdue first.
    expect(d.tasks.overdue[0]!.date).toBe(day(-12));
  });

  it('without read on task the lists are hidden even when tasks are assigned', async () => {
    const noTasks = await asUserWithSession(ctx, [{ resource: 'hrm', actions: ['read'] }]);
    await task('Hidden task', { assignedTo: [noTasks.user.id], date: day(1) });
    const d = await dashboard(noTasks);
    expect(d.tasks).toEqual({ visible: false, upcoming: [], overdue: [], openCount: 0 });
    expect(d.holidays.length).toBeGreaterThan(0);
  });

  it('lists the coming holidays from today, by date, at most 12', async () => {
    const d = await dashboard(await adminSession(ctx));
    expect(d.holidays).toHaveLength(12);
    const dates = d.holidays.map((h) => h.date);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((x) => x >= TODAY)).toBe(true);
    expect(d.holidays[0]).toMatchObject({
      date: '2026-03-21',
      name: 'Id-ul-Fitr',
      kind: 'National',
      region: 'IN',
    });
    expect(d.holidays.some((h) => h.name === 'Utkal Divas' && h.region === 'OD')).toBe(true);
  });
});
