import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes the route table the server reads (not served: /.vite/ is refused). */
export const ROUTE_PAGES_FILE = '.vite/route-pages.json';

/**
 * The app's pages, read once from the features' routes.tsx (each names its page with `lazyPage(() =>
 * import('./x'))`, under `path: '…'` where the route is written out): `pages`, every page module, and
 * `routes`, each written-out route with its page's module (`{"/crm/products/items/:id":
 * "src/features/items/detail-page.tsx", …}`). The server names a page's chunks in the HTML it sends for
 * that page (platform/route-hints.ts); scripts/size-budget.mjs measures every page.
 */
export const routePagesOf = (webRoot: string) => {
  const features = path.join(webRoot, 'src/features');
  const routes: Record<string, string> = {};
  const pages = new Set<string>();
  for (const f of readdirSync(features).sort()) {
    let text = '';
    try {
      text = readFileSync(path.join(features, f, 'routes.tsx'), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/lazyPage\(\(\) => import\('\.\/([^']+)'\)/g))
      pages.add(`src/features/${f}/${m[1]}.tsx`);
    for (const m of text.matchAll(/path: '([^']+)',\s*element: lazyPage\(\(\) => import\('\.\/([^']+)'\)/g))
      routes[`/${m[1]!.replace(/^\//, '')}`] = `src/features/${f}/${m[2]}.tsx`;
  }
  return { pages: [...pages], routes };
};

export const routePages = (webRoot: string): Plugin => ({
  name: 'karya:route-pages',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: ROUTE_PAGES_FILE,
      source: `${JSON.stringify(routePagesOf(webRoot), null, 2)}\n`,
    });
  },
});
