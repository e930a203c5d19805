/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the page, where the DOM exists.
import { describe, expect, it } from 'vitest';
import { newContext, type Page, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * Issue 23 part 5, "Words that say what happened": each point tried as the role that met it.
 */
const PASSWORD = 'Karya@2026';
const STORE_MANAGER = 'lipsa.pradhan@karya.local';
const HR_MANAGER = 'manas.sethi@karya.local';

/** Whether the element showing exactly `text` is on top at its middle (nothing, say a dropdown, covers it). */
const uncovered = (page: Page, text: string) =>
  page.evaluate((t) => {
    const el = [...document.querySelectorAll<HTMLElement>('p, div, span')].find(
      (e) => e.textContent?.trim() === t && e.children.length === 0,
    );
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top) ? 'visible' : `covered by ${top?.className ?? top?.tagName}`;
  }, text);

const todayInIndia = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

describe('words that say what happened (issue 23)', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  const signedIn = async (email: string, password: string, path: string) => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, email, password, path);
    await page.waitForURL(`**${path.split('#')[0]}*`);
    return { context, page };
  };

  it('store manager, purchase: the vendor shows its star, its error is not covered by its list, and a quantity of 0 says so', async () => {
    const { context, page } = await signedIn(STORE_MANAGER, PASSWORD, '/admin/products/purchases/create');
    const form = page.getByRole('form', { name: 'Create Purchase' });
    await form.waitFor();
    const vendor = form.getByRole('textbox', { name: 'Vendor', exact: true });
    // The required star beside the label (Mantine's, hidden from the accessible name).
    expect(
      await form.locator('label', { has: page.locator('[aria-hidden="true"]') }).allTextContents(),
    ).toContain('Vendor *');
    await form.getByRole('button', { name: 'Create Purchase' }).click();
    await form.getByText('Vendor is required', { exact: true }).waitFor();
    // The failed submit focuses the vendor; its list no longer opens over the message.
    await expect.poll(() => vendor.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await uncovered(page, 'Vendor is required')).toBe('visible');
    // Clicking it still opens the list.
    await vendor.click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');

    await form.getByRole('textbox', { name: 'Quantity' }).fill('0');
    await form.getByRole('textbox', { name: 'Price per unit (₹)' }).fill('10');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await form.getByText('Quantity must be at least 1', { exact: true }).waitFor();
    expect(await form.getByText('At least one item is required', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('store manager: the stock history shows an adjustment reason in its own column and no ₹0.00 price', async () => {
    const { context, page } = await signedIn(STORE_MANAGER, PASSWORD, '/admin/products/stocks');
    const headers = { origin: env.app.baseUrl };
    const tag = Date.now().toString(36);
    const item = await page.request.post('/api/crm/products/items', {
      headers,
      multipart: { name: `Words kit ${tag}` },
    });
    expect(item.status(), await item.text()).toBe(201);
    const read = await page.request.get(`/api/crm/products/items/${(await item.json()).data._id}`);
    const stockId = (await read.json()).data.stock._id as string;
    const adjust = await page.request.patch(`/api/crm/products/stocks/${stockId}/adjust`, {
      headers,
      data: { type: 'Found', quantity: 2, reason: 'Found in the store room', date: todayInIndia() },
    });
    expect(adjust.status(), await adjust.text()).toBe(200);

    await page.goto(`/admin/products/stocks/${stockId}`);
    await page.getByRole('button', { name: 'Stock History' }).click();
    const history = page.getByRole('table', { name: 'Stock History' });
    await history.locator('tbody tr').first().waitFor();
    const columns = await history.locator('thead th').allTextContents();
    expect(columns).toContain('Reason');
    const row = Object.fromEntries(
      (await history.locator('tbody tr').first().locator('td > div').allTextContents()).map((t, i) => [
        columns[i],
        t,
      ]),
    );
    expect(row).toMatchObject({
      Type: 'Other (Found)',
      'Invoice No': '-',
      Reason: 'Found in the store room',
      Quantity: '+2',
      'Price per unit': '-',
      Total: '-',
    });
    expect(await history.textContent()).not.toContain('₹0.00');
    await context.close();
  });

  it("store manager: a brand 'ozobot' beside 'Ozobot' is refused, with a link that opens the existing one", async () => {
    const { context, page } = await signedIn(STORE_MANAGER, PASSWORD, '/crm/products/brands');
    const tag = Date.now().toString(36);
    const created = await page.request.post('/api/crm/products/brands', {
      headers: { origin: env.app.baseUrl },
      data: { name: `Ozobot ${tag}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/crm/products/brands#create-brand');
    const dialog = page.getByRole('dialog', { name: 'Create Brand' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`ozobot ${tag}`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText(`A brand named Ozobot ${tag} already exists.`).waitFor();
    await alert.getByRole('link', { name: `Open Ozobot ${tag}` }).click();
    const existing = page.getByRole('dialog', { name: 'Update Brand' });
    await expect
      .poll(() => existing.getByRole('textbox', { name: 'Name' }).inputValue())
      .toBe(`Ozobot ${tag}`);
    const list = await page.request.get(`/api/crm/products/brands?filters[name]=ozobot ${tag}`);
    expect((await list.json()).data.productBrandsCount).toBe(1);
    await context.close();
  });

  it('HR manager, task form: a deadline typed before the date stays and says why', async () => {
    const { context, page } = await signedIn(HR_MANAGER, PASSWORD, '/hrm/tasks');
    await page.getByRole('button', { name: 'Create task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    const date = dialog.getByRole('textbox', { name: 'Date', exact: true });
    await date.fill('15/03/2026');
    await date.blur();
    const deadline = dialog.getByRole('textbox', { name: 'Deadline', exact: true });
    await deadline.fill('10/03/2026');
    await deadline.blur();
    await dialog.getByText('Deadline must be after the date', { exact: true }).waitFor();
    expect(await deadline.inputValue()).toBe('10/03/2026');
    await context.close();
  });

  it('admin, Create Bulk Customers: Create with a refused name in the box says nothing was created and why', async () => {
    const { context, page } = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/customers#bulk-create');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/crm\/customers\/(check-names|bulk)$/.test(r.url())) calls.push(r.url());
    });
    const dialog = page.getByRole('dialog', { name: 'Create Bulk Customers' });
    const name = dialog.getByRole('textbox', { name: 'Customer name' });
    const tag = Date.now().toString(36);
    await name.fill(`Words School ${tag}`);
    await name.press('Enter');
    await name.fill(`WORDS school ${tag}`);
    await name.press('Enter');
    await dialog.getByText('Customer name already exists in below list', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog
      .getByText(
        'Customer name already exists in below list. Nothing was created: change or clear the name in the box, then press Create.',
        { exact: true },
      )
      .waitFor();
    expect(calls).toEqual([]);
    await context.close();
  });

  it("a signed-in page does not preload the sign-in page's stylesheet (no console warning)", async () => {
    const { context, page } = await signedIn(HR_MANAGER, PASSWORD, '/hrm/tasks');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/preloaded using link preload but not used/.test(m.text())) warnings.push(m.text());
    });
    // Loaded afresh, as a reload or a link from elsewhere does (the service worker answers it by now).
    await page.reload();
    await page.getByRole('button', { name: 'Create task' }).waitFor();
    // Chromium says it a few seconds after the load event.
    await page.waitForTimeout(4000);
    expect(warnings).toEqual([]);
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map((l) => l.href),
    );
    expect(preloaded.filter((h) => /login-page/.test(h))).toEqual([]);
    await context.close();
  });
});
