import { MAIL_MESSAGES, MAIL_RESENDABLE, type MailDto } from '@karya/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { type Answer, type Call, envelope, meWith, stubNetwork } from '../../test/harness';

/** Shared by the mail tests: the clock, mail records and a small mail server. */

/** Monday 16 November 2026, 09:42 AM in India. */
export const NOW = new Date('2026-11-16T04:12:00.000Z');

/** An id from a number: mailId(1) → '1000…'. */
export const mailId = (n: number) => `${n}`.padEnd(24, '0');

/** A mail: by default a follow-up reminder to Asha, sent on 10 November 2026 at 10:30 AM. */
export const mailDto = (overrides: Partial<MailDto> = {}): MailDto => ({
  _id: mailId(1),
  to: 'asha@example.com',
  subject: 'Follow up with Odisha Traders today',
  text: 'Hello Asha,\n\nYour follow-up with Odisha Traders is due today.\n\nKarya',
  kind: 'reminder',
  status: 'sent',
  error: null,
  explanation: null,
  link: null,
  createdAt: '2026-11-10T05:00:00.000Z',
  sentAt: '2026-11-10T05:00:02.000Z',
  canResend: false,
  ...overrides,
});

/**
 * The network for every test of the file: a small mail server over `net.mails` (the list filters by kind
 * and status; a resend of a resendable, undelivered mail adds a new sent one, else 400). `net.answer` is
 * asked first. Date is frozen at NOW.
 */
export const stubMailNetwork = () => {
  const net: { me: ReturnType<typeof meWith>; mails: MailDto[]; answer: Answer; calls: Call[] } = {
    me: meWith({}),
    mails: [],
    answer: () => undefined,
    calls: [],
  };

  const list = (params: URLSearchParams) => {
    const kinds = params.getAll('filters[kind][]');
    const status = params.getAll('filters[status][]');
    const mails = net.mails.filter(
      (m) => (!kinds.length || kinds.includes(m.kind)) && (!status.length || status.includes(m.status)),
    );
    const limit = Number(params.get('limit') ?? 20);
    return envelope({
      mails: mails.slice(0, limit),
      mailsCount: mails.length,
      countExact: true,
      page: 1,
      limit,
    });
  };

  const resend = (id: string) => {
    const found = net.mails.find((m) => m._id === id);
    if (!found) return envelope(null, 404, MAIL_MESSAGES.notFound);
    if (!MAIL_RESENDABLE.includes(found.kind))
      return envelope(null, 400, MAIL_MESSAGES.notResendable(found.kind));
    if (found.status === 'sent' || found.status === 'queued')
      return envelope(null, 400, MAIL_MESSAGES.alreadySent);
    const made = mailDto({
      ...found,
      _id: mailId(net.mails.length + 5),
      status: 'sent',
      error: null,
      explanation: null,
      createdAt: NOW.toISOString(),
      sentAt: NOW.toISOString(),
      canResend: false,
    });
    net.mails = [made, ...net.mails];
    return envelope(made, 201, MAIL_MESSAGES.resent);
  };

  net.calls = stubNetwork(
    () => net.me,
    (method, url, body) => {
      const answered = net.answer(method, url, body);
      if (answered) return answered;
      const [path = '', query = ''] = url.split('?');
      if (path === '/api/hrm/mail' && method === 'GET') return list(new URLSearchParams(query));
      const one = path.match(/^\/api\/hrm\/mail\/(\w+)(\/resend)?$/);
      if (one) {
        const [, id = '', action] = one;
        if (action && method === 'POST') return resend(id);
        const found = net.mails.find((m) => m._id === id);
        return found
          ? envelope(found, 200, MAIL_MESSAGES.fetched)
          : envelope(null, 404, MAIL_MESSAGES.notFound);
      }
      return undefined;
    },
  );
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    net.me = meWith({ mail: ['read', 'create'] });
    net.mails = [];
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
