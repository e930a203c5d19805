import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newContext, type Page, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** The page's navigator as far as these checks use it (the e2e package compiles without the DOM library). */
declare const navigator: {
  serviceWorker: {
    controller: unknown;
    getRegistration: () => Promise<{ waiting: unknown; update: () => Promise<unknown> } | undefined>;
  };
};

/**
 * Delivery (issue 9 §1): the service worker's offline start and update prompt, and a page chunk that fails
 * to load. The server serves a copy of the build, so a test can put a "new release" of sw.js in place.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'karya-e2e-dist-'));
cpSync(path.resolve(import.meta.dirname, '../../apps/web/dist'), dist, { recursive: true });

/** A new release as the browser sees it: a different sw.js (and its precompressed variants). */
const releaseNewWorker = () => {
  const file = path.join(dist, 'sw.js');
  const source = `${readFileSync(file, 'utf8')}\n// release ${Date.now()}\n`;
  writeFileSync(file, source);
  writeFileSync(`${file}.br`, brotliCompressSync(source));
  writeFileSync(`${file}.gz`, gzipSync(source));
};

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);
const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

describe('delivery: service worker and lazy chunks', () => {
  const env = useAppAndBrowser({ WEB_DIST: dist });

  it('starts a second visit without the network, and never answers the API from its cache', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await signInForm(page).waitFor();
    await controlled(page);

    await context.setOffline(true);
    await page.reload();
    await signInForm(page).getByRole('textbox', { name: 'Email', exact: true }).waitFor();
    // The API is the network's or nothing: offline, a call fails rather than getting an old answer.
    const api = await page.evaluate(() =>
      fetch('/api/auth/session').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    await context.setOffline(false);
    await context.close();
  });

  it('offers a new release with "A new version is available" and reloads only when the user asks', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await controlled(page);
    await signInForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill('typed@before.update');

    releaseNewWorker();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByText('A new version is available');
    await prompt.waitFor();
    // Nothing reloaded by itself: what the user typed is still there, and the new worker waits.
    await expect
      .poll(() => signInForm(page).getByRole('textbox', { name: 'Email', exact: true }).inputValue())
      .toBe('typed@before.update');
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);

    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(async () => !(await navigator.serviceWorker.getRegistration())?.waiting);
    await signInForm(page).waitFor();
    // The reload may still be on its way when the worker has taken over (a slow machine): the new page's
    // empty form is what shows it came.
    await expect
      .poll(() => signInForm(page).getByRole('textbox', { name: 'Email', exact: true }).inputValue(), {
        timeout: 20_000,
      })
      .toBe('');
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('offers Reload inside the shell when a page chunk fails to load, and the page loads after it', async () => {
    // page.route does not see requests a service worker answers, so this context has none.
    const context = await env.browser.newContext({
      baseURL: env.app.baseUrl,
      viewport: { width: 1280, height: 860 },
      permissions: ['geolocation'],
      geolocation: { latitude: 20.2961, longitude: 85.8245 },
      serviceWorkers: 'block',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin');
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: 'Log out' }).first().waitFor();

    // A release replaced the chunks, or the connection dropped: the list page's code cannot be fetched.
    await page.route('**/assets/list-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Manage Users' }).first().click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    // Still inside the shell: the menus and Log out are there, not the full-page crash.
    await page.getByRole('button', { name: 'Log out' }).first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    await page.unroute('**/assets/list-page-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Manage Users' }).waitFor();
    await context.close();
  });
});
