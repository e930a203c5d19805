import { describe, expect, it } from 'vitest';
import { choose, newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

const SEED = [
  ['Demo robotics kit at Ravenshaw College', 'Scheduled', 'High', '2026-11-02'],
  ['Collect purchase order from DAV Cuttack', 'Pending', 'Medium', '2026-11-05'],
  ['Call BDO office Khordha about the tender', 'Pending', 'Low', '2026-11-09'],
  ['Prepare quotation for KV Bhubaneswar', 'In Progress', 'High', '2026-11-12'],
  ['Submit the October expense report', 'Completed', 'Low', '2026-11-15'],
] as const;

/** Create tasks through the API with the page's own session (the list itself is what is under test). */
const seedTasks = async (page: Page, origin: string) => {
  const me = await (await page.request.get('/api/auth/me')).json();
  for (const [title, status, priority, date] of SEED) {
    const res = await page.request.post('/api/hrm/tasks', {
      data: { title, status, priority, date, assignedTo: [me.data._id] },
      headers: { origin },
    });
    expect(res.status()).toBe(201);
  }
};

const cards = (page: Page) => page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
const rows = (page: Page) => page.getByRole('table', { name: 'Tasks' }).locator('tbody tr');
const headers = async (page: Page) =>
  (await page.getByRole('table', { name: 'Tasks' }).getByRole('columnheader').allInnerTexts()).map((t) =>
    t.trim(),
  );

/** Waits until the list shows exactly this many records (the list refetches after every change). */
const expectCount = async (loc: ReturnType<typeof cards>, n: number) => {
  await expect.poll(() => loc.count(), { timeout: 10_000 }).toBe(n);
};

describe('HR tasks', () => {
  const env = useAppAndBrowser();

  it('list: status chip, filter panel, sort, columns kept across a reload, bulk delete then restore', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/tasks');
    await page.waitForURL('**/hrm/tasks');
    await seedTasks(page, env.app.baseUrl);
    await page.reload();

    // Grid by default.
    await expectCount(cards(page), 5);

    // A status chip filters; choosing it again clears it.
    const chips = page.getByRole('group', { name: 'Status quick filters' });
    await chips.getByText('Pending', { exact: true }).click();
    await expectCount(cards(page), 2);
    expect(decodeURIComponent(page.url())).toContain('filters[status][]=Pending');
    await chips.getByText('Pending', { exact: true }).click();
    await expectCount(cards(page), 5);

    // The filter panel (#filter): Apply filters and closes; Reset clears.
    await page.getByRole('button', { name: 'Open filters' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Filter Tasks' });
    await panel.getByRole('textbox', { name: 'Title', exact: true }).fill('quotation');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expectCount(cards(page), 1);
    await expect
      .poll(() => cards(page).first().innerText())
      .toContain('Prepare quotation for KV Bhubaneswar');
    await page.getByRole('button', { name: 'Open filters' }).first().click();
    await page.getByRole('dialog', { name: 'Filter Tasks' }).getByRole('button', { name: 'Reset' }).click();
    await expectCount(cards(page), 5);

    // List layout, sorted by title.
    await page.getByRole('button', { name: 'List view' }).click();
    await expectCount(rows(page), 5);
    await page.getByRole('button', { name: /^Sort|Change sort$/ }).click();
    await page.getByRole('menuitem', { name: 'Title', exact: true }).click();
    await expect
      .poll(async () => (await rows(page).allInnerTexts()).map((t) => t.split('\t')[0]?.trim()))
      .toEqual([...SEED.map(([t]) => t)].sort((a, b) => a.localeCompare(b)));

    // Column arrangement (#field-arrangement): hide Priority, show Assigned To, move it first.
    await page.getByRole('button', { name: 'Column Arrangement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Column Arrangement' });
    await dialog.getByRole('checkbox', { name: 'Priority', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Assigned To', exact: true }).check();
    const moveUp = dialog.getByRole('button', { name: 'Move Assigned To up' });
    for (let i = 0; i < 12 && (await moveUp.isEnabled()); i += 1) await moveUp.click();
    await screenshot(page, 'task-columns');
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).not.toContain('Priority');
    expect((await headers(page))[0]).toBe('Assigned To');
    await page.reload();
    await expectCount(rows(page), 5);
    expect(await headers(page)).not.toContain('Priority');
    expect((await headers(page))[0]).toBe('Assigned To');
    await screenshot(page, 'task-list');

    // Bulk delete two tasks…
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Submit the October expense report' }).check();
    await page.getByRole('checkbox', { name: 'Select Call BDO office Khordha about the tender' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' }).or(page.getByLabel('Bulk actions'));
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Tasks' });
    await confirmDelete.getByText('Are you sure you want to delete these tasks?').waitFor();
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('2 tasks deleted').first().waitFor();
    await expectCount(rows(page), 3);

    // …then restore them through the Deleted filter.
    await page.getByRole('button', { name: 'Open filters' }).first().click();
    const deletedPanel = page.getByRole('dialog', { name: 'Filter Tasks' });
    await deletedPanel.getByRole('checkbox', { name: 'Deleted', exact: true }).check();
    await deletedPanel.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Deleted tasks', { exact: true }).waitFor();
    await expectCount(rows(page), 2);
    const selectMode = page.getByRole('button', { name: 'Select', exact: true });
    if (await selectMode.isVisible()) await selectMode.click();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar.getByRole('button', { name: 'Restore', exact: true }).click();
    const confirmRestore = page.getByRole('dialog', { name: 'Restore Tasks' });
    await confirmRestore.getByText(/active Tasks section/).waitFor();
    await confirmRestore.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('2 tasks restored').first().waitFor();
    await expectCount(rows(page), 0);
    await page.getByRole('button', { name: 'Open filters' }).first().click();
    await page.getByRole('dialog', { name: 'Filter Tasks' }).getByRole('button', { name: 'Reset' }).click();
    await expectCount(rows(page), 5);
    await context.close();
  });

  it('creates a task in the modal and opens its detail page', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/tasks');
    await page.waitForURL('**/hrm/tasks');
    await page.getByRole('button', { name: 'Create task' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Task' });
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill('Visit Utkal University library');
    await modal
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Meet the librarian\nShow the RFID demo');
    // A Cancelled task needs a reason: the rule shows before anything is sent.
    await choose(page, 'Status', 'Cancelled');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await modal.getByText('Reason is required').waitFor();
    await choose(page, 'Status', 'Scheduled');
    await choose(page, 'Assigned To', 'Administrator', 'Admin');
    await page.keyboard.press('Escape');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Task created successfully').first().waitFor();
    await page.getByText('Visit Utkal University library').first().click();
    await page.waitForURL(/\/hrm\/tasks\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Task Details' }).first().waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Show the RFID demo' }).first().waitFor();
    await screenshot(page, 'task-detail-phone');
    await context.close();
  });
});
