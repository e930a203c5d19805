import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Emits dist/sw.js from build/sw.js with this build's shell: the entry chunk, the chunks of `shellModules`
 * (the sign-in page, the signed-in frame), everything they import statically, their CSS, the emitted
 * stylesheets matching `sheets` (a module of CSS imports only is a sheet, not a chunk), and `extra` public
 * files. The version is a hash of that list, so any change to the shell is a new worker.
 */
export const serviceWorker = (opts: { shellModules: RegExp; sheets?: RegExp; extra: string[] }): Plugin => ({
  name: 'karya:service-worker',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const files = new Set<string>();
    const add = (chunk: Chunk | undefined) => {
      if (!chunk || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const name of chunk.imports) add(byName.get(name));
    };
    for (const chunk of chunks)
      if (chunk.isEntry || (chunk.facadeModuleId && opts.shellModules.test(chunk.facadeModuleId))) add(chunk);
    if (opts.sheets) for (const f of Object.keys(bundle)) if (opts.sheets.test(f)) files.add(f);
    const precache = ['/index.html', ...opts.extra, ...[...files].sort().map((f) => `/${f}`)];
    const template = readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');
    const version = createHash('sha256')
      .update(template)
      .update(precache.join('\n'))
      .digest('hex')
      .slice(0, 16);
    const source = template.replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(precache));
    this.emitFile({ type: 'asset', fileName: 'sw.js', source });
  },
});
