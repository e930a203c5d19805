/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the page, where the DOM exists.
import { describe, expect, it } from 'vitest';
import { choose, newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** A demo sales executive: HRM and tasks, no read on user or admin. */
const SALES = { email: 'debasish.panda@karya.local', password: 'Karya@2026' };

/** The text of the element that describes an input (its error message), as the browser links them. */
const describedBy = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const input = document.querySelector(sel);
    const ids = input?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  }, selector);

/** Whether the element on top at the middle of the first match is that element (nothing covers it). */
const uncovered = (page: Page, text: string) =>
  page.evaluate((t) => {
    const el = [...document.querySelectorAll<HTMLElement>('[role="alert"], p, div, span')].find(
      (e) => e.textContent?.trim() === t && e.children.length === 0,
    );
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top) ? 'visible' : `covered by ${top?.className ?? top?.tagName}`;
  }, text);

const inViewport = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe('found when tried as a new user would (issue 9 §4)', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('sign-in: a short password is refused on the password field before sending; the show-password toggle is reachable by keyboard', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) logins.push(r.url());
    });
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('Sign in · Karya');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN_EMAIL);
    const password = form.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('Ad@1234');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    expect(await describedBy(page, 'input[autocomplete="current-password"]')).toContain(
      'Password must be at least 8 characters long',
    );
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(logins).toEqual([]);

    // Tab from the password reaches the toggle; Space and Enter show and hide the password.
    await password.focus();
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator('input[autocomplete="current-password"]').getAttribute('type'))
      .toBe('text');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('input[autocomplete="current-password"]').getAttribute('type'))
      .toBe('password');
    expect(logins).toEqual([]);

    // Wrong credentials: the message sits under the password, which takes the focus.
    await password.fill('Wrong@12345');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => describedBy(page, 'input[autocomplete="current-password"]'))
      .toContain('Invalid email or password');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await describedBy(page, 'input[type="email"]')).not.toContain('Invalid email or password');
    await context.close();
  });

  it('task form: every message on the first submit; the deadline picker greys out days before the date', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/tasks');
    await page.waitForURL('**/hrm/tasks');
    await expect.poll(() => page.title()).toBe('Tasks · Karya');
    await page.getByRole('button', { name: 'Create task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    // Once the modal has settled its first field has the focus; Create is pressed straight away. (A message
    // shown when the title lost the focus used to move Create away under the pointer: only the title's
    // message appeared, and 'Assigned to is required' only on a second press.)
    const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    for (const message of ['Title is required', 'Assigned to is required'])
      await dialog.getByText(message, { exact: true }).waitFor();
    // The first of them is focused.
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    // A cancelled task's reason is asked for together with the others.
    await dialog.getByRole('textbox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    for (const message of ['Title is required', 'Assigned to is required', 'Reason is required'])
      await dialog.getByText(message, { exact: true }).waitFor();

    // The 15th of this month as the date: the deadline picker disables the 14th and earlier.
    const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Asia/Kolkata' }));
    const month = today.toLocaleString('en-GB', { month: 'long' });
    const mm = String(today.getMonth() + 1).padStart(2, '0');
    const date = dialog.getByRole('textbox', { name: 'Date', exact: true });
    await date.fill(`15/${mm}/${today.getFullYear()}`);
    await date.blur();
    await dialog.getByRole('textbox', { name: 'Deadline', exact: true }).click();
    const day = (d: number) =>
      page.getByRole('button', { name: `${d} ${month} ${today.getFullYear()}`, exact: true });
    await day(15).waitFor();
    expect(await day(14).isDisabled()).toBe(true);
    expect(await day(1).isDisabled()).toBe(true);
    expect(await day(15).isDisabled()).toBe(false);
    expect(await day(16).isDisabled()).toBe(false);
    await screenshot(page, 'polish-deadline-picker');
    await context.close();
  });

  it('team form: a picked user is added on submit or named above the pickers, where no dropdown covers it', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/teams/create');
    await page.waitForURL('**/admin/teams/create');
    await page.getByRole('textbox', { name: 'Team Name', exact: true }).fill('Balasore Field Sales');

    // No members: the message shows above the pickers; the focused User picker's dropdown does not cover it.
    await page.getByRole('button', { name: 'Create Team' }).click();
    await page.getByText('At least one team member is required').waitFor();
    await page.waitForTimeout(400);
    expect(await uncovered(page, 'At least one team member is required')).toBe('visible');

    // A user picked without a role is named, not silently dropped.
    await choose(page, 'User', 'Debasish Panda', 'Debasish');
    await page.getByRole('button', { name: 'Create Team' }).click();
    const named =
      'Debasish Panda is picked but not added: choose a role and press Add member, or clear User.';
    await page.getByText(named).waitFor();
    await page.waitForTimeout(400);
    expect(await uncovered(page, named)).toBe('visible');
    expect(await uncovered(page, 'Role is required')).toBe('visible');

    // With a role, the submit adds them.
    await choose(page, 'Role', 'Member');
    expect(await page.getByText('Role is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Create Team' }).click();
    await page.waitForURL(/\/admin\/teams\/[0-9a-f]{24}$/);
    await page.getByRole('link', { name: 'Debasish Panda' }).first().waitFor();
    await expect.poll(() => page.title()).toBe('Balasore Field Sales · Karya');
    const crumbs = page.getByLabel('Breadcrumbs', { exact: true });
    expect(
      (await crumbs.innerText())
        .trim()
        .split(/\s*\/\s*|\n+/)
        .filter(Boolean)
        .at(-1),
    ).toBe('Balasore Field Sales');
    await context.close();
  });

  it('role form: square boxes, actions in words (raw names searchable), and the permissions error scrolled to and focused', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/roles/create');
    await page.waitForURL('**/admin/roles/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Field Auditor');
    await page.getByRole('textbox', { name: 'Description' }).fill('Checks stock in the field');
    await page.getByRole('button', { name: 'Create Role' }).click();
    const matrix = page.getByRole('group', { name: 'Permissions' });
    await expect.poll(() => matrix.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => inViewport(page, 'At least one permission is required.')).toBe(true);

    const box = page.getByRole('checkbox', { name: 'task: Delete permanently', exact: true });
    await box.waitFor();
    const radius = await box.evaluate((el) => Number.parseFloat(getComputedStyle(el).borderTopLeftRadius));
    expect(radius).toBeLessThanOrEqual(4);
    await page.getByText('Bulk restore').first().waitFor();

    await page.getByRole('textbox', { name: 'Search permissions' }).fill('delete-permanently');
    await page.getByRole('checkbox', { name: 'task: Delete permanently', exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'hrm: Read', exact: true }).count()).toBe(0);
    await screenshot(page, 'polish-role-form');
    await context.close();
  });

  it('403 keeps the signed-in menu; records the user may not open are plain text; tab titles and breadcrumbs name the record', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, SALES.email, SALES.password);
    await page.waitForURL('**/hrm');
    const me = (await (await page.request.get('/api/auth/me')).json()).data as { _id: string };

    await page.goto(`/admin/users/${me._id}`);
    await page.getByRole('heading', { name: 'You are Unauthorized' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'HRM menu' });
    await menu.getByRole('link', { name: 'Task' }).waitFor();
    expect(await menu.getByRole('link').count()).toBeGreaterThan(1);
    await expect.poll(() => page.title()).toBe('You are Unauthorized · Karya');
    await screenshot(page, 'polish-403');

    const created = await page.request.post('/api/hrm/tasks', {
      data: { title: 'Visit Balasore DEO office', date: '2026-11-20', assignedTo: [me._id] },
      headers: { origin: env.app.baseUrl },
    });
    expect(created.status()).toBe(201);
    const taskId = (await created.json()).data._id as string;
    await page.goto(`/hrm/tasks/${taskId}`);
    await page.getByRole('heading', { name: 'Visit Balasore DEO office' }).waitFor();
    await expect.poll(() => page.title()).toBe('Visit Balasore DEO office · Karya');
    const crumbs = page.getByLabel('Breadcrumbs', { exact: true });
    await crumbs.getByText('Visit Balasore DEO office').waitFor();
    // The assignee is the user themself, but users' pages need read on user: a name, not a dead-end link.
    await page.getByText('Debasish Panda').first().waitFor();
    expect(await page.getByRole('link', { name: 'Debasish Panda', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('avatar groups show whole initials', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/teams');
    await page.waitForURL('**/admin/teams');
    await page.locator('.mantine-AvatarGroup-group').first().waitFor();
    /** Initials cut by the next avatar, with the groups' overlap as shown, or forced to `overlap`. */
    const measure = (overlap?: string) =>
      page.evaluate((forced) => {
        const problems: string[] = [];
        const groups = [...document.querySelectorAll<HTMLElement>('.mantine-AvatarGroup-group')];
        for (const group of groups) {
          const own = group.style.getPropertyValue('--ag-spacing');
          if (forced) group.style.setProperty('--ag-spacing', forced);
          const avatars = [...group.querySelectorAll<HTMLElement>('.mantine-Avatar-root')];
          avatars.slice(0, -1).forEach((avatar, i) => {
            const text = avatar.querySelector('.mantine-Avatar-placeholder');
            if (!text?.firstChild) return;
            const range = document.createRange();
            range.selectNodeContents(text);
            const right = range.getBoundingClientRect().right;
            const next = avatars[i + 1]!.getBoundingClientRect().left;
            // 1 px of slack: the text box includes the last letter's side bearing, which has no ink.
            if (right > next + 1)
              problems.push(`${text.textContent} cut at ${next.toFixed(1)} < ${right.toFixed(1)}`);
          });
          if (forced) group.style.setProperty('--ag-spacing', own);
        }
        return { groups: groups.length, problems };
      }, overlap);
    const teamsPage = await measure();
    // The task cards' assignees: groups of two and more.
    await page.goto('/hrm/tasks');
    await page
      .locator('.mantine-AvatarGroup-group .mantine-Avatar-root + .mantine-Avatar-root')
      .first()
      .waitFor();
    const tasksPage = await measure();
    // The check itself catches Mantine's default overlap (0.75rem), which cut the second letter.
    expect((await measure('0.75rem')).problems.length).toBeGreaterThan(0);
    await screenshot(page, 'polish-avatars');
    const clipped = {
      groups: teamsPage.groups + tasksPage.groups,
      problems: [...teamsPage.problems, ...tasksPage.problems],
    };
    expect(clipped.groups).toBeGreaterThan(0);
    expect(clipped.problems).toEqual([]);
    await context.close();
  });
});
