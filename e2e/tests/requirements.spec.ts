import { describe, expect, it } from 'vitest';
import { choose, newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * Requirements of spec 2 on the screens: from a customer's detail, a requirement with one catalogue item
 * and one item quick-created as Suggested; then the list, the detail, the customer's Requirements section
 * and the suggested item waiting at /admin/suggestions/items.
 */
describe('requirements', () => {
  const env = useAppAndBrowser();

  it('creates a requirement with an existing and a quick-created Suggested item', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/requirements');
    await page.getByRole('heading', { name: 'Requirements' }).first().waitFor();
    const origin = env.app.baseUrl;
    const customerRes = await page.request.post('/api/crm/customers', {
      data: { type: 'Organization', name: 'Odisha Adarsha Vidyalaya, Jatni', marginTier: 't1' },
      headers: { origin },
    });
    expect(customerRes.status(), await customerRes.text()).toBe(201);
    const customer = (await customerRes.json()).data as { _id: string };
    const itemRes = await page.request.post('/api/crm/products/items', {
      multipart: { name: 'Interactive Flat Panel 65 inch', state: 'Verified', gst: '18' },
      headers: { origin },
    });
    expect(itemRes.status(), await itemRes.text()).toBe(201);

    // The customer's Create Requirement carries the customer to the form.
    await page.goto(`/crm/customers/${customer._id}`);
    await page.getByRole('link', { name: 'Create Requirement' }).click();
    await page.waitForURL('**/crm/requirements/create');
    const form = page.getByRole('form', { name: 'Create Requirement' });
    await form.waitFor();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Customer', exact: true }).inputValue())
      .toBe('Odisha Adarsha Vidyalaya, Jatni');

    // The spec's messages on the first submit.
    await form.getByRole('button', { name: 'Create Requirement' }).click();
    await form.getByText('Title must be at least 10 characters long').waitFor();
    await form.getByText('At least one item is required').waitFor();

    await form.getByRole('textbox', { name: /^Title/ }).fill('Smart class and drone lab for Jatni');
    await choose(page, 'Item', 'Interactive Flat Panel 65 inch', 'Interactive Flat');
    await form.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await form.getByRole('textbox', { name: 'Note', exact: true }).fill('Wall mounted');
    await form.getByRole('button', { name: 'Add Item' }).click();
    const listed = form.getByRole('list', { name: 'Listed items' });
    await listed.getByText('Interactive Flat Panel 65 inch').waitFor();

    // Not in the catalogue: suggested by name, created as Suggested and picked.
    await form.getByRole('button', { name: 'Suggest New Item' }).click();
    await form.getByRole('textbox', { name: 'New item name' }).fill('Drone Kit for Jatni ATL');
    await form.getByRole('button', { name: 'Create Suggested Item' }).click();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Item', exact: true }).inputValue())
      .toBe('Drone Kit for Jatni ATL');
    await form.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await listed.getByText('Drone Kit for Jatni ATL').waitFor();

    await form.getByRole('textbox', { name: /^Budget/ }).fill('350000');
    await form.getByText('30 days', { exact: true }).click();
    await form.getByRole('button', { name: 'Create Requirement' }).click();
    await page.waitForURL(/\/crm\/requirements\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Requirement Details' }).first().waitFor();
    const receipt = page.getByRole('table', { name: 'Items Receipt' });
    await receipt.getByText('Drone Kit for Jatni ATL').waitFor();
    expect(await receipt.textContent()).toContain('Interactive Flat Panel 65 inch');
    expect(await receipt.textContent()).toContain('Suggested');
    await page.getByText('Rs. 3,50,000').waitFor();
    // A Suggested item: no conversion yet.
    expect(await page.getByRole('button', { name: 'Convert to Quotation' }).count()).toBe(0);
    await screenshot(page, 'requirement-detail');

    const id = page.url().split('/').pop()!;
    const saved = (await (await page.request.get(`/api/crm/requirements/${id}`)).json()).data;
    expect(saved.status).toBe('Open');
    expect(saved.items.map((l: { quantity: number }) => l.quantity)).toEqual([4, 2]);

    await page.goto('/crm/requirements');
    const row = page.getByRole('row').filter({ hasText: 'Smart class and drone lab for Jatni' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Odisha Adarsha Vidyalaya, Jatni');

    await page.goto(`/crm/customers/${customer._id}`);
    await page.getByRole('button', { name: 'Requirements' }).click();
    await page.getByRole('link', { name: /Smart class and drone lab for Jatni/ }).waitFor();

    await page.goto('/admin/suggestions/items');
    await page.getByText('Drone Kit for Jatni ATL').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
