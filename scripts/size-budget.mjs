// The size budget (issue 9): the JavaScript a route needs before it can show anything, gzip, from Vite's
// build manifest. Fails when the sign-in route passes 150 KB or any signed-in route passes 250 KB, so a
// later dependency cannot quietly undo the lazy routes. Builds the web app first when it is stale.
// `npm run budget`; part of `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale, root } from './build-if-stale.mjs';

export const BUDGET_KB = { signIn: 150, signedIn: 250 };
const web = path.join(root, 'apps/web');
const LOGIN = 'src/features/auth/login-page.tsx';
const SHELL = 'src/app/shell/shell.tsx';

/** Which URL each page module serves, read from the features' routes.tsx (for the table only). */
const pathsByModule = () => {
  const map = new Map([[LOGIN, ['/login']]]);
  const features = path.join(web, 'src/features');
  for (const f of readdirSync(features)) {
    let text = '';
    try {
      text = readFileSync(path.join(features, f, 'routes.tsx'), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/path: '([^']+)',\s*element: lazyPage\(\(\) => import\('\.\/([^']+)'\)/g)) {
      const key = `src/features/${f}/${m[2]}.tsx`;
      map.set(key, [...(map.get(key) ?? []), `/${m[1]}`]);
    }
  }
  return map;
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
  const labels = pathsByModule();
  const rows = [];
  const signIn = measure(manifest, [entry, LOGIN]);
  rows.push({ route: '/login', ...signIn, limit: BUDGET_KB.signIn });
  const pages = Object.keys(manifest).filter(
    (k) => manifest[k].isDynamicEntry && k.startsWith('src/features/') && k !== LOGIN,
  );
  for (const page of pages.sort()) {
    const m = measure(manifest, [entry, SHELL, page]);
    const route = (labels.get(page) ?? [page.replace('src/features/', '')]).join(', ');
    rows.push({ route, ...m, limit: BUDGET_KB.signedIn });
  }
  return rows.map((r) => ({ ...r, kb: r.bytes / 1024, ok: r.bytes / 1024 <= r.limit }));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale();
  const rows = checkBudget();
  const width = Math.max(...rows.map((r) => r.route.length), 5);
  console.log(`${'route'.padEnd(width)}  files  gzip KB  budget  `);
  for (const r of rows)
    console.log(
      `${r.route.padEnd(width)}  ${String(r.files).padStart(5)}  ${r.kb.toFixed(1).padStart(7)}  ${String(r.limit).padStart(6)}  ${r.ok ? 'ok' : 'OVER'}`,
    );
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    console.error(
      `\nSize budget exceeded: ${over.map((r) => `${r.route} (${r.kb.toFixed(1)} KB)`).join('; ')}`,
    );
    process.exit(1);
  }
  console.log('\nSize budget: every route within its initial-JavaScript budget.');
}
