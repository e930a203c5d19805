import { createHash } from 'node:crypto';
import { chmod, mkdir, unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The embedded database can be open in one process only, so while the server runs, `npm run backup` asks
 * it for the archive through a local control socket: a Unix domain socket in DATA_DIR/run (a 0700 folder,
 * the socket 0600; nothing on the network). One JSON line in ({"command":"backup","to":…}), one out
 * ({"ok":true,…} or {"ok":false,"message":…}).
 */

export type ControlRequest = { command: 'backup'; to?: string } | { command: 'ping' };
export type ControlAnswer = { ok: true; file: string; summary: string } | { ok: false; message: string };

/** Unix socket paths are limited (108 bytes on Linux); a deep DATA_DIR gets one under the temp folder. */
export const controlSocketPath = (dataDir: string) => {
  const resolved = path.resolve(dataDir);
  const inDataDir = path.join(resolved, 'run', 'control.sock');
  if (Buffer.byteLength(inDataDir) <= 100) return inDataDir;
  const id = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `karya-${id}`, 'control.sock');
};

const MAX_REQUEST = 64 * 1024;

/**
 * Ask the server that holds dataDir's database. null when none listens (no socket, or one left by a
 * process that ended).
 */
export const askServer = (dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> =>
  new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error('The running server gave an unreadable answer.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });

/**
 * Listen on dataDir's control socket; `handle` answers each request. A socket file left by a process that
 * ended is replaced; one that still answers belongs to another server on the same DATA_DIR, which is
 * reported rather than taken over. Returns the close function.
 */
export const listenForControl = async (
  dataDir: string,
  handle: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<() => Promise<void>> => {
  const file = controlSocketPath(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(file), 0o700);
  if (await askServer(dataDir, { command: 'ping' }).catch(() => null))
    throw new Error(
      `another Karya server already answers on ${file}: two processes must not share one DATA_DIR`,
    );
  await unlink(file).catch(() => undefined);
  const server: Server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (d) => {
      request += d;
      if (request.length > MAX_REQUEST) socket.destroy();
      const end = request.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      let parsed: ControlRequest | null = null;
      try {
        parsed = JSON.parse(request.slice(0, end)) as ControlRequest;
      } catch {}
      const reply = (a: ControlAnswer) => socket.end(`${JSON.stringify(a)}\n`);
      if (parsed?.command === 'ping') return reply({ ok: true, file: '', summary: 'ready' });
      if (parsed?.command !== 'backup') return reply({ ok: false, message: 'Unknown request.' });
      handle(parsed).then(reply, (error: Error) => reply({ ok: false, message: error.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
};
