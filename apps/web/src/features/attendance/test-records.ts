import {
  type AttendanceDay,
  type AttendanceMonthDto,
  type AttendanceTeamDayDto,
  CORRECTION_MESSAGES,
  type CorrectionDto,
  DEFAULT_ATTENDANCE_RULES,
  daysOfMonth,
  emptyAttendanceSummary,
  type PunchDto,
} from '@karya/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { outbox } from '../../lib/outbox';
import { type Answer, type Call, envelope, ME_ID, meWith, stubNetwork } from '../../test/harness';

/** Shared by the attendance tests: the clock, a month, a team's day and the network as each test sets it. */

/** Monday 16 November 2026, 09:42 AM in India. */
export const NOW = new Date('2026-11-16T04:12:00.000Z');
export const TODAY = '2026-11-16';

/** An India time on a day as an instant: at('2026-10-01', '09:20'). */
export const at = (date: string, hhmm: string) =>
  new Date(Date.parse(`${date}T${hhmm}:00+05:30`)).toISOString();

export const day = (date: string, overrides: Partial<AttendanceDay> = {}): AttendanceDay => ({
  date,
  status: null,
  firstIn: null,
  lastOut: null,
  workedMinutes: 0,
  late: false,
  missingCheckOut: false,
  open: false,
  holiday: null,
  visits: 0,
  ...overrides,
});

/** A month whose days are as given (the rest without status), its summary counted from them. */
export const monthDto = (
  month: string,
  days: Record<string, Partial<AttendanceDay>> = {},
  more: Partial<AttendanceMonthDto> = {},
): AttendanceMonthDto => {
  const all = daysOfMonth(month).map((d) => day(d, days[d]));
  const summary = emptyAttendanceSummary();
  for (const d of all) if (d.status) summary[d.status] += 1;
  return {
    month,
    user: { _id: ME_ID, name: 'Asha Admin' },
    rules: DEFAULT_ATTENDANCE_RULES,
    days: all,
    summary,
    today: { date: TODAY, punches: [], open: false },
    ...more,
  };
};

export const punchDto = (kind: 'in' | 'out', when: string): PunchDto => ({
  _id: `${kind === 'in' ? 'c' : 'd'}${'0'.repeat(23)}`,
  kind,
  at: when,
  day: when.slice(0, 10),
  latitude: null,
  longitude: null,
  accuracy: null,
  device: null,
  receivedAt: when,
});

/** A correction request: by default the signed-in user's, a check-out on Friday 13 November, Pending. */
export const correctionDto = (overrides: Partial<CorrectionDto> = {}): CorrectionDto => ({
  _id: `c1${'0'.repeat(22)}`,
  user: { _id: ME_ID, name: 'Asha Admin' },
  date: '2026-11-13',
  kind: 'out',
  at: at('2026-11-13', '18:30'),
  reason: 'Forgot to check out',
  status: 'Pending',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  createdAt: at(TODAY, '09:00'),
  canDecide: false,
  ...overrides,
});

export const teamDto = (manages: boolean, members: AttendanceTeamDayDto['members'] = []) => ({
  date: TODAY,
  manages,
  members,
});

/**
 * The network for every test of the file: the session is `net.me`, a month answers `net.months[month]`
 * (else an empty month), the team's day `net.team`, a punch `net.punch` (a stateful server by default:
 * the punch is answered and the month shows it); `net.answer` is asked first and may answer anything. Date is frozen at NOW;
 * the outbox starts empty.
 */
