import {
  ATTENDANCE_MESSAGES,
  type AttendanceDay,
  type AttendanceMonthDto,
  type AttendanceRules,
  type AttendanceStatus,
  type AttendanceTeamDayDto,
  appDayOf,
  attendanceDay,
  can,
  DEFAULT_ATTENDANCE_RULES,
  daysOfMonth,
  describeDevice,
  deviceFromUserAgent,
  emptyAttendanceSummary,
  newId,
  type PunchDto,
  type PunchInput,
  punchTimeProblem,
  SHIFT_MAX_MS,
  weekdayOf,
} from '@karya/domain';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attendancePunches, attendanceRules, followUps, teamMembers, teams, users } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { idArray } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { listHolidays } from '../holidays/holidays.service.ts';
import { approvedLeaveDays } from '../leave/leave-scope.ts';

const M = ATTENDANCE_MESSAGES;
const RULES_ID = 'company';
/** The roles in a team that manage its members' attendance. */
const MANAGING_ROLES = ['manager', 'admin'];

type PunchRow = typeof attendancePunches.$inferSelect;
const toPunchDto = (r: PunchRow): PunchDto => ({
  _id: r.id,
  kind: r.kind as PunchDto['kind'],
  at: r.at.toISOString(),
  day: r.day,
  latitude: r.latitude,
  longitude: r.longitude,
  accuracy: r.accuracy,
  device: r.device,
  receivedAt: r.receivedAt.toISOString(),
});

// ------------------------------------------------------------------------------------------------ rules

export const getAttendanceRules = async (db: Db): Promise<AttendanceRules> => {
  const [row] = await db.select().from(attendanceRules).where(eq(attendanceRules.id, RULES_ID));
  if (!row) return DEFAULT_ATTENDANCE_RULES;
  return {
    officeStart: row.officeStart,
    officeEnd: row.officeEnd,
    graceMinutes: row.graceMinutes,
    halfDayBelowMinutes: row.halfDayBelowMinutes,
    weeklyOff: row.weeklyOff,
  };
};

export const putAttendanceRules = async (db: Db, principal: Principal, rules: AttendanceRules) => {
  const values = { ...rules, updatedAt: new Date(), updatedBy: principal.user.id };
  await db
    .insert(attendanceRules)
    .values({ id: RULES_ID, ...values })
    .onConflictDoUpdate({ target: attendanceRules.id, set: values });
  return getAttendanceRules(db);
};

// ------------------------------------------------------------------------------------------------ punch

/** The user's last punch before an instant. */
const punchBefore = (db: Db, userId: string, at: Date) =>
  db
    .select()
    .from(attendancePunches)
    .where(and(eq(attendancePunches.userId, userId), lt(attendancePunches.at, at)))
    .orderBy(desc(attendancePunches.at))
    .limit(1)
    .then((rows) => rows[0]);

/** Is this punch (the user's latest) a check-in still open: made less than a shift ago. */
const isOpenIn = (p: { kind: string; at: Date } | undefined, now: Date) =>
  p !== undefined && p.kind === 'in' && now.getTime() - p.at.getTime() <= SHIFT_MAX_MS;

/**
 * POST /hrm/attendances/punches: a check-in or check-out at the time the user tapped. One at a time per
 * user (the user's row is locked), so two taps at once cannot both check in. A punch at an instant the user
 * already has is that punch (a double send without its Idempotency-Key).
 */
export const recordPunch = async (deps: AppDeps, principal: Principal, input: PunchInput) => {
  const now = deps.clock.now();
  const problem = punchTimeProblem(input.at, now);
  if (problem) throw badRequest(problem);
  const at = new Date(input.at);
  const userId = principal.user.id;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [same] = await tx
      .select()
      .from(attendancePunches)
      .where(and(eq(attendancePunches.userId, userId), eq(attendancePunches.at, at)));
    if (same) return { punch: toPunchDto(same), day: await dayOf(tx, userId, same.day, now) };
    const previous = await punchBefore(tx, userId, at);
    const openBefore = previous !== undefined && isOpenIn(previous, at);
    if (input.kind === 'in' && openBefore) throw badRequest(M.alreadyIn);
    if (input.kind === 'out' && !openBefore) throw badRequest(M.notIn);
    // A check-out counts for the day of the check-in it closes (a night shift is one day's work).
    const day = input.kind === 'out' && previous ? previous.day : appDayOf(at);
    const ua = principal.client?.userAgent ?? null;
    const device = deviceFromUserAgent(ua);
    const [row] = await tx
      .insert(attendancePunches)
      .values({
        id: newId(),
        userId,
        kind: input.kind,
        at,
        day,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        accuracy: input.accuracy ?? null,
        device: device ? describeDevice(device) : null,
        receivedAt: now,
      })
      .returning();
    return { punch: toPunchDto(row!), day: await dayOf(tx, userId, day, now) };
  });
};

