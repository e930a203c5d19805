import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInAppZone } from '@karya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openEmbedded, openPostgres } from '../src/db/client.ts';
import { verifyStocks } from '../src/modules/stocks/ledger.ts';
import {
  type Answer,
  call,
  freePort,
  type Sent,
  type ServerProcess,
  seedDataDir,
  send,
  signIn,
  startServer,
  waitUntilHealthy,
} from './server-process.ts';
import { postgresProblem, throwawayDatabase } from './services.ts';

/**
 * Issue 22 §2, tested the way it broke: 30 follow-ups and 30 sales sent at once, each with its own
 * Idempotency-Key, to a real server process killed (SIGKILL) after the 5th answer; after the restart every
 * one is sent again with its key. Every retry answers 201 within a second (the first answer replayed for a
 * write that had committed, a fresh write for one that had not: never 409 "still being processed"), and
 * every follow-up and sale exists exactly once, with the stock equal to its ledger. A retry of a write
 * answered before the kill gets that answer. On PGlite always, on PostgreSQL where it answers; the suite's
 * PostgreSQL pass (TEST_DATABASE_URL) skips it, as crash.test.ts.
 */
const EACH = 30;
const KILL_AFTER = 5;
const TODAY = todayInAppZone();
const inPgPass = Boolean(process.env.TEST_DATABASE_URL);
const pgProblem = inPgPass ? null : await postgresProblem();
if (!inPgPass && pgProblem)
  console.warn(
    `[crash-idempotency.test] PostgreSQL part SKIPPED: ${pgProblem}. It needs a PostgreSQL server.`,
  );

const yesterday = () => {
  const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
};

const suite = (kind: 'pglite' | 'postgres') => {
  let dataDir = '';
  const pgDb = throwawayDatabase('karya_idem');
  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    ...(kind === 'postgres' ? { DATABASE_URL: pgDb.url } : {}),
  });
  let server: ServerProcess | undefined;
  let port = 0;
  let cookie = '';
  const f = { customer: '', item: '' };
  const api = (method: string, url: string, body?: unknown, key?: string) =>
    call(server!, method, url, { cookie, body, headers: key ? { 'idempotency-key': key } : {} });
  const created = async (answer: Promise<Answer>) => {
    const a = await answer;
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return a.body.data as { _id: string };
  };
  const restart = async () => {
    server = startServer(env(), port);
    await waitUntilHealthy(server);
  };

  /** The writes, each with its own key: follow-up i and sale i. */
  const writes = Array.from({ length: EACH }, (_, i) => [
    {
      key: `crash-follow-up-${i}-${pgDb.name}`.slice(0, 100),
      url: '/crm/follow-ups',
      body: () => ({
        customer: f.customer,
        type: 'Call',
        reason: 'Other',
        otherReason: `Crash key follow-up ${i}`,
        date: yesterday(),
        time: '10:30',
        response: 'Asked for a quotation',
      }),
    },
    {
      key: `crash-sale-${i}-${pgDb.name}`.slice(0, 100),
      url: '/crm/products/sales',
      body: () => ({
        customer: f.customer,
        invoiceNo: `IK-${i}`,
        invoiceDate: TODAY,
        items: [{ item: f.item, quantity: 1, marginTier: 'custom', pricePerUnit: 150, gst: 18 }],
      }),
    },
  ]).flat();

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (kind === 'postgres') await pgDb.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed with keyed writes in flight, every retry answers at once and every write exists once', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `karya-idem-${kind}-`));
    if (kind === 'postgres') await pgDb.create();
    else await seedDataDir(dataDir, inject('templatePath'));
    port = await freePort();
    await restart();
    cookie = await signIn(server!);
    const vendor = (
      await created(
        call(server!, 'POST', '/crm/products/vendors', { cookie, form: { name: 'Key Supplies' } }),
      )
    )._id;
    f.item = (
      await created(
        call(server!, 'POST', '/crm/products/items', { cookie, form: { name: 'Key item', gst: '18' } }),
      )
    )._id;
    f.customer = (
      await created(
        api('POST', '/crm/customers', {
          type: 'Organization',
          name: 'Key Test School',
          address: { city: 'Cuttack', state: 'Odisha', country: 'India' },
        }),
      )
    )._id;
    await created(
      api('POST', '/crm/products/purchases', {
        vendor,
        invoiceNo: 'KEY-STOCK',
        invoiceDate: TODAY,
        items: [{ item: f.item, quantity: 1000, pricePerUnit: 100, gst: 18 }],
      }),
    );

    // Everything at once; the process dies as the 5th answer arrives.
    let answers = 0;
    let killed = false;
    const sent: Sent[] = writes.map((w) =>
      send(
        () => api('POST', w.url, w.body(), w.key),
        () => {
          answers++;
          if (answers === KILL_AFTER && !killed) {
            killed = true;
            server!.child.kill('SIGKILL');
          }
        },
      ),
    );
    await server!.exited;
    await Promise.all(sent.map((s) => s.settled));
    const unanswered = sent.filter((s) => !s.answer).length;
    expect(unanswered, 'some writes were in flight at the kill').toBeGreaterThan(0);

    await restart();
    // The session made before the kill still holds. Each write again, one after another, with its key.
    const slow: string[] = [];
    let replays = 0;
    for (const [i, w] of writes.entries()) {
      const started = Date.now();
      const again = await api('POST', w.url, w.body(), w.key);
      const took = Date.now() - started;
      if (took >= 1000) slow.push(`${w.key}: ${took} ms`);
      expect(again.status, `${w.key}: ${JSON.stringify(again.body)}`).toBe(201);
      if (again.headers?.get('idempotent-replay') === 'true') replays++;
      const first = sent[i]!.answer;
      if (first?.status === 201) {
        // Answered before the kill: the retry is that answer.
        expect(again.headers?.get('idempotent-replay')).toBe('true');
        expect((again.body.data as { _id: string })._id).toBe((first.body.data as { _id: string })._id);
      }
    }
    expect(slow, 'retries that took a second or more').toEqual([]);
    await server!.child.kill('SIGTERM');
    await server!.exited;

    const database: Database =
      kind === 'postgres' ? await openPostgres(pgDb.url) : await openEmbedded(dataDir);
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: { key: string; n: number }[] }).rows;
      const followUps = await count(
        sql`select other_reason as key, count(*)::int as n from follow_ups
            where other_reason like 'Crash key follow-up %' group by other_reason`,
      );
      const sales = await count(
        sql`select invoice_no as key, count(*)::int as n from sales where invoice_no like 'IK-%' group by invoice_no`,
      );
      expect(followUps.length).toBe(EACH);
      expect(sales.length).toBe(EACH);
      expect([...followUps, ...sales].filter((r) => r.n !== 1)).toEqual([]);
      expect(await verifyStocks(database.db)).toEqual([]);
      const [stock] = (
        (await database.db.execute(
          sql`select current_stock::int as n from product_stocks where item_id = ${f.item}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(stock!.n).toBe(1000 - EACH);
      console.log(
        `[crash-idempotency.test] ${kind}: ${unanswered} of ${writes.length} unanswered at the kill; ` +
          `${replays} retries answered from a committed write, ${writes.length - replays} written afresh`,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
};

describe.skipIf(inPgPass)('keyed writes killed mid-flight on the embedded database (PGlite)', () =>
  suite('pglite'),
);
describe.skipIf(inPgPass || Boolean(pgProblem))('keyed writes killed mid-flight on PostgreSQL', () =>
  suite('postgres'),
);
