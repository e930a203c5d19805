/// <reference lib="dom" />
// The functions handed to evaluate run in the browser.
import { afterEach, describe, expect, it } from 'vitest';
import { seriousFindings } from '../support/axe.ts';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways } from '../support/layout.ts';
import { pdfFile } from '../support/pdf.ts';
import { quoteSetup } from '../support/quote-setup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

const WIDE = { width: 1366, height: 900 };

/** Today in India as the screens print a date (dd/MM/yyyy). */
const todayShown = () => {
  const [y, m, d] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A picture of a page from its top (else the fixed header is drawn where it was scrolled to). */
const pagePicture = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
};

/** Choose a menu's entry and wait for the menu to be gone (axe must not read it half faded). */
const pick = async (page: Page, item: string) => {
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
};

/** The element lies wholly inside the window's width and is shown. */
const inView = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const box = await locator.boundingBox();
  return Boolean(box && box.width > 0 && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width);
};

/**
 * Issue 26 in Chromium at 1366 px: a requirement → Convert to Quotation → a re-quotation whose changes are
 * approved → Approve with the agreement and the purchase order → the project, its agreement read in the
 * bundled viewer, its status moved to Completed (one step back with a reason on the way); and a quotation
 * rejected through the rejection-analysis form, read and updated. Axe on every dialog and new screen on the
 * way; the quotation form and detail at 1366 px beside the 390 px pass (issue 25).
 */
