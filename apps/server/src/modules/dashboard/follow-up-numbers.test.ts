import {
  type CrmDashboard,
  FOLLOW_UP_DUE,
  type FollowUpCounts,
  type FollowUpDto,
  type FollowUpDue,
  followUpDueOf,
} from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  sessionAgent,
  type TestContext,
} from '../../../test/helpers.ts';
import { followUps } from '../../db/schema.ts';

// Issue 23: "The numbers agree with each other". One set of follow-ups, built through the API; the dashboard's
// cards, its chart and upcoming list, the follow-up list's due chips (filter `due`) and the menu badge must
// all say the same, and the same as the rule in packages/domain (follow-up-due.ts, decision 0007 "Due").

/** A Wednesday, 12:00 in India (06:30 UTC). */
const NOW = new Date('2026-03-11T06:30:00.000Z');
const TODAY = '2026-03-11';
const day = (n: number) => new Date(Date.UTC(2026, 2, 11 + n)).toISOString().slice(0, 10);
const HOUR = 3600_000;

describe('follow-up numbers: dashboard, chart, list chips and badge agree', () => {
  let ctx: TestContext;
  let admin: Agent & { user: { id: string } };
  let exec: Agent & { user: { id: string } };
  const ids: Record<string, string> = {};

  const get = async <T>(agent: Agent, url: string) => {
    const res = await agent.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const customer = async (name: string) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/customers',
      payload: { type: 'Organization', name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  const followUp = async (key: string, customerId: string, body: object) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/crm/follow-ups',
      payload: {
        customer: customerId,
        type: 'Call',
        reason: 'Other',
        otherReason: key,
        followUpBy: admin.user.id,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = (res.json().data as FollowUpDto)._id;
    return ids[key];
  };
  const nextCall = (date: string, time = '10:00', type = 'Call') => ({
    nextRequired: true,
    type,
    date,
    time,
    ...(type === 'Visit' ? { visitors: [] as string[] } : {}),
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.clock.set(NOW);
    admin = await adminSession(ctx);
    exec = await asUserWithSession(ctx, [
      { resource: 'crm', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
      { resource: 'follow-up', actions: ['read'] },
    ]);
    const past = await customer('Past Public School');
    const today = await customer('Today College');
    const week = await customer('Week Academy');

    // The follow-ups themselves: open ones are due at their date and time.
    await followUp('past scheduled', past, {
      date: day(-3),
      time: '10:00',
      status: 'Scheduled',
      followUpBy: exec.user.id,
    });
    await followUp('past answered', past, {
      date: day(-4),
      time: '10:00',
      status: 'Completed',
      response: 'OK',
    });
    await followUp('this morning, pending', today, { date: TODAY, time: '10:00', status: 'Pending' });
    await followUp('this afternoon', today, {
      date: TODAY,
      time: '15:00',
      status: 'Scheduled',
      followUpBy: exec.user.id,
    });
    await followUp('tomorrow, postponed', week, { date: day(1), time: '09:00', status: 'Postponed' });
    await followUp('7th day, late evening', week, { date: day(7), time: '23:30', status: 'Scheduled' });
    await followUp('8th day', week, { date: day(8), time: '09:00', status: 'Scheduled' });
    await followUp('cancelled', week, { date: day(2), time: '09:00', status: 'Cancelled' });
    await followUp('completed ahead', week, { date: day(3), time: '09:00', status: 'Completed' });
    const gone = await followUp('deleted', week, { date: day(1), time: '12:00', status: 'Scheduled' });
    const del = await admin.request({ method: 'DELETE', url: `/api/crm/follow-ups/${gone}` });
    expect(del.statusCode, del.body).toBe(200);

    // Next follow-ups planned by completed ones (each its own customer: a later follow-up takes a plan up).
    await followUp('next call past due', await customer('Plan Overdue School'), {
      date: day(-5),
      time: '10:00',
      status: 'Completed',
      response: 'Call again',
      followUpBy: exec.user.id,
      nextFollowUp: { ...nextCall(day(-2)), followUpBy: exec.user.id },
    });
    await followUp('next visit this evening', await customer('Plan Today School'), {
      date: day(-1),
      time: '10:00',
      status: 'Completed',
      response: 'Visit them',
      nextFollowUp: { ...nextCall(TODAY, '18:00', 'Visit'), visitors: [admin.user.id] },
    });
    await followUp('next visit in 3 days', await customer('Plan Week School'), {
      date: day(-2),
      time: '10:00',
      status: 'Completed',
      response: 'Visit them',
      nextFollowUp: { ...nextCall(day(3), '11:00', 'Visit'), visitors: [admin.user.id] },
    });
    await followUp('next call far ahead', await customer('Plan Later School'), {
      date: day(-1),
      time: '10:00',
      status: 'Completed',
      response: 'Call next month',
      nextFollowUp: { ...nextCall(day(10)), followUpBy: admin.user.id },
    });
    await followUp('next call on a cancelled one', await customer('Plan Cancelled School'), {
      date: day(-2),
      time: '10:00',
      status: 'Cancelled',
      nextFollowUp: { ...nextCall(day(1)), followUpBy: admin.user.id },
    });
    const takenUp = await customer('Plan Taken Up School');
    await followUp('next call taken up', takenUp, {
      date: day(-6),
      time: '10:00',
      status: 'Completed',
      response: 'Call on Sunday',
      nextFollowUp: { ...nextCall(day(-3)), followUpBy: admin.user.id },
    });
    await followUp('the call it planned, recorded', takenUp, {
      date: day(-3),
      time: '10:05',
      status: 'Completed',
      response: 'Ordered',
    });
  });
  afterAll(() => ctx.close());

  /** Every surface's numbers for one caller at the clock's now. */
  const surfaces = async (agent: Agent) => {
    const d = (await get<CrmDashboard>(agent, '/api/crm/dashboard')).followUps;
    const badge = await get<FollowUpCounts>(agent, '/api/crm/dashboard/follow-up-counts');
    const chip = async (due: FollowUpDue) =>
      (
        await get<{ followUps: FollowUpDto[] }>(
          agent,
          `/api/crm/follow-ups?limit=100&filters[due]=${encodeURIComponent(due)}`,
        )
      ).followUps
        .map((f) => f._id)
        .sort();
    return {
      d,
      badge,
      chips: {
        Overdue: await chip('Overdue'),
        'Due today': await chip('Due today'),
        Upcoming: await chip('Upcoming'),
      } as Record<FollowUpDue, string[]>,
    };
  };
  const named = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

  /** The agreement itself: cards = chart = chips = badge = the domain rule over the caller's follow-ups. */
  const expectAgreement = async (agent: Agent) => {
    const { d, badge, chips } = await surfaces(agent);
    // The cards and the badge.
    expect(badge).toEqual({ overdue: d.overdue, dueToday: d.dueToday });
    // The chart: today's bar is Due today, the other seven bars add up to Upcoming.
    expect(d.perDay).toHaveLength(8);
    expect(d.perDay[0]!.count).toBe(d.dueToday);
    expect(d.perDay.slice(1).reduce((n, p) => n + p.count, 0)).toBe(d.upcoming);
    // The list's due chips list exactly what the cards count; the upcoming list is their soonest.
    expect(chips.Overdue).toHaveLength(d.overdue);
    expect(chips['Due today']).toHaveLength(d.dueToday);
    expect(chips.Upcoming).toHaveLength(d.upcoming);
    expect(d.upcomingFollowUps.map((f) => f._id).sort()).toEqual(chips.Upcoming.slice(0, 10));
    // The chart's days are the chips' days.
    for (const f of d.upcomingFollowUps)
      expect(d.perDay.find((p) => p.date === f.date)!.count).toBeGreaterThan(0);
    // And the rule in packages/domain, over every follow-up the caller can see.
    const visible = new Set(
      (await get<{ followUps: FollowUpDto[] }>(agent, '/api/crm/follow-ups?limit=100')).followUps.map(
        (f) => f._id,
      ),
    );
    const rows = await ctx.database.db.select().from(followUps);
    for (const bucket of FOLLOW_UP_DUE)
      expect(
        rows
          .filter((r) => visible.has(r.id) && followUpDueOf(r, rows, ctx.clock.now()) === bucket)
          .map((r) => r.id)
          .sort(),
        bucket,
      ).toEqual(chips[bucket]);
    return { d, chips };
  };

  it('counts the work a sales executive means, the same everywhere', async () => {
    const { d, chips } = await expectAgreement(admin);
    expect(chips).toEqual({
      Overdue: named('past scheduled', 'this morning, pending', 'next call past due'),
      'Due today': named('this afternoon', 'next visit this evening'),
      Upcoming: named('tomorrow, postponed', 'next visit in 3 days', '7th day, late evening'),
    });
    expect(d).toMatchObject({ overdue: 3, dueToday: 2, upcoming: 3 });
    expect(d.perDay.map((p) => p.count)).toEqual([2, 1, 0, 1, 0, 0, 0, 1]);
    expect(d.perDay.map((p) => p.date)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map(day));
    // Soonest first; the planned visit shows the plan's day, time and type on the follow-up that planned it.
    expect(d.upcomingFollowUps.map((f) => [f._id, f.date, f.time, f.type, f.planned])).toEqual([
      [ids['tomorrow, postponed'], day(1), '09:00', 'Call', false],
      [ids['next visit in 3 days'], day(3), '11:00', 'Visit', true],
      [ids['7th day, late evening'], day(7), '23:30', 'Call', false],
    ]);
  });

  it('agrees for a user who sees only their own follow-ups', async () => {
    const { d, chips } = await expectAgreement(exec);
    expect(chips).toEqual({
      Overdue: named('past scheduled', 'next call past due'),
      'Due today': named('this afternoon'),
      Upcoming: [],
    });
    expect(d).toMatchObject({ overdue: 2, dueToday: 1, upcoming: 0 });
  });

  it('still agrees as the day goes on and the next one begins', async () => {
    try {
      ctx.clock.set(new Date(NOW.getTime() + 4 * HOUR)); // 16:00: the afternoon call is now overdue
      expect((await expectAgreement(admin)).d).toMatchObject({ overdue: 4, dueToday: 1, upcoming: 3 });
      // 00:30 tomorrow; fresh sessions (the ones signed in at noon have expired by then).
      ctx.clock.set(new Date(NOW.getTime() + 12.5 * HOUR));
      const nextDay = await adminSession(ctx);
      expect((await expectAgreement(nextDay)).d).toMatchObject({ overdue: 5, dueToday: 1, upcoming: 3 });
      await expectAgreement(await sessionAgent(ctx, exec.user.id));
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('recording the planned next follow-up takes the plan up: counted once, as the new follow-up', async () => {
    try {
      const before = (await surfaces(admin)).d;
      const recorded = await followUp(
        'the visit it planned, booked',
        await customerOf('next visit in 3 days'),
        {
          type: 'Visit',
          visitors: [admin.user.id],
          date: day(3),
          time: '11:00',
          status: 'Scheduled',
        },
      );
      const { d, chips } = await expectAgreement(admin);
      expect(d.upcoming).toBe(before.upcoming);
      expect(chips.Upcoming).toContain(recorded);
      expect(chips.Upcoming).not.toContain(ids['next visit in 3 days']);
    } finally {
      await admin.request({
        method: 'DELETE',
        url: `/api/crm/follow-ups/${ids['the visit it planned, booked']}`,
      });
    }
    expect((await surfaces(admin)).chips.Upcoming).toContain(ids['next visit in 3 days']);
  });

  const customerOf = async (key: string) =>
    (await get<FollowUpDto>(admin, `/api/crm/follow-ups/${ids[key]}`)).customer!._id;

  it('refuses a next follow-up date before the follow-up date (400, nothing written)', async () => {
    const c = await customerOf('past scheduled');
    const count = async () =>
      (await get<{ followUpsCount: number }>(admin, '/api/crm/follow-ups?limit=1')).followUpsCount;
    const before = await count();
    const body = {
      customer: c,
      type: 'Call',
      reason: 'Other',
      otherReason: 'Fees',
      date: TODAY,
      time: '10:00',
      status: 'Completed',
      followUpBy: admin.user.id,
      nextFollowUp: { ...nextCall(day(-1)), followUpBy: admin.user.id },
    };
    const created = await admin.request({ method: 'POST', url: '/api/crm/follow-ups', payload: body });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.body).toContain('Next follow-up date must be on or after the follow-up date');
    expect(await count()).toBe(before);
    const updated = await admin.request({
      method: 'PATCH',
      url: `/api/crm/follow-ups/${ids['past scheduled']}`,
      payload: { ...body, date: day(-3), nextFollowUp: { ...body.nextFollowUp, date: day(-4) } },
    });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.body).toContain('Next follow-up date must be on or after the follow-up date');
    expect(
      (await get<FollowUpDto>(admin, `/api/crm/follow-ups/${ids['past scheduled']}`)).nextFollowUp,
    ).toBeNull();
    // The same day is fine.
    const same = await admin.request({
      method: 'POST',
      url: '/api/crm/follow-ups',
      payload: { ...body, nextFollowUp: { ...body.nextFollowUp, date: TODAY, time: '09:00' } },
    });
    expect(same.statusCode, same.body).toBe(201);
    await admin.request({ method: 'DELETE', url: `/api/crm/follow-ups/${same.json().data._id}` });
  });
});
