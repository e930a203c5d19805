import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DataTemplates, startApp } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run against the production build: npm run build must have run. Then the two data
 * folders every spec's server starts from a copy of (support/server.ts, DataTemplates): one server's first
 * start each, stopped cleanly.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run "npm run build" before the browser tests`);
    }
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

  const folder = mkdtempSync(path.join(tmpdir(), 'karya-e2e-templates-'));
  const made = async (demo: boolean) => {
    const app = await startApp({ DEMO: String(demo) });
    const dir = path.join(folder, demo ? 'demo' : 'plain');
    await app.stop({ keepDataIn: dir });
    return dir;
  };
  const [plain, demo] = await Promise.all([made(false), made(true)]);
  project.provide('dataTemplates', { plain, demo } satisfies DataTemplates);
  return () => rmSync(folder, { recursive: true, force: true });
}
