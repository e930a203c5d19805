import type { AttendanceMonthDto } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways, unusableTargets } from '../support/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * Attendance on a phone (issue 28): a check-in tapped without signal waits on the device and goes once,
 * with the time of the tap, when the signal returns; the check-out flips the day; the month shows it.
 */
describe('attendance', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('a check-in made offline is sent once with its own time; the check-out and the month follow', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/hrm/attendances/punches'))
        sent.push(r.headers()['idempotency-key'] ?? 'none');
    });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/attendances');
    await page.getByRole('heading', { name: 'Attendance' }).first().waitFor();
    const checkIn = page.getByRole('button', { name: 'Check in' });
    await checkIn.waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    expect(await unusableTargets(page.locator('main'))).toEqual([]);

    // No signal: the tap is kept on the device with its time, and the button flips at once.
    await context.setOffline(true);
    const tapped = Date.now();
    await checkIn.click();
    await page.getByText('Waiting to send').first().waitFor();
    await page.getByRole('button', { name: 'Check out' }).waitFor();
    await screenshot(page, 'attendance-check-in-waiting');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('karyaOutbox') ?? '[]').length)).toBe(1);
    await page.waitForTimeout(2_500);

    // The signal returns: it goes by itself, and the server has the tap's time, not the send's.
    await context.setOffline(false);
    await page.getByText('Waiting to send').first().waitFor({ state: 'detached', timeout: 30_000 });
    const month = async () =>
      (await (await page.request.get('/api/hrm/attendances/month')).json()).data as AttendanceMonthDto;
    const after = await month();
    expect(after.today.punches).toHaveLength(1);
    const [punch] = after.today.punches;
    expect(punch!.kind).toBe('in');
    const at = Date.parse(punch!.at);
    expect(at).toBeGreaterThanOrEqual(tapped - 1_000);
    expect(at).toBeLessThan(tapped + 2_000);
    expect(Date.parse(punch!.receivedAt) - at).toBeGreaterThan(2_000);
    expect(new Set(sent).size).toBe(1);
    expect(after.today.open).toBe(true);

    // Online, the check-out goes at once; the day is shown in the month.
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('button', { name: 'Check in' }).waitFor();
    expect((await month()).today.punches.map((p) => p.kind)).toEqual(['in', 'out']);
    const today = page.locator(`button[data-date="${after.today.date}"]`);
    await expect.poll(async () => (await today.getAttribute('aria-label')) ?? '').toMatch(/Present/);
    await screenshot(page, 'attendance-month-phone');

    // The administrator sees everyone's day, and takes the month's register.
    await page.getByText('Team', { exact: true }).click();
    await page.getByRole('list', { name: 'Team members' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Register, / }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`attendance-${after.today.date.slice(0, 7)}.xlsx`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a forgotten check-out asked for by a sales executive is approved from a phone', async () => {
    // Debasish (demo Sales Executive) asks, through the API, for a Sunday's check-out.
    const asker = await newContext(env.browser, env.app.baseUrl);
    const origin = env.app.baseUrl;
    const login = await asker.request.post('/api/auth/login', {
      data: {
        email: 'debasish.panda@karya.local',
        password: 'Karya@2026',
        location: { type: 'Point', coordinates: [20.2961, 85.8245] },
        deviceInfo: { os: 'Android', browser: 'Chrome', device: 'Mobile', model: 'e2e' },
      },
      headers: { origin },
    });
    expect(login.status(), await login.text()).toBe(200);
    // The last Sunday before today: the demo leaves weekly offs without punches, so the day is the request's.
    const todayIndia = new Date(Date.now() + 330 * 60_000);
    const back = todayIndia.getUTCDay() === 0 ? 7 : todayIndia.getUTCDay();
    const sunday = new Date(todayIndia.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const asked = await asker.request.post('/api/hrm/attendances/corrections', {
      data: { date: sunday, kind: 'out', time: '18:20', reason: 'Phone battery died at the school' },
      headers: { origin },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    // The administrator (view-all) approves it on a phone, from the Team view.
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/attendances?view=team');
    const approve = page.getByRole('button', { name: /^Approve: Debasish Panda/ });
    await approve.waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'attendance-correction-waiting-phone');
    await approve.click();
    await page.getByText('Correction approved').first().waitFor();
    await approve.waitFor({ state: 'detached' });
    const mine = (await (await asker.request.get('/api/hrm/attendances/corrections')).json()).data
      .corrections as {
      status: string;
    }[];
    expect(mine[0]?.status).toBe('Approved');
    const month = (
      await (await asker.request.get(`/api/hrm/attendances/month?month=${sunday.slice(0, 7)}`)).json()
    ).data as AttendanceMonthDto;
    const day = month.days.find((d) => d.date === sunday)!;
    expect(day.lastOut).toBe(new Date(`${sunday}T18:20:00+05:30`).toISOString());
    expect(errors).toEqual([]);
    await context.close();
    await asker.close();
  });
});
