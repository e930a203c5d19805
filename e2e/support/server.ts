import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type Mail = { to: string; subject: string; text: string };

export const ADMIN_EMAIL = 'admin@karya.test';
export const ADMIN_PASSWORD = 'Admin@2026secure';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** An SMTP server in this process that keeps every message, so tests can read the codes the app sends. */
const startSmtp = async () => {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, subject, text: body.join('\n\n').replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { mails, port, close: () => new Promise<void>((r) => server.close(() => r())) };
};

export type RunningApp = {
  baseUrl: string;
  mails: Mail[];
  /** The newest 6-digit code e-mailed to this address (waits up to 10 s for it). */
  codeFor: (email: string, after?: number) => Promise<string>;
  /** SIGKILL: the process dies as a crash would, mid-request. */
  kill: () => Promise<void>;
  /** A new process on the same port and data (after kill), healthy when this resolves. */
  restart: () => Promise<void>;
  /** SIGTERM; the data folder is removed, or moved to `keepDataIn` (global setup's templates). */
  stop: (opts?: { keepDataIn?: string }) => Promise<void>;
};

/**
 * Data folders that global setup made once, each by a first start of the server (migrations, the
 * administrator, with DEMO=true the demo data): a spec's server starts on a copy of one, not from nothing.
 * A first start took some 15 s more than a start on existing data, once per spec file.
 */
export type DataTemplates = { plain: string; demo: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dataTemplates: DataTemplates | null;
  }
}

/** The template a server with `env` may start from: none when `env` changes what a first start makes. */
const templateFor = (templates: DataTemplates | null, env: Record<string, string>) => {
  if (!templates || Object.keys(env).some((k) => /^(ADMIN_|COMPANY_|DATABASE_URL$)/.test(k))) return null;
  return env.DEMO === 'true' ? templates.demo : templates.plain;
};

/**
 * The production server (built web app included) on a fresh embedded database and a free port: a copy of
 * global setup's data folder for it when there is one (`templates`, from inject), else a first start.
 */
export const startApp = async (
  env: Record<string, string> = {},
  templates: DataTemplates | null = null,
): Promise<RunningApp> => {
  const root = path.resolve(import.meta.dirname, '../..');
  const smtp = await startSmtp();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-e2e-'));
  const template = templateFor(templates, env);
  if (template) cpSync(template, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = '';
  /** The server process on this port and data: at the start, and again after a kill. */
  const spawnServer = async () => {
    output = '';
    child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        if (res.ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  await spawnServer();
  return {
    baseUrl,
    mails: smtp.mails,
    codeFor: async (email, after = 0) => {
      const until = Date.now() + 10_000;
      for (;;) {
        const mail = smtp.mails
          .slice(after)
          .reverse()
          .find((m) => m.to.toLowerCase() === email.toLowerCase());
        const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
        if (code) return code;
        if (Date.now() > until)
          throw new Error(`no code e-mailed to ${email}; mails: ${JSON.stringify(smtp.mails)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    kill: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    restart: spawnServer,
    stop: async (opts = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await smtp.close();
      if (opts.keepDataIn) renameSync(dataDir, opts.keepDataIn);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A security context (location in Bhubaneswar, a device) for API calls the tests make directly. */
export const SECURITY = {
  location: { type: 'Point', coordinates: [20.29, 85.82] },
  deviceInfo: { os: 'Linux', browser: 'Chromium', device: 'Desktop', model: 'e2e' },
};
