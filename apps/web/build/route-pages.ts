import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes the route table the server reads (not served: /.vite/ is refused). */
export const ROUTE_PAGES_FILE = '.vite/route-pages.json';

/**
 * Every route of the app with the module of its page: `{"/crm/products/items/:id": "src/features/items/
 * detail-page.tsx", …}`, read from the features' routes.tsx (each names its page with `lazyPage(() =>
 * import('./x'))` under `path: '…'`), the same reading scripts/size-budget.mjs makes. With Vite's manifest
 * it lets the server name a page's chunks in the HTML it sends for that page (platform/route-hints.ts), so
 * they download beside the entry instead of after it has run.
 */
export const routePagesOf = (webRoot: string) => {
  const features = path.join(webRoot, 'src/features');
  const out: Record<string, string> = {};
  for (const f of readdirSync(features)) {
    let text = '';
    try {
      text = readFileSync(path.join(features, f, 'routes.tsx'), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/path: '([^']+)',\s*element: lazyPage\(\(\) => import\('\.\/([^']+)'\)/g))
      out[`/${m[1]!.replace(/^\//, '')}`] = `src/features/${f}/${m[2]}.tsx`;
  }
  return out;
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
