import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createTestApp, login, type TestContext } from './helpers.ts';

/** A stand-in for apps/web/dist as the web build leaves it: files with their .br and .gz beside them. */
const makeDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'karya-dist-'));
  const write = (name: string, text: string, compressed = true) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  };
  write(
    'index.html',
    `<!doctype html><html><head><title>Karya</title></head><body>${'app '.repeat(200)}</body></html>`,
  );
  write('assets/index-AbC123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
  write('assets/index-AbC123.css', `body{color:red}${'.a{margin:0}'.repeat(100)}`);
  write('sw.js', `self.addEventListener('fetch', () => {});${' '.repeat(500)}`);
  write('manifest.webmanifest', JSON.stringify({ name: 'Karya', icons: [] }));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', false);
  write('.vite/manifest.json', '{}');
  return dir;
};

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: makeDist() });
  });
  afterAll(() => ctx.close());

  const get = (url: string, encoding?: string) =>
    call(ctx.app, { method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the Brotli file made at build time to a browser that accepts it, gzip to one that does not', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it.each(['/assets/index-AbC123.js', '/assets/index-AbC123.css'])(
    'caches the hashed %s for a year, immutable',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it.each(['/index.html', '/sw.js', '/manifest.webmanifest'])(
    'asks the browser to revalidate %s every time (no-cache), compressed too',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
    },
  );

  it('answers the app routes with index.html, no-cache and compressed', async () => {
    for (const url of ['/', '/login', '/hrm/tasks?page=2']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Karya</title>');
    }
  });

  it.each([
    '/assets/index-AbC123.js.map',
    '/assets/index-AbC123.js.br',
    '/assets/index-AbC123.js.gz',
    '/.vite/manifest.json',
    '/assets/gone-Old999.js',
    '/main.js.map',
  ])(
    'answers 404 for %s: no source maps, raw variants, or HTML in place of a missing script',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>Karya</title>');
    },
  );

  it('keeps the API uncached', async () => {
    const res = await get('/api/health', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses API answers from 1 KB by Accept-Encoding, and leaves small ones as they are', async () => {
    const { cookie } = await login(ctx.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const session = (encoding?: string) =>
      call(
        ctx.app,
        { method: 'GET', url: '/api/auth/session', headers: encoding ? { 'accept-encoding': encoding } : {} },
        cookie,
      );
    const plain = await session();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await session('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await session('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const tiny = await get('/api/health', 'br');
    expect(tiny.body.length).toBeLessThan(1024);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });
});
