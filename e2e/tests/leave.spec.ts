import type { LeaveBalancesDto, LeaveDto } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways, unusableTargets } from '../support/layout.ts';

/** India's calendar day `n` days from today, as YYYY-MM-DD. */
const indiaDay = (n: number) =>
  new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10);
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** The first Monday at least two weeks ahead (a working day, and the Tuesday after it too). */
const nextMonday = () => {
  let n = 14;
  while (new Date(`${indiaDay(n)}T00:00:00Z`).getUTCDay() !== 1) n += 1;
  return n;
};

/**
 * Leave on a phone (issue 28, decision 0023): a sales executive applies for two days, the HR Manager
 * approves from her phone, the balance and the history follow.
 */
describe('leave', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('a sales executive applies on a phone; the HR Manager approves it from hers', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'debasish.panda@karya.local', 'Karya@2026', '/hrm/leaves');
    await page.getByRole('heading', { name: 'Leave', exact: true }).first().waitFor();
    const balances = async () =>
      ((await (await page.request.get('/api/hrm/leaves/balances')).json()).data as LeaveBalancesDto).balances;
    const casualBefore = (await balances()).find((b) => b.leaveType === 'Casual')!;
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await dialog.waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);

    const monday = indiaDay(nextMonday());
    const tuesday = indiaDay(nextMonday() + 1);
    await dialog.getByRole('textbox', { name: 'Leave type', exact: true }).click();
    await page.getByRole('option', { name: /^Casual leave/ }).click();
    const from = dialog.getByRole('textbox', { name: 'From', exact: true });
    await from.fill(typed(monday));
    await from.blur();
    const to = dialog.getByRole('textbox', { name: 'To', exact: true });
    await to.fill(typed(tuesday));
    await to.blur();
    await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Cousin’s wedding in Berhampur');
    await dialog
      .getByText(/2 working days/)
      .first()
      .waitFor();
    await screenshot(page, 'leave-apply-phone');
    expect(await unusableTargets(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Leave applied').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const casual = (await balances()).find((b) => b.leaveType === 'Casual')!;
    expect(casual.pending).toBe(casualBefore.pending + 2);
    expect(casual.available).toBe(casualBefore.available! - 2);

    // The same dates again are refused with the server's words, nothing written.
    const again = await page.request.post('/api/hrm/leaves', {
      data: { leaveType: 'Sick', from: monday, to: monday, reason: 'Trying twice' },
      headers: { origin: env.app.baseUrl },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).message).toMatch(/^You already have leave on /);

    // The HR Manager (view-all) approves it on her phone, from the Team view.
    const hrContext = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const hr = await hrContext.newPage();
    hr.on('pageerror', (e) => errors.push(e.message));
    await signIn(hr, 'manas.sethi@karya.local', 'Karya@2026', '/hrm/leaves?view=team');
    const approve = hr.getByRole('button', { name: /^Approve: Debasish Panda/ }).first();
    await approve.waitFor();
    await expect.poll(() => sideways(hr)).toBeLessThanOrEqual(0);
    await screenshot(hr, 'leave-team-waiting-phone');
    await approve.click();
    await hr.getByText('Leave approved').first().waitFor();

    const mine = (await (await page.request.get('/api/hrm/leaves?sortBy=createdAt&sortOrder=desc')).json())
      .data.leaves as LeaveDto[];
    const applied = mine.find((l) => l.from === monday)!;
    expect(applied).toMatchObject({ status: 'Approved', days: 2, leaveType: 'Casual' });
    expect((await balances()).find((b) => b.leaveType === 'Casual')).toMatchObject({
      taken: casualBefore.taken + 2,
      pending: casualBefore.pending,
    });
    // Its page shows the decision and the history.
    await page.goto(`/hrm/leaves/${applied._id}`);
    await page.getByText('Approved').first().waitFor();
    await page.getByText('Manas Ranjan Sethi').first().waitFor();
    await screenshot(page, 'leave-detail-phone');
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await hrContext.close();
    await context.close();
  });
});
