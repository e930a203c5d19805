import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Source maps are built (`sourcemap: 'hidden'`: no sourceMappingURL comment) and moved out of the served
 * folder into `apps/web/sourcemaps/`, for reading a production stack trace; the public never gets them.
 */
export const sourcemapsOutside = (dir: string): Plugin => ({
  name: 'karya:sourcemaps-outside',
  apply: 'build',
  generateBundle(_options, bundle) {
    rmSync(dir, { recursive: true, force: true });
    for (const [name, asset] of Object.entries(bundle)) {
      if (!name.endsWith('.map') || asset.type !== 'asset') continue;
      const target = path.join(dir, name);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, asset.source);
      delete bundle[name];
    }
  },
});
