import { ERROR_CODES, LEAVE_MESSAGES, type LeaveBalance, type LeaveDto, newId } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { holidays, teamMembers, teams, userRoles } from '../../db/schema.ts';

const M = LEAVE_MESSAGES;
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);
const STAFF = [
  { resource: 'leave', actions: ['create', 'read', 'update', 'delete'] },
  { resource: 'attendance', actions: ['create', 'read'] },
];
type Who = Agent & { user: { id: string; email: string } };

/** Issue 28, decision 0023: leave applied, decided by the team's manager, cancelled; balances and attendance. */
describe('leave', () => {
  let ctx: TestContext;
  let admin: Agent;
  let manager: Who;
  let member: Who;
  let outsider: Who;

  const apply = (as: Agent, body: Record<string, unknown>) =>
    as.request({ method: 'POST', url: '/api/hrm/leaves', payload: { reason: 'Family function', ...body } });
  const decide = (as: Agent, id: string, body: Record<string, unknown>) =>
    as.request({ method: 'PATCH', url: `/api/hrm/leaves/${id}/decision`, payload: body });
  const cancel = (as: Agent, id: string, body: Record<string, unknown> = {}) =>
    as.request({ method: 'PATCH', url: `/api/hrm/leaves/${id}/cancel`, payload: body });
  const balances = async (as: Agent, query = '') =>
    (await as.request({ method: 'GET', url: `/api/hrm/leaves/balances${query}` })).json().data
      .balances as LeaveBalance[];
  const balance = async (as: Agent, type: string) => (await balances(as)).find((b) => b.leaveType === type)!;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Friday 27 November 2026, noon in India.
    ctx.clock.set(ist('2026-11-27', '12:00'));
    admin = await adminSession(ctx);
    manager = (await asUserWithSession(ctx, STAFF)) as Who;
    member = (await asUserWithSession(ctx, STAFF)) as Who;
    outsider = (await asUserWithSession(ctx, STAFF)) as Who;
    const team = newId();
    await ctx.database.db.insert(teams).values({ id: team, name: 'Cuttack sales' });
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team, userId: manager.user.id, role: 'manager' },
      { teamId: team, userId: member.user.id, role: 'member' },
    ]);
    await ctx.database.db
      .insert(holidays)
      .values({ id: newId(), date: '2026-12-25', name: 'Christmas', kind: 'Public', region: 'IN' })
      .onConflictDoNothing();
  });
  afterAll(() => ctx.close());

  it('an application counts working days only, reserves them, and the manager approves it; attendance shows it', async () => {
    ctx.mailer.sent.length = 0;
    // Thursday 24 December to Monday 28 December: Christmas (Friday) and Sunday do not count.
    const res = await apply(member, { leaveType: 'Casual', from: '2026-12-24', to: '2026-12-28' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.applied);
    const leave = res.json().data as LeaveDto;
    expect(leave).toMatchObject({ status: 'Pending', days: 3, canDecide: false, canCancel: true });
    expect(await balance(member, 'Casual')).toMatchObject({
      allocated: 12,
      pending: 3,
      taken: 0,
      available: 9,
    });
    // The manager was told.
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(
      ctx.mailer.sent.some((m) => m.to === manager.user.email && m.subject.startsWith('Leave to decide')),
    ).toBe(true);

    // Someone outside the team does not see it; the member cannot decide their own.
    expect((await outsider.request({ method: 'GET', url: `/api/hrm/leaves/${leave._id}` })).statusCode).toBe(
      404,
    );
    expect((await decide(outsider, leave._id, { decision: 'Approved' })).statusCode).toBe(404);
    const own = await decide(member, leave._id, { decision: 'Approved' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(M.ownLeave);

    const seen = (await manager.request({ method: 'GET', url: `/api/hrm/leaves/${leave._id}` })).json().data;
    expect(seen.canDecide).toBe(true);
    const approved = await decide(manager, leave._id, { decision: 'Approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: M.approved, data: { status: 'Approved' } });
    const again = await decide(manager, leave._id, { decision: 'Rejected', reason: 'Busy' });
    expect(again.json().message).toBe(M.notPending);
    expect(await balance(member, 'Casual')).toMatchObject({ pending: 0, taken: 3, available: 9 });
    expect(ctx.mailer.sent.some((m) => m.to === member.user.email && m.subject.includes('approved'))).toBe(
      true,
    );

    // The member's December: the leave's working days are On Leave; Christmas and Sunday stay themselves.
    const days = (
      await member.request({ method: 'GET', url: '/api/hrm/attendances/month?month=2026-12' })
    ).json().data.days as { date: string; status: string }[];
    const on = (d: string) => days.find((x) => x.date === d)?.status;
    expect([
      on('2026-12-24'),
      on('2026-12-25'),
      on('2026-12-26'),
      on('2026-12-27'),
      on('2026-12-28'),
    ]).toEqual(['On Leave', 'Holiday', 'On Leave', 'Weekly Off', 'On Leave']);

    // History: applied, then approved.
    const history = (
      await manager.request({ method: 'GET', url: `/api/hrm/leaves/${leave._id}/history` })
    ).json().data.history as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['update', 'create']);

    // Cancelled by the member before it starts: the days come back.
    const cancelled = await cancel(member, leave._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('Cancelled');
    expect(await balance(member, 'Casual')).toMatchObject({ taken: 0, available: 12 });
  });

  it('refuses overlaps (but not the other half of a day), too much, holidays only, and bad input, writing nothing', async () => {
    const first = await apply(member, {
      leaveType: 'Sick',
      from: '2026-11-30',
      to: '2026-11-30',
      half: 'first',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.days).toBe(0.5);
    const second = await apply(member, {
      leaveType: 'Casual',
      from: '2026-11-30',
      to: '2026-11-30',
      half: 'second',
    });
    expect(second.statusCode, second.body).toBe(201);
    const clash = await apply(member, { leaveType: 'Casual', from: '2026-11-28', to: '2026-12-01' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(M.overlap('2026-11-30'));
    expect(clash.json().message).toBe('You already have leave on 30/11/2026');

    const much = await apply(member, { leaveType: 'Earned', from: '2026-12-01', to: '2026-12-31' });
    expect(much.json().message).toBe(M.notEnough('Earned', 15, 26));
    const sunday = await apply(member, { leaveType: 'Casual', from: '2026-12-06', to: '2026-12-06' });
    expect(sunday.json().message).toBe(M.noWorkingDays);
    const old = await apply(member, { leaveType: 'Casual', from: '2026-10-01', to: '2026-10-01' });
    expect(old.json().message).toBe(M.tooOld);

    for (const [body, message] of [
      [{ leaveType: 'Annual', from: '2026-12-01', to: '2026-12-01' }, M.typeRequired],
      [{ leaveType: 'Casual', from: '2026-12-02', to: '2026-12-01' }, M.toBeforeFrom],
      [{ leaveType: 'Casual', from: '2026-12-31', to: '2027-01-01' }, M.sameYear],
      [{ leaveType: 'Casual', from: '2026-12-01', to: '2026-12-02', half: 'first' }, M.halfOneDay],
      [{ leaveType: 'Casual', from: '2026-02-30', to: '2026-03-01' }, M.fromRequired],
      [{ leaveType: 'Casual', from: '2026-12-01', to: '2026-12-01', reason: '' }, M.reasonRequired],
    ] as const) {
      const res = await apply(member, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const mine = (
      await member.request({ method: 'GET', url: '/api/hrm/leaves?filters[status]=Pending' })
    ).json().data;
    expect(mine.leaves).toHaveLength(2);
  });

  it('two applications sent at the same moment cannot both take the last days', async () => {
    const who = (await asUserWithSession(ctx, STAFF)) as Who;
    const ten = await apply(who, { leaveType: 'Sick', from: '2026-12-01', to: '2026-12-11' });
    expect(ten.json().data.days).toBe(10);
    const [a, b] = await Promise.all([
      apply(who, { leaveType: 'Sick', from: '2026-12-14', to: '2026-12-15' }),
      apply(who, { leaveType: 'Sick', from: '2026-12-16', to: '2026-12-17' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect(await balance(who, 'Sick')).toMatchObject({ pending: 12, available: 0 });
  });

  it('a rejection needs a reason; a started leave is cancelled by the manager with a reason', async () => {
    const res = await apply(member, { leaveType: 'Unpaid', from: '2026-11-26', to: '2026-11-27' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    expect((await decide(manager, id, { decision: 'Rejected' })).json().message).toBe(M.rejectReasonRequired);
    expect((await decide(manager, id, { decision: 'Approved' })).statusCode).toBe(200);
    // It started yesterday: the member may not cancel it any more; the manager may, saying why.
    const late = await cancel(member, id);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.startedCancel);
    expect((await cancel(manager, id)).json().message).toBe(M.cancelReasonRequired);
    const done = await cancel(manager, id, { reason: 'Came to work after all' });
    expect(done.json().data).toMatchObject({ status: 'Cancelled', cancelReason: 'Came to work after all' });
    expect(
      ctx.mailer.sent.some((m) => m.to === member.user.email && m.subject.startsWith('Leave cancelled')),
    ).toBe(true);
  });

  it('allocations by role and person set the balances; the calendar and list keep to the caller’s scope', async () => {
    const [role] = await ctx.database.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, outsider.user.id));
    const put = await admin.request({
      method: 'PUT',
      url: '/api/hrm/leaves/allocations',
      payload: {
        year: 2026,
        allocations: [
          { leaveType: 'Casual', roleId: role!.roleId, days: 8 },
          { leaveType: 'Casual', userId: outsider.user.id, days: 10.5 },
          { leaveType: 'Earned', roleId: role!.roleId, days: 20 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.allocations).toHaveLength(3);
    // The person's own allocation wins over the role's; the role's over the default.
    const b = await balances(outsider);
    expect(b.find((x) => x.leaveType === 'Casual')?.allocated).toBe(10.5);
    expect(b.find((x) => x.leaveType === 'Earned')?.allocated).toBe(20);
    expect(b.find((x) => x.leaveType === 'Unpaid')).toMatchObject({ limited: false, available: null });
    // Without allocate: 403. Half days only.
    expect((await manager.request({ method: 'GET', url: '/api/hrm/leaves/allocations' })).statusCode).toBe(
      403,
    );
    const bad = await admin.request({
      method: 'PUT',
      url: '/api/hrm/leaves/allocations',
      payload: { year: 2026, allocations: [{ leaveType: 'Casual', userId: outsider.user.id, days: 1.25 }] },
    });
    expect(bad.json().message).toBe(M.daysInvalid);

    // Another's balances: the manager for a member, not the outsider.
    expect(
      (await manager.request({ method: 'GET', url: `/api/hrm/leaves/balances?user=${member.user.id}` }))
        .statusCode,
    ).toBe(200);
    const refused = await outsider.request({
      method: 'GET',
      url: `/api/hrm/leaves/balances?user=${member.user.id}`,
    });
    expect(refused.statusCode).toBe(403);

    const calendar = (who: Agent) =>
      who
        .request({ method: 'GET', url: '/api/hrm/leaves/calendar?month=2026-11' })
        .then((r) => r.json().data);
    const forManager = await calendar(manager);
    expect(forManager.team).toBe(true);
    expect(
      forManager.leaves.every(
        (l: LeaveDto) => l.user._id === member.user.id || l.user._id === manager.user.id,
      ),
    ).toBe(true);
    expect((await calendar(outsider)).team).toBe(false);
    const listed = (await outsider.request({ method: 'GET', url: '/api/hrm/leaves' })).json().data;
    expect(listed.leaves.every((l: LeaveDto) => l.user._id === outsider.user.id)).toBe(true);

    // The dashboard: the manager has nothing waiting now; the member's balances are there.
    const dash = (await member.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.leave;
    expect(dash.visible).toBe(true);
    expect(dash.balances).toHaveLength(4);
  });

  it('deciding without read on leave is refused with what is missing, and nothing changes', async () => {
    const applied = await apply(member, { leaveType: 'Casual', from: '2026-12-03', to: '2026-12-03' });
    expect(applied.statusCode, applied.body).toBe(201);
    const blind = (await asUserWithSession(ctx, [
      { resource: 'leave', actions: ['update', 'view-all'] },
    ])) as Who;
    const res = await decide(blind, applied.json().data._id, { decision: 'Approved' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      error: ERROR_CODES.MISSING_DEPENDENCY,
      data: { missing: ['leave:read'] },
    });
    expect(res.json().message).toMatch(/^Deciding leave also needs Read on /);
    const still = await manager.request({ method: 'GET', url: `/api/hrm/leaves/${applied.json().data._id}` });
    expect(still.json().data.status).toBe('Pending');
  });

  it('the HRM dashboard counts the applications waiting for a manager', async () => {
    const res = await apply(member, { leaveType: 'Casual', from: '2026-12-02', to: '2026-12-02' });
    expect(res.statusCode, res.body).toBe(201);
    const dash = (await manager.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.leave;
    expect(dash.pendingApprovals).toBeGreaterThanOrEqual(1);
    const mine = (await member.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.leave;
    expect(mine.myPending).toBeGreaterThanOrEqual(1);
  });
});
