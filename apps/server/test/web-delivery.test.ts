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

/** A build with Vite's manifest and the route table, as apps/web's build leaves them. */
const makeRoutedDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'karya-dist-routes-'));
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  };
  write(
    'index.html',
    [
      '<!doctype html><html><head><title>Karya</title>',
      '<script type="module" crossorigin src="/assets/index-E.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-R.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/login-L.css">',
      '<link rel="modulepreload" crossorigin href="/assets/login-L.js">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-R.js' },
      '_kit.js': { file: 'assets/kit-K.js', css: ['assets/kit-K.css'], imports: ['_react.js'] },
      'src/features/auth/login-page.tsx': { file: 'assets/login-L.js', css: ['assets/login-L.css'] },
      'src/app/signed-in-frame.tsx': { file: 'assets/frame-F.js', css: ['assets/frame-F.css'] },
      'src/features/tasks/list-page.tsx': { file: 'assets/list-T.js', imports: ['_kit.js'] },
      'src/features/tasks/detail-page.tsx': { file: 'assets/detail-D.js' },
      'src/features/tasks/create-page.tsx': { file: 'assets/create-C.js' },
    }),
  );
  write(
    '.vite/route-pages.json',
    JSON.stringify({
      pages: [],
      routes: {
        '/login': 'src/features/auth/login-page.tsx',
        '/hrm/tasks': 'src/features/tasks/list-page.tsx',
        '/hrm/tasks/:id': 'src/features/tasks/detail-page.tsx',
        '/hrm/tasks/create': 'src/features/tasks/create-page.tsx',
      },
    }),
  );
  return dir;
};

describe('a signed-in page’s HTML names its chunks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: makeRoutedDist() });
  });
  afterAll(() => ctx.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    call(ctx.app, { method: 'GET', url, headers });
  const signedIn = { cookie: 'karya_sid=anything' };
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="[^"]+"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);

  it('preloads the frame and the page’s chunks and styles instead of the sign-in page’s', async () => {
    const res = await page('/hrm/tasks', signedIn);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual([
      'assets/react-R.js',
      'assets/frame-F.css',
      'assets/kit-K.css',
      'assets/frame-F.js',
      'assets/list-T.js',
      'assets/kit-K.js',
    ]);
  });

  it('tells a static path from a dynamic one, and leaves unknown paths and signed-out visits alone', async () => {
    expect(preloads((await page('/hrm/tasks/create', signedIn)).body)).toContain('assets/create-C.js');
    expect(preloads((await page('/hrm/tasks/0123456789abcdef01234567', signedIn)).body)).toContain(
      'assets/detail-D.js',
    );
    for (const res of [await page('/hrm/tasks'), await page('/nowhere', signedIn)]) {
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual(['assets/react-R.js', 'assets/login-L.css', 'assets/login-L.js']);
    }
  });

  it('compresses it and answers a repeat visit with 304', async () => {
    const br = await page('/hrm/tasks', { ...signedIn, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('assets/list-T.js');
    const again = await page('/hrm/tasks', { ...signedIn, 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
