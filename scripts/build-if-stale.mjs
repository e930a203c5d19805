// Build the web app and the server when their output is missing or older than any of their sources.
// Used by start.mjs (npm start) and scan-sqli.mjs (npm run scan:sqli).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const newest = (dir) => {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const stale = (output, ...sources) =>
  !existsSync(output) ||
  statSync(output).mtimeMs < Math.max(...sources.map((s) => newest(path.join(root, s))));

const run = (args) => {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** The web app's build, when missing or older than its sources, public files or build configuration. */
export const buildWebIfStale = () => {
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html'];
  if (
    // The server's first paint (apps/web/vite.ssr.config.ts) is built by the same command.
    !existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js')) ||
    stale(
      path.join(root, 'apps/web/dist/.vite/manifest.json'),
      ...sources,
      'apps/web/vite.config.ts',
      'apps/web/vite.ssr.config.ts',
      'apps/web/package.json',
      'packages/domain/src',
      // Its sideEffects flag decides what the web bundle keeps.
      'packages/domain/package.json',
    )
  ) {
    console.log('Building the web app...');
    run(['run', 'build', '-w', '@karya/web']);
  }
};

/** Build what is stale; exits the process when a build fails (npm has printed why). */
export const buildIfStale = () => {
  buildWebIfStale();
  if (
    stale(
      path.join(root, 'apps/server/dist/main.js'),
      'apps/server/src',
      'apps/server/drizzle',
      'packages/domain/src',
    )
  ) {
    console.log('Building the server...');
    run(['run', 'build', '-w', '@karya/server']);
  }
};