// ------------------------------------------------------------------------------------------------- days

type DayInputs = {
  punches: Map<string, PunchRow[]>;
  visits: Map<string, number>;
  holidays: Map<string, string>;
  /** Approved leave per `user|day` (decision 0023). */
  leave: Map<string, 'full' | 'half'>;
};

const byKey = <T>(rows: T[], key: (r: T) => string) => {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
};

/** Up to this many people, visits are found per person (their visits by index); more, by the days' visits. */
const VISITS_PER_PERSON_UP_TO = 20;

/**
 * Completed visits logged as follow-ups by these users (visitors or the follow-up's owner), per user and day.
 * For a few people (a month, a small team) each one's visits come from the visitors' GIN index and the
 * owner's (follow_up_by, date) index: a person has a few hundred visits, where a month has tens of thousands
 * (`type || ''` keeps the planner off the type index, which matches a quarter of the table). For many people
 * (everyone's day) the days' visits are read once and each one's people (visitors and owner) matched to
 * them through a hashed array: matching every person against every visit cost 100 ms for 2,000 people.
 */
const visitCounts = async (db: Db, userIds: string[], from: string, to: string) => {
  if (userIds.length === 0) return new Map<string, number>();
  const people = idArray(userIds);
  const rows = await db.execute(
    userIds.length <= VISITS_PER_PERSON_UP_TO
      ? sql`
    select u.id as user_id, f.day, count(*)::int as n
    from unnest(${people}) as u(id)
    join lateral (
      select f.date::text as day from ${followUps} f
      where (f.visitors @> array[u.id] or f.follow_up_by = u.id)
        and f.is_deleted = false and (f.type || '') = 'Visit' and f.status = 'Completed'
        and f.date between ${from} and ${to}
    ) f on true
    group by u.id, f.day`
      : sql`
    select p.user_id, f.date::text as day, count(*)::int as n
    from ${followUps} f
    cross join lateral (select unnest(f.visitors) as user_id union select f.follow_up_by) p
    where p.user_id = any(${people})
      and f.is_deleted = false and f.type = 'Visit' and f.status = 'Completed' and f.date between ${from} and ${to}
    group by p.user_id, f.date`,
  );
  const out = new Map<string, number>();
  for (const r of (rows as unknown as { rows: { user_id: string; day: string; n: number }[] }).rows)
    out.set(`${r.user_id}|${r.day}`, Number(r.n));
  return out;
};

const holidayNames = async (db: Db, from: string, to: string) => {
  const map = new Map<string, string>();
  for (const h of await listHolidays(db, { from, to }))
    map.set(h.date, map.has(h.date) ? `${map.get(h.date)}, ${h.name}` : h.name);
  return map;
};

export const loadDays = async (db: Db, userIds: string[], from: string, to: string): Promise<DayInputs> => {
  const [punchRows, visits, holidays, leave] = await Promise.all([
    userIds.length === 0
      ? Promise.resolve([] as PunchRow[])
      : db
          .select()
          .from(attendancePunches)
          .where(
            and(
              sql`${attendancePunches.userId} = any(${idArray(userIds)})`,
              gte(attendancePunches.day, from),
              lte(attendancePunches.day, to),
            ),
          )
          .orderBy(asc(attendancePunches.at)),
    visitCounts(db, userIds, from, to),
    holidayNames(db, from, to),
    approvedLeaveDays(db, userIds, from, to),
  ]);
  return { punches: byKey(punchRows, (p) => `${p.userId}|${p.day}`), visits, holidays, leave };
};

export const dayFrom = (
  inputs: DayInputs,
  rules: AttendanceRules,
  userId: string,
  date: string,
  now: Date,
) => {
  const holiday = inputs.holidays.get(date) ?? null;
  // Leave covers working days only: a weekly off or holiday inside a leave's range stays what it is.
  const working = !holiday && !rules.weeklyOff.includes(weekdayOf(date));
  return attendanceDay({
    date,
    punches: (inputs.punches.get(`${userId}|${date}`) ?? []).map((p) => ({
      kind: p.kind as PunchDto['kind'],
      at: p.at.toISOString(),
    })),
    rules,
    holiday,
    leave: working ? (inputs.leave.get(`${userId}|${date}`) ?? null) : null,
    visits: inputs.visits.get(`${userId}|${date}`) ?? 0,
    now,
  });
};

const dayOf = async (db: Db, userId: string, date: string, now: Date): Promise<AttendanceDay> => {
  const [rules, inputs] = await Promise.all([getAttendanceRules(db), loadDays(db, [userId], date, date)]);
  return dayFrom(inputs, rules, userId, date, now);
};

// ------------------------------------------------------------------------------------------ who sees whom

