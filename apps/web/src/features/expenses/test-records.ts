import {
  DEFAULT_EXPENSE_RULES,
  EXPENSE_MESSAGES,
  type ExpenseCategory,
  type ExpenseClaimDetailDto,
  type ExpenseClaimDto,
  type ExpenseLineDto,
  type ExpenseMonthTotal,
  type ExpenseRules,
  formatClaimNo,
  fromPaise,
  needsReceipt,
  toPaise,
  travelPaise,
} from '@karya/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Answer, type Call, envelope, ME_ID, meWith, stubNetwork } from '../../test/harness';

/** Shared by the expense tests: the clock, claims and their lines, and a small stateful server. */

/** Monday 16 November 2026, 09:42 AM in India. */
export const NOW = new Date('2026-11-16T04:12:00.000Z');
export const TODAY = '2026-11-16';

export const ME = { _id: ME_ID, name: 'Asha Admin' };
export const RAVI = { _id: 'e'.repeat(24), name: 'Ravi Kumar' };
export const SUNITA = { _id: 'f'.repeat(24), name: 'Sunita Rao' };
export const MEERA = { _id: 'b'.repeat(24), name: 'Meera Manager' };

/** An id from a number: claimId(1) → '1000…'. */
export const claimId = (n: number) => `${n}`.padEnd(24, '0');
/** A receipt's id: '9…01'. */
export const receiptId = (n: number) => `9${`${n}`.padStart(23, '0')}`;

let lineSeq = 0;
/** A line: by default a lunch with a customer on 12 November, ₹240.50, no receipt. */
export const lineDto = (overrides: Partial<ExpenseLineDto> = {}): ExpenseLineDto => ({
  _id: `7${String(++lineSeq).padStart(23, '0')}`,
  date: '2026-11-12',
  category: 'Food',
  description: 'Lunch at the school visit',
  amount: 240.5,
  distanceKm: null,
  ratePerKm: null,
  customer: null,
  followUp: null,
  receipt: null,
  ...overrides,
});

/** A claim: by default mine, EC0001 'School visits in Cuttack', a draft of ₹240.50. */
export const claimDto = (overrides: Partial<ExpenseClaimDto> = {}): ExpenseClaimDto => ({
  _id: claimId(1),
  claimNo: 1,
  claimId: 'EC0001',
  title: 'School visits in Cuttack',
  user: ME,
  status: 'Draft',
  total: 240.5,
  lineCount: 1,
  from: '2026-11-12',
  to: '2026-11-12',
  submittedAt: null,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  paidBy: null,
  paidAt: null,
  paidOn: null,
  paymentReference: null,
  createdAt: '2026-11-12T05:00:00.000Z',
  updatedAt: '2026-11-12T05:00:00.000Z',
  canEdit: true,
  canSubmit: true,
  canDelete: true,
  canDecide: false,
  canPay: false,
  ...overrides,
});

/** A claim with its lines (one lunch by default), what it misses and the rules. */
export const detailDto = (
  overrides: Partial<ExpenseClaimDto> = {},
  lines: ExpenseLineDto[] = [lineDto()],
  rules: ExpenseRules = DEFAULT_EXPENSE_RULES,
): ExpenseClaimDetailDto => {
  const total = lines.reduce((s, l) => s + (toPaise(l.amount) ?? 0), 0);
  const above = toPaise(rules.receiptAbove) ?? 0;
  return {
    ...claimDto({ total: fromPaise(total), lineCount: lines.length, ...overrides }),
    lines,
    missingReceipts: lines.flatMap((l, i) =>
      !l.receipt && needsReceipt({ amountPaise: toPaise(l.amount) ?? 0, distanceKm: l.distanceKm }, above)
        ? [i + 1]
        : [],
    ),
    rules,
  };
};

/** Twelve months of 2026 (rupees): September and November have claims. */
export const MONTHS: ExpenseMonthTotal[] = Array.from({ length: 12 }, (_, i) => {
  const month = `2026-${String(i + 1).padStart(2, '0')}`;
  if (month === '2026-09') return { month, claimed: 1200, approved: 1200, paid: 1200 };
  if (month === '2026-11') return { month, claimed: 845.5, approved: 240.5, paid: 0 };
  return { month, claimed: 0, approved: 0, paid: 0 };
});

type LineBody = {
  date: string;
  category: ExpenseCategory;
  description?: string;
  amount?: number | null;
  distanceKm?: number | null;
  customer?: string | null;
  followUp?: string | null;
  receipt?: string | null;
};

/**
 * The network for every test of the file: a small expense server over `net.claims` (the list filters by
 * status and user; a claim is made and changed as the server would, travel priced at the rules' rate; a
 * submit, decision or payment changes its status), the totals, the rules and receipt uploads. `net.answer`
 * is asked first. Date is frozen at NOW.
 */
