import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox, sendOrQueue } from './outbox';

type Sent = { method: string; url: string; key: string | undefined; body: Record<string, unknown> };

/** The network is the edge: each test says how the server answers, and sees what was sent with which key. */
describe('outbox', () => {
  let sent: Sent[];
  let answer: (s: Sent) => Response | 'drop';
  const json = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const entry = (body: Record<string, unknown> = { type: 'Visit' }) => ({
    userId: 'u1',
    method: 'POST' as const,
    path: '/crm/follow-ups',
    body,
    label: 'Visit follow-up for DAV Public School',
    queryRoot: 'followUps',
    href: '/crm/follow-ups',
  });
  const setOnline = (online: boolean) =>
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

  beforeEach(() => {
    for (const e of outbox.list()) outbox.discard(e.id);
    sent = [];
    setOnline(true);
    answer = () => json(201, { success: true, message: 'Follow up created', data: { _id: 'f1' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const s = {
          method: init.method ?? 'GET',
          url,
          key: headers['idempotency-key'],
          body: JSON.parse(String(init.body)),
        };
        sent.push(s);
        const a = answer(s);
        if (a === 'drop') throw new TypeError('Failed to fetch');
        return a;
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offline: keeps the write without calling, and sends it once with its key when the connection returns', async () => {
    setOnline(false);
    const result = await sendOrQueue(entry());
    expect(result.sent).toBe(false);
    expect(sent).toHaveLength(0);
    expect(outbox.list('u1').map((e) => e.state)).toEqual(['waiting']);
    expect(JSON.parse(localStorage.getItem('karyaOutbox') ?? '[]')).toHaveLength(1);

    const delivered = vi.fn();
    const stop = outbox.onSent(delivered);
    setOnline(true);
    await outbox.flush();
    stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBe((result as { entry: { id: string } }).entry.id);
    expect(outbox.list('u1')).toEqual([]);
    expect(delivered).toHaveBeenCalledWith(expect.objectContaining({ label: entry().label }), { _id: 'f1' });
  });

  it('a flush with nothing to send (the one at start) leaves later flushes free to send', async () => {
    await outbox.flush();
    setOnline(false);
    await sendOrQueue(entry());
    setOnline(true);
    await outbox.flush();
    expect(sent).toHaveLength(1);
    expect(outbox.list('u1')).toEqual([]);
  });

  it('a connection dropped mid-send queues the write under the key it was sent with', async () => {
    answer = () => 'drop';
    const result = await sendOrQueue(entry());
    expect(result.sent).toBe(false);
    const queued = outbox.list('u1')[0]!;
    expect(queued.id).toBe(sent[0]!.key);

    answer = () => json(201, { success: true, message: 'Follow up created', data: { _id: 'f1' } });
    await outbox.flush();
    expect(sent.map((s) => s.key)).toEqual([queued.id, queued.id]);
    expect(outbox.list('u1')).toEqual([]);
  });

  it('online: sends at once and answers the data; a refusal is thrown for the form, nothing queued', async () => {
    const ok = await sendOrQueue(entry());
    expect(ok).toMatchObject({ sent: true, data: { _id: 'f1' } });
    answer = () => json(400, { success: false, message: 'At least one visitor is required.' });
    await expect(sendOrQueue(entry())).rejects.toThrow('At least one visitor is required.');
    expect(outbox.list('u1')).toEqual([]);
  });

  it('a conflict stops the entry and shows it; sending mine over it goes with the seen version and a new key', async () => {
    setOnline(false);
    await sendOrQueue({
      ...entry({ remarks: 'Met the principal' }),
      method: 'PATCH',
      path: '/crm/follow-ups/f1',
    });
    setOnline(true);
    answer = () =>
      json(409, {
        success: false,
        message: 'This follow-up was changed by someone else. Review the latest version.',
        data: { _id: 'f1', updatedAt: '2026-11-25T05:00:00.000Z' },
      });
    await outbox.flush();
    const [conflict] = outbox.list('u1');
    expect(conflict).toMatchObject({ state: 'conflict', current: { _id: 'f1' } });
    expect(conflict!.message).toMatch(/changed by someone else/);

    answer = () => json(200, { success: true, message: 'Follow up updated', data: { _id: 'f1' } });
    outbox.sendMineAnyway(conflict!.id);
    await outbox.flush();
    await vi.waitFor(() => expect(outbox.list('u1')).toEqual([]));
    const last = sent.at(-1)!;
    expect(last.body.expectedUpdatedAt).toBe('2026-11-25T05:00:00.000Z');
    expect(last.key).not.toBe(sent[0]!.key);
  });

  it('a refusal on replay is kept for review; a first send still running (409 without a record) waits', async () => {
    setOnline(false);
    await sendOrQueue(entry());
    setOnline(true);
    answer = () => json(409, { success: false, message: 'This request is still being processed.' });
    await outbox.flush();
    expect(outbox.list('u1')[0]!.state).toBe('waiting');

    answer = () => json(400, { success: false, message: 'Customer is required' });
    await outbox.flush();
    expect(outbox.list('u1')[0]).toMatchObject({ state: 'failed', message: 'Customer is required' });
  });

  it('an entry still being processed does not hold back the ones after it', async () => {
    setOnline(false);
    const stuck = (await sendOrQueue(entry({ type: 'Visit', n: 1 }))) as { entry: { id: string } };
    await sendOrQueue(entry({ type: 'Visit', n: 2 }));
    await sendOrQueue(entry({ type: 'Visit', n: 3 }));
    setOnline(true);
    answer = (s) =>
      s.key === stuck.entry.id
        ? json(409, { success: false, message: 'This request is still being processed.' })
        : json(201, { success: true, message: 'Follow up created', data: { _id: `f${s.body.n}` } });
    await outbox.flush();
    expect(sent.map((s) => s.body.n)).toEqual([1, 2, 3]);
    expect(outbox.list('u1').map((e) => [e.id, e.state])).toEqual([[stuck.entry.id, 'waiting']]);
  });
});
