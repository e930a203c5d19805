import {
  DEFAULT_ATTENDANCE_RULES,
  type HolidayDto,
  LEAVE_MESSAGES,
  type LeaveAllocationsDto,
  type LeaveBalance,
  type LeaveDto,
  type LeaveHalf,
  type LeaveType,
  leaveHalves,
} from '@karya/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Answer, type Call, envelope, ME_ID, meWith, stubNetwork } from '../../test/harness';

/** Shared by the leave tests: the clock, leave records, balances and a small stateful server. */

/** Monday 16 November 2026, 09:42 AM in India. */
export const NOW = new Date('2026-11-16T04:12:00.000Z');
export const TODAY = '2026-11-16';

export const ME = { _id: ME_ID, name: 'Asha Admin' };
export const RAVI = { _id: 'e'.repeat(24), name: 'Ravi Kumar' };
export const SUNITA = { _id: 'f'.repeat(24), name: 'Sunita Rao' };
export const MEERA = { _id: 'b'.repeat(24), name: 'Meera Manager' };

/** An id from a number: leaveId(1) → '1000…'. */
export const leaveId = (n: number) => `${n}`.padEnd(24, '0');

/** A leave: by default mine, casual, Thursday 19 to Friday 20 November, two days, Pending. */
export const leaveDto = (overrides: Partial<LeaveDto> = {}): LeaveDto => ({
  _id: leaveId(1),
  user: ME,
  leaveType: 'Casual',
  from: '2026-11-19',
  to: '2026-11-20',
  half: null,
  days: 2,
  reason: 'Family function in Cuttack',
  status: 'Pending',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  cancelledBy: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-10T05:00:00.000Z',
  updatedAt: '2026-11-10T05:00:00.000Z',
  canDecide: false,
  canCancel: true,
  ...overrides,
});

export const balance = (leaveType: LeaveType, allocated: number, taken = 0, pending = 0): LeaveBalance =>
  leaveType === 'Unpaid'
    ? { leaveType, limited: false, allocated: 0, taken, pending, available: null }
    : { leaveType, limited: true, allocated, taken, pending, available: allocated - taken - pending };

export const BALANCES: LeaveBalance[] = [
  balance('Casual', 12, 2, 2),
  balance('Sick', 12, 1),
  balance('Earned', 15),
  balance('Unpaid', 0),
];

/** Children's Day is a Saturday in 2026; 25 December a Friday. */
export const HOLIDAYS: HolidayDto[] = [
  { _id: 'h1'.padEnd(24, '0'), date: '2026-12-25', name: 'Christmas', kind: 'National', region: 'IN' },
];

/**
 * The network for every test of the file: a small leave server over `net.leaves` (the list filters by
 * status, user and type; an application is added Pending with its working days counted as the server
 * would; a decision and a cancellation change the leave), the balances, the calendar (`net.team`), the
 * allocations, the attendance rules (Sunday off) and the holidays. `net.answer` is asked first. Date is
 * frozen at NOW.
 */
