import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** A valid 1x1 PNG, written to a file the file picker can take. */
const pngFile = () => {
  const file = path.join(tmpdir(), `karya-brand-${process.pid}.png`);
  writeFileSync(
    file,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return file;
};

/** The product catalogue on the screens: brands with an image, margins' messages, a vendor's page. */
describe('catalogue', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('creates a brand with an image in the dialog and sees it in the list', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/products/brands');
    await page.waitForURL('**/crm/products/brands*');
    await page
      .getByRole('navigation', { name: 'Catalogue' })
      .getByRole('link', { name: 'Categories' })
      .waitFor();
    await page.getByRole('button', { name: 'Create Brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Brand' });
    await dialog.waitFor();
    // The spec's message when the name is missing.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Brand name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Odisha Robo Works');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Robot kits assembled in Bhubaneswar');
    await dialog.locator('input[type="file"]').setInputFiles(pngFile());
    await dialog.getByRole('img', { name: 'Image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Wide screens show the list layout (a table); the image is in its row.
    const card = page.getByRole('row').filter({ hasText: 'Odisha Robo Works' });
    await card.waitFor();
    await card.locator('img').first().waitFor();
    await screenshot(page, 'brand-list');

    // Opening it shows its update dialog; a cleared name is refused with the spec's message.
    await card.click();
    const update = page.getByRole('dialog', { name: 'Update Brand' });
    await update.getByRole('textbox', { name: 'Name' }).fill('');
    await update.getByRole('button', { name: 'Update' }).click();
    await update.getByText('Brand name is required').waitFor();
    await context.close();
  });

  it('refuses a margin tier out of range with the spec message, then creates and updates it', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/products/margins');
    await page.waitForURL('**/admin/products/margins*');
    await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Vendors' }).waitFor();
    await page.getByRole('button', { name: 'Create Margin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Margin' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Puri Schools 2026');
    const tiers: [string, string][] = [
      ['T1 (%)', '10'],
      ['T2 (%)', '12.5'],
      ['T3 (%)', '15'],
      ['PT1 (%)', '8'],
      ['PT2 (%)', '9'],
      ['PT3 (%)', '150'],
    ];
    for (const [label, value] of tiers)
      await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('P3 cannot be more than 100.').waitFor();
    await dialog.getByRole('textbox', { name: 'PT3 (%)', exact: true }).fill('11');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('listitem').filter({ hasText: 'Puri Schools 2026' });
    await card.getByText('12.5%').waitFor();

    await card.click();
    const update = page.getByRole('dialog', { name: 'Update Margin' });
    await update.getByRole('textbox', { name: 'T1 (%)', exact: true }).fill('-1');
    await update.getByRole('button', { name: 'Update' }).click();
    await update.getByText('T1 cannot be less than 0.').waitFor();
    await update.getByRole('textbox', { name: 'T1 (%)', exact: true }).fill('14');
    await update.getByRole('button', { name: 'Update' }).click();
    await update.waitFor({ state: 'hidden' });
    await card.getByText('14%').waitFor();
    await screenshot(page, 'margin-list');
    await context.close();
  });

  it('creates a vendor with its contact person and opens its page', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/products/vendors');
    await page.waitForURL('**/admin/products/vendors*');
    await page.getByRole('button', { name: 'Create Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Vendor' });
    await dialog.getByRole('textbox', { name: 'Vendor Name' }).fill('Balasore Lab Traders');
    await dialog.getByRole('textbox', { name: 'Phone' }).first().fill('12345');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog
      .getByText('Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).')
      .first()
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Phone' }).first().fill('06782-261234');
    await dialog.getByRole('textbox', { name: 'Email' }).first().fill('sales@balasorelab.in');
    await dialog
      .getByRole('group', { name: 'Contact Person' })
      .getByRole('textbox', { name: 'Name' })
      .fill('Sunita Behera');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('listitem').filter({ hasText: 'Balasore Lab Traders' }).click();
    await page.waitForURL(/\/admin\/products\/vendors\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Vendor Details' }).first().waitFor();
    await page.getByText('Sunita Behera').waitFor();
    await page.getByText('06782-261234').waitFor();

    // Update opens the edit dialog on the list (under #update-<id>, as brands and margins).
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/admin/products/vendors#update-*');
    await page
      .getByRole('dialog', { name: 'Update Vendor' })
      .getByRole('textbox', { name: 'Vendor Name' })
      .waitFor();
    await screenshot(page, 'vendor-edit');
    await context.close();
  });
});
