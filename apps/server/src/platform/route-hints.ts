import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The HTML of a signed-in page names that page's chunks (issue 9: fast on a phone). The built index.html
 * preloads the entry and the sign-in page; a signed-in visit to /hrm/tasks then learned of the signed-in
 * frame and the list page only once the entry had downloaded and run, a second wave of requests a round
 * trip and a script evaluation later. For a request that carries a session cookie and matches a route of
 * the app, the server sends index.html with `<link rel="modulepreload">` for the frame's and the page's
 * chunks (and `preload` for their stylesheets) instead of the sign-in page's, so everything downloads in
 * one wave. Without a cookie (the sign-in page comes next) or for an unknown path, the built file as it is.
 *
 * Reads Vite's manifest and the build's route table (apps/web/build/route-pages.ts) once at start.
 */
type ManifestEntry = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestEntry>;

export type HintedHtml = { html: string; br: Buffer; gzip: Buffer; etag: string; page: string };

const FRAME = 'src/app/signed-in-frame.tsx';
const LOGIN = 'src/features/auth/login-page.tsx';

const closure = (manifest: Manifest, keys: string[]) => {
  const files = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const c of entry.css ?? []) css.add(c);
    for (const i of entry.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { files, css };
};

/** '/crm/products/items/:id' → a regular expression for the path; static segments rank above dynamic ones. */
const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

const variant = (html: string, page: string): HintedHtml => ({
  html,
  page,
  br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(html, { level: 9 }),
  etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 16)}"`,
});

/** Null when the build has no manifest or route table (an old build, a test without a web build). */
export const loadRouteHints = (webDist: string) => {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  const routesFile = path.join(webDist, '.vite/route-pages.json');
  if (!existsSync(manifestFile) || !existsSync(routesFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { routes } = JSON.parse(readFileSync(routesFile, 'utf8')) as { routes: Record<string, string> };
  const baseHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey || !manifest[FRAME]) return null;
  const entry = closure(manifest, [entryKey]);
  const login = closure(manifest, [LOGIN]);
  // The sign-in page's own files, which a signed-in page does not need first.
  const loginOnly = [...login.files, ...login.css].filter((f) => !entry.files.has(f) && !entry.css.has(f));
  const withoutLogin = loginOnly.reduce(
    (html, f) =>
      html.replace(new RegExp(`\\s*<link rel="(?:modulepreload|preload)"[^>]*href="/${f}"[^>]*>`), ''),
    baseHtml,
  );
  const cache = new Map<string, HintedHtml>();
  const htmlFor = (page: string) => {
    const hit = cache.get(page);
    if (hit) return hit;
    const wanted = closure(manifest, [FRAME, page]);
    const links = [
      ...[...wanted.css]
        .filter((f) => !entry.css.has(f))
        .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ...[...wanted.files]
        .filter((f) => !entry.files.has(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    const made = variant(withoutLogin.replace('</head>', `    ${links.join('\n    ')}\n  </head>`), page);
    cache.set(page, made);
    return made;
  };
  const table = Object.entries(routes)
    .filter(([route, page]) => route !== '/login' && manifest[page])
    .map(([route, page]) => ({ pattern: patternOf(route), page, dynamic: route.includes(':') }))
    // '/crm/products/items/create' before '/crm/products/items/:id'.
    .sort((a, b) => Number(a.dynamic) - Number(b.dynamic));
  return {
    /** The HTML for a signed-in request to `pathname`, or null to send the built index.html. */
    forPath: (pathname: string): HintedHtml | null => {
      const match = table.find((r) => r.pattern.test(pathname));
      return match ? htmlFor(match.page) : null;
    },
  };
};
