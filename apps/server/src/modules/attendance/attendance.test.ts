import {
  ATTENDANCE_MESSAGES,
  type AttendanceMonthDto,
  type AttendanceTeamDayDto,
  newId,
  type PunchDto,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { customers, followUps, teamMembers, teams, users } from '../../db/schema.ts';
import { loadDays } from './attendance.service.ts';

const M = ATTENDANCE_MESSAGES;
/** An instant in India time: ist('2026-11-24', '09:20'). */
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();
const OWN = [{ resource: 'attendance', actions: ['create', 'read'] }];

describe('attendance (issue 28)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let clerk: Agent & { user: { id: string } };

  const punch = (as: Agent, kind: 'in' | 'out', at: string, headers: Record<string, string> = {}) =>
    as.request({
      method: 'POST',
      url: '/api/hrm/attendances/punches',
      payload: { kind, at, latitude: 20.4625, longitude: 85.8828, accuracy: 12 },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile', ...headers },
    });
  const month = async (as: Agent, query: string) => {
    const res = await as.request({ method: 'GET', url: `/api/hrm/attendances/month?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AttendanceMonthDto;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    // Friday 27 November 2026, 12:00 in India.
    ctx.clock.set(new Date(ist('2026-11-27', '12:00')));
    admin = await adminSession(ctx);
    clerk = await asUserWithSession(ctx, OWN);
  });
  afterAll(() => ctx.close());

  it('checks in and out with the time of the tap, the location and the device; refuses what cannot be', async () => {
    const a = await asUserWithSession(ctx, OWN);
    const inRes = await punch(a, 'in', ist('2026-11-27', '09:41'));
    expect(inRes.statusCode, inRes.body).toBe(201);
    expect(inRes.json().message).toBe(M.checkedIn);
    const { punch: p, day } = inRes.json().data as {
      punch: PunchDto;
      day: { status: string; open: boolean };
    };
    expect(p).toMatchObject({ kind: 'in', day: '2026-11-27', latitude: 20.4625, accuracy: 12 });
    expect(p.device).toMatch(/Android/);
    expect(day).toMatchObject({ status: 'Present', open: true });

    expect((await punch(a, 'in', ist('2026-11-27', '09:50'))).json().message).toBe(M.alreadyIn);
    const out = await punch(a, 'out', ist('2026-11-27', '11:59'));
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json().message).toBe(M.checkedOut);
    // The same instant again (a double send without its key): the same punch, not a second one.
    const twice = await punch(a, 'out', ist('2026-11-27', '11:59'));
    expect(twice.statusCode).toBe(201);
    expect(twice.json().data.punch._id).toBe(out.json().data.punch._id);
    const me = await month(a, 'month=2026-11');
    expect(me.today.punches.map((x) => x.kind)).toEqual(['in', 'out']);
    expect(me.today.open).toBe(false);

    const b = await asUserWithSession(ctx, OWN);
    const notIn = await punch(b, 'out', ist('2026-11-27', '10:00'));
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json().message).toBe(M.notIn);
    const future = await punch(b, 'in', ist('2026-11-27', '12:30'));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(M.atInFuture);
    expect((await punch(b, 'in', ist('2026-11-19', '09:00'))).json().message).toBe(M.atTooOld);
    const junk = await b.request({
      method: 'POST',
      url: '/api/hrm/attendances/punches',
      payload: { kind: 'sideways', at: 'yesterday', userId: a.cookie },
    });
    expect(junk.statusCode).toBe(400);
    expect((await month(b, 'month=2026-11')).today.punches).toEqual([]);
  });

  it('a punch made offline arrives later with its own time, once, however often it is sent', async () => {
    const at = ist('2026-11-26', '09:50');
    const key = `offline-${newId()}`;
    const first = await punch(clerk, 'in', at, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await punch(clerk, 'in', at, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await punch(clerk, 'out', ist('2026-11-26', '18:05'))).statusCode).toBe(201);
    const m = await month(clerk, 'month=2026-11');
    const thursday = m.days.find((d) => d.date === '2026-11-26')!;
    expect(thursday).toMatchObject({ status: 'Present', workedMinutes: 495, late: true, firstIn: at });
    expect(m.today.punches).toEqual([]);
  });

  it('an overnight shift is one day’s work; a month says what each day was', async () => {
    const n = await asUserWithSession(ctx, OWN);
    expect((await punch(n, 'in', ist('2026-11-25', '22:00'))).statusCode).toBe(201);
    const out = await punch(n, 'out', ist('2026-11-26', '06:30'));
    expect((out.json().data as { punch: PunchDto }).punch.day).toBe('2026-11-25');
    const m = await month(n, 'month=2026-11');
    const day = (d: string) => m.days.find((x) => x.date === d)!;
    expect(day('2026-11-25')).toMatchObject({ status: 'Present', workedMinutes: 510 });
    expect(day('2026-11-26').status).toBe('Absent');
    expect(day('2026-11-22').status).toBe('Weekly Off');
    // Guru Nanak's birthday (the seeded holiday list) is a holiday; days to come have no status yet.
    expect(day('2026-11-24')).toMatchObject({
      status: 'Holiday',
      holiday: expect.stringMatching(/Guru Nanak/),
    });
    expect(day('2026-11-30').status).toBeNull();
    expect(m.summary.Present).toBe(1);
    expect(m.rules.officeStart).toBe('09:30');
  });

  it('a completed visit logged as a follow-up counts toward the day: On Field', async () => {
    const v = await asUserWithSession(ctx, OWN);
    const school = newId();
    await ctx.database.db
      .insert(customers)
      .values({ id: school, type: 'Organization', name: 'DAV Public School' });
    const visit = (over: Partial<typeof followUps.$inferInsert>) => ({
      id: newId(),
      followUpId: Math.floor(Math.random() * 1e6) + 10_000,
      customerId: school,
      type: 'Visit',
      reason: 'Other',
      otherReason: 'Demo',
      date: '2026-11-23',
      time: '11:00',
      status: 'Completed',
      visitors: [v.user.id],
      ...over,
    });
    await ctx.database.db
      .insert(followUps)
      .values([
        visit({}),
        visit({ date: '2026-11-25', status: 'Scheduled' }),
        visit({ date: '2026-11-20', isDeleted: true }),
      ]);
    const m = await month(v, 'month=2026-11');
    const day = (d: string) => m.days.find((x) => x.date === d)!;
    expect(day('2026-11-23')).toMatchObject({ status: 'On Field', visits: 1 });
    expect(day('2026-11-25').status).toBe('Absent');
    expect(day('2026-11-20').status).toBe('Absent');
    // Both ways of finding visits agree: per person (a few people) and by the days' visits (many people).
    const many = [v.user.id, ...Array.from({ length: 24 }, () => newId())];
    for (const ids of [[v.user.id], many]) {
      const inputs = await loadDays(ctx.database.db, ids, '2026-11-01', '2026-11-30');
      expect([...inputs.visits.entries()], String(ids.length)).toEqual([[`${v.user.id}|2026-11-23`, 1]]);
    }
  });

  it('a manager sees the team’s day and a member’s month; others only their own', async () => {
    const manager = await asUserWithSession(ctx, [{ resource: 'attendance', actions: ['read'] }]);
    const member = await asUserWithSession(ctx, OWN);
    const outsider = await asUserWithSession(ctx, OWN);
    const team = newId();
    await ctx.database.db.insert(teams).values({ id: team, name: 'Cuttack field team' });
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team, userId: manager.user.id, role: 'manager' },
      { teamId: team, userId: member.user.id, role: 'member' },
    ]);
    await punch(member, 'in', ist('2026-11-27', '09:20'));

    const res = await manager.request({ method: 'GET', url: '/api/hrm/attendances/team?date=2026-11-27' });
    const day = res.json().data as AttendanceTeamDayDto;
    expect(day.manages).toBe(true);
    const row = day.members.find((x) => x.user._id === member.user.id)!;
    expect(row).toMatchObject({ teams: ['Cuttack field team'], day: { status: 'Present', open: true } });
    expect(day.members.some((x) => x.user._id === outsider.user.id)).toBe(false);
    expect((await month(manager, `month=2026-11&user=${member.user.id}`)).user._id).toBe(member.user.id);

    const refused = await outsider.request({
      method: 'GET',
      url: `/api/hrm/attendances/month?month=2026-11&user=${member.user.id}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.userNotVisible);
    const none = await outsider.request({ method: 'GET', url: '/api/hrm/attendances/team' });
    expect(none.json().data).toMatchObject({ manages: false, members: [] });
    // The HRM dashboard: the manager's team counted by status, the member's own day.
    const dash = await manager.request({ method: 'GET', url: '/api/hrm/dashboard' });
    expect(dash.json().data.attendance).toMatchObject({
      visible: true,
      team: { total: 2, counts: { Present: 1, 'Not in yet': 1 } },
    });
    const own = await member.request({ method: 'GET', url: '/api/hrm/dashboard' });
    expect(own.json().data.attendance).toMatchObject({ visible: true, today: { open: true }, team: null });
    // The month's register (.xlsx): the manager's team, a code per day, the totals.
    const register = await manager.request({
      method: 'GET',
      url: '/api/hrm/attendances/register?month=2026-11',
    });
    expect(register.statusCode, register.body.slice(0, 200)).toBe(200);
    expect(register.headers['content-disposition']).toContain('attendance-2026-11.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(register.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(3).values as unknown[];
    const rowOf = (name: string) => {
      let found: unknown[] = [];
      sheet.eachRow((row) => {
        if (row.getCell(1).value === name) found = row.values as unknown[];
      });
      return found;
    };
    const [person] = await ctx.database.db.select().from(users).where(eq(users.id, member.user.id));
    const memberRow = rowOf(person!.name);
    // Column 1 is Name; days start at column 4: the 27th is column 30, a Present day; the 22nd a Sunday.
    expect(header[4]).toBe('1');
    expect(memberRow[30]).toBe('P');
    expect(memberRow[25]).toBe('WO');
    expect(memberRow[header.indexOf('Present days')]).toBe(1);
    const refusedRegister = await outsider.request({ method: 'GET', url: '/api/hrm/attendances/register' });
    expect(refusedRegister.statusCode).toBe(403);
    // View-all sees everyone.
    const all = await admin.request({ method: 'GET', url: '/api/hrm/attendances/team?date=2026-11-27' });
    expect(
      (all.json().data as AttendanceTeamDayDto).members.some((x) => x.user._id === outsider.user.id),
    ).toBe(true);
  });

  it('permissions and bad queries: 403 without the action, 400 with a clear message', async () => {
    const none = await asUserWithSession(ctx, [{ resource: 'attendance', actions: ['read'] }]);
    expect((await punch(none, 'in', ist('2026-11-27', '09:00'))).statusCode).toBe(403);
    for (const q of ['month=2026-13', 'month=nov', 'user=zzz']) {
      const res = await clerk.request({ method: 'GET', url: `/api/hrm/attendances/month?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    const bad = await clerk.request({ method: 'GET', url: '/api/hrm/attendances/team?date=2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Date must be YYYY-MM-DD/);
  });

  it('the rules: company settings’ update changes them, checked; everyone reads them', async () => {
    const rules = {
      officeStart: '10:00',
      officeEnd: '18:00',
      graceMinutes: 10,
      halfDayBelowMinutes: 300,
      weeklyOff: [6, 0],
    };
    expect(
      (await clerk.request({ method: 'PUT', url: '/api/hrm/attendances/rules', payload: rules })).statusCode,
    ).toBe(403);
    const wrong = await admin.request({
      method: 'PUT',
      url: '/api/hrm/attendances/rules',
      payload: { ...rules, officeEnd: '09:00' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/Office end must be after office start/);
    const put = await admin.request({ method: 'PUT', url: '/api/hrm/attendances/rules', payload: rules });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.weeklyOff).toEqual([0, 6]);
    const m = await month(clerk, 'month=2026-11');
    expect(m.days.find((d) => d.date === '2026-11-28')!.status).toBe('Weekly Off');
    // The day checked in at 09:50 is not late from 10:00.
    expect(m.days.find((d) => d.date === '2026-11-26')!.late).toBe(false);
  });
});
