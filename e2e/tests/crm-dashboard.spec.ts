import { describe, expect, it } from 'vitest';
import { newContext, type Page, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** The day in India `n` days from today, as follow-ups store it. */
const indiaDay = (n: number) =>
  new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10);

const card = (page: Page, title: string) =>
  page.locator('.mantine-Paper-root').filter({ has: page.getByText(title, { exact: true }) });

/**
 * The CRM dashboard (spec 1 §2) from real records: a customer and follow-ups made through the API show on
 * the dashboard as the numbers the API answers, in the chart, in the lists and as the menu's badge.
 */
describe('CRM dashboard', () => {
  const env = useAppAndBrowser();

  it('shows real numbers, the chart, the lists and the follow-up badge; fits a phone', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm');
    await page.getByRole('heading', { name: 'CRM Dashboard' }).waitFor();

    const origin = env.app.baseUrl;
    const me = (await (await page.request.get('/api/auth/me')).json()).data;
    const created = await page.request.post('/api/crm/customers', {
      data: { type: 'Organization', name: 'Kendriya Vidyalaya, Mancheswar' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()).data;
    const followUp = async (date: string, time: string, extra: object = {}) => {
      const res = await page.request.post('/api/crm/follow-ups', {
        data: {
          customer: customer._id,
          type: 'Call',
          reason: 'Other',
          otherReason: 'Robotics lab demo',
          date,
          time,
          followUpBy: me._id,
          ...extra,
        },
        headers: { origin },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await followUp(indiaDay(1), '10:30');
    await followUp(indiaDay(1), '15:00');
    await followUp(indiaDay(3), '11:00');
    // Yesterday, still Pending and never answered: overdue and waiting for a response.
    await followUp(indiaDay(-1), '09:00', { status: 'Pending' });

    const api = (await (await page.request.get('/api/crm/dashboard')).json()).data;
    expect(api.customers.total).toBe(1);
    expect(api.followUps.total).toBe(4);
    expect(api.followUps.upcoming).toBe(3);
    expect(api.followUps.overdue).toBe(1);

    await page.reload();
    await page.getByRole('heading', { name: 'CRM Dashboard' }).waitFor();
    const followUps = card(page, 'Follow-ups');
    await followUps.getByText('4', { exact: true }).waitFor();
    expect(await followUps.textContent()).toContain('Upcoming (next 7 days): 3');
    expect(await followUps.textContent()).toContain('Overdue: 1');
    expect(await card(page, 'Customers').textContent()).toContain('New this week: 1');

    // The chart: one image named by its title, described bar by bar.
    const chart = page.getByRole('img', { name: 'Follow-ups due: overdue, today and the next 7 days' });
    await chart.waitFor();
    const description = await chart.evaluate(
      (svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    const [, month, day] = indiaDay(1).split('-').map(Number) as [number, number, number];
    const monthName = new Date(Date.UTC(2026, month - 1, 1)).toLocaleString('en-GB', { month: 'long' });
    expect(description).toMatch(new RegExp(`\\w+ ${day} ${monthName}: 2 follow-ups`));
    // The overdue bar, today and the seven days the Upcoming card counts.
    expect(await chart.locator('rect').count()).toBe(9);
    await page.getByRole('img', { name: 'Requirements by status' }).waitFor();

    const upcoming = page.locator('.mantine-Paper-root').filter({ hasText: 'Upcoming follow-ups' });
    expect(await upcoming.getByRole('link', { name: 'Kendriya Vidyalaya, Mancheswar' }).count()).toBe(3);
    const noResponse = page.locator('.mantine-Paper-root').filter({ hasText: 'No-response follow-ups' });
    await noResponse.getByRole('link', { name: 'Kendriya Vidyalaya, Mancheswar' }).waitFor();

    // The menu's badge: one overdue.
    const menu = page.getByRole('navigation', { name: 'CRM menu' });
    await menu.getByRole('link', { name: 'Follow Up (1 overdue)' }).waitFor();
    await screenshot(page, 'crm-dashboard');

    // At phone width the charts and cards fit without sideways scrolling.
    const phone = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const small = await phone.newPage();
    await small.context().addCookies(await context.cookies());
    await small.goto('/crm');
    const smallChart = small.getByRole('img', { name: 'Follow-ups due: overdue, today and the next 7 days' });
    await smallChart.waitFor();
    // Read again until it answers: the chart may draw itself afresh (its data refreshed) just after it showed,
    // when its box is briefly null.
    await expect
      .poll(async () => (await smallChart.boundingBox())?.width ?? Number.POSITIVE_INFINITY)
      .toBeLessThanOrEqual(390);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(small, 'crm-dashboard-phone');
    await phone.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
