import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/compress';
import { preloadModules } from './build/preload-modules';
import { routePages } from './build/route-pages';
import { scrollClassNames } from './build/scroll-class-names';
import { serviceWorker } from './build/service-worker';
import { sourcemapsOutside } from './build/sourcemaps';
import { zodJitless } from './build/zod-jitless';

/**
 * Test files that run in a process of their own: lazy-date-input's test watches the picker's chunk arrive
 * for the first time, which must not depend on what the files before it in a worker loaded.
 */
const ISOLATED = ['src/lib/lazy-date-input.test.tsx'];

export default defineConfig({
  plugins: [
    react(),
    zodJitless(),
    scrollClassNames(),
    sourcemapsOutside(path.resolve(import.meta.dirname, 'sourcemaps')),
    serviceWorker({
      // The sign-in page, the signed-in frame and the worker's registration: what a repeat visit needs
      // before any page chunk.
      shellModules: /\/src\/(features\/auth\/login-page|app\/signed-in-frame|app\/service-worker)\.tsx$/,
      // The first paint's stylesheet, which main.tsx loads itself (app/first-paint-styles.ts).
      sheets: /^assets\/first-paint-styles-[\w-]+\.css$/,
      extra: ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon.svg'],
    }),
    // The first paint's stylesheet (loaded by main.tsx) and, as most first visits are signed out, the
    // sign-in page's scripts download beside the entry (not its stylesheet: issue 23, see the plugin).
    preloadModules({
      modules: /\/src\/features\/auth\/login-page\.tsx$/,
      styles: /^assets\/first-paint-styles-[\w-]+\.css$/,
    }),
    // The route → page module table the server uses to name a page's chunks in its HTML.
    routePages(import.meta.dirname),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  // The manifest lets scripts/size-budget.mjs and the server tell chunks apart; maps go outside dist.
  build: {
    outDir: 'dist',
    // Every browser the app supports preloads modules itself; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // What every route needs, in chunks that keep their hash across releases that do not upgrade them.
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: Number(process.env.INLINE ?? 16384),
            exclude: [
              /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              /node_modules[\\/](zod|@hookform)[\\/]|packages[\\/]domain[\\/]/,
            ],
          },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router/, priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)/, priority: 3 },
            {
              // Mantine's runtime and the components the sign-in page shows (every other page uses them
              // too), with what they import: one chunk compresses better than the dozen small ones
              // automatic splitting makes of them, and the sign-in route loads nothing more of Mantine.
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Anchor|Box|Button|Center|Group|Loader|Paper|PasswordInput|Skeleton|Stack|Text|TextInput|ThemeIcon|Title)[\\/])/,
              priority: 2,
            },
            {
              // Money and the GST slabs by date it reads (issue 27): one chunk, as money was before the slabs
              // became a module of their own (a chunk of 1 KB more for every route otherwise).
              name: 'money',
              test: /packages[\\/]domain[\\/]src[\\/]common[\\/](money|gst-slabs)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // The app's own small helpers every route uses (API client, toasts' wording, page titles, the
              // zod-free domain rules they need): one chunk rather than several of a few hundred bytes.
              // Only these modules, not what they import: that would pull in the whole domain package.
              name: 'app-base',
              test: /(apps[\\/]web[\\/]src[\\/]lib[\\/](api|notify|query-keys|document-title|security-context)|packages[\\/]domain[\\/]src[\\/](api|dates|permission-checks|id-pattern|common[\\/](values|list-search-params|sign-in|device)))\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // CI runs this suite on two workers beside the server's, the SQL injection scan and the benchmark's
    // smoke run on two cores: a whole-form test that takes 2 s alone once passed 30 s there. Speed is the
    // benchmark's and Lighthouse's to judge, never a unit test's; one limit for every file (the per-describe
    // 30-s limits went).
    testTimeout: 60_000,
    // Two workers on two cores (vitest's default there is one), and the files of a worker share one process:
    // every file used to load React and Mantine again, two thirds of the suite's time (467 s → 144 s alone,
    // half the CPU; issue 24). No file mocks a module; src/test-setup.ts puts back at a file's end what it
    // changed (stubbed globals, spies, fake timers, storage) and has the app's own modules evaluated afresh
    // for the next file. Three runs with the files shuffled passed.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-isolated', include: [...ISOLATED], isolate: true } },
    ],
  },
} as never);
