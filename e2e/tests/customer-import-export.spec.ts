import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';
import { menu, readDownload } from '../support/sheets.ts';

/**
 * Spec 2 §5 and §7 on the screens: a spreadsheet with some bad rows is imported (errors table, its download
 * read back), the valid customers are added and listed, then the page is exported and the file read back.
 */

const HEADERS = [
  'Name',
  'Type',
  'Email',
  'Phone',
  'Website',
  'Street',
  'City',
  'District',
  'State',
  'Country',
  'Zip Code',
  'Establishment Year',
  'Number of Students',
];

const line = (name: string, type: string, email: string | null = null) => [
  name,
  type,
  email,
  9437012345,
  null,
  null,
  'Cuttack',
  'Cuttack',
  null,
  null,
  753001,
  1990,
  800,
];

const xlsx = async (rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('customer import and export', () => {
  const env = useAppAndBrowser();

  it('imports a spreadsheet with bad rows, downloads the errors, adds the valid customers and exports the page', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The file is parsed in a Web Worker; the page's own copy of the parser is only the fallback.
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/customers');
    await page.waitForURL('**/crm/customers');
    await page.getByRole('heading', { name: 'Customers' }).first().waitFor();

    // A customer the server already has.
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/crm/customers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'Organization', name: 'Existing Public School' }),
      });
      return res.status;
    });
    expect(created).toBe(201);

    await menu(page, 'Import Customers');
    await page.waitForURL('**/crm/customers#upload');
    const dialog = page.getByRole('dialog', { name: 'Import Customers' });
    await dialog.waitFor();

    // The sample template, with its red and blue headers.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download sample file' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('Sample_Customer_Template.xlsx');
    const sample = await readDownload(template);
    // The spec's columns, then ours: GSTIN, optional (the file below is made without it and still imports).
    expect(sample.rows[0]).toEqual([...HEADERS, 'GSTIN']);
    expect((sample.sheet.getRow(1).getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFC00000');
    expect((sample.sheet.getRow(1).getCell(3).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF1F5FA8');

    const file = await xlsx([
      line('Utkal Vidya Niketan', 'Organization', 'uvn@example.com'),
      line('=SUM(1,2) Coaching Centre', 'Organization'),
      line('Priya Mohapatra', 'Individual'),
      line('Bad Email Academy', 'Organization', 'not-an-email'),
      line('Existing Public School', 'Organization'),
      line('Twin Star School', 'Organization'),
      line('TWIN STAR SCHOOL', 'Organization'),
      line('', 'Organization'),
    ]);
    await dialog
      .getByLabel('Spreadsheet file')
      .setInputFiles({ name: 'customers.xlsx', mimeType: 'application/octet-stream', buffer: file });

    const valid = dialog.getByRole('table', { name: 'Valid customers' });
    await valid.waitFor();
    expect(workers.filter((u) => /\/assets\/parse-worker-[\w-]+\.js$/.test(u))).toHaveLength(1);
    expect(scripts.filter((u) => /\/assets\/parse-(?!worker)[\w-]+\.js$/.test(u))).toEqual([]);
    expect(await valid.getByRole('row').allTextContents()).toEqual([
      'Customer NoNameTypeEmailPhoneCity',
      '1Utkal Vidya NiketanOrganizationuvn@example.com9437012345Cuttack',
      '2=SUM(1,2) Coaching CentreOrganization-9437012345Cuttack',
      '3Priya MohapatraIndividual-9437012345Cuttack',
    ]);
    const bad = dialog.getByRole('table', { name: 'Customers with errors' });
    expect(await bad.getByRole('row').allTextContents()).toEqual([
      'Customer NoCustomer NameErrors',
      '4Bad Email AcademyInvalid email format.',
      '5Existing Public SchoolCustomer already exist with this name',
      '6Twin Star SchoolCustomer 6, 7 names are the same.',
      '7TWIN STAR SCHOOLCustomer 6, 7 names are the same.',
      '8-Name is required.',
    ]);
    await screenshot(page, 'customer-import');
    // The dialog with both tables passes WCAG 2 A/AA (serious and critical findings fail, as elsewhere).
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`,
        ),
    ).toEqual([]);

    const [errorFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download errors' }).click(),
    ]);
    expect(errorFile.suggestedFilename()).toBe('customer-validation-errors.xlsx');
    expect((await readDownload(errorFile)).rows).toEqual([
      ['Customer No', 'Customer Name', 'Errors'],
      [4, 'Bad Email Academy', 'Invalid email format.'],
      [5, 'Existing Public School', 'Customer already exist with this name'],
      [6, 'Twin Star School', 'Customer 6, 7 names are the same.'],
      [7, 'TWIN STAR SCHOOL', 'Customer 6, 7 names are the same.'],
      [8, undefined, 'Name is required.'],
    ]);

    await dialog.getByRole('button', { name: 'Add valid customers' }).click();
    await page.getByText('3 customers created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).hash).toBe('');
    const table = page.getByRole('table', { name: 'Customers' });
    for (const name of ['Utkal Vidya Niketan', '=SUM(1,2) Coaching Centre', 'Priya Mohapatra'])
      await table.getByRole('row').filter({ hasText: name }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Utkal Vidya Niketan' }).textContent()).toContain(
      'Unverified',
    );

    // Export: the page on screen (four customers) with the default columns.
    await menu(page, 'Export Customers');
    const confirm = page.getByRole('dialog', { name: 'Export Customers' });
    await confirm.waitFor();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe('Customers_List.xlsx');
    await page.getByText('Customers exported successfully').waitFor();
    const sheet = await readDownload(exported);
    expect(sheet.rows[0]).toEqual([
      'Customer ID',
      'Type',
      'Name',
      'Email',
      'Phone',
      'City',
      'District',
      'State',
      'Verified',
      'Organization Type',
    ]);
    expect(sheet.rows).toHaveLength(5);
    const names = sheet.rows.slice(1).map((r) => r[2]);
    expect(names.sort()).toEqual(
      [
        '=SUM(1,2) Coaching Centre',
        'Existing Public School',
        'Priya Mohapatra',
        'Utkal Vidya Niketan',
      ].sort(),
    );
    const formulaRow = sheet.rows.findIndex((r) => r[2] === '=SUM(1,2) Coaching Centre') + 1;
    const cell = sheet.sheet.getRow(formulaRow).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.numFmt).toBe('@');

    // The export was logged with the position and the count.
    const log = await page.evaluate(async () => {
      const me = (await (await fetch('/api/auth/me')).json()).data;
      return (await (await fetch(`/api/admin/users/${me._id}/activities?limit=5`)).json()).data.activities;
    });
    expect(log[0]).toMatchObject({
      type: 'CUSTOMER_EXPORT',
      message: 'Exported 4 customers',
      location: { type: 'Point', coordinates: [20.2961, 85.8245] },
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  // How fast is the benchmark's to judge (npm run bench:import, target 30 s): a timed assertion here failed
  // when the machine's two cores were busy with other suites. This test proves the whole path works at size;
  // its waits are wide (CI runs two browser spec files beside the PostgreSQL server suite on two cores).
  it('imports 10,000 rows in the browser, with its progress shown', {
    timeout: 360_000,
  }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      line(`Bulk Import School ${String(i).padStart(5, '0')}`, i % 2 ? 'Individual' : 'Organization'),
    );
    const file = await xlsx(rows);
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/customers#upload');
    const dialog = page.getByRole('dialog', { name: 'Import Customers' });
    await dialog.waitFor();

    const started = Date.now();
    await dialog
      .getByLabel('Spreadsheet file')
      .setInputFiles({ name: 'ten-thousand.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await dialog.getByRole('progressbar').first().waitFor();
    await dialog.getByRole('table', { name: 'Valid customers' }).waitFor({ timeout: 150_000 });
    const read = (Date.now() - started) / 1000;
    await dialog.getByRole('button', { name: 'Add valid customers' }).click();
    await page.getByText('10000 customers created successfully').waitFor({ timeout: 150_000 });
    const total = (Date.now() - started) / 1000;
    console.log(`10,000 rows in Chromium: read and checked in ${read} s, added in ${total} s`);
    await context.close();
  });
});
