import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
};

/**
 * Adds to index.html a `<link rel="modulepreload">` for the chunks of the modules matching `modules` (and
 * what they import beyond the entry) and a `<link rel="preload" as="style">` for the emitted sheets
 * matching `styles` (a module of CSS imports only becomes a sheet, not a chunk): the browser fetches them
 * beside the entry instead of after the entry has run and asked for them, a round trip sooner on a slow
 * link, and a preload does not hold back the first paint. A signed-in visit fetches the sign-in page's
 * scripts too (a few KB, cached for a year): index.html is one document for every route.
 *
 * The modules' own stylesheets are not preloaded (issue 23): the service worker answers every navigation
 * with this index.html, so a signed-in page preloaded the sign-in page's sheet and never used it, and
 * Chromium warned on every page ('preloaded using link preload but not used within a few seconds'). An
 * unused modulepreload draws no warning. The sign-in page's sheet (1 KB) comes with its chunk's import,
 * which waits for it, so the page never paints unstyled.
 */
export const preloadModules = ({ modules, styles: sheets }: { modules: RegExp; styles: RegExp }): Plugin => ({
  name: 'karya:preload-modules',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      if (!ctx.bundle || !ctx.chunk) return;
      // Rolldown's bundle object lists its files by key only (Object.values finds nothing).
      const bundle = ctx.bundle;
      const chunks = Object.keys(bundle)
        .map((k) => bundle[k])
        .filter((c) => c?.type === 'chunk') as unknown as Chunk[];
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const walk = (name: string, into: Set<string>) => {
        const chunk = byName.get(name);
        if (!chunk || into.has(name)) return;
        into.add(name);
        for (const i of chunk.imports) walk(i, into);
      };
      const loaded = new Set<string>();
      walk(ctx.chunk.fileName, loaded);
      const targets = chunks.filter((c) => c.facadeModuleId && modules.test(c.facadeModuleId));
      if (!targets.length) throw new Error(`preloadModules: no chunk for ${modules}`);
      const scripts = new Set<string>();
      for (const t of targets) walk(t.fileName, scripts);
      const styles = new Set<string>();
      for (const f of Object.keys(bundle)) if (sheets.test(f)) styles.add(f);
      if (![...styles].some((f) => sheets.test(f))) throw new Error(`preloadModules: no sheet for ${sheets}`);
      return [
        ...[...styles].map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        })),
        ...[...scripts]
          .filter((f) => !loaded.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
      ];
    },
  },
});
