import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { choose, newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { pdfText } from '../support/pdf.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

const seriousFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);

const PANEL = 'Interactive Flat Panel 55" (2024 stock)';

/**
 * Issue 27 §1 on the screens: the demo keeps one item at the 28% retired on 22 September 2025. The admin
 * dashboard counts it, the verification queue's GST rates tab lists it, a sale dated today refuses it with
 * the message that says so, and once an administrator sets a current rate the same sale goes through.
 */
describe('GST slabs by date', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('an item at a retired rate is counted, queued, refused on a sale, and sold once its rate is current', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin');
    // The dashboard's count links to the queue.
    await page.getByRole('link', { name: 'GST rate no longer in force: 1' }).click();
    await page.waitForURL(/\/admin\/verifications\/gst-rates$/);
    await page.getByRole('heading', { name: 'GST rate no longer in force' }).first().waitFor();
    await page.getByText(/Since 22\/09\/2025 the GST slabs are 40, 18, 5, 0 per cent/).waitFor();
    const card = page.getByRole('article', { name: PANEL });
    await card.waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'gst-rates-queue');

    // A sale dated today refuses it, saying why and what to do.
    const origin = env.app.baseUrl;
    const tag = Date.now().toString(36);
    const customerName = `GST school ${tag}`;
    const created = await page.request.post('/api/crm/customers', {
      data: {
        type: 'Organization',
        name: customerName,
        email: `office-${tag}@school.test`,
        marginTier: 't1',
        address: { state: 'Odisha' },
      },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sell = async () => {
      await page.goto('/admin/products/sales/create');
      const sale = page.getByRole('form', { name: 'Create Sale' });
      await sale.waitFor();
      await choose(page, 'Customer', customerName, customerName);
      await sale.getByRole('textbox', { name: 'Invoice No' }).fill(`GST-${tag}-${Date.now() % 1000}`);
      await choose(page, 'Item', PANEL, '55');
      await sale.getByRole('textbox', { name: 'Quantity' }).fill('1');
      await sale.getByRole('button', { name: 'Add Item' }).click();
      await sale.getByRole('table').getByText(PANEL).waitFor();
      await sale.getByRole('button', { name: 'Create Sale' }).click();
      return sale;
    };
    await sell();
    await page
      .getByText(
        `${PANEL}: GST 28% is not in force on this date (since 22/09/2025 the slabs are 40, 18, 5, 0). Set a current GST rate on the item first`,
      )
      .first()
      .waitFor();
    expect(page.url()).toContain('/admin/products/sales/create');

    // The administrator sets a current rate from the queue; the item leaves it.
    await page.goto('/admin/verifications/gst-rates');
    await page.getByRole('article', { name: PANEL }).click();
    await page.waitForURL(/\/crm\/products\/items\/[0-9a-f]{24}\/update\?from=gst-rate$/);
    const gst = page.getByRole('combobox', { name: 'GST %' });
    expect(await gst.inputValue()).toBe('28');
    await gst.selectOption('18');
    await page.getByRole('button', { name: 'Update Item' }).click();
    await page.waitForURL(/\/admin\/verifications\/gst-rates$/);
    await page.getByText('No items with a GST rate no longer in force').waitFor();

    // The same sale now goes through, and prints as a tax invoice (rule 46): the viewer shows the server's
    // A4 PDF, read back here with pdftotext.
    await sell();
    await page.waitForURL(/\/admin\/products\/sales\/[0-9a-f]{24}$/);
    const saleId = page.url().split('/').at(-1) ?? '';
    await page.getByRole('link', { name: 'Tax Invoice' }).click();
    await page.waitForURL(/\/invoice$/);
    await page
      .getByRole('heading', { name: /^Tax Invoice GST-/ })
      .first()
      .waitFor();
    await page
      .getByRole('link', { name: /Download/ })
      .first()
      .waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'tax-invoice');
    const pdf = await page.request.get(`/api/crm/products/sales/${saleId}/invoice`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body());
    for (const expected of [
      'TAX INVOICE',
      'Invoice No: GST-',
      customerName,
      'Interactive Flat Panel',
      '852859',
      'PLACE OF SUPPLY',
      'Odisha (21)',
      'TAX PAYABLE ON REVERSE CHARGE',
      'GSTIN: Unregistered',
      'HSN/SAC SUMMARY',
      'Amount in words: Rupees',
      'Authorised Signatory',
    ])
      expect(text, expected).toContain(expected);
    // Send it to the customer's address; the mail carries the PDF.
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Tax Invoice' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`office-${tag}@school.test`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`Tax invoice sent to office-${tag}@school.test`).waitFor();
    await expect
      .poll(() =>
        env.app.mails.some(
          (m) => m.to === `office-${tag}@school.test` && m.subject.startsWith('Tax invoice'),
        ),
      )
      .toBe(true);
    // On a 375 px phone: the invoice with its actions and the GST rates tab, nothing wider than the screen.
    const phone = await newContext(env.browser, env.app.baseUrl, {
      mobile: true,
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.setViewportSize({ width: 375, height: 740 });
    small.on('pageerror', (e) => errors.push(e.message));
    await small.goto(`/admin/products/sales/${saleId}/invoice`);
    await small
      .getByRole('heading', { name: /^Tax Invoice GST-/ })
      .first()
      .waitFor();
    await small.getByRole('button', { name: 'Share' }).waitFor();
    await small
      .getByRole('link', { name: /Download/ })
      .first()
      .waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(small, 'tax-invoice-375');
    await small.goto('/admin/verifications/gst-rates');
    await small.getByText('No items with a GST rate no longer in force').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