describe('projects and rejection analysis', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });
  // A failed test leaves a picture of where it stopped (e2e/artifacts).
  let current: Page | null = null;
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current)
      await screenshot(current, `failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => {});
    current = null;
  });

  const start = async (path: string) => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.setViewportSize(WIDE);
    current = page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, path);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return { context, page, errors };
  };

  it('requirement → quotation → re-quotation → approved with two PDFs → project Completed', {
    timeout: 150_000,
  }, async () => {
    const { context, page, errors } = await start('/crm/quotations');
    await page.getByRole('heading', { name: 'Quotations' }).first().waitFor();
    // Every request the page makes: the PDF viewer must ask nothing of another origin (no CDN worker).
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const setup = quoteSetup(page, env.app.baseUrl);
    const { items, customer } = await setup.catalogue('Thread School', [
      ['Interactive Panel', 50000],
      ['Robotics Kit', 12000],
    ]);
    const requirement = await setup.requirement({ items, customer }, [2, 5]);

    // Convert to Quotation: the form with the requirement's items, at 1366 px (issue 25).
    await page.goto(`/crm/requirements/${requirement._id}`);
    await page.getByRole('button', { name: 'Convert to Quotation' }).click();
    await page.waitForURL('**/crm/quotations/create');
    const form = page.getByRole('form', { name: 'Create Quotation' });
    await form.getByRole('table', { name: 'Listed items' }).getByText(items[1]!.name).waitFor();
    // T1 (10 %): 2 × ₹55,000 + 5 × ₹13,200 = ₹1,76,000 and 18 % GST.
    const totals = form.getByRole('region', { name: 'Totals' });
    await totals.getByText('₹2,07,680.00').first().waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    for (const control of [
      form.getByRole('textbox', { name: 'Title' }),
      form.getByRole('table', { name: 'Listed items' }),
      totals,
      form.getByRole('button', { name: 'Create Quotation' }),
    ])
      expect(await inView(page, control)).toBe(true);
    await pagePicture(page, 'quotation-form-1366');
    const quotationTitle = await form.getByRole('textbox', { name: 'Title' }).inputValue();
    await form.getByRole('button', { name: 'Create Quotation' }).click();
    await page.waitForURL(/\/crm\/quotations\/[0-9a-f]{24}$/);
    const quotationUrl = new URL(page.url()).pathname;
    await page.getByRole('region', { name: 'Quotation History' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByRole('button', { name: 'Actions' }),
      page.getByRole('table', { name: 'Items Receipt' }),
      page.getByRole('region', { name: 'Quotation History' }),
    ])
      expect(await inView(page, control)).toBe(true);
    await pagePicture(page, 'quotation-detail-1366');

    // Re-quotation: the panel's quantity 2 → 3; Approved waits for the review, and says so.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'ReQuotation' }).click();
    const again = page.getByRole('form', { name: 'Create Re-Quotation' });
    await again.getByRole('button', { name: `Edit ${items[0]!.name}` }).click();
    const quantity = again.getByRole('textbox', { name: 'Quantity' });
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await quantity.fill('3');
    await again.getByRole('button', { name: 'Save Item' }).click();
    await again
      .getByRole('table', { name: 'ReQuotation Changes' })
      .getByText('Quantity Changed', { exact: true })
      .waitFor();
    await again.getByRole('button', { name: 'Create Re-Quotation' }).click();
    await page.waitForURL((u) => u.pathname === quotationUrl);
    await page.getByText('Awaiting review: not for sending').first().waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Approved' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // The manager approves the changes in the review queue.
    await page.goto('/admin/verifications/quotations');
    await page
      .getByRole('article', { name: /Re-Quotation/ })
      .filter({ hasText: customer.name })
      .click();
    await page.getByRole('textbox', { name: /Reason/ }).fill('Three panels agreed with the principal');
    await page.getByRole('button', { name: 'Approve Changes' }).click();
    await page.getByText('ReQuotation Changes approved').first().waitFor();

    // Approve: both PDFs are required; a text file is refused; then the two PDFs make the project.
    await page.goto(quotationUrl);
    await page.getByRole('button', { name: 'Actions' }).click();
    await pick(page, 'Approved');
    const approve = page.getByRole('dialog', { name: 'Approve Quotation' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.getByText('Agreement file is required.').waitFor();
    await approve.getByText('Purchase order file is required.').waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    const agreementInput = approve.locator('input[type="file"][aria-label="Agreement file"]');
    const orderInput = approve.locator('input[type="file"][aria-label="Purchase order file"]');
    await agreementInput.setInputFiles({
      name: 'agreement.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await approve.getByText('Agreement file must be a PDF file.').waitFor();
    await agreementInput.setInputFiles(pdfFile('signed-agreement.pdf', 'Agreement signed by the principal'));
    await orderInput.setInputFiles(pdfFile('purchase-order.pdf', 'Purchase order 2026-117'));
    await approve.getByText('signed-agreement.pdf').waitFor();
    await approve.getByText('purchase-order.pdf').waitFor();
    expect(await approve.getByRole('alert').count()).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'approve-dialog-1366', { fullPage: false });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/crm\/projects\/[0-9a-f]{24}$/);
    await page.getByText('Quotation approved').first().waitFor();

    // The project: Initiated, from the quotation's R1 (3 panels: 3 × ₹55,000 + 5 × ₹13,200 = ₹2,31,000 and 18 % GST).
    const summary = page.getByRole('region', { name: /^PI\d{4}$/ });
    await summary.getByText('Initiated', { exact: true }).waitFor();
    // Approved on the re-quotation R1, the project keeps the quotation's own title, not its Re-Quotation wording.
    await summary.getByText(quotationTitle, { exact: true }).waitFor();
    await summary.getByText('₹2,72,580.00').waitFor();
    await summary.getByRole('link', { name: /^ARR\/\d{4}\/R1$/ }).waitFor();
    await page.getByRole('table', { name: 'Items Receipt' }).getByText(items[0]!.name).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);

    // The agreement in the bundled viewer: a drawn page, the worker from our own origin.
    await page.getByRole('button', { name: 'View Agreement' }).click();
    const viewer = page.getByRole('dialog', { name: 'Agreement' });
    await viewer.getByText('Page 1 of 1').waitFor();
    const canvas = viewer.getByRole('img', { name: 'signed-agreement.pdf, page 1 of 1' });
    await expect.poll(() => canvas.getAttribute('aria-busy')).toBe('false');
    // Some pixel of the page is dark: the text was drawn, not only a white sheet.
    const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) return true;
      return false;
    });
    expect(inked).toBe(true);
    expect(requests.filter((u) => !/^(data|blob):/.test(u) && !u.startsWith(env.app.baseUrl))).toEqual([]);
    expect(requests.some((u) => /\/assets\/pdf\.worker[^/]*\.mjs$/.test(u))).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'project-agreement-1366', { fullPage: false });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'hidden' });

    // The status, one step at a time through the dialog; back a step needs a reason.
    const history = page.getByRole('table', { name: 'Status History' });
    const step = async (label: string, to: string, reason?: string) => {
      await page.getByRole('button', { name: 'Change Status' }).click();
      await pick(page, label);
      const dialog = page.getByRole('dialog', { name: 'Change Status' });
      await dialog.getByRole('button', { name: label }).waitFor();
      if (reason) {
        await dialog.getByRole('button', { name: label }).click();
        await dialog.getByText('Please say why the project goes back a step').waitFor();
        expect(await seriousFindings(page)).toEqual([]);
        await screenshot(page, 'status-dialog-back-1366', { fullPage: false });
        await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
      }
      await dialog.getByRole('button', { name: label }).click();
      await dialog.waitFor({ state: 'hidden' });
      await summary.getByText(to, { exact: true }).waitFor();
    };
    await step('Move to Ready For Dispatch', 'Ready For Dispatch');
    await step('Move to Delivered to Customer Site', 'Delivered to Customer Site');
    // The forward dialog, open, for axe and the picture.
    await page.getByRole('button', { name: 'Change Status' }).click();
    await pick(page, 'Move to Installation');
    const dialog = page.getByRole('dialog', { name: 'Change Status' });
    await dialog.getByRole('textbox', { name: 'Note' }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'status-dialog-1366', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await step('Move to Installation', 'Installation');
    await step(
      'Back to Delivered to Customer Site',
      'Delivered to Customer Site',
      'Two panels arrived cracked',
    );
    await step('Move to Installation', 'Installation');
    await step('Move to Handover', 'Handover');
    await step('Move to Completed', 'Completed');

    // The history, newest first: who and when for each change, the reason of the step back.
    const rows = history.getByRole('row');
    await expect.poll(() => rows.count()).toBe(9); // the header, Initiated and seven changes
    const first = await rows.nth(1).innerText();
    expect(first).toContain('Handover → Completed');
    expect(first).toContain('Administrator');
    expect(first).toContain(todayShown());
    const back = await history
      .getByRole('row')
      .filter({ hasText: 'Installation → Delivered to Customer Site' })
      .innerText();
    expect(back).toContain('Two panels arrived cracked');
    expect(back).toContain('Administrator');
    // Completed may still go back (a snag after sign-off), but nowhere forward.
    await page.getByRole('button', { name: 'Change Status' }).click();
    await page.getByRole('menuitem', { name: 'Back to Handover' }).waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await pagePicture(page, 'project-detail-1366');

    // The list shows it Completed.
    const projectId = new URL(page.url()).pathname.split('/').pop();
    const { title } = await setup.get<{ title: string }>(`/api/crm/projects/${projectId}`);
    await page.goto('/crm/projects');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Completed', { exact: true }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
    await pagePicture(page, 'projects-list-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rejects a quotation through the rejection-analysis form, then reads and updates the analysis', {
    timeout: 90_000,
  }, async () => {
    const { context, page, errors } = await start('/admin/rejection-analysis');
    await page.getByRole('heading', { name: 'Rejection Analysis' }).first().waitFor();
    const setup = quoteSetup(page, env.app.baseUrl);
    const bought = await setup.catalogue('Lost School', [['Smart Board', 40000]]);
    const quotation = await setup.quotation(bought, 'Smart board for the lab');

    await page.goto(`/crm/quotations/${quotation._id}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Rejected' }).click();
    await page.waitForURL(`**/crm/quotations/${quotation._id}/rejection-analysis`);
    const form = page.getByRole('form', { name: 'Save Rejection Analysis' });
    await form.getByText(`Smart board for the lab ${setup.tag}`).waitFor();
    await form.getByRole('button', { name: 'Save Rejection Analysis' }).click();
    await form.getByText('At least one rejection reason is required').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
    const reason = form.getByRole('textbox', { name: 'Rejection reason' });
    for (const r of ['Price higher than the competitor', 'Delivery in six weeks was too late']) {
      await reason.fill(r);
      await reason.press('Enter');
      await form.getByRole('list', { name: 'Rejection reasons' }).getByText(r).waitFor();
    }
    await form.getByRole('combobox', { name: 'Lost To' }).selectOption('Competitor');
    await form.getByRole('textbox', { name: 'Competitor Name' }).fill('Edutech Odisha');
    await form.getByRole('textbox', { name: "Competitor's Offered Amount" }).fill('41000');
    await form
      .getByRole('textbox', { name: 'Customer Feedback' })
      .fill('Liked the demo; the price decided it.');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Dr. Sasmita Mishra');
    await form.getByRole('textbox', { name: 'Designation' }).fill('Principal');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await pagePicture(page, 'rejection-form-1366');
    await form.getByRole('button', { name: 'Save Rejection Analysis' }).click();
    await page.waitForURL(/\/admin\/rejection-analysis\/[0-9a-f]{24}$/);
    const detailUrl = new URL(page.url()).pathname;

    const reasons = page.getByRole('list', { name: 'Rejection Reasons' });
    await reasons.getByText('Delivery in six weeks was too late').waitFor();
    await page.getByRole('region', { name: 'Lost To' }).getByText('Edutech Odisha').waitFor();
    await page.getByText('Liked the demo; the price decided it.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await pagePicture(page, 'rejection-detail-1366');

    await page.getByRole('link', { name: 'Update' }).click();
    await page.waitForURL(`**${detailUrl}/update`);
    const update = page.getByRole('form', { name: 'Update Rejection Analysis' });
    const feedback = update.getByRole('textbox', { name: 'Customer Feedback' });
    await expect.poll(() => feedback.inputValue()).toBe('Liked the demo; the price decided it.');
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
    await pagePicture(page, 'rejection-update-1366');
    await feedback.fill('Will ask us again for the next lab.');
    await update.getByRole('button', { name: 'Update Rejection Analysis' }).click();
    await page.waitForURL((u) => u.pathname === detailUrl);
    await page.getByText('Will ask us again for the next lab.').waitFor();

    // The list, and the quotation now Rejected with nothing left to decide.
    await page.goto('/admin/rejection-analysis');
    await page.getByRole('row').filter({ hasText: bought.customer.name }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await pagePicture(page, 'rejection-list-1366');
    const q = await setup.get<{ activeVersion: { status: string } }>(`/api/crm/quotations/${quotation._id}`);
    expect(q.activeVersion.status).toBe('Rejected');
    expect(errors).toEqual([]);
    await context.close();
  });
});
