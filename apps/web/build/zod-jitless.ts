import type { Plugin } from 'vite';

const DEFAULT = '(_a.__zod_globalConfig = {})';

/**
 * Zod decides, when a schema is built, whether to compile its parser with `new Function`; under the app's
 * CSP (script-src 'self', no 'unsafe-eval') its probe is a violation the browser reports (Lighthouse's
 * Issues audit). The domain's schemas are built as their chunk loads, before any app code could call
 * `z.config`, so the bundle starts zod's global configuration as `{ jitless: true }` instead. Fails the
 * build if a zod upgrade moved that line, rather than letting the violation come back unnoticed.
 */
export const zodJitless = (): Plugin => ({
  name: 'karya:zod-jitless',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return;
    if (!code.includes(DEFAULT))
      throw new Error(`zod-jitless: "${DEFAULT}" not found in ${id}; update build/zod-jitless.ts`);
    // Same lines and columns: the source map stays right without one of its own.
    return { code: code.replace(DEFAULT, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
  },
});
