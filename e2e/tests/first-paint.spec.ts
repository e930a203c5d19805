import { describe, expect, it } from 'vitest';
import { newContext, type Page, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * The server's first paint (issue 9): a signed-in visit to a page that shows records arrives drawn, shows
 * before any script has run, and becomes the live app without a skeleton, a second call or an error.
 */
describe('first paint: a signed-in page arrives drawn', () => {
  const env = useAppAndBrowser();
  const TITLE = 'Survey the ATL lab at Zilla School, Puri';

  // Without the service worker, which answers a signed-in visitor's later navigations from its cached shell
  // (a repeat visit starts without the network): the first paint is for a visit that reaches the server.
  const signedIn = async (opts: { mobile?: boolean } = {}) => {
    const context = await newContext(env.browser, env.app.baseUrl, { ...opts, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/(hrm|admin|crm)/);
    return { context, page };
  };

  const seedTask = async (page: Page) => {
    const me = await (await page.request.get('/api/auth/me')).json();
    const res = await page.request.post('/api/hrm/tasks', {
      data: { title: TITLE, date: '2026-11-20', assignedTo: [me.data._id] },
      headers: { origin: env.app.baseUrl },
    });
    expect(res.status()).toBe(201);
  };

  it('shows the task list with no script at all, styled, on a phone', async () => {
    const { context, page } = await signedIn({ mobile: true });
    await seedTask(page);
    // No script may run: what shows is the server's markup alone.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/hrm/tasks');
    const drawn = page.locator('[inert]');
    await expect.poll(() => drawn.count()).toBe(1);
    await expect.poll(() => drawn.getByText(TITLE).isVisible()).toBe(true);
    await expect.poll(() => drawn.getByRole('heading', { name: 'Tasks', level: 2 }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Tasks · Karya');
    // The menu button matches the sidebar the stylesheet shows: closed at this width (☰), open on a wide
    // screen (✕), as the app draws it once it takes over.
    const menuButton = async () =>
      [
        await drawn.getByRole('button', { name: 'Open navigation' }).isVisible(),
        await drawn.getByRole('button', { name: 'Close navigation' }).isVisible(),
      ].join();
    await expect.poll(menuButton).toBe('true,false');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(menuButton).toBe('false,true');
    await page.setViewportSize({ width: 390, height: 844 });
    // Styled: the card has Mantine's border and the page does not scroll sideways at phone width.
    const card = drawn.getByText(TITLE).locator('xpath=ancestor::article[1]');
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    await context.close();
  });

  it('becomes the live app in one step: no skeleton, no second call for the list or the session, no error', async () => {
    const { context, page } = await signedIn();
    const calls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Any skeleton (the shell's or a page's: role status, aria-busy) drawn while the app takes over.
    await page.addInitScript(() => {
      const seen = { skeleton: false };
      (globalThis as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (globalThis.document.querySelector('[aria-busy="true"]')) seen.skeleton = true;
      }).observe(globalThis.document, { childList: true, subtree: true });
    });
    await page.goto('/hrm/tasks');
    // The app takes over: the drawn copy is gone and its controls answer.
    await expect.poll(() => page.locator('[inert]').count(), { timeout: 15_000 }).toBe(0);
    expect(
      await page.evaluate(() => (globalThis as unknown as { seen: { skeleton: boolean } }).seen.skeleton),
    ).toBe(false);
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/hrm/tasks');
    await page
      .getByRole('group', { name: 'Status quick filters' })
      .getByText('Pending', { exact: true })
      .click();
    expect((await filtered).url()).toContain('status');
    expect(calls).not.toContain('/api/auth/session');
    // The first page of the list came with the HTML; the chip's filter is the first list call.
    expect(calls.filter((c) => c === '/api/hrm/tasks').length).toBe(1);
    expect(errors).toEqual([]);
    // The tab title is the page's own once the app runs.
    expect(await page.title()).toBe('Tasks · Karya');
    await context.close();
  });

  it('leaves a form to the app: the user form arrives as the plain page and can be typed into', async () => {
    const { context, page } = await signedIn();
    await page.goto('/admin/users/create');
    expect(await page.locator('[inert]').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Name' }).first().fill('Typed at once');
    expect(await page.getByRole('textbox', { name: 'Name' }).first().inputValue()).toBe('Typed at once');
    await context.close();
  });
});
