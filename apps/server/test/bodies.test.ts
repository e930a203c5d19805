import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBrands } from '../src/db/schema.ts';
import { multipartBody, newUserForm, PNG_1X1 } from '../src/modules/users/users-test-kit.ts';
import { adminSession, createTestApp, type TestContext } from './helpers.ts';

/**
 * Broken and oversized bodies (issue 22 part 4), on a real listening server: what a client sees on its
 * socket (an answer it can read, not EPIPE or a reset) is only visible there, not through app.inject.
 */
describe('broken or oversized bodies', () => {
  let ctx: TestContext;
  let port: number;
  let origin: string;
  let cookie: string;
  let dataDir: string;

  const MB = 1024 * 1024;
  const CUT_OFF = 'The upload was cut off before it ended. Please try again.';
  const TOO_DEEP = 'The request body is nested too deeply.';
  const BRANDS = '/api/crm/products/brands';

  /** Every file under the data folder except the database's own. */
  const filesOnDisk = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'pgdata') walk(p);
        } else out.push(path.relative(dataDir, p));
      }
    };
    walk(dataDir);
    return out.sort();
  };

  const brandsNamed = (name: string) =>
    ctx.database.db.select().from(productBrands).where(eq(productBrands.name, name));

  type Answer = { status?: number; body?: { success?: boolean; message?: string }; error?: string };

  /**
   * One request over its own socket, the way node:http sends it: `body` with a Content-Length, or `chunks`
   * sent chunked. Resolves once the exchange is over, with the answer read (if any) and the socket error
   * the client saw (if any), so an early answer followed by EPIPE shows as both.
   */
  const send = (opts: {
    url: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    chunks?: Buffer[];
  }) =>
    new Promise<Answer>((resolve) => {
      const answer: Answer = {};
      let pending = 2;
      const settle = () => {
        pending -= 1;
        if (pending === 0) resolve(answer);
      };
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: opts.url,
        agent: false,
        headers: { origin, cookie, ...opts.headers },
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          answer.status = res.statusCode;
          const text = Buffer.concat(parts).toString('utf8');
          try {
            answer.body = JSON.parse(text);
          } catch {
            answer.body = { message: text };
          }
          settle();
        });
        res.on('error', (e: NodeJS.ErrnoException) => {
          answer.error ??= e.code ?? e.message;
          settle();
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        answer.error ??= e.code ?? e.message;
        // No answer will come after a failed request; settle its half too.
        if (answer.status === undefined && pending === 2) pending -= 1;
      });
      req.on('close', settle);
      if (opts.chunks) {
        for (const c of opts.chunks) req.write(c);
        req.end();
      } else req.end(opts.body);
    });

  const JSON_TYPE = { 'content-type': 'application/json' };

  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await adminSession(ctx)).cookie;
    dataDir = ctx.app.deps.config.DATA_DIR;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => ctx.close());

  describe('an unterminated multipart body', () => {
    /** A form whose closing boundary never comes. */
    const unterminated = (fields: Record<string, unknown>, file?: Parameters<typeof multipartBody>[1]) => {
      const form = multipartBody(fields, file);
      const boundary = form.headers['content-type'].split('boundary=')[1]!;
      const closing = Buffer.from(`--${boundary}--\r\n`);
      return {
        headers: form.headers,
        payload: form.payload.subarray(0, form.payload.length - closing.length),
      };
    };
    const image = { field: 'image', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 };

    it('answers 400 (not 500) on brands, with no file and no row left behind', async () => {
      const before = filesOnDisk();
      const form = unterminated({ name: 'Cut brand one' }, image);
      const res = await send({ url: BRANDS, headers: form.headers, body: form.payload });
      expect(res.error).toBeUndefined();
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CUT_OFF });
      expect(filesOnDisk()).toEqual(before);
      expect(await brandsNamed('Cut brand one')).toHaveLength(0);
    });

    it('answers 400 for a body cut off in the middle of a file', async () => {
      const before = filesOnDisk();
      const form = multipartBody({ name: 'Cut brand two' }, { ...image, data: Buffer.alloc(64 * 1024, 7) });
      const cut = form.payload.subarray(0, form.payload.length - 32 * 1024);
      const res = await send({ url: BRANDS, headers: form.headers, body: cut });
      expect(res.error).toBeUndefined();
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CUT_OFF });
      expect(filesOnDisk()).toEqual(before);
      expect(await brandsNamed('Cut brand two')).toHaveLength(0);
    });

    it.each([
      ['categories', '/api/crm/products/categories', { name: 'Cut category' }, image],
      ['classes', '/api/crm/products/classes', { name: 'Cut class' }, image],
      ['vendors', '/api/crm/products/vendors', { name: 'Cut vendor' }, image],
      ['items', '/api/crm/products/items', { name: 'Cut item' }, { ...image, field: 'images' }],
      ['users', '/api/admin/users', newUserForm(), image],
    ])('answers 400 the same way on %s', async (_what, url, fields, file) => {
      const before = filesOnDisk();
      const form = unterminated(fields, file);
      const res = await send({ url, headers: form.headers, body: form.payload });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CUT_OFF });
      expect(filesOnDisk()).toEqual(before);
    });

    it('leaves nothing behind when the client goes away mid-file, and the server keeps answering', async () => {
      const before = filesOnDisk();
      const form = multipartBody({ name: 'Cut brand three' }, { ...image, data: Buffer.alloc(64 * 1024, 7) });
      const head =
        `POST ${BRANDS} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (c: Buffer) => received.push(c));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      socket.write(head);
      socket.write(form.payload.subarray(0, 40 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.end();
      await new Promise((resolve) => socket.on('close', resolve));
      expect(Buffer.concat(received).toString('latin1')).not.toMatch(/^HTTP\/1\.1 5/);
      expect(filesOnDisk()).toEqual(before);
      expect(await brandsNamed('Cut brand three')).toHaveLength(0);
      const health = await fetch(`${origin}/api/health`);
      expect(health.status).toBe(200);
    });

    it('still refuses a file over 5 MB with the limit in a message the client reads', async () => {
      const before = filesOnDisk();
      const big = { ...image, data: Buffer.concat([PNG_1X1, Buffer.alloc(6 * MB, 1)]) };
      const form = multipartBody({ name: 'Too big brand' }, big);
      const res = await send({ url: BRANDS, headers: form.headers, body: form.payload });
      expect(res.error).toBeUndefined();
      expect([400, 413]).toContain(res.status);
      expect(res.body?.message).toMatch(/5 ?MB/);
      expect(filesOnDisk()).toEqual(before);
      expect(await brandsNamed('Too big brand')).toHaveLength(0);
    });
  });

  describe('an oversized JSON body', () => {
    const tenMb = JSON.stringify({ name: 'Huge brand', description: 'x'.repeat(10 * MB) });

    it('answers 413 with the limit, read by node:http without EPIPE (Content-Length)', async () => {
      const res = await send({ url: BRANDS, headers: JSON_TYPE, body: tenMb });
      expect(res.error).toBeUndefined();
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, message: 'The request is too large: at most 1 MB.' });
    });

    it('answers 413 to fetch, which reads the answer', async () => {
      const res = await fetch(`${origin}${BRANDS}`, {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: tenMb,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ message: 'The request is too large: at most 1 MB.' });
    });

    it('answers 413 to a chunked body (no Content-Length) the client reads', async () => {
      const buffer = Buffer.from(tenMb);
      const chunks: Buffer[] = [];
      for (let i = 0; i < buffer.length; i += 64 * 1024) chunks.push(buffer.subarray(i, i + 64 * 1024));
      const res = await send({ url: BRANDS, headers: JSON_TYPE, chunks });
      expect(res.error).toBeUndefined();
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: 'The request is too large: at most 1 MB.' });
    });

    it("names the route's own limit (customers/bulk takes 16 MB)", async () => {
      const body = JSON.stringify({ customers: [{ name: 'x'.repeat(17 * MB) }] });
      const res = await send({ url: '/api/crm/customers/bulk', headers: JSON_TYPE, body });
      expect(res.error).toBeUndefined();
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: 'The request is too large: at most 16 MB.' });
    });

    it('answers 413 at once to a body claiming far more than it may send (then closes)', async () => {
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (c: Buffer) => received.push(c));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      socket.write(
        `POST ${BRANDS} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${1024 * MB}\r\n\r\n{"name":"`,
      );
      await new Promise((resolve) => socket.on('close', resolve));
      const text = Buffer.concat(received).toString('utf8');
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toContain('The request is too large: at most 1 MB.');
    });

    // Fastify closes the connection after a body it refused; a keep-alive client reads the 413 and opens a
    // new one for the next request.
    it("a keep-alive client's next request goes through after the 413", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const once = (body: string) =>
        new Promise<number | undefined>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: BRANDS,
              agent,
              headers: { origin, cookie, 'content-type': 'application/json' },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const first = await once(tenMb);
      const second = await once(JSON.stringify({ name: `Small brand ${Date.now()}` }));
      agent.destroy();
      expect(first).toBe(413);
      expect(second).toBe(201);
    });
  });

  describe('deeply nested JSON', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    it('refuses 100,000 levels with 400', async () => {
      const body = `{"name":"Deep brand","description":"d","extra":${nested(100_000)}}`;
      const res = await send({ url: BRANDS, headers: JSON_TYPE, body });
      expect(res.error).toBeUndefined();
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: TOO_DEEP });
      expect(await brandsNamed('Deep brand')).toHaveLength(0);
    });

    it('refuses deep objects too, and counts brackets inside strings as text', async () => {
      const deep = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
      const res = await send({ url: BRANDS, headers: JSON_TYPE, body: `{"name":"Deeper","x":${deep}}` });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: TOO_DEEP });
      // 200 brackets inside a string are text, not nesting.
      const ok = await send({
        url: BRANDS,
        headers: JSON_TYPE,
        body: `{"name":"Brackets [[{{ \\" [[","description":"${'['.repeat(200)}"}`,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    });

    it("refuses it in a multipart form's JSON-text field too", async () => {
      const form = multipartBody(newUserForm({ address: `{"city":${nested(50_000)}}` }));
      const res = await send({ url: '/api/admin/users', headers: form.headers, body: form.payload });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: TOO_DEEP });
    });

    it('accepts 20 levels', async () => {
      const body = `{"name":"Twenty deep brand","extra":${nested(20)}}`;
      const res = await send({ url: BRANDS, headers: JSON_TYPE, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await brandsNamed('Twenty deep brand')).toHaveLength(1);
    });

    it("keeps Fastify's JSON protections: poisoning, empty and invalid bodies", async () => {
      for (const body of [
        '{"name":"Proto brand","__proto__":{"isAdmin":true}}',
        '{"name":"Ctor brand","constructor":{"prototype":{"isAdmin":true}}}',
        '',
        '{"name":',
      ]) {
        const res = await send({ url: BRANDS, headers: JSON_TYPE, body });
        expect(res.status, body).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
      }
      expect(await brandsNamed('Proto brand')).toHaveLength(0);
    });
  });
});
