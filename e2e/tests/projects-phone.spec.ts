/// <reference lib="dom" />
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { settled } from '../support/axe.ts';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways, unusableTargets } from '../support/layout.ts';
import { pdfBytes } from '../support/pdf.ts';
import { quoteSetup } from '../support/quote-setup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** The phone widths of issue 26: the 390 px test phone, and the 375 px of the smaller ones still sold. */
const PHONES = [390, 375] as const;

/**
 * Issue 26 on a phone: the project list and detail, the Change Status dialog, the agreement in the viewer,
 * the Approve dialog, and the rejection form, list, detail and update fit 390 and 375 px without sideways
 * scrolling, and every button or field on them is large enough to tap and lies on the screen.
 */
describe('projects and rejection analysis on a phone', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });
  let current: Page | null = null;
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current)
      await screenshot(current, 'failed-projects-phone').catch(() => {});
    current = null;
  });

  it('fits 390 and 375 px, with usable tap targets', { timeout: 120_000 }, async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    current = page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/projects');
    await page.getByRole('heading', { name: 'Projects' }).first().waitFor();

    // Setup through the API: a project with its two files and a step back in its history, a quotation
    // still open (Approve and Reject), and a rejection analysis.
    const setup = quoteSetup(page, env.app.baseUrl);
    const bought = await setup.catalogue('Phone School', [
      ['Interactive Flat Panel with a long descriptive name', 85000],
      ['STEM Robotics Kit', 12000],
    ]);
    const [won, open, lost] = [
      await setup.quotation(bought, 'Smart classroom for the senior wing'),
      await setup.quotation(bought, 'Robotics lab'),
      await setup.quotation(bought, 'Science lab'),
    ];
    const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });
    const project = await setup.send('post', '/api/crm/projects', {
      multipart: {
        quotation: won._id,
        agreementFile: pdf('agreement.pdf'),
        purchaseOrderFile: pdf('purchase-order.pdf'),
      },
    });
    for (const body of [
      { status: 'Ready For Dispatch' },
      { status: 'Delivered to Customer Site' },
      { status: 'Installation' },
      { status: 'Delivered to Customer Site', reason: 'The panel stand was missing from the delivery' },
      { status: 'Installation' },
    ])
      await setup.send('patch', `/api/crm/projects/${project._id}/status`, { data: body });
    const lostQuotation = await setup.get<{ activeVersion: { _id: string } }>(
      `/api/crm/quotations/${lost._id}`,
    );
    const rejection = await setup.send('post', '/api/crm/rejection-analysis', {
      data: {
        quotation: lost._id,
        quotationVersionId: lostQuotation.activeVersion._id,
        rejectionDate: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
        rejectionReasons: ['Price higher than the competitor', 'Needed delivery before the term starts'],
        lostTo: 'Competitor',
        competitor: { name: 'Edutech Odisha Private Limited', offeredAmount: 98000 },
        customerFeedback: 'The demo went well; the budget was cut this year.',
        rejectedPerson: { name: 'Dr. Sasmita Mishra', designation: 'Principal' },
      },
    });

    /** The screen at each phone width: nothing sideways, every target usable; a picture of each. */
    const fits = async (name: string, scope: Locator, opts: { dialog?: boolean } = {}) => {
      for (const width of PHONES) {
        await page.setViewportSize({ width, height: 844 });
        await settled(page);
        expect(await sideways(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
        expect(await unusableTargets(scope), `${name} at ${width} px`).toEqual([]);
        // A page from its top (the fixed header drawn where it was scrolled to otherwise); a dialog as seen.
        if (!opts.dialog) await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `phone-${width}-${name}`, { fullPage: !opts.dialog });
      }
      await page.setViewportSize({ width: PHONES[0], height: 844 });
    };
    const main = page.getByRole('main');

    await page.goto('/crm/projects');
    await page.getByRole('article', { name: /Smart classroom for the senior wing/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await fits('projects-list', main);

    await page.goto(`/crm/projects/${project._id}`);
    await page
      .getByRole('table', { name: 'Status History' })
      .getByText('The panel stand was missing')
      .waitFor();
    await page.waitForLoadState('networkidle');
    await fits('project-detail', main);

    await page.getByRole('button', { name: 'Change Status' }).click();
    // The longest step's words: they must fit the phone's dialog, not be cut off.
    await page.getByRole('menuitem', { name: 'Back to Delivered to Customer Site' }).click();
    const status = page.getByRole('dialog', { name: 'Change Status' });
    await status.getByRole('textbox', { name: /Reason/ }).waitFor();
    await fits('status-dialog', status, { dialog: true });
    await status.getByRole('button', { name: 'Cancel' }).click();
    await status.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'View Agreement' }).click();
    const viewer = page.getByRole('dialog', { name: 'Agreement' });
    await viewer.getByText('Page 1 of 1').waitFor();
    await expect
      .poll(() => viewer.getByRole('img', { name: /^agreement.pdf/ }).getAttribute('aria-busy'))
      .toBe('false');
    await fits('project-agreement', viewer, { dialog: true });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });

    await page.goto(`/crm/quotations/${open._id}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Approved' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Quotation' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.getByText('Purchase order file is required.').waitFor();
    await fits('approve-dialog', approve, { dialog: true });
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await approve.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Rejected' }).click();
    const form = page.getByRole('form', { name: 'Save Rejection Analysis' });
    await form.getByText(`Robotics lab ${setup.tag}`).waitFor();
    await page.waitForLoadState('networkidle');
    await fits('rejection-form', main);

    await page.goto('/admin/rejection-analysis');
    await page
      .getByRole('article', { name: /^Rejection of ARR\/\d{4}$/ })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await fits('rejection-list', main);

    await page.goto(`/admin/rejection-analysis/${rejection._id}`);
    await page.getByText('Edutech Odisha Private Limited').first().waitFor();
    await page.waitForLoadState('networkidle');
    await fits('rejection-detail', main);

    await page.goto(`/admin/rejection-analysis/${rejection._id}/update`);
    await page.getByRole('list', { name: 'Rejection reasons' }).getByText('Needed delivery').waitFor();
    await page.waitForLoadState('networkidle');
    await fits('rejection-update', main);

    expect(errors).toEqual([]);
    await context.close();
  });
});
