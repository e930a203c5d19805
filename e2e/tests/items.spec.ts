import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { pdfBytes } from '../support/pdf.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const folder = mkdtempSync(path.join(tmpdir(), 'karya-items-'));
const file = (name: string, data: Buffer) => {
  const p = path.join(folder, name);
  writeFileSync(p, data);
  return p;
};

/** The items of spec 3 on the screens: create with files, the bundled PDF viewer, bulk create, verify, prices. */
describe('items', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });
  const api = (page: Page) => ({
    get: async (url: string) => (await (await page.request.get(url)).json()).data,
    send: async (method: 'post' | 'patch', url: string, data: unknown) => {
      const res = await page.request[method](url, { data, headers: { origin: env.app.baseUrl } });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).data;
    },
  });

  it('creates an item with two images and a specification, finds it in the list and reads the PDF', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/products/items/create');
    await page.waitForURL('**/crm/products/items/create');
    const form = page.getByRole('form', { name: 'Create Item' });
    await form.waitFor();
    // The spec's message for a missing name, on the first submit.
    await form.getByRole('button', { name: 'Create Item' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Arduino Mega Robotics Kit');
    await form.getByRole('textbox', { name: 'Model No' }).fill('MEGA-KIT-01');
    await form.getByRole('combobox', { name: 'GST %' }).selectOption('18');
    await form.getByRole('textbox', { name: 'HSN/SAC Code' }).fill('847330');
    await form.getByLabel('Image files').setInputFiles([file('a.png', PNG), file('b.png', PNG)]);
    await form
      .getByLabel('Specification file')
      .setInputFiles(file('datasheet.pdf', pdfBytes('Arduino kit datasheet')));
    await form.getByRole('button', { name: 'Create Item' }).click();
    await page.waitForURL(/\/crm\/products\/items\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Item Details' }).first().waitFor();
    const item = await api(page).get(`/api/crm/products/items/${id}`);
    expect(item.images).toHaveLength(2);
    expect(item.specifications.name).toBe('datasheet.pdf');
    expect(item.gst).toBe(18);

    // In the list, found by its SKU through Ctrl+K as "[SKU n] name".
    await page.goto('/crm/products/items');
    await page.getByRole('row').filter({ hasText: 'Arduino Mega Robotics Kit' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog');
    await palette.getByRole('combobox').fill(String(item.sku));
    await palette.getByRole('option', { name: `[SKU ${item.sku}] Arduino Mega Robotics Kit` }).waitFor();
    await page.keyboard.press('Escape');

    // The specification in the bundled viewer: a drawn page, no CDN, no error.
    const external: string[] = [];
    page.on('request', (r) => {
      if (
        !r.url().startsWith(env.app.baseUrl) &&
        !r.url().startsWith('data:') &&
        !r.url().startsWith('blob:')
      )
        external.push(r.url());
    });
    await page.goto(`/crm/products/items/${id}`);
    await page.getByRole('link', { name: 'View Specifications' }).click();
    await page.waitForURL(`**/crm/products/items/${id}/specifications`);
    await page.getByText('Page 1 of 1').waitFor();
    const drawn = await page
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => c.width > 0);
    expect(drawn).toBe(true);
    expect(external).toEqual([]);
    expect(errors).toEqual([]);
    await screenshot(page, 'item-specification');
    await context.close();
  });

  it('bulk-creates three items by name in the dialog', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/products/items#bulk-create');
    const dialog = page.getByRole('dialog', { name: 'Create Bulk Items' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Items' }).click();
    await dialog.getByText('No items to add').waitFor();
    const input = dialog.getByRole('textbox', { name: 'Item name' });
    for (const name of ['Soldering station 60W', 'Digital multimeter', '  Breadboard 830 points  ']) {
      await input.fill(name);
      await input.press('Enter');
    }
    await input.fill('digital multimeter');
    await input.press('Enter');
    await dialog.getByText('Item name already exists in below list').waitFor();
    await input.fill('');
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Items to add' }).getByRole('listitem').count())
      .toBe(3);
    await dialog.getByRole('button', { name: 'Add Items' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const name of ['Soldering station 60W', 'Digital multimeter', 'Breadboard 830 points'])
      await page.getByRole('row').filter({ hasText: name }).first().waitFor();
    await context.close();
  });

  it('verifies an Unverified item from /admin/verifications/items', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/verifications/items');
    await page.waitForURL('**/admin/verifications/items');
    // The demo's unverified research microscope.
    await page.getByRole('link', { name: 'Update Binocular Research Microscope' }).click();
    await page.waitForURL(/\/crm\/products\/items\/[0-9a-f]{24}\/update/);
    const form = page.getByRole('form', { name: 'Update Item' });
    await expect.poll(() => form.getByRole('combobox', { name: 'State' }).inputValue()).toBe('Verified');
    await form.getByRole('button', { name: 'Update Item' }).click();
    await page.getByText('Item updated successfully').first().waitFor();
    await page.goto('/admin/verifications/items');
    await page.getByRole('heading', { name: 'Items Verification' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Binocular Research Microscope').count()).toBe(0);
    await context.close();
  });

  it('a user who may read only the T1 price sees only that price', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/products/items');
    await page.waitForURL('**/crm/products/items');
    const a = api(page);
    const role = await a.send('post', '/api/admin/roles', {
      name: 'T1 price reader',
      description: 'Reads items with the T1 price only',
      permissions: [
        { resource: 'crm', actions: ['read'] },
        { resource: 'product', actions: ['read'] },
        { resource: 'product-item', actions: ['read'] },
        { resource: 'product-item-price', actions: ['read-t1'] },
      ],
    });
    // A demo staff user (no first-sign-in steps) gets only that role.
    const staff = (await a.get('/api/admin/users?limit=5&filters[name]=a')).users.find(
      (u: { email: string }) => u.email !== ADMIN_EMAIL,
    );
    await a.send('patch', `/api/admin/users/${staff._id}`, { roles: [role._id] });
    const items = (await a.get('/api/crm/products/items?filters[name]=Arduino Uno')).productItems;
    const uno = items[0];
    await context.close();

    const own = await newContext(env.browser, env.app.baseUrl);
    const p = await own.newPage();
    await signIn(p, staff.email, 'Karya@2026', `/crm/products/items/${uno._id}`);
    await p.waitForURL(`**/crm/products/items/${uno._id}`);
    const prices = p.getByRole('region', { name: 'Prices' });
    await prices.getByText('T1 Price').waitFor();
    const text = await prices.innerText();
    expect(text).not.toMatch(/Actual Price|T2 Price|T3 Price|PT1 Price|PT2 Price|PT3 Price/);
    // ₹2,450 × 1.12 (the ATL margin's T1) = ₹2,744.00.
    expect(text).toContain('₹2,744.00');
    await screenshot(p, 'item-t1-price');
    await own.close();
  });
});
