import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The server's first paint (issue 9: a signed-in page fast on a phone). The web app's SSR build
 * (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr beside dist) draws a page that shows
 * records (a list, a detail, a dashboard) with the same components and queries as the browser; its calls
 * reach this server's own routes in-process (`inject`) with the visitor's cookie, so they pass the same
 * session, permission and row-scope checks as the browser's would. The HTML then carries:
 * - the page, drawn, inside #root and `inert` (nothing on it can be clicked or typed into before the app
 *   has taken over; links and buttons come alive when it does);
 * - its stylesheets as blocking links (the page must not paint unstyled);
 * - the answers it was drawn from, as a JSON data block (`application/json`, not a script: the CSP allows
 *   no inline script), which the app puts in its query cache so its first render is the same page.
 * On a phone's slow link the visitor sees the page itself as soon as the HTML and its CSS are in, instead
 * of a loading screen until some 290 KB of JavaScript has arrived and run (Lighthouse's LCP on the task list
 * went from 3.2 s to ...; see ARCHITECTURE.md, "Delivery").
 *
 * Anything that goes wrong (no SSR build, a render that throws, a page slower than the configured FIRST_PAINT_TIMEOUT_MS, 1.5 s by default)
 * sends the route's HTML without it, as before: the first paint only ever makes a page faster.
 */
export type ServerFetch = (path: string, init: RequestInit) => Promise<Response>;
type FirstPaint = { html: string; state: unknown; title?: string };
type Entry = {
  renderFirstPaint: (url: string, fetch: ServerFetch, wide: boolean) => Promise<FirstPaint | null>;
};

/**
 * The pages drawn first: those that show records (a list, a detail, a dashboard, the profile), named by
 * the record kit's file names, so a new record type's pages join by existing. Never a form
 * (form-pages.tsx, update-page.tsx): nothing may be typed into a page before the app has taken it over.
 */
const PAINTED_PAGES = /\/(list-page|detail-page|[a-z-]*dashboard-page|profile-page)\.tsx$/;
export const paintsFirst = (pageModule: string) => PAINTED_PAGES.test(pageModule);

/** The id of the JSON data block (apps/web/src/lib/first-paint.ts reads it). */
const STATE_ID = 'karya-first-paint';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** JSON that cannot end the data block or open a comment in HTML, whatever the records hold. */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Whether to draw a list for a wide screen: a browser that says it is on a phone (the Sec-CH-UA-Mobile
 * hint, else the User-Agent) gets the phone's layout. A wrong guess costs only a re-layout when the app
 * takes over; the sidebar is left to the stylesheet either way.
 */
export const guessWide = (request: FastifyRequest) => {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return false;
  if (hint === '?0') return true;
  return !/Mobi|Android|iPhone|iPad/i.test(String(request.headers['user-agent'] ?? ''));
};

/** The headers of the visitor's request that the page's calls carry on (who, from where, which device). */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto'];

/** The boot script (apps/web/public/first-paint-boot.js): asks for the app's scripts once the page painted. */
export const FIRST_PAINT_BOOT = '/first-paint-boot.js';

/**
 * The route's HTML (platform/route-hints.ts) with the drawn page in place of the loading screen, its
 * stylesheets blocking (it must not paint unstyled), its scripts handed to the boot script (they start once
 * the page has painted: on a slow link they would otherwise share the bandwidth with the stylesheets), the
 * session's preload dropped (its answer is in the state), and the state as a JSON data block. Null when
 * the HTML is not the one this expects.
 */
export const composePage = (routeHtml: string, drawn: FirstPaint) => {
  const start = routeHtml.indexOf('<!--loading-->');
  const end = routeHtml.indexOf('<!--/loading-->');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(routeHtml);
  if (start < 0 || end < start || !entry) return null;
  const modules: string[] = [];
  const head = routeHtml
    .slice(0, start)
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(/<link rel="preload" href="\/api\/auth\/session"[^>]*>\s*/, '')
    // The tab already says which page (and which record) it is, as the page's header will set it.
    .replace(/<title>[^<]*<\/title>/, drawn.title ? `<title>${escapeHtml(drawn.title)}</title>` : '$&')
    .replace(/<link rel="preload" as="style"( crossorigin)? href=/g, '<link rel="stylesheet"$1 href=');
  const boot = jsonForHtml({ entry: entry[1], modules });
  return `${head}<div inert>${drawn.html}</div>${routeHtml
    .slice(end + '<!--/loading-->'.length)
    .replace(
      '</body>',
      `<script type="application/json" id="${STATE_ID}">${jsonForHtml(drawn.state)}</script>` +
        `<script type="application/json" id="karya-boot">${boot}</script>` +
        `<script async src="${FIRST_PAINT_BOOT}"></script></body>`,
    )}`;
};

export const loadFirstPaint = async (app: FastifyInstance, webDist: string, timeoutMs: number) => {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  let entry: Entry;
  try {
    entry = (await import(pathToFileURL(file).href)) as Entry;
  } catch (err) {
    app.log.warn({ err }, 'The first paint build could not be loaded; pages start without it.');
    return null;
  }

  const callsOf =
    (request: FastifyRequest): ServerFetch =>
    async (url, init) => {
      const method = (init.method ?? 'GET').toUpperCase();
      // Drawing a page reads; it never writes.
      if (method !== 'GET') throw new Error(`A first paint may not send ${method}.`);
      // The page's id goes with its calls: their log lines read as one request's.
      const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': request.id };
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const res = await app.inject({
        method: 'GET',
        url,
        headers,
        remoteAddress: request.ip,
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };

  /** The route's HTML with the page drawn into it, or null to send the route's HTML as it is. */
  const paint = async (request: FastifyRequest, routeHtml: string): Promise<string | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const drawn = await Promise.race([
        entry.renderFirstPaint(request.url, callsOf(request), guessWide(request)),
        late,
      ]);
      if (!drawn) return null;
      return composePage(routeHtml, drawn);
    } catch (err) {
      request.log.warn({ err }, 'first paint failed; the page starts without it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  /** Sends the page drawn, compressed on the fly (it holds the visitor's records: never stored by others). */
  const send = async (request: FastifyRequest, reply: FastifyReply, html: string, startedAt: number) => {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding, cookie')
      .header('server-timing', `first-paint;dur=${(performance.now() - startedAt).toFixed(1)}`);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts))
      return reply
        .header('content-encoding', 'br')
        .send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gz(html));
    return reply.send(html);
  };

  return { paint, send };
};
