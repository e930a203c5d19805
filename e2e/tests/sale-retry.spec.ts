import { describe, expect, it } from 'vitest';
import { choose, newContext, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * Issue 22 part 3 in the browser: a sale whose answer is lost (the server wrote it, the browser never heard)
 * is saved again by the user pressing Save; the form's Idempotency-Key makes the server replay the first
 * answer, so exactly one sale exists and the stock moved once. A second sale with the same invoice number
 * is refused with a message naming the first and a link to it.
 */
describe('a sale retried after a lost answer', () => {
  const env = useAppAndBrowser();

  it('is written once, and a duplicate invoice number names and links the sale', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/products/stocks');
    await page.getByRole('heading', { name: 'Product Stocks' }).first().waitFor();
    const origin = env.app.baseUrl;
    const post = async (url: string, init: { data?: unknown; multipart?: Record<string, string> }) => {
      const res = await page.request.post(url, { ...init, headers: { origin } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).data as { _id: string };
    };
    const tag = Date.now().toString(36);
    const itemName = `Retry kit ${tag}`;
    const item = await post('/api/crm/products/items', {
      multipart: { name: itemName, state: 'Verified', gst: '18' },
    });
    const vendor = await post('/api/crm/products/vendors', { multipart: { name: `Retry vendor ${tag}` } });
    const customerName = `Retry school ${tag}`;
    await post('/api/crm/customers', {
      data: { type: 'Organization', name: customerName, address: { state: 'Odisha' } },
    });
    await post('/api/crm/products/purchases', {
      data: {
        vendor: vendor._id,
        invoiceNo: `RP-${tag}`,
        invoiceDate: new Date().toISOString().slice(0, 10),
        items: [{ item: item._id, quantity: 10, pricePerUnit: 100, gst: 18 }],
      },
    });
    const stockNow = async () =>
      (
        (await (await page.request.get(`/api/crm/products/items/${item._id}`)).json()).data as {
          stock: { currentStock: number };
        }
      ).stock.currentStock;
    expect(await stockNow()).toBe(10);

    // The first POST reaches the server and is written; its answer is cut before the browser reads it.
    const sent: { key: string | undefined; replay?: string; status?: number }[] = [];
    await page.route('**/api/crm/products/sales', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const entry: (typeof sent)[number] = { key: request.headers()['idempotency-key'] };
      sent.push(entry);
      const answer = await route.fetch();
      entry.status = answer.status();
      entry.replay = answer.headers()['idempotent-replay'];
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response: answer });
    });

    const invoiceNo = `RS-${tag}`;
    await page.goto('/admin/products/sales/create');
    const sale = page.getByRole('form', { name: 'Create Sale' });
    await sale.waitFor();
    await choose(page, 'Customer', customerName, customerName);
    await sale.getByRole('textbox', { name: 'Invoice No' }).fill(invoiceNo);
    await choose(page, 'Item', itemName, itemName);
    await sale.getByRole('combobox', { name: 'Margin Tier' }).selectOption('custom');
    await sale.getByRole('textbox', { name: 'Price per unit (₹)' }).fill('150');
    await sale.getByRole('textbox', { name: 'Quantity' }).fill('3');
    await sale.getByRole('button', { name: 'Add Item' }).click();
    await sale.getByRole('button', { name: 'Create Sale' }).click();
    // No answer came: the form stays, with the message; the user presses Save again.
    await sale.locator('[data-server-error]').waitFor();
    expect(page.url()).toMatch(/\/sales\/create$/);
    await sale.getByRole('button', { name: 'Create Sale' }).click();
    await page.waitForURL(/\/admin\/products\/sales\/[0-9a-f]{24}$/);
    const saleId = page.url().split('/').pop();

    expect(sent.length).toBe(2);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent[1]).toMatchObject({ key: sent[0]!.key, status: 201, replay: 'true' });
    const list = await page.request.get(
      `/api/crm/products/sales?filters[invoiceNo]=${encodeURIComponent(invoiceNo)}`,
    );
    const found = (await list.json()).data as { productSales: { _id: string }[]; productSalesCount: number };
    expect(found.productSalesCount).toBe(1);
    expect(found.productSales[0]!._id).toBe(saleId);
    expect(await stockNow()).toBe(7);
    await page.unroute('**/api/crm/products/sales');

    // Another sale under the same number: refused, naming the first, with a link to it.
    await page.goto('/admin/products/sales/create');
    const again = page.getByRole('form', { name: 'Create Sale' });
    await again.waitFor();
    await choose(page, 'Customer', customerName, customerName);
    await again.getByRole('textbox', { name: 'Invoice No' }).fill(invoiceNo.toLowerCase());
    await choose(page, 'Item', itemName, itemName);
    await again.getByRole('combobox', { name: 'Margin Tier' }).selectOption('custom');
    await again.getByRole('textbox', { name: 'Price per unit (₹)' }).fill('150');
    await again.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await again.getByRole('button', { name: 'Add Item' }).click();
    await again.getByRole('button', { name: 'Create Sale' }).click();
    const refusal = again.locator('[data-server-error]');
    await refusal.getByText(`Invoice number ${invoiceNo} is already used by the sale of`).waitFor();
    expect(await refusal.textContent()).toContain(`to ${customerName}.`);
    await refusal.getByRole('link', { name: `Open the sale ${invoiceNo}` }).click();
    // The refused form still holds the typed sale: leaving it asks first.
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(new RegExp(`/admin/products/sales/${saleId}$`));
    expect(await stockNow()).toBe(7);
    expect(errors).toEqual([]);
    await context.close();
  });
});
