/// <reference lib="dom" />
// The functions handed to page.evaluate run in the browser.
import { describe, expect, it } from 'vitest';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** How far the page reaches past the phone's width (0 when nothing needs sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The sales executive's screens at phone width (390 px, issue 11): customers, follow-ups and requirements
 * — lists, forms and details of the demo CRM — fit the screen without sideways scrolling.
 */
describe('CRM and stock at phone width', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('lists, forms and details fit a 390 px screen', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/follow-ups');
    await page.waitForURL('**/crm/follow-ups*');
    const followUp = (await (await page.request.get('/api/crm/follow-ups?limit=1')).json()).data.followUps[0];
    const requirement = (await (await page.request.get('/api/crm/requirements?limit=1')).json()).data
      .requirements[0];
    const customer = (await (await page.request.get('/api/crm/customers?limit=1')).json()).data.customers[0];
    const screens: [string, string, string][] = [
      ['/crm/customers', 'Customers', 'customers-list'],
      ['/crm/customers/create', 'Create Customer', 'customer-create'],
      [`/crm/customers/${customer._id}`, 'Customer Details', 'customer-detail'],
      ['/crm/follow-ups', 'Follow Ups', 'follow-ups-list'],
      ['/crm/follow-ups/create?type=Visit', 'Create Follow Up', 'follow-up-create'],
      [`/crm/follow-ups/${followUp._id}`, 'Follow Up Details', 'follow-up-detail'],
      ['/crm/requirements', 'Requirements', 'requirements-list'],
      ['/crm/requirements/create', 'Create Requirement', 'requirement-create'],
      [`/crm/requirements/${requirement._id}`, 'Requirement Details', 'requirement-detail'],
    ];
    for (const [path, heading, name] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `phone-${name}`);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  // A manager checks stock and a sale on a phone too: the admin product screens (issue 12) fit as well.
  it('stock, purchase and sale screens fit a 390 px screen', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/products/stocks');
    await page.waitForURL('**/admin/products/stocks*');
    const first = async (path: string, key: string) =>
      (await (await page.request.get(`/api/crm/products/${path}?limit=1`)).json()).data[key][0]._id as string;
    const [stock, purchase, sale] = await Promise.all([
      first('stocks', 'productStocks'),
      first('purchases', 'productPurchases'),
      first('sales', 'productSales'),
    ]);
    const screens: [string, string, string][] = [
      ['/admin/products/stocks', 'Product Stocks', 'stocks-list'],
      [`/admin/products/stocks/${stock}`, 'Stock Details', 'stock-detail'],
      ['/admin/products/purchases', 'Purchases', 'purchases-list'],
      ['/admin/products/purchases/create', 'Create Purchase', 'purchase-create'],
      [`/admin/products/purchases/${purchase}`, 'Purchase Details', 'purchase-detail'],
      ['/admin/products/sales', 'Sales', 'sales-list'],
      ['/admin/products/sales/create', 'Create Sale', 'sale-create'],
      [`/admin/products/sales/${sale}`, 'Sale Details', 'sale-detail'],
    ];
    for (const [path, heading, name] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `phone-${name}`);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
