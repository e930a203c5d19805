import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@karya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_PAINT_BOOT, loadFirstPaint, paintsFirst } from './first-paint.ts';
import { type HintedHtml, loadRouteHints } from './route-hints.ts';
import { SESSION_COOKIE } from './sessions.ts';

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name the current release: always asked again (a 304 when unchanged). */
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', FIRST_PAINT_BOOT]);
/** Other public files (favicon, icons): a day. */
const PUBLIC_FILE = 'public, max-age=86400';

export const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? IMMUTABLE : ALWAYS_REVALIDATE.has(urlPath) ? 'no-cache' : PUBLIC_FILE;

/** A path that names a file (it has an extension) or lies under /assets/ is never answered with the app. */
const looksLikeFile = (urlPath: string) => urlPath.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(urlPath);

/**
 * The built web app (apps/web/dist), served by the same process: the Brotli or gzip file made at build time
 * by the request's Accept-Encoding (`preCompressed`), the cache policy above, and `index.html` for every
 * other GET outside /api (the app's routes). The variants (.br, .gz), Vite's manifest and any source map
 * are not served: a missing file answers 404, never the app's HTML in place of a script.
 */
export const registerWebApp = async (app: FastifyInstance, webDist: string, firstPaintTimeoutMs: number) => {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathname) => !/\.(br|gz|map)$/.test(pathname) && !pathname.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        const urlPath = `/${path.relative(webDist, filePath).split(path.sep).join('/')}`.replace(
          /\.(br|gz)$/,
          '',
        );
        res.setHeader('cache-control', cacheControlFor(urlPath));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const hints = hasWeb ? loadRouteHints(webDist) : null;
  const firstPaint = hints ? await loadFirstPaint(app, webDist, firstPaintTimeoutMs) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (
      urlPath.startsWith('/api') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !hasWeb ||
      looksLikeFile(urlPath)
    ) {
      return reply.status(404).send({
        success: false,
        message: 'The requested resource was not found.',
        error: ERROR_CODES.NOT_FOUND,
        requestId: request.id,
      });
    }
    // A signed-in page's HTML names its chunks (platform/route-hints.ts); the sign-in page's is the built file.
    const hinted = request.cookies?.[SESSION_COOKIE] ? hints?.forPath(urlPath) : null;
    // A page that shows records comes drawn (platform/first-paint.ts), except for a HEAD request.
    if (hinted && firstPaint && request.method === 'GET' && paintsFirst(hinted.page)) {
      const startedAt = performance.now();
      const drawn = await firstPaint.paint(request, hinted.html);
      if (drawn) return firstPaint.send(request, reply, drawn, startedAt);
    }
    if (hinted) return sendHinted(request, reply, hinted);
    return reply.sendFile('index.html');
  });
};

/** The route's HTML, compressed by Accept-Encoding, with an ETag (a repeat visit gets a 304). */
const sendHinted = (request: FastifyRequest, reply: FastifyReply, page: HintedHtml) => {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
};

/** API answers smaller than this go as they are: below about one packet, compressing saves no round trip. */
export const API_COMPRESS_FROM_BYTES = 1024;

/**
 * API answers (JSON) compressed on the fly, Brotli at quality 4 or gzip at level 6 by Accept-Encoding, from
 * API_COMPRESS_FROM_BYTES. Measured with `npm run bench:compression` (ARCHITECTURE.md, "Delivery"): a page of
 * a list shrinks by 85-90% for a few percent of throughput, which on a phone's slow link is the difference
 * between waiting and not. Brotli's default quality (11) costs far more CPU per answer than it saves bytes.
 * Registered inside /api only; the web app's files are compressed at build time.
 */
export const registerApiCompression = async (api: FastifyInstance) => {
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESS_FROM_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
};
