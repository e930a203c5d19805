// Renders the app icons (public/icons/*.png) from their SVGs with Debian's Chromium, once; the PNGs are
// committed as source assets. Run again after changing an SVG: node apps/web/build/make-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../public/icons');
const icons = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
for (const icon of icons) {
  const svg = readFileSync(path.join(dir, icon.svg), 'utf8');
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
  );
  await page.screenshot({ path: path.join(dir, icon.png), omitBackground: true });
}
await browser.close();