export const stubLeaveNetwork = () => {
  const net: {
    me: ReturnType<typeof meWith>;
    leaves: LeaveDto[];
    balances: LeaveBalance[];
    team: boolean;
    allocations: LeaveAllocationsDto;
    answer: Answer;
    calls: Call[];
  } = {
    me: meWith({}),
    leaves: [],
    balances: BALANCES,
    team: false,
    allocations: { year: 2026, allocations: [], defaults: { Casual: 12, Sick: 12, Earned: 15, Unpaid: 0 } },
    answer: () => undefined,
    calls: [],
  };

  const list = (params: URLSearchParams) => {
    const status = params.getAll('filters[status][]');
    const users = params.getAll('filters[user][]');
    const types = params.getAll('filters[leaveType][]');
    const leaves = net.leaves.filter(
      (l) =>
        (!status.length || status.includes(l.status)) &&
        (!users.length || users.includes(l.user._id)) &&
        (!types.length || types.includes(l.leaveType)),
    );
    const limit = Number(params.get('limit') ?? 20);
    return envelope({ leaves: leaves.slice(0, limit), leavesCount: leaves.length, page: 1, limit });
  };

  const apply = (body: unknown) => {
    const b = body as { leaveType: LeaveType; from: string; to: string; half?: LeaveHalf; reason: string };
    const holidays = new Set(HOLIDAYS.map((h) => h.date));
    const { halves } = leaveHalves({ from: b.from, to: b.to, half: b.half ?? null }, [0], holidays);
    const made = leaveDto({
      _id: leaveId(net.leaves.length + 5),
      leaveType: b.leaveType,
      from: b.from,
      to: b.to,
      half: b.half ?? null,
      days: halves / 2,
      reason: b.reason,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    net.leaves = [made, ...net.leaves];
    return envelope(made, 201, LEAVE_MESSAGES.applied);
  };

  const change = (id: string, what: string, body: unknown) => {
    const found = net.leaves.find((l) => l._id === id);
    if (!found) return envelope(null, 404, LEAVE_MESSAGES.notFound);
    const { decision, reason } = body as { decision?: 'Approved' | 'Rejected'; reason?: string };
    const done: LeaveDto =
      what === 'decision'
        ? {
            ...found,
            status: decision ?? 'Approved',
            decidedBy: ME,
            decidedAt: NOW.toISOString(),
            decisionReason: reason ?? null,
            canDecide: false,
          }
        : {
            ...found,
            status: 'Cancelled',
            cancelledBy: ME,
            cancelledAt: NOW.toISOString(),
            cancelReason: reason ?? null,
            canDecide: false,
            canCancel: false,
          };
    net.leaves = net.leaves.map((l) => (l._id === id ? done : l));
    const message =
      what === 'cancel'
        ? LEAVE_MESSAGES.cancelled
        : decision === 'Rejected'
          ? LEAVE_MESSAGES.rejected
          : LEAVE_MESSAGES.approved;
    return envelope(done, 200, message);
  };

  net.calls = stubNetwork(
    () => net.me,
    (method, url, body) => {
      const answered = net.answer(method, url, body);
      if (answered) return answered;
      const [path = '', query = ''] = url.split('?');
      const params = new URLSearchParams(query);
      if (path === '/api/hrm/attendances/rules' && method === 'GET')
        return envelope({ ...DEFAULT_ATTENDANCE_RULES, weeklyOff: [0] });
      if (path === '/api/hrm/holidays' && method === 'GET') return envelope({ holidays: HOLIDAYS });
      if (path === '/api/hrm/leaves') return method === 'GET' ? list(params) : apply(body);
      if (path === '/api/hrm/leaves/balances')
        return envelope({ year: Number(params.get('year')), user: ME, balances: net.balances });
      if (path === '/api/hrm/leaves/calendar') {
        const month = params.get('month') ?? '2026-11';
        const leaves = net.leaves.filter(
          (l) =>
            (l.status === 'Pending' || l.status === 'Approved') &&
            l.from.slice(0, 7) <= month &&
            l.to.slice(0, 7) >= month &&
            (net.team || l.user._id === ME_ID),
        );
        return envelope({ month, team: net.team, leaves });
      }
      if (path === '/api/hrm/leaves/allocations') {
        if (method === 'GET') return envelope({ ...net.allocations, year: Number(params.get('year')) });
        return undefined;
      }
      const one = path.match(/^\/api\/hrm\/leaves\/(\w+)(?:\/(\w+))?$/);
      if (one) {
        const [, id = '', what] = one;
        if (method === 'PATCH' && what) return change(id, what, body);
        if (what === 'history') return envelope({ history: [], historyCount: 0, page: 1, limit: 20 });
        const found = net.leaves.find((l) => l._id === id);
        return found ? envelope(found) : envelope(null, 404, LEAVE_MESSAGES.notFound);
      }
      return undefined;
    },
  );
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    net.me = meWith({ leave: ['read', 'create', 'delete'], attendance: ['read'] });
    net.leaves = [];
    net.balances = BALANCES;
    net.team = false;
    net.allocations = {
      year: 2026,
      allocations: [],
      defaults: { Casual: 12, Sick: 12, Earned: 15, Unpaid: 0 },
    };
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
