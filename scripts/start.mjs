// npm start: build what is missing or older than its sources, then run the production server.
import { spawn } from 'node:child_process';
import { buildIfStale, root } from './build-if-stale.mjs';
import { serverNodeOptions } from './server-node-options.mjs';

let options;
try {
  options = serverNodeOptions();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
buildIfStale();

const child = spawn(process.execPath, [...options, 'apps/server/dist/main.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
