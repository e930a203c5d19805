// npm start: build what is missing or older than its sources, then run the production server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
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

if (stale(path.join(root, 'apps/web/dist/index.html'), 'apps/web/src', 'packages/domain/src')) {
  console.log('Building the web app...');
  run(['run', 'build', '-w', '@karya/web']);
}
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

const child = spawn(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/main.js', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