/** The users in the teams this user manages (live teams), with those teams' names. */
export const managedMembers = async (db: Db, managerId: string) => {
  const rows = await db.execute(sql`
    select m.user_id, array_agg(distinct t.name order by t.name) as teams
    from ${teamMembers} me
    join ${teams} t on t.id = me.team_id and t.is_deleted = false
    join ${teamMembers} m on m.team_id = me.team_id
    where me.user_id = ${managerId} and me.role in (${sql.join(
      MANAGING_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})
    group by m.user_id`);
  return new Map(
    (rows as unknown as { rows: { user_id: string; teams: string[] }[] }).rows.map((r) => [
      r.user_id,
      r.teams,
    ]),
  );
};

export const mayViewAll = (p: Principal) => can(p.permissions, 'attendance', 'view-all');

/**
 * The people whose attendance the caller sees beyond their own, each with the names of the caller's teams
 * they are in: everyone active with view-all, else the members of the teams the caller manages.
 */
export const visibleMembers = async (db: Db, principal: Principal) => {
  const managed = await managedMembers(db, principal.user.id);
  if (!mayViewAll(principal)) return managed;
  const all = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDeleted, false), eq(users.status, 'Active')));
  return new Map(all.map((u) => [u.id, managed.get(u.id) ?? []]));
};

// ------------------------------------------------------------------------------------------------ reads

/** GET /hrm/attendances/month: a user's month, day by day (own; a managed member's; anyone's with view-all). */
export const attendanceMonth = async (
  deps: AppDeps,
  principal: Principal,
  q: { month: string; user?: string },
): Promise<AttendanceMonthDto> => {
  const db = deps.db;
  const now = deps.clock.now();
  const userId = q.user ?? principal.user.id;
  if (userId !== principal.user.id && !mayViewAll(principal)) {
    const managed = await managedMembers(db, principal.user.id);
    if (!managed.has(userId)) throw forbidden(M.userNotVisible);
  }
  const [person] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound('User not found');
  const days = daysOfMonth(q.month);
  const today = appDayOf(now);
  const [rules, inputs, latest, todayPunches] = await Promise.all([
    getAttendanceRules(db),
    loadDays(db, [userId], days[0]!, days.at(-1)!),
    punchBefore(db, userId, new Date(now.getTime() + 1)),
    db
      .select()
      .from(attendancePunches)
      .where(and(eq(attendancePunches.userId, userId), eq(attendancePunches.day, today)))
      .orderBy(asc(attendancePunches.at)),
  ]);
  const summary = emptyAttendanceSummary();
  const out = days.map((date) => {
    const d = dayFrom(inputs, rules, userId, date, now);
    if (d.status && date <= today) summary[d.status] += 1;
    return d;
  });
  return {
    month: q.month,
    user: { _id: person.id, name: person.name },
    rules,
    days: out,
    summary,
    today: { date: today, punches: todayPunches.map(toPunchDto), open: isOpenIn(latest, now) },
  };
};

/** GET /hrm/attendances/team: the day of everyone in the teams the user manages (everyone with view-all). */
export const attendanceTeamDay = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  date: string,
): Promise<AttendanceTeamDayDto> => {
  const db = deps.db;
  const now = deps.clock.now();
  const members = await visibleMembers(db, principal);
  if (members.size === 0) return { date, manages: false, members: [] };
  const ids = [...members.keys()];
  const [rules, inputs, people] = await Promise.all([
    getAttendanceRules(db),
    loadDays(db, ids, date, date),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(sql`${users.id} = any(${idArray(ids)})`)
      .orderBy(asc(users.name)),
  ]);
  return {
    date,
    manages: true,
    members: people.map((p) => ({
      user: { _id: p.id, name: p.name },
      teams: members.get(p.id) ?? [],
      day: dayFrom(inputs, rules, p.id, date, now),
    })),
  };
};

/**
 * The HRM dashboard's attendance (issue 28): the caller's day, and for a team manager (or view-all) how
 * many of the team are at each status today ('Not in yet' for today's days without a status).
 */
export const attendanceToday = async (deps: Pick<AppDeps, 'db' | 'clock'>, principal: Principal) => {
  const now = deps.clock.now();
  const date = appDayOf(now);
  const [rules, inputs, team] = await Promise.all([
    getAttendanceRules(deps.db),
    loadDays(deps.db, [principal.user.id], date, date),
    attendanceTeamDay(deps, principal, date),
  ]);
  const counts: Partial<Record<AttendanceStatus | 'Not in yet', number>> = {};
  for (const m of team.members) {
    const key = m.day.status ?? 'Not in yet';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return {
    today: dayFrom(inputs, rules, principal.user.id, date, now),
    team: team.manages ? { total: team.members.length, counts } : null,
  };
};
