import type { ExpenseClaimDetailDto } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways, unusableTargets } from '../support/layout.ts';

const PASSWORD = 'Karya@2026';
/** A valid 1x1 PNG: the receipt "photographed" on the phone. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Expense claims (issue 28, decision 0025): a sales executive claims a visit's travel from its follow-up on
 * her phone, adds a hotel bill with its receipt and submits; the HR Manager approves on her phone; the
 * accountant marks it paid at the desk. The claim's history follows every step.
 */
describe('expense claims', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('a visit’s travel claimed on a phone, a receipt attached, approved on a phone, paid at the desk', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'debasish.panda@karya.local', PASSWORD, '/hrm/expenses');
    await page.getByRole('button', { name: 'New claim' }).first().waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'expenses-mine-phone');

    // Her latest completed visit is not claimed yet (the demo leaves it): claim it from the follow-up.
    const me = (await (await page.request.get('/api/auth/me')).json()).data._id as string;
    const visits = (
      await (
        await page.request.get(
          `/api/crm/follow-ups?filters[type][]=Visit&filters[status][]=Completed&filters[visitors][]=${me}&sortBy=date&sortOrder=desc&limit=1`,
        )
      ).json()
    ).data.followUps as { _id: string }[];
    expect(visits).toHaveLength(1);
    await page.goto(`${env.app.baseUrl}/crm/follow-ups/${visits[0]!._id}`);
    await page.getByRole('button', { name: 'Claim travel for this visit' }).click();
    const travel = page.getByRole('dialog', { name: 'Claim travel for this visit' });
    await travel.waitFor();
    await travel.getByRole('textbox', { name: 'Distance (km)' }).fill('14.5');
    // 14.5 km at the demo's ₹4.50 a km.
    await travel.getByText('₹65.25').first().waitFor();
    expect(await unusableTargets(travel)).toEqual([]);
    await travel.getByRole('button', { name: 'Add to my claim' }).click();
    await page.getByRole('link', { name: 'Open claim' }).click();
    await page.waitForURL(/\/hrm\/expenses\/[0-9a-f]{24}$/);
    const claimId = page.url().split('/').pop()!;
    const claim = async () =>
      (await (await page.request.get(`/api/hrm/expenses/${claimId}`)).json()).data as ExpenseClaimDetailDto;
    const before = await claim();
    expect(before.status).toBe('Draft');
    expect(before.lines.find((l) => l.followUp?._id === visits[0]!._id)).toMatchObject({
      category: 'Travel',
      distanceKm: 14.5,
      amount: 65.25,
    });

    // A hotel bill over the receipt limit, its receipt photographed, then Save and submit.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: /^Edit claim EC\d{4}$/ });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Category' }).selectOption('Lodging');
    await form.getByRole('textbox', { name: 'Amount (₹)' }).fill('1,450');
    await form.getByRole('textbox', { name: 'Description' }).fill('Hotel at Jajpur');
    await form.locator('input[type=file][accept="image/*,application/pdf"]').setInputFiles({
      name: 'hotel-bill.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await form.getByText('hotel-bill.png').first().waitFor();
    await form.getByRole('button', { name: 'Add Expense' }).click();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'expenses-claim-form-phone');
    await form.getByRole('button', { name: 'Save and submit' }).click();
    await page.getByText('Expense claim submitted').first().waitFor();
    const submitted = await claim();
    expect(submitted).toMatchObject({ status: 'Submitted', total: before.total + 1450 });
    expect(submitted.lines.find((l) => l.category === 'Lodging')?.receipt?.originalName).toBe(
      'hotel-bill.png',
    );

    // The HR Manager (view-all) approves it on her phone, from Waiting for you, and sees the receipt.
    const hrContext = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const hr = await hrContext.newPage();
    hr.on('pageerror', (e) => errors.push(e.message));
    await signIn(hr, 'manas.sethi@karya.local', PASSWORD, '/hrm/expenses?view=team');
    const approve = hr.getByRole('button', {
      name: `Approve: Debasish Panda, ${submitted.claimId}, ${submitted.title}`,
    });
    await approve.waitFor();
    await expect.poll(() => sideways(hr)).toBeLessThanOrEqual(0);
    await screenshot(hr, 'expenses-team-phone');
    const receiptId = submitted.lines.find((l) => l.category === 'Lodging')!.receipt!._id;
    const receipt = await hr.request.get(`/api/hrm/expenses/${claimId}/receipts/${receiptId}`);
    expect([receipt.status(), receipt.headers()['content-type']]).toEqual([200, 'image/png']);
    // Not by the file's own address: a receipt is its owner's there.
    expect((await hr.request.get(`/api/files/${receiptId}`)).status()).toBe(404);
    await approve.click();
    await hr.getByText('Expense claim approved').first().waitFor();
    expect((await claim()).status).toBe('Approved');

    // The accountant pays it at the desk, with the bank's reference.
    const desk = await newContext(env.browser, env.app.baseUrl);
    const accounts = await desk.newPage();
    accounts.on('pageerror', (e) => errors.push(e.message));
    await signIn(accounts, 'biswajit.dash@karya.local', PASSWORD, '/hrm/expenses?view=team');
    await accounts
      .getByRole('button', { name: `Mark paid: Debasish Panda, ${submitted.claimId}, ${submitted.title}` })
      .click();
    const pay = accounts.getByRole('dialog', { name: 'Mark claim paid' });
    await pay.waitFor();
    await pay.getByRole('textbox', { name: 'Payment reference' }).fill('NEFT UTIB0001234');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await accounts.getByText('Expense claim marked as paid').first().waitFor();
    expect(await claim()).toMatchObject({ status: 'Paid', paymentReference: 'NEFT UTIB0001234' });

    // She sees it paid, with every step in the history.
    await page.goto(`${env.app.baseUrl}/hrm/expenses/${claimId}`);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    const history = (await (await page.request.get(`/api/hrm/expenses/${claimId}/history`)).json()).data
      .history as { changes: { field: string; to: unknown }[] }[];
    const statuses = history.flatMap((h) => h.changes.filter((c) => c.field === 'status').map((c) => c.to));
    expect(statuses).toEqual(expect.arrayContaining(['Submitted', 'Approved', 'Paid']));
    expect(errors).toEqual([]);
    await Promise.all([context.close(), hrContext.close(), desk.close()]);
  });
});
