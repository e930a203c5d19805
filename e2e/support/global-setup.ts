import { existsSync } from 'node:fs';
import path from 'node:path';

/** The browser tests run against the production build: npm run build must have run. */
export default function setup() {
  const root = path.resolve(import.meta.dirname, '../..');
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run "npm run build" before the browser tests`);
    }
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
