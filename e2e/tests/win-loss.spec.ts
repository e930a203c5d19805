import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';
import { readDownload } from '../support/sheets.ts';

const seriousFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );

const COMPETITOR = 'Mahanadi Lab Works';

/** What this test reads of GET /api/crm/win-loss and of the quotation list. */
type WinLoss = { totals: { won: number; lost: number }; months: { lost: number }[] };
type QuotationListDto = { _id: string; versionCount: number; activeVersion: { review: unknown } };

/**
 * Issue 26, beyond the spec: a quotation rejected through its Actions menu → the rejection analysis form →
 * the wins-and-losses page counts it (the demo's past year around it); its workbook downloads; axe finds
 * nothing serious; it reads at 390 and 1366 px.
 */
describe('wins and losses', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('counts a quotation rejected through the screens, exports the workbook and passes axe', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/wins-and-losses');
    await page.getByRole('heading', { name: 'Wins and Losses' }).waitFor();
    const figures = async () => (await (await page.request.get('/api/crm/win-loss')).json()).data as WinLoss;
    const before = await figures();
    // The demo tells a story on first start.
    expect(before.totals.won).toBeGreaterThan(0);
    expect(before.totals.lost).toBeGreaterThan(0);

    // A decidable Draft of the demo: version 0, no review.
    const drafts = (
      await (await page.request.get('/api/crm/quotations?filters[status][]=Draft&limit=100')).json()
    ).data.quotations as QuotationListDto[];
    const draft = drafts.find((q) => q.versionCount === 1 && !q.activeVersion.review)!;
    expect(draft).toBeTruthy();
    await page.goto(`/crm/quotations/${draft._id}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Rejected' }).click();
    await page.waitForURL(`**/crm/quotations/${draft._id}/rejection-analysis`);
    const reason = page.getByRole('textbox', { name: 'Rejection reason' });
    await reason.fill('Price higher than the competitor');
    await page.getByRole('button', { name: 'Add Reason' }).click();
    await page.getByRole('combobox', { name: 'Lost To' }).selectOption('Competitor');
    await page.getByRole('textbox', { name: 'Competitor Name' }).fill(COMPETITOR);
    await page.getByRole('button', { name: 'Save Rejection Analysis' }).click();
    await page.getByText('Rejection analysis saved').first().waitFor();

    // The analytics page counts it: one more lost this month, its competitor named.
    await page.getByRole('link', { name: 'Wins and Losses' }).first().click();
    await page.waitForURL('**/admin/wins-and-losses');
    const competitors = page.getByRole('table', { name: 'Lost value by competitor' });
    await competitors.getByRole('rowheader', { name: COMPETITOR }).waitFor();
    const after = await figures();
    expect(after.totals.lost).toBe(before.totals.lost + 1);
    const month = page.getByRole('table', { name: 'Won and lost per month' }).getByRole('row').last();
    expect(await month.getByRole('cell').nth(1).textContent()).toBe(String(after.months.at(-1)!.lost));

    // The workbook: a Summary sheet first, the lost count as a number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Wins_and_Losses_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const { sheet, rows } = await readDownload(download);
    expect(sheet.name).toBe('Summary');
    expect(rows).toContainEqual(['Lost', after.totals.lost]);

    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'win-loss-1366');
    // On a phone, opened there (a new context holding the session).
    const phone = await newContext(env.browser, env.app.baseUrl, {
      mobile: true,
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(e.message));
    await small.goto('/admin/wins-and-losses');
    await small.getByRole('table', { name: 'Won and lost per month' }).waitFor();
    // Nothing wider than the phone (a table scrolls inside its own box).
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(small, 'win-loss-390');
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
