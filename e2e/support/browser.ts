import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type RunningApp, startApp } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

export const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** A fresh browser profile that shares a location in Bhubaneswar. */
export const newContext = async (
  browser: Browser,
  baseURL: string,
  opts: {
    mobile?: boolean;
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
    /** 'block': no service worker, so every navigation reaches the server (a first visit on a new device). */
    serviceWorkers?: 'block';
  } = {},
) => {
  const context = await browser.newContext({
    baseURL,
    storageState: opts.storageState,
    serviceWorkers: opts.serviceWorkers,
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    permissions: ['geolocation'],
    geolocation: { latitude: 20.2961, longitude: 85.8245 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  // A hang guard, not a speed goal: a wait that passes returns as soon as the page shows it. Beside the
  // PostgreSQL suite on two cores, a wait of the expense claims' passed 15 s (stop 40) on a test that takes
  // 11 s alone and 26 s with both cores busy.
  context.setDefaultTimeout(30_000);
  return context;
};

/** A picture in e2e/artifacts: the whole page, or with `fullPage: false` the window (an open dialog). */
export const screenshot = async (page: Page, name: string, opts: { fullPage?: boolean } = {}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: opts.fullPage ?? true });
};

/** Sign in through the sign-in screen and wait for the shell. */
export const signIn = async (page: Page, email: string, password: string, redirect?: string) => {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
};

export type { Browser, BrowserContext, Page };

/** Pick an option of a Mantine Select / MultiSelect by its label. */
export const choose = async (page: Page, label: string, option: string, search?: string) => {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/**
 * Wait until a date field is the picker itself, not the read-only stand-in that shows while its chunk
 * loads (apps/web/src/lib/lazy-date-input.tsx): a click on the stand-in opens no calendar.
 */
export const pickerReady = async (field: Locator) => {
  await field.waitFor();
  await expect.poll(() => field.isEditable()).toBe(true);
};

/** Type a one-time code into a Mantine PinInput whose first digit has this label. */
export const typeCode = async (page: Page, firstDigitLabel: string, code: string) => {
  await page.getByLabel(firstDigitLabel, { exact: true }).click();
  await page.keyboard.type(code, { delay: 30 });
};

/**
 * One production server and one browser for a spec file, started before its tests and stopped after.
 * Read `env.app` and `env.browser` inside tests.
 */
export const useAppAndBrowser = (serverEnv: Record<string, string> = {}) => {
  const env = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startApp(serverEnv, inject('dataTemplates')), launch()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.stop();
  });
  return env;
};