export const stubAttendanceNetwork = () => {
  const net: {
    me: ReturnType<typeof meWith>;
    months: Record<string, AttendanceMonthDto>;
    team: AttendanceTeamDayDto;
    punch: Answer;
    /** What GET /corrections answers (filtered by `status`); a request adds to it, a decision changes it. */
    corrections: CorrectionDto[];
    answer: Answer;
    calls: Call[];
  } = {
    me: meWith({}),
    months: {},
    team: teamDto(false),
    punch: () => undefined,
    corrections: [],
    answer: () => undefined,
    calls: [],
  };
  /** The default punch answer: recorded, and this month's today shows it. */
  const recordPunch: Answer = (_m, _u, body) => {
    const { kind, at: when } = body as { kind: 'in' | 'out'; at: string };
    const punch = punchDto(kind, when);
    const current = net.months['2026-11'] ?? monthDto('2026-11');
    const today = day(TODAY, { status: 'Present', firstIn: when, open: kind === 'in' });
    net.months['2026-11'] = {
      ...current,
      days: current.days.map((d) => (d.date === TODAY ? today : d)),
      today: { date: TODAY, punches: [...current.today.punches, punch], open: kind === 'in' },
    };
    return envelope({ punch, day: today }, 201, kind === 'in' ? 'Checked in' : 'Checked out');
  };
  /** GET lists them (by status), POST adds a Pending one of the signed-in user. */
  const correctionsAnswer = (method: string, params: URLSearchParams, body: unknown) => {
    if (method === 'GET') {
      const status = params.get('status');
      const mine = params.get('mine') === 'true';
      return envelope({
        corrections: net.corrections.filter(
          (c) => (!status || c.status === status) && (!mine || c.user._id === ME_ID),
        ),
      });
    }
    if (method !== 'POST') return undefined;
    const { date, kind, time, reason } = body as {
      date: string;
      kind: 'in' | 'out';
      time: string;
      reason: string;
    };
    const made = correctionDto({
      _id: `c${net.corrections.length + 2}${'0'.repeat(22)}`,
      date,
      kind,
      at: at(date, time),
      reason,
      createdAt: NOW.toISOString(),
    });
    net.corrections = [made, ...net.corrections];
    return envelope(made, 201, CORRECTION_MESSAGES.requested);
  };
  /** PATCH /corrections/{id}: the decision, made by the signed-in user. */
  const decide = (id: string, body: unknown) => {
    const found = net.corrections.find((c) => c._id === id);
    if (!found) return envelope(null, 404, CORRECTION_MESSAGES.notFound);
    const { decision, reason } = body as { decision: 'Approved' | 'Rejected'; reason?: string };
    const done: CorrectionDto = {
      ...found,
      status: decision,
      decidedBy: { _id: ME_ID, name: 'Asha Admin' },
      decidedAt: NOW.toISOString(),
      decisionReason: reason ?? null,
      canDecide: false,
    };
    net.corrections = net.corrections.map((c) => (c._id === id ? done : c));
    return envelope(
      done,
      200,
      decision === 'Approved' ? CORRECTION_MESSAGES.approved : CORRECTION_MESSAGES.rejected,
    );
  };
  net.calls = stubNetwork(
    () => net.me,
    (method, url, body) => {
      const answered = net.answer(method, url, body);
      if (answered) return answered;
      const [path, query = ''] = url.split('?');
      const params = new URLSearchParams(query);
      if (method === 'GET' && path === '/api/hrm/attendances/month') {
        const month = params.get('month') ?? '2026-11';
        return envelope(net.months[month] ?? monthDto(month));
      }
      if (method === 'GET' && path === '/api/hrm/attendances/team') return envelope(net.team);
      if (method === 'POST' && path === '/api/hrm/attendances/punches')
        return net.punch(method, url, body) ?? recordPunch(method, url, body);
      if (path === '/api/hrm/attendances/corrections') return correctionsAnswer(method, params, body);
      const decided = path?.match(/^\/api\/hrm\/attendances\/corrections\/(\w+)$/);
      if (method === 'PATCH' && decided) return decide(decided[1]!, body);
      return undefined;
    },
  );
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const e of outbox.list()) outbox.discard(e.id);
    net.me = meWith({ attendance: ['read', 'create'] });
    net.months = {};
    net.team = teamDto(false);
    net.punch = () => undefined;
    net.corrections = [];
    net.answer = () => undefined;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return net;
};

/** The calls to one path (method and path, without the query). */
export const callsTo = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === `/api${path}`);
