import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInAppZone } from '@karya/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded, openPostgres } from '../src/db/client.ts';
import { verifyStocks } from '../src/modules/stocks/ledger.ts';
import { rows, stoppedWith, until } from './crash-kit.ts';
import {
  type Answer,
  CUSTOMER_INSERT,
  call,
  freePort,
  type Sent,
  type ServerProcess,
  seedDataDir,
  send,
  signIn,
  startServer,
  traceCounter,
  waitUntilHealthy,
} from './server-process.ts';
import { postgresProblem, throwawayDatabase } from './services.ts';

/**
 * Issue 13 §3: real server processes are killed (SIGKILL) in the middle of a 5,000-row customer import, 100
 * concurrent sales of ten items, a bulk delete of 100 customers and a purchase update that moves stock; after
 * a restart on the same data every document is whole or absent, every stock row equals its ledger, no stock
 * is negative, the import is all in or all out, the bulk delete all or none, the purchase update before or
 * after, and every sale answered 201 is there. Two kills on each database:
 *  1. mid-transaction, for certain. PostgreSQL: the test holds a SHARE lock on record_history, so every
 *     writing transaction stops at its history entry, its other rows written and not committed; the process
 *     is killed once the import, the bulk delete, the purchase update and a sale are all stopped there
 *     (pg_locks). PGlite runs in the server's process: the SQL trace (SQL_TRACE_FILE, written before each
 *     statement runs) shows the import's second chunk of 500 rows starting, and the process is killed then.
 *  2. with answers out: killed as the 25th of the 100 sales answers, the rest and the others in flight
 *     (repeated with 100 more sales when a starved test process read that answer only after every other).
 * The server restarts after the first kill (the session made before it still holds); after the second the
 * data is opened here, as the next start opens it. The embedded database (PGlite 0.5) recovers from its WAL
 * at the next start; that is what this proves for it.
 * On PostgreSQL the part runs where it answers (a fresh database, dropped after), else it is skipped saying
 * so. The suite's PostgreSQL pass (TEST_DATABASE_URL) skips the file: the embedded pass ran both parts.
 */

const IMPORT_ROWS = 5000;
const SALES = 100;
const LINES = 10;
const DELETED = 100;
/** The purchase that is updated: its two lines' quantities before and after (one up, one down). */
const BEFORE = [50, 50];
const AFTER = [60, 40];
const TODAY = todayInAppZone();

const inPgPass = Boolean(process.env.TEST_DATABASE_URL);
if (inPgPass)
  console.warn(
    '[crash.test] SKIPPED in the PostgreSQL pass: the embedded pass ran it on PGlite and PostgreSQL.',
  );
const pgProblem = inPgPass ? null : await postgresProblem();
if (pgProblem)
  console.warn(`[crash.test] PostgreSQL part SKIPPED: ${pgProblem}. It needs a PostgreSQL server.`);

type Round = { imported: Sent; sales: Sent[]; bulkDelete: Sent; purchaseUpdate: Sent };
const everyRequest = (r: Round) => [r.imported, r.bulkDelete, r.purchaseUpdate, ...r.sales];
const unanswered = (r: Round) => everyRequest(r).filter((s) => !s.answer).length;
/**
 * What an answer says was done: a success, or nothing known. A 503 (PostgreSQL: no pool connection within
 * 5 s on a busy machine) tells nothing in general: a write whose answer is read after its commit may have
 * been saved. Sales and purchases read their answer inside their own transaction (documents.ts, AnswerOf),
 * so for them a 503 means not saved: checked below. Any other answer fails.
 */
const outcome = (s: Sent): 'done' | 'unknown' => {
  if (!s.answer || s.answer.status === 503) return 'unknown';
  expect([200, 201], JSON.stringify(s.answer.body)).toContain(s.answer.status);
  return 'done';
};

