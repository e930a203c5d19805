import { CORRECTION_MESSAGES, type CorrectionDto, newId } from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { teamMembers, teams } from '../../db/schema.ts';

const C = CORRECTION_MESSAGES;
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();
const STAFF = [{ resource: 'attendance', actions: ['create', 'read', 'update'] }];

/** Issue 28: a forgotten check-out, asked for and decided by the team's manager. */
describe('attendance corrections', () => {
  let ctx: TestContext;
  let admin: Agent;
  let manager: Agent & { user: { id: string } };
  let member: Agent & { user: { id: string } };
  let outsider: Agent & { user: { id: string } };

  const ask = (as: Agent, body: Record<string, unknown>) =>
    as.request({ method: 'POST', url: '/api/hrm/attendances/corrections', payload: body });
  const decide = (as: Agent, id: string, body: Record<string, unknown>) =>
    as.request({ method: 'PATCH', url: `/api/hrm/attendances/corrections/${id}`, payload: body });
  const list = async (as: Agent, query = '') =>
    (await as.request({ method: 'GET', url: `/api/hrm/attendances/corrections${query}` })).json().data
      .corrections as CorrectionDto[];

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.clock.set(new Date(ist('2026-11-27', '12:00')));
    admin = await adminSession(ctx);
    manager = await asUserWithSession(ctx, STAFF);
    member = await asUserWithSession(ctx, STAFF);
    outsider = await asUserWithSession(ctx, STAFF);
    const team = newId();
    await ctx.database.db.insert(teams).values({ id: team, name: 'Puri showroom' });
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team, userId: manager.user.id, role: 'manager' },
      { teamId: team, userId: member.user.id, role: 'member' },
    ]);
  });
  afterAll(() => ctx.close());

  it('a forgotten check-out is asked for, approved by the team’s manager, and the day is whole again', async () => {
    const punch = (kind: string, at: string) =>
      member.request({ method: 'POST', url: '/api/hrm/attendances/punches', payload: { kind, at } });
    expect((await punch('in', ist('2026-11-25', '09:20'))).statusCode).toBe(201);
    const month = async () =>
      (await member.request({ method: 'GET', url: '/api/hrm/attendances/month?month=2026-11' }))
        .json()
        .data.days.find((d: { date: string }) => d.date === '2026-11-25');
    expect(await month()).toMatchObject({ status: 'Half Day', missingCheckOut: true });

    const asked = await ask(member, {
      date: '2026-11-25',
      kind: 'out',
      time: '18:10',
      reason: 'Phone battery died',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().message).toBe(C.requested);
    const request = asked.json().data as CorrectionDto;
    expect(request).toMatchObject({
      status: 'Pending',
      kind: 'out',
      at: ist('2026-11-25', '18:10'),
      canDecide: false,
    });
    // The same again while it waits is refused.
    const twice = await ask(member, { date: '2026-11-25', kind: 'out', time: '18:15', reason: 'Again' });
    expect(twice.json().message).toBe(C.alreadyPending);

    // The manager sees it as theirs to decide; someone outside the team does not see it at all.
    expect((await list(manager, '?status=Pending')).find((c) => c._id === request._id)?.canDecide).toBe(true);
    expect((await list(outsider)).some((c) => c._id === request._id)).toBe(false);
    // `mine`: the manager's own requests only.
    expect((await list(manager, '?mine=true')).some((c) => c._id === request._id)).toBe(false);
    expect((await list(member, '?mine=true')).map((c) => c._id)).toContain(request._id);
    const notTheirs = await decide(outsider, request._id, { decision: 'Approved' });
    expect(notTheirs.statusCode).toBe(404);
    const own = await decide(member, request._id, { decision: 'Approved' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(C.ownRequest);

    // The manager's HRM dashboard counts it among the approvals waiting.
    const dash = await manager.request({ method: 'GET', url: '/api/hrm/dashboard' });
    expect(dash.json().data.attendance.pendingCorrections).toBe(1);
    const approved = await decide(manager, request._id, { decision: 'Approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(C.approved);
    expect(approved.json().data).toMatchObject({ status: 'Approved', decidedBy: { _id: manager.user.id } });
    expect(await month()).toMatchObject({ status: 'Present', missingCheckOut: false, workedMinutes: 530 });
    expect(
      (await manager.request({ method: 'GET', url: '/api/hrm/dashboard' })).json().data.attendance
        .pendingCorrections,
    ).toBe(0);
    // Once only.
    const again = await decide(manager, request._id, { decision: 'Rejected', reason: 'Changed my mind' });
    expect(again.json().message).toBe(C.notPending);
  });

  it('a rejection needs a reason; dates and times are checked', async () => {
    const asked = await ask(member, {
      date: '2026-11-26',
      kind: 'in',
      time: '09:00',
      reason: 'Forgot at the gate',
    });
    const id = (asked.json().data as CorrectionDto)._id;
    const bare = await decide(manager, id, { decision: 'Rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/Say why the correction is rejected/);
    const rejected = await decide(admin, id, { decision: 'Rejected', reason: 'The gate log shows 10:40' });
    expect(rejected.json().data).toMatchObject({
      status: 'Rejected',
      decisionReason: 'The gate log shows 10:40',
    });
    const mine = await list(member);
    expect(mine.find((c) => c._id === id)).toMatchObject({ status: 'Rejected', canDecide: false });

    for (const [body, message] of [
      [{ date: '2026-11-28', kind: 'in', time: '09:00', reason: 'Tomorrow' }, C.dateFuture],
      [{ date: '2026-10-01', kind: 'in', time: '09:00', reason: 'Long ago' }, C.dateTooOld],
      [{ date: '2026-11-27', kind: 'out', time: '18:00', reason: 'Later today' }, C.timeFuture],
      [{ date: '2026-02-30', kind: 'in', time: '09:00', reason: 'No such day' }, C.dateRequired],
      [{ date: '2026-11-26', kind: 'in', time: '9', reason: 'Bad time' }, C.timeRequired],
      [{ date: '2026-11-26', kind: 'in', time: '09:00', reason: 'x' }, C.reasonTooShort],
    ] as const) {
      const res = await ask(member, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      (await outsider.request({ method: 'PATCH', url: '/api/hrm/attendances/corrections/zzz', payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('an approval that would put two punches at one instant is refused and changes nothing', async () => {
    await member.request({
      method: 'POST',
      url: '/api/hrm/attendances/punches',
      payload: { kind: 'in', at: ist('2026-11-24', '09:30') },
    });
    const asked = await ask(member, {
      date: '2026-11-24',
      kind: 'in',
      time: '09:30',
      reason: 'Twice by mistake',
    });
    const id = (asked.json().data as CorrectionDto)._id;
    const clash = await decide(manager, id, { decision: 'Approved' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(C.clash);
    expect((await list(member)).find((c) => c._id === id)?.status).toBe('Pending');
  });
});