export const stubExpenseNetwork = () => {
  const net: {
    me: ReturnType<typeof meWith>;
    claims: ExpenseClaimDetailDto[];
    rules: ExpenseRules;
    months: ExpenseMonthTotal[];
    uploads: number;
    answer: Answer;
    calls: Call[];
  } = {
    me: meWith({}),
    claims: [],
    rules: DEFAULT_EXPENSE_RULES,
    months: MONTHS,
    uploads: 0,
    answer: () => undefined,
    calls: [],
  };

  const list = (params: URLSearchParams) => {
    const status = params.getAll('filters[status][]');
    const users = params.getAll('filters[user][]');
    const claims = net.claims.filter(
      (c) => (!status.length || status.includes(c.status)) && (!users.length || users.includes(c.user._id)),
    );
    const limit = Number(params.get('limit') ?? 20);
    return envelope({ claims: claims.slice(0, limit), claimsCount: claims.length, page: 1, limit });
  };

  const linesOf = (body: unknown): ExpenseLineDto[] =>
    (body as { lines: LineBody[] }).lines.map((l, i) => {
      const rate = toPaise(net.rules.ratePerKm) ?? 0;
      const km = l.category === 'Travel' ? (l.distanceKm ?? null) : null;
      return lineDto({
        _id: `8${i}`.padEnd(24, '0'),
        date: l.date,
        category: l.category,
        description: l.description ?? '',
        amount: km !== null ? fromPaise(travelPaise(km, rate)) : (l.amount ?? 0),
        distanceKm: km,
        ratePerKm: km !== null ? net.rules.ratePerKm : null,
        receipt: l.receipt
          ? { _id: l.receipt, originalName: 'bill.jpg', mimeType: 'image/jpeg', size: 84_000 }
          : null,
      });
    });

  const make = (body: unknown) => {
    const n = net.claims.length + 5;
    const made = detailDto(
      {
        _id: claimId(n),
        claimNo: n,
        claimId: formatClaimNo(n),
        title: (body as { title: string }).title,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      },
      linesOf(body),
      net.rules,
    );
    net.claims = [made, ...net.claims];
    return envelope(made, 201, EXPENSE_MESSAGES.created);
  };

  const put = (found: ExpenseClaimDetailDto, body: unknown) => {
    const done = detailDto(
      {
        ...found,
        status: 'Draft',
        title: (body as { title: string }).title,
        canSubmit: true,
        canDelete: true,
      },
      linesOf(body),
      net.rules,
    );
    net.claims = net.claims.map((c) => (c._id === found._id ? done : c));
    return envelope(done, 200, EXPENSE_MESSAGES.updated);
  };

  const change = (found: ExpenseClaimDetailDto, what: string, body: unknown) => {
    const b = (body ?? {}) as {
      decision?: 'Approved' | 'Rejected';
      reason?: string;
      reference?: string;
      paidOn?: string;
    };
    const stamp = NOW.toISOString();
    const off = { canEdit: false, canSubmit: false, canDelete: false, canDecide: false, canPay: false };
    let done: ExpenseClaimDetailDto;
    let message: string = EXPENSE_MESSAGES.submitted;
    if (what === 'submit') done = { ...found, ...off, status: 'Submitted', submittedAt: stamp };
    else if (what === 'decision') {
      done = {
        ...found,
        ...off,
        status: b.decision ?? 'Approved',
        decidedBy: ME,
        decidedAt: stamp,
        decisionReason: b.reason ?? null,
      };
      message = b.decision === 'Rejected' ? EXPENSE_MESSAGES.rejected : EXPENSE_MESSAGES.approved;
    } else {
      done = {
        ...found,
        ...off,
        status: 'Paid',
        paidBy: ME,
        paidAt: stamp,
        paidOn: b.paidOn ?? null,
        paymentReference: b.reference ?? null,
      };
      message = EXPENSE_MESSAGES.paid;
    }
    net.claims = net.claims.map((c) => (c._id === found._id ? done : c));
    return envelope(done, 200, message);
  };

  const upload = (body: unknown) => {
    const file = (body as FormData).get('file') as File;
    net.uploads += 1;
    return envelope(
      { _id: receiptId(net.uploads), originalName: file.name, mimeType: file.type, size: file.size },
      201,
      EXPENSE_MESSAGES.receiptStored,
    );
  };

  net.calls = stubNetwork(
    () => net.me,
    (method, url, body) => {
      const answered = net.answer(method, url, body);
      if (answered) return answered;
      const [path = '', query = ''] = url.split('?');
      const params = new URLSearchParams(query);
      if (path === '/api/hrm/expenses') return method === 'GET' ? list(params) : make(body);
      if (path === '/api/hrm/expenses/totals')
        return envelope({ year: Number(params.get('year')), user: ME, months: net.months });
      if (path === '/api/hrm/expenses/rules') {
        if (method === 'PUT') {
          net.rules = body as ExpenseRules;
          return envelope(net.rules, 200, EXPENSE_MESSAGES.rulesSaved);
        }
        return envelope(net.rules);
      }
      if (path === '/api/hrm/expenses/receipts' && method === 'POST') return upload(body);
      const one = path.match(/^\/api\/hrm\/expenses\/(\w+)(?:\/(\w+))?$/);
      if (one) {
        const [, id = '', what] = one;
        if (what === 'history') return envelope({ history: [], historyCount: 0, page: 1, limit: 20 });
        const found = net.claims.find((c) => c._id === id);
        if (!found) return envelope(null, 404, EXPENSE_MESSAGES.notFound);
        if (method === 'PATCH' && what) return change(found, what, body);
        if (method === 'PUT') return put(found, body);
        if (method === 'DELETE') {
          net.claims = net.claims.filter((c) => c._id !== id);
          return envelope(null, 200, EXPENSE_MESSAGES.deleted);
        }
        return envelope(found);
      }
      return undefined;
    },
  );
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    net.me = meWith({ expense: ['read', 'create', 'update', 'delete', 'upload-file'] });
    net.claims = [];
    net.rules = DEFAULT_EXPENSE_RULES;
    net.months = MONTHS;
    net.uploads = 0;
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
