// The size budget (issue 9): the JavaScript a route needs before it can show anything (the entry, the
// route's chunk, and every chunk they import statically), gzip, read from Vite's build manifest. Builds the
// web app first when it is stale. `npm run budget`; part of `npm test`.
//
// TARGET is issue 9's goal (sign-in 150 KB, signed-in 250 KB), and the test enforces it, so a later
// dependency cannot quietly undo the lazy routes. The sign-in route must also load no zod (see
// LIBRARIES_NOT_FOR_SIGN_IN). MAX_FILES bounds the files a route loads before it can show anything: on a
// phone each costs a request (a round trip on a slow link) and main-thread time to fetch and instantiate,
// which is why small shared chunks are inlined (vite.config.ts). Where the bytes go: ARCHITECTURE.md
// ("Delivery").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale, root } from './build-if-stale.mjs';

export const TARGET_KB = { signIn: 150, signedIn: 250 };
export const LIMIT_KB = { signIn: 150, signedIn: 250 };
export const MAX_FILES = { signIn: 12, signedIn: 30 };
const web = path.join(root, 'apps/web');
const LOGIN = 'src/features/auth/login-page.tsx';
// The signed-in shell's chunk: the shell and the providers only signed-in pages use.
const SHELL = 'src/app/signed-in-frame.tsx';

/**
 * The routes' pages: every module a feature's routes.tsx hands to `lazyPage(() => import('./x'))`, with
 * the URLs it serves, as the web build wrote them (apps/web/build/route-pages.ts). Only these are routes;
 * the parts a page opens lazily (filter drawers, dialogs, the dropzone) are imported elsewhere and load
 * on demand, so they are no rows of their own.
 */
const routePages = () => {
  const { pages, routes } = JSON.parse(readFileSync(path.join(web, 'dist/.vite/route-pages.json'), 'utf8'));
  const map = new Map(pages.map((p) => [p, []]));
  for (const [url, page] of Object.entries(routes)) map.get(page)?.push(url);
  return map;
};

/** Chunks the sign-in route must not load: the shell, the list kit, the record frame, the date pickers. */
const NOT_FOR_SIGN_IN = [
  SHELL,
  'src/app/shell/shell.tsx',
  /^_(list|record|DateInput|pick-calendar-levels-props|zod)-[\w-]{8}\.js$/,
];

/** Libraries the sign-in page checks its form without (the domain's zod-free sign-in rules instead). */
const LIBRARIES_NOT_FOR_SIGN_IN = [['zod', /[`"']\$?ZodError[`"']|\$ZodType/]];

/** The manifest keys of `keys` and every chunk they import statically. */
const closure = (manifest, keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return [...seen];
};

/** Sums the gzip size of `keys` and every chunk they import statically (each file counted once). */
const measure = (manifest, keys) => {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const i of entry.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(web, 'dist', f)), { level: 9 }).length;
  return { bytes, files: files.size };
};

export const checkBudget = () => {
  const manifest = JSON.parse(readFileSync(path.join(web, 'dist/.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const pages = routePages();
  const rows = [];
  const signIn = measure(manifest, [entry, LOGIN]);
  const intruders = closure(manifest, [entry, LOGIN]).filter((k) =>
    NOT_FOR_SIGN_IN.some((rule) => (typeof rule === 'string' ? k === rule : rule.test(k))),
  );
  // Libraries named by their code rather than by chunk names, which the bundler picks: zod's error class.
  for (const k of closure(manifest, [entry, LOGIN])) {
    const code = readFileSync(path.join(web, 'dist', manifest[k].file), 'utf8');
    for (const [lib, pattern] of LIBRARIES_NOT_FOR_SIGN_IN)
      if (pattern.test(code)) intruders.push(`${lib} (in ${manifest[k].file})`);
  }
  rows.push({
    route: '/login',
    ...signIn,
    limit: LIMIT_KB.signIn,
    target: TARGET_KB.signIn,
    maxFiles: MAX_FILES.signIn,
    intruders,
  });
  for (const [page, urls] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
    if (page === LOGIN) continue;
    // A page the bundler does not know (renamed, moved) would drop out of the budget unnoticed.
    if (!manifest[page]?.isDynamicEntry)
      throw new Error(`${page} (a route in routes.tsx) is not a lazy chunk`);
    const m = measure(manifest, [entry, SHELL, page]);
    const route = urls.join(', ');
    rows.push({
      route,
      ...m,
      limit: LIMIT_KB.signedIn,
      target: TARGET_KB.signedIn,
      maxFiles: MAX_FILES.signedIn,
    });
  }
  return rows.map((r) => ({
    ...r,
    kb: r.bytes / 1024,
    ok: r.bytes / 1024 <= r.limit && r.files <= r.maxFiles && !r.intruders?.length,
  }));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale();
  const rows = checkBudget();
  const width = Math.max(...rows.map((r) => r.route.length), 5);
  console.log(`${'route'.padEnd(width)}  files  max  gzip KB  limit  target`);
  for (const r of rows)
    console.log(
      `${r.route.padEnd(width)}  ${String(r.files).padStart(5)}  ${String(r.maxFiles).padStart(3)}  ${r.kb.toFixed(1).padStart(7)}  ${String(r.limit).padStart(5)}  ${String(r.target).padStart(6)}  ${r.ok ? (r.kb <= r.target ? 'ok' : 'over target') : 'OVER LIMIT'}`,
    );
  for (const r of rows)
    if (r.intruders?.length)
      console.error(`\n${r.route} loads what only signed-in pages need: ${r.intruders.join(', ')}`);
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    console.error(
      `\nSize budget exceeded: ${over.map((r) => `${r.route} (${r.kb.toFixed(1)} KB, ${r.files} files)`).join('; ')}`,
    );
    process.exit(1);
  }
  const aboveTarget = rows.filter((r) => r.kb > r.target).length;
  console.log(
    `\nSize budget: every route within its limit${aboveTarget ? `; ${aboveTarget} of ${rows.length} still above issue 9's target` : ' and target'}.`,
  );
}
