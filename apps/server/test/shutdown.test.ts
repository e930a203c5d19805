import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openEmbedded, openPostgres } from '../src/db/client.ts';
import { customers, mailOutbox } from '../src/db/schema.ts';
import { createUser, SECURITY } from './helpers.ts';
import {
  ADMIN_EMAIL,
  call,
  freePort,
  PUBLIC_URL,
  type ServerProcess,
  seedDataDir,
  signIn,
  startServer,
  traceCounter,
  waitUntilHealthy,
} from './server-process.ts';

/**
 * Issue 13 §3, SIGTERM on a real server process (PGlite, an SMTP server in this process that holds each
 * message until the test lets it go): the request in flight gets its whole answer, new connections are
 * refused, the queued e-mail is delivered, a second signal starts no second close, and the process then
 * ends by itself with code 0 (main.ts does not call exit: nothing — timer, connection, database — may be
 * left open). Past SHUTDOWN_TIMEOUT_MS it says what it abandoned and exits 1. In the suite's PostgreSQL
 * pass (TEST_DATABASE_URL) the server runs on a fresh database there instead.
 */

const ROWS = 3000;
/** The session lookup of a signed-in request, in the SQL trace (SQL_TRACE_FILE). */
const SESSION_LOOKUP = 'from \\"sessions\\"';
const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-shutdown-'));
const traceFile = path.join(dataDir, 'sql-trace.jsonl');
const PG_URL = process.env.TEST_DATABASE_URL;
const dbName = `karya_shutdown_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
const dbUrl = () => {
  const u = new URL(PG_URL!);
  u.pathname = `/${dbName}`;
  return u.toString();
};
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};
/** The server's database, opened here while no server runs. */
const openData = () => (PG_URL ? openPostgres(dbUrl(), 2) : openEmbedded(dataDir));

let smtp: SMTPServer;
let smtpPort = 0;
/** Messages accepted, and how many the SMTP server holds (received, not yet accepted). */
const received: string[] = [];
let held = 0;
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const holdMail = () => {
  gate = new Promise<void>((r) => {
    release = r;
  });
};
let server: ServerProcess | undefined;

/** Whether a new TCP connection to the port is accepted. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const start = async (env: Record<string, string>) => {
  server = startServer(
    {
      DATA_DIR: dataDir,
      ...(PG_URL ? { DATABASE_URL: dbUrl() } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SQL_TRACE_FILE: traceFile,
      ...env,
    },
    await freePort(),
  );
  await waitUntilHealthy(server);
  return server;
};

const askResetCode = (s: ServerProcess, email: string) =>
  call(s, 'POST', '/auth/reset-password/send-otp', { body: { method: 'email', email, ...SECURITY } });

beforeAll(async () => {
  if (PG_URL) await admin(`CREATE DATABASE ${dbName}`);
  else await seedDataDir(dataDir, inject('templatePath'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        held += 1;
        await gate;
        held -= 1;
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  release();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (PG_URL) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('drains: the request in flight answers whole, new connections are refused, the queued e-mail goes out, exit 0', async () => {
    const s = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const cookie = await signIn(s);
    holdMail();
    expect((await askResetCode(s, ADMIN_EMAIL)).status).toBe(200);
    // The reset code is at the SMTP server, which holds it: the server still has it to deliver.
    await vi.waitFor(() => expect(held).toBe(1), { timeout: 20_000 });

    // A slow request: an import of 3,000 customers whose body is half sent. SIGTERM once the server has
    // taken it up (its session lookup is in the SQL trace); the other half follows once new connections
    // are refused.
    const lookups = traceCounter(traceFile, SESSION_LOOKUP);
    const body = JSON.stringify(Array.from({ length: ROWS }, (_, i) => ({ name: `Shutdown Import ${i}` })));
    const request = httpRequest({
      host: '127.0.0.1',
      port: s.port,
      method: 'POST',
      path: '/api/crm/customers/bulk',
      headers: {
        origin: PUBLIC_URL,
        cookie,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    let answered = false;
    const answer = new Promise<{ status: number; data: unknown[] }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          answered = true;
          resolve({ status: res.statusCode!, data: JSON.parse(text).data });
        });
      });
    });
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    await vi.waitFor(() => expect(lookups()).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 5 });
    s.child.kill('SIGTERM');
    // A second signal while draining (not at once: the kernel would hand the lower-numbered SIGINT over first).
    await vi.waitFor(() => expect(s.output()).toContain('SIGTERM received: finishing'), {
      timeout: 20_000,
      interval: 5,
    });
    s.child.kill('SIGINT');
    await vi.waitFor(async () => expect(await connects(s.port)).toBe(false), {
      timeout: 20_000,
      interval: 5,
    });
    expect(answered).toBe(false);
    request.end(body.slice(half));
    const imported = await answer;
    expect(imported.status).toBe(201);
    expect(imported.data).toHaveLength(ROWS);

    // Every request has answered; the process still waits for the e-mail the SMTP server holds.
    await new Promise((r) => setTimeout(r, 500));
    expect(s.child.exitCode).toBeNull();
    expect(received).toHaveLength(0);
    release();
    expect(await s.exited, s.output()).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/code is \d{6}/);
    expect(s.output().match(/SIGTERM received: finishing/g)).toHaveLength(1);
    expect(s.output()).toContain('SIGINT received while shutting down: still finishing.');

    const database = await openData();
    try {
      const [outbox] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ADMIN_EMAIL));
      expect(outbox!.delivered).toBe(true);
      const [count] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(like(customers.name, 'Shutdown Import %'));
      expect(count!.n).toBe(ROWS);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('past SHUTDOWN_TIMEOUT_MS, says what it abandoned and exits 1', async () => {
    const database = await openData();
    const user = await createUser(database).finally(() => database.close());
    const s = await start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    holdMail();
    expect((await askResetCode(s, user.email)).status).toBe(200);
    await vi.waitFor(() => expect(held).toBe(1), { timeout: 20_000 });
    s.child.kill('SIGTERM');
    expect(await s.exited, s.output()).toBe(1);
    expect(s.output()).toContain(
      'Shutdown did not finish within 1000 ms; abandoned background work (e-mail being delivered).',
    );
    release();
  }, 120_000);
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 10 s unless set, and a wrong value stops the start naming the variable', () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).SHUTDOWN_TIMEOUT_MS).toBe(2500);
    for (const wrong of ['soon', '-1', '1.5'])
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: wrong })).toThrow(
        'SHUTDOWN_TIMEOUT_MS: must be a number of milliseconds',
      );
  });
});
