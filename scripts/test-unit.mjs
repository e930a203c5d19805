// npm run test:unit: the domain's tests, then the server's and the web's side by side (the server suite waits
// on its databases and processes about a third of its time, which the web's jsdom tests fill; one after the
// other they took some eleven minutes on two cores). Each line is printed as it comes, marked with its suite;
// the exit code is the first failure's.
import { spawn } from 'node:child_process';

const run = (workspace, label) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', 'test', '-w', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(label ? `[${label}] ${line}\n` : `${line}\n`);
      });
      from.on('end', () => {
        if (rest) to.write(label ? `[${label}] ${rest}\n` : `${rest}\n`);
      });
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const domain = await run('@karya/domain', '');
if (domain !== 0) process.exit(domain);
const [server, web] = await Promise.all([run('@karya/server', 'server'), run('@karya/web', 'web')]);
console.log(
  `server suite: ${server === 0 ? 'passed' : 'FAILED'}; web suite: ${web === 0 ? 'passed' : 'FAILED'}`,
);
process.exit(server || web);