const crashSuite = (kind: 'pglite' | 'postgres') => {
  // Made by the setup test, so a skipped part leaves nothing behind.
  let dataDir = '';
  let traceFile = '';
  const pgDb = throwawayDatabase('karya_crash');
  const dbUrl = () => pgDb.url;
  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    ...(kind === 'postgres' ? { DATABASE_URL: dbUrl() } : {}),
  });

  let server: ServerProcess | undefined;
  let cookie = '';
  let port = 0;
  /** Ids made before the rounds: the sales' customer, twelve items, and per round the purchase to update and the customers to delete. */
  const f = { customer: '', items: [] as string[], purchases: [] as string[], toDelete: [] as string[][] };
  const rounds: Round[] = [];
  /** PGlite, round 1: how many of the import's ten chunks of customers had started when the process died. */
  let importChunksAtKill = 0;

  const restart = async (extra: Record<string, string> = {}) => {
    server = startServer({ ...env(), ...extra }, port);
    await waitUntilHealthy(server);
  };
  const kill = async () => {
    server!.child.kill('SIGKILL');
    expect(await server!.exited).toBe('SIGKILL');
  };
  const api = (method: string, url: string, body?: unknown) => call(server!, method, url, { cookie, body });
  const created = async (answer: Promise<Answer>) => {
    const a = await answer;
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return a.body.data as { _id: string };
  };
  const line = (item: string, quantity: number) => ({ item, quantity, pricePerUnit: 100, gst: 18 });

  const fire = {
    import: (r: number) =>
      send(() =>
        api(
          'POST',
          '/crm/customers/bulk',
          Array.from({ length: IMPORT_ROWS }, (_, i) => ({ name: `Crash Import ${r}-${i}` })),
        ),
      ),
    sale: (r: number, i: number, onAnswer?: () => void) =>
      send(
        () =>
          api('POST', '/crm/products/sales', {
            customer: f.customer,
            invoiceNo: `CR${r}-${i}`,
            invoiceDate: TODAY,
            items: f.items
              .slice(0, LINES)
              .map((item) => ({ item, quantity: 1, marginTier: 'custom', pricePerUnit: 150, gst: 18 })),
          }),
        onAnswer,
      ),
    bulkDelete: (r: number) => send(() => api('DELETE', '/crm/customers/bulk', { ids: f.toDelete[r] })),
    purchaseUpdate: (r: number) =>
      send(() =>
        api('PATCH', `/crm/products/purchases/${f.purchases[r]}`, {
          items: [line(f.items[10]!, AFTER[0]!), line(f.items[11]!, AFTER[1]!)],
        }),
      ),
  };

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (kind === 'postgres') await pgDb.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('setup: a server with twelve items in stock, a customer, purchases and customers to delete', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `karya-crash-${kind}-`));
    traceFile = path.join(dataDir, 'sql-trace.jsonl');
    if (kind === 'postgres') await pgDb.create();
    else await seedDataDir(dataDir, inject('templatePath'));
    port = await freePort();
    // PGlite's first kill is timed by the SQL trace, so this first process writes one.
    await restart(kind === 'pglite' ? { SQL_TRACE_FILE: traceFile } : {});
    cookie = await signIn(server!);
    const form = (url: string, fields: Record<string, string>) =>
      call(server!, 'POST', url, { cookie, form: fields });
    const vendor = (await created(form('/crm/products/vendors', { name: 'Crash Test Supplies' })))._id;
    for (let i = 0; i < 12; i++)
      f.items.push((await created(form('/crm/products/items', { name: `Crash item ${i}`, gst: '18' })))._id);
    f.customer = (
      await created(
        api('POST', '/crm/customers', {
          type: 'Organization',
          name: 'Crash Test School',
          address: { city: 'Bhubaneswar', state: 'Odisha', country: 'India' },
        }),
      )
    )._id;
    // Enough of items 0-9 for every sale of both rounds; items 10 and 11 belong to the purchases updated.
    await created(
      api('POST', '/crm/products/purchases', {
        vendor,
        invoiceNo: 'CRASH-STOCK',
        invoiceDate: TODAY,
        items: f.items.slice(0, LINES).map((item) => line(item, 1000)),
      }),
    );
    for (const r of [1, 2]) {
      f.purchases[r] = (
        await created(
          api('POST', '/crm/products/purchases', {
            vendor,
            invoiceNo: `CRASH-P${r}`,
            invoiceDate: TODAY,
            items: [line(f.items[10]!, BEFORE[0]!), line(f.items[11]!, BEFORE[1]!)],
          }),
        )
      )._id;
      const made = (await api(
        'POST',
        '/crm/customers/bulk',
        Array.from({ length: DELETED }, (_, i) => ({ name: `Crash Delete ${r}-${i}` })),
      )) as Answer;
      expect(made.status).toBe(201);
      f.toDelete[r] = (made.body.data as { _id: string }[]).map((c) => c._id);
    }
  }, 120_000);

  it('round 1: killed while every kind of write is mid-transaction', async () => {
    const r = 1;
    if (kind === 'postgres') {
      // Every writing transaction writes a history entry (last, but for a sale's): with this SHARE lock held,
      // each one stops there with its other rows written, uncommitted.
      const locker = new pg.Client({ connectionString: dbUrl() });
      const monitor = new pg.Client({ connectionString: dbUrl() });
      await locker.connect();
      await monitor.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table record_history in share mode');
        const stopped = (table: string) => stoppedWith(monitor, table);
        const imported = fire.import(r);
        await until(
          'the import to stop at its history',
          server!,
          async () => (await stopped('customers')) >= 1,
        );
        const bulkDelete = fire.bulkDelete(r);
        await until(
          'the bulk delete to stop at its history',
          server!,
          async () => (await stopped('customers')) >= 2,
        );
        const purchaseUpdate = fire.purchaseUpdate(r);
        await until('the purchase update to stop', server!, async () => (await stopped('purchases')) >= 1);
        const sales = Array.from({ length: SALES }, (_, i) => fire.sale(r, i));
        // A sale writes its history before it takes the stock rows' locks (it holds them as briefly as it
        // can): it stops there with its document written.
        await until('a sale to stop at its history', server!, async () => (await stopped('sales')) >= 1);
        // Written and not committed: the purchase update's ledger entries and the stock rows they moved.
        expect(await stopped('stock_entries')).toBeGreaterThanOrEqual(1);
        expect(await stopped('product_stocks')).toBeGreaterThanOrEqual(1);
        rounds[r] = { imported, sales, bulkDelete, purchaseUpdate };
        await kill();
      } finally {
        await locker.query('rollback').catch(() => {});
        await Promise.all([locker.end(), monitor.end()]);
      }
    } else {
      const chunks = traceCounter(traceFile, CUSTOMER_INSERT);
      const imported = fire.import(r);
      const bulkDelete = fire.bulkDelete(r);
      const purchaseUpdate = fire.purchaseUpdate(r);
      const sales = Array.from({ length: SALES }, (_, i) => fire.sale(r, i));
      rounds[r] = { imported, sales, bulkDelete, purchaseUpdate };
      // The first chunk of 500 customers is in; the second has started.
      await until("the import's second chunk", server!, () => chunks() >= 2);
      await kill();
      importChunksAtKill = chunks();
    }
    const round = rounds[r]!;
    await Promise.all(everyRequest(round).map((s) => s.settled));
    expect(round.imported.answer).toBeUndefined();
    expect(unanswered(round)).toBeGreaterThan(0);
  }, 120_000);

  it('round 2: killed once a quarter of 100 concurrent sales have answered', async () => {
    const r = 2;
    // Killed as the 25th answer arrives, not when a poll next notices it. On a starved machine this process
    // can read that answer only after the server has answered everything; such a kill proves nothing, so the
    // server is restarted and a further 100 sales (new invoice numbers) go out, up to five times (three were
    // all answered once, beside the SQL injection scan and the web suite: stop 41's last clean-clone run).
    for (let attempt = 0; attempt < 5; attempt++) {
      // The restart recovers the database the kill left; the session made before it still holds.
      await restart();
      expect((await api('GET', '/auth/me')).status).toBe(200);
      let answers = 0;
      const sales = Array.from({ length: SALES }, (_, i) =>
        fire.sale(r, attempt * SALES + i, () => {
          if (++answers === 25) server!.child.kill('SIGKILL');
        }),
      );
      if (attempt === 0)
        // The import last: on PGlite (one transaction at a time) it would otherwise hold up every sale.
        rounds[r] = {
          sales,
          bulkDelete: fire.bulkDelete(r),
          purchaseUpdate: fire.purchaseUpdate(r),
          imported: fire.import(r),
        };
      else rounds[r]!.sales.push(...sales);
      expect(await server!.exited).toBe('SIGKILL');
      await Promise.all(everyRequest(rounds[r]!).map((s) => s.settled));
      if (unanswered(rounds[r]!) > 0) return;
      console.warn(`[crash.test] ${kind} round 2: every request had answered at the kill; again`);
    }
    expect(unanswered(rounds[r]!)).toBeGreaterThan(0);
  }, 240_000);

  it('reopened, every document is whole or absent and every stock row equals its ledger', async () => {
    // Opened here as the next start opens it (PGlite recovers from its WAL in this process).
    const database = kind === 'pglite' ? await openEmbedded(dataDir) : await openPostgres(dbUrl(), 2);
    const { db } = database;
    const summary: string[] = [];
    try {
      expect(await verifyStocks(db)).toEqual([]);
      expect(await rows(db, sql`select id from product_stocks where current_stock < 0`)).toEqual([]);
      // No ledger entry outlives its document.
      expect(
        await rows(
          db,
          sql`select e.id from stock_entries e where e.document_id is not null
                and not exists (select 1 from sales s where s.id = e.document_id)
                and not exists (select 1 from purchases p where p.id = e.document_id)`,
        ),
      ).toEqual([]);

      for (const r of [1, 2]) {
        const round = rounds[r]!;
        // Round 1 on PostgreSQL stopped every write before its commit; on PGlite, the import's for certain
        // when its last chunk had not started.
        const certain = r === 1 && kind === 'postgres';
        const importCertain = certain || (r === 1 && importChunksAtKill < IMPORT_ROWS / 500);

        // The import: all in or all out, each customer with its history entry.
        const [imp] = await rows<{ n: number; history: number }>(
          db,
          sql`select count(*)::int as n,
                (select count(*)::int from record_history h join customers c on c.id = h.record_id
                  where c.name like ${`Crash Import ${r}-%`} and h.action = 'create') as history
              from customers where name like ${`Crash Import ${r}-%`}`,
        );
        expect([0, IMPORT_ROWS], `round ${r}: customers of the import`).toContain(imp!.n);
        expect(imp!.history).toBe(imp!.n);
        if (outcome(round.imported) === 'done') expect(imp!.n).toBe(IMPORT_ROWS);
        if (importCertain) expect(imp!.n).toBe(0);

        // The sales: each one there has its ten lines (its ledger entries), totals that add up and its
        // history entry; each one answered is there.
        const sales = await rows<{
          id: string;
          invoice_no: string;
          lines: number;
          adds_up: boolean;
          history: number;
        }>(
          db,
          sql`select s.id, s.invoice_no, count(e.id)::int as lines,
                coalesce(s.total_amount = sum(e.total_amount) and bool_and(e.active and e.kind = 'sale'), false)
                  as adds_up,
                (select count(*)::int from record_history h where h.record_id = s.id and h.action = 'create')
                  as history
              from sales s left join stock_entries e on e.document_id = s.id
              where s.invoice_no like ${`CR${r}-%`} group by s.id`,
        );
        for (const s of sales)
          expect(s, `round ${r}: sale ${s.id}`).toEqual({ ...s, lines: LINES, adds_up: true, history: 1 });
        const answered = round.sales
          .filter((s) => outcome(s) === 'done')
          .map((s) => (s.answer!.body.data as { _id: string })._id);
        expect(sales.map((s) => s.id)).toEqual(expect.arrayContaining(answered));
        // A sale answered 503 was not saved: nobody is told "try again" about a sale that exists.
        const refused = round.sales.flatMap((s, i) => (s.answer?.status === 503 ? [`CR${r}-${i}`] : []));
        expect(sales.filter((s) => refused.includes(s.invoice_no)).map((s) => s.invoice_no)).toEqual([]);
        if (certain) expect(sales).toEqual([]);

        // The bulk delete: all or none, with a history entry for each one deleted.
        const ids = sql.join(
          f.toDelete[r]!.map((id) => sql`${id}`),
          sql`, `,
        );
        const [del] = await rows<{ deleted: number; history: number }>(
          db,
          sql`select count(*) filter (where is_deleted)::int as deleted,
                (select count(*)::int from record_history h where h.record_id in (${ids}) and h.action = 'delete')
                  as history
              from customers where id in (${ids})`,
        );
        expect([0, DELETED], `round ${r}: customers deleted`).toContain(del!.deleted);
        expect(del!.history).toBe(del!.deleted);
        if (outcome(round.bulkDelete) === 'done') expect(del!.deleted).toBe(DELETED);
        if (certain) expect(del!.deleted).toBe(0);

        // The purchase update: its lines all as before or all as after, totals that add up, and a history
        // entry exactly when it is the new version.
        const lines = await rows<{ quantity: number }>(
          db,
          sql`select quantity from stock_entries where document_id = ${f.purchases[r]} order by line_no`,
        );
        const quantities = lines.map((l) => l.quantity);
        expect([BEFORE, AFTER], `round ${r}: the purchase's lines`).toContainEqual(quantities);
        const [doc] = await rows<{ adds_up: boolean; updates: number }>(
          db,
          sql`select p.total_amount = (select sum(total_amount) from stock_entries where document_id = p.id)
                as adds_up,
                (select count(*)::int from record_history h where h.record_id = p.id and h.action = 'update')
                  as updates
              from purchases p where p.id = ${f.purchases[r]}`,
        );
        expect(doc).toEqual({ adds_up: true, updates: quantities[0] === AFTER[0] ? 1 : 0 });
        if (outcome(round.purchaseUpdate) === 'done') expect(quantities).toEqual(AFTER);
        if (certain) expect(quantities).toEqual(BEFORE);

        summary.push(
          `round ${r}: ${unanswered(round)} of ${everyRequest(round).length} requests unanswered at the kill` +
            (r === 1 && kind === 'pglite' ? ` (import chunk ${importChunksAtKill} of 10 running)` : '') +
            `; after restart: import ${imp!.n === 0 ? 'out' : 'in'}, ${sales.length} sales (${answered.length} answered, ${round.sales.filter((s) => s.answer?.status === 503).length} answered 503), ` +
            `bulk delete ${del!.deleted ? 'done' : 'not done'}, purchase ${quantities[0] === AFTER[0] ? 'after' : 'before'}`,
        );
      }
    } finally {
      await database.close();
    }
    console.log(`[crash.test] ${kind}: ${summary.join('; ')}`);
  }, 120_000);
};

describe.skipIf(inPgPass)('SIGKILL mid-work on the embedded database (PGlite)', () => crashSuite('pglite'));
describe.skipIf(inPgPass || Boolean(pgProblem))('SIGKILL mid-work on PostgreSQL', () =>
  crashSuite('postgres'),
);
