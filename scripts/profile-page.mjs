// Diagnostics, not a test: where a page's main-thread time goes on a slowed CPU. Starts the production
// build on a temporary DATA_DIR with demo data, signs in, opens each page given (default /hrm/tasks) in
// Chromium with the CPU slowed 4x (Lighthouse's phone), records a CPU profile from navigation until the
// network is idle, and prints the functions with the most self time and the long tasks.
//   node scripts/profile-page.mjs /hrm/tasks /admin/users
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { freePort, SESSION_COOKIE, signInThroughApi } from './lib/app-process.mjs';

const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'));
const RATE = Number(process.env.CPU_RATE ?? 4);

buildIfStale();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'karya-profile-'));
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'true',
    ADMIN_EMAIL: 'admin@karya.local',
    ADMIN_PASSWORD: 'Profile@2026',
    LOG_LEVEL: 'warn',
    BACKUP_AT: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
const { token } = await signInThroughApi(base, {
  email: 'admin@karya.local',
  password: 'Profile@2026',
  model: 'Profile',
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const p of pages.length ? pages : ['/hrm/tasks']) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    // Warm the server (first query plans) so the profile is the browser's.
    await (await context.newPage()).goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'],
    });
    const t0 = Date.now();
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    const wall = Date.now() - t0;
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse((await browser.stopTracing()).toString());
    // Main-thread events by name (self time of complete events on the renderer's main thread).
    const events = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur);
    const renderers = new Set(
      trace.traceEvents
        .filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const counts = new Map();
    for (const e of events)
      if (renderers.has(`${e.pid}:${e.tid}`)) counts.set(e.tid, (counts.get(e.tid) ?? 0) + e.dur);
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const mine = events.filter((e) => e.tid === main).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    const selfByName = new Map();
    const longTasks = [];
    for (const e of mine) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      if (stack.length) stack.at(-1).self -= e.dur;
      e.self = e.dur;
      stack.push(e);
      if (e.name === 'RunTask' && e.dur > 50000) longTasks.push(e);
    }
    for (const e of mine) selfByName.set(e.name, (selfByName.get(e.name) ?? 0) + e.self / 1000);
    console.log(`\n${p}: main-thread self time by event (ms):`);
    for (const [k, v] of [...selfByName].sort((a, b) => b[1] - a[1]).slice(0, 18))
      console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
    const start = mine[0]?.ts ?? 0;
    console.log(
      `long tasks (>50 ms): ${longTasks.map((t) => `${((t.ts - start) / 1000).toFixed(0)}+${(t.dur / 1000).toFixed(0)}`).join(', ')}`,
    );
    writeFileSync(
      path.join(tmpdir(), `profile${p.replaceAll('/', '-')}.cpuprofile`),
      JSON.stringify(profile),
    );
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const dt = profile.timeDeltas;
    for (let i = 0; i < profile.samples.length; i++) {
      const n = byId.get(profile.samples[i]);
      const cf = n.callFrame;
      const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const idle = self.get('(idle) :-1') ?? 0;
    console.log(
      `\n${p}: wall ${wall} ms, profiled ${total.toFixed(0)} ms, busy ${(total - idle).toFixed(0)} ms (CPU ${RATE}x)`,
    );
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
      console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
    await context.close();
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
