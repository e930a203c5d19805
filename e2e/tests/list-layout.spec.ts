/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions handed to page.evaluate run in the browser.
import { describe, expect, it } from 'vitest';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * Words of `selector`'s elements that the browser drew on more than one line (a word split inside
 * itself, like 'Administrato / r'). Each word is measured with a Range: a whole word has one box.
 */
const splitWords = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const split: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  }, selector);

/** Texts of `selector`'s elements cut off by their own overflow (a badge squeezed to 'Pe...'). */
const cutOff = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(`${sel} *`)]
        .filter((el) => getComputedStyle(el).overflowX === 'hidden' && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    selector,
  );

/**
 * What the floating create button overlaps once the page is scrolled to the very bottom: the rows, cards,
 * buttons, links and inputs of the page (the button itself aside).
 */
const coveredByCreateButton = async (page: Page) => {
  // The shell's main area may be the scrolling element rather than the document: scroll all of them.
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
      if (el && el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
  });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const button = document.querySelector('button[aria-label="Create task"]');
    if (!button) throw new Error('no create button');
    const fab = button.getBoundingClientRect();
    return [...document.querySelectorAll('tbody tr, [role="listitem"], button, a, input')]
      .filter((el) => el !== button && !button.contains(el))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          !(fab.bottom <= r.top || fab.top >= r.bottom || fab.right <= r.left || fab.left >= r.right)
        );
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40));
  });
};

/** Enough tasks that the list scrolls at both sizes. */
const TASKS = 12;

const seedTasks = async (page: Page, origin: string, count: number) => {
  const me = await (await page.request.get('/api/auth/me')).json();
  for (let i = 1; i <= count; i++) {
    const res = await page.request.post('/api/hrm/tasks', {
      data: {
        title: `Visit the district education office number ${i}`,
        status: 'Pending',
        priority: 'High',
        date: '2026-11-20',
        assignedTo: [me.data._id],
      },
      headers: { origin },
    });
    expect(res.status()).toBe(201);
  }
};

/** Every task column visible, so the narrow ones (Created By: 'Administrator') are on screen too. */
const ALL_TASK_COLUMNS = [
  'title',
  'status',
  'priority',
  'deadline',
  'date',
  'time',
  'assignedTo',
  'assignedBy',
  'createdBy',
  'createdAt',
  'updatedAt',
].map((key) => ({ key, visible: true }));

describe('list layout in Chromium', () => {
  const env = useAppAndBrowser();

  for (const mobile of [false, true]) {
    const size = mobile ? '390' : '1280';

    it(`${size} px: table cells and cards break between words; the create button covers no row or card`, async () => {
      const context = await newContext(env.browser, env.app.baseUrl, { mobile });
      const page = await context.newPage();
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/tasks');
      await page.waitForURL('**/hrm/tasks');
      if (!mobile) await seedTasks(page, env.app.baseUrl, TASKS);

      // Cards (the tasks' default layout).
      await page.reload();
      await expect
        .poll(() => page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').count())
        .toBe(TASKS);
      expect(await splitWords(page, '[aria-label="Tasks"] [role="listitem"]')).toEqual([]);
      expect(await coveredByCreateButton(page)).toEqual([]);
      await screenshot(page, `list-layout-tasks-grid-${size}`);

      // The table with every column.
      await page.evaluate((fields) => {
        localStorage.setItem('taskLayout', JSON.stringify('list'));
        localStorage.setItem('taskFields', JSON.stringify(fields));
      }, ALL_TASK_COLUMNS);
      await page.reload();
      await expect.poll(() => page.locator('table[aria-label="Tasks"] tbody tr').count()).toBe(TASKS);
      expect(await page.locator('table[aria-label="Tasks"] tbody tr').first().innerText()).toContain(
        'Administrator',
      );
      expect(await splitWords(page, 'table[aria-label="Tasks"] td, table[aria-label="Tasks"] th')).toEqual(
        [],
      );
      expect(await cutOff(page, 'table[aria-label="Tasks"] td')).toEqual([]);
      expect(await coveredByCreateButton(page)).toEqual([]);
      await screenshot(page, `list-layout-tasks-table-${size}`);

      // The users' cards.
      await page.goto('/admin/users');
      await expect
        .poll(() => page.getByRole('list', { name: 'Users' }).getByRole('listitem').count())
        .toBe(1);
      expect(await splitWords(page, '[aria-label="Users"] [role="listitem"]')).toEqual([]);
      await screenshot(page, `list-layout-users-${size}`);
      await context.close();
    });
  }
});
