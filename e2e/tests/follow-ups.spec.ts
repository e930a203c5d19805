import { describe, expect, it } from 'vitest';
import { choose, newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** India's calendar day `n` days from today, as DD/MM/YYYY (what the date inputs take) and YYYY-MM-DD. */
const dayIn = (n: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10);
  const [y, m, day] = d.split('-');
  return { iso: d, typed: `${day}/${m}/${y}` };
};

/**
 * Follow-ups of spec 2 on the screens: a visit logged through the form for a customer, found in the list,
 * opened, and its next follow-up created from Create Next Follow Up, prefilled.
 */
describe('follow-ups', () => {
  const env = useAppAndBrowser();

  it('creates a visit with a next follow-up, sees it in the list, and creates the next one prefilled', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/follow-ups');
    await page.getByRole('heading', { name: 'Follow Ups' }).first().waitFor();
    const origin = env.app.baseUrl;
    const created = await page.request.post('/api/crm/customers', {
      data: { type: 'Organization', name: 'Stewart School, Bhubaneswar' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()).data as { _id: string; customerId: number };
    const number = `CI${String(customer.customerId).padStart(4, '0')}`;

    await page.goto('/crm/follow-ups/create?type=Visit');
    const form = page.getByRole('form', { name: 'Create Follow Up' });
    await form.waitFor();
    // The spec's messages on the first submit.
    await form.getByRole('button', { name: 'Create Follow Up' }).click();
    await form.getByText('Customer is required').waitFor();
    await form.getByText('Reason is required').waitFor();

    await choose(page, 'Customer', `${number} · Stewart School, Bhubaneswar`, 'Stewart');
    await form.getByRole('combobox', { name: /^Reason/ }).selectOption('Other');
    await form.getByRole('textbox', { name: /^Other reason/ }).fill('Smart class panels for the new block');
    await form.getByRole('textbox', { name: /^Date/ }).fill(dayIn(-1).typed);
    await form.getByLabel(/^Time/).fill('11:30');
    await form.getByRole('textbox', { name: 'Remarks' }).fill('Met the principal; demo next week');
    await form.getByRole('checkbox', { name: 'Another Follow Up Required' }).check();
    await form.getByRole('combobox', { name: /^Next follow-up type/ }).selectOption('Visit');
    await form.getByRole('textbox', { name: /^Next follow-up date/ }).fill(dayIn(6).typed);
    await form.getByLabel(/^Next follow-up time/).fill('10:00');
    await form.getByRole('button', { name: 'Create Follow Up' }).click();

    await page.waitForURL(/\/crm\/follow-ups\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Follow Up Details' }).first().waitFor();
    const id = page.url().split('/').pop()!;
    const first = (await (await page.request.get(`/api/crm/follow-ups/${id}`)).json()).data;
    expect(first).toMatchObject({
      type: 'Visit',
      reason: 'Other',
      date: dayIn(-1).iso,
      time: '11:30',
      status: 'Completed',
      remarks: 'Met the principal; demo next week',
      nextFollowUp: { nextRequired: true, type: 'Visit', date: dayIn(6).iso, time: '10:00' },
    });
    expect(first.visitors).toHaveLength(1);
    await page.getByRole('region', { name: 'Next Follow Up Details' }).waitFor();

    // The list shows it.
    await page.goto('/crm/follow-ups');
    const row = page.getByRole('row').filter({ hasText: 'Stewart School, Bhubaneswar' });
    await row.first().waitFor();
    await screenshot(page, 'follow-ups-list');
    await row.first().click();
    await page.waitForURL(`**/crm/follow-ups/${id}`);

    // Create Next Follow Up: the create form prefilled from the next-follow-up block.
    await page.getByRole('link', { name: 'Create Next Follow Up' }).click();
    await page.waitForURL('**/crm/follow-ups/create');
    const next = page.getByRole('form', { name: 'Create Follow Up' });
    await next.waitFor();
    expect(await next.getByRole('combobox', { name: /^Type/ }).inputValue()).toBe('Visit');
    expect(await next.getByRole('textbox', { name: /^Date/ }).inputValue()).toBe(dayIn(6).typed);
    expect(await next.getByLabel(/^Time/).inputValue()).toBe('10:00');
    await next
      .getByText(`${number} · Stewart School, Bhubaneswar`)
      .or(next.getByRole('textbox', { name: /^Customer/ }))
      .first()
      .waitFor();
    expect(await next.getByRole('textbox', { name: /^Customer/ }).inputValue()).toContain('Stewart School');
    expect(await next.getByRole('combobox', { name: /^Status/ }).inputValue()).toBe('Scheduled');
    await next.getByRole('combobox', { name: /^Reason/ }).selectOption('Other');
    await next.getByRole('textbox', { name: /^Other reason/ }).fill('Demo of the smart class panel');
    await next.getByRole('button', { name: 'Create Follow Up' }).click();
    await page.waitForURL(
      (url) => /\/crm\/follow-ups\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(id),
    );
    const secondId = page.url().split('/').pop()!;
    const second = (await (await page.request.get(`/api/crm/follow-ups/${secondId}`)).json()).data;
    expect(second).toMatchObject({
      customer: { _id: customer._id },
      type: 'Visit',
      date: dayIn(6).iso,
      time: '10:00',
      status: 'Scheduled',
    });
    expect(second.visitors.map((v: { _id: string }) => v._id)).toEqual(
      first.visitors.map((v: { _id: string }) => v._id),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs a visit with no signal: it waits on the device, goes once when the connection returns', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/follow-ups');
    await page.getByRole('heading', { name: 'Follow Ups' }).first().waitFor();
    const origin = env.app.baseUrl;
    const created = await page.request.post('/api/crm/customers', {
      data: { type: 'Organization', name: 'Govt. High School, Balianta' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()).data as { _id: string; customerId: number };
    const number = `CI${String(customer.customerId).padStart(4, '0')}`;
    const remarks = `Offline visit ${Date.now()}`;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/crm/follow-ups'))
        sent.push(r.headers()['idempotency-key'] ?? 'none');
    });

    await page.goto('/crm/follow-ups/create?type=Visit');
    const form = page.getByRole('form', { name: 'Create Follow Up' });
    await form.waitFor();
    await choose(page, 'Customer', `${number} · Govt. High School, Balianta`, 'Balianta');
    await form.getByRole('combobox', { name: /^Reason/ }).selectOption('Other');
    await form.getByRole('textbox', { name: /^Other reason/ }).fill('Lab equipment enquiry');
    await form.getByRole('textbox', { name: /^Date/ }).fill(dayIn(0).typed);
    await form.getByLabel(/^Time/).fill('00:05');
    await form.getByRole('textbox', { name: 'Remarks' }).fill(remarks);

    // The signal goes: the save keeps it on the device, and the shell says it is waiting.
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Create Follow Up' }).click();
    await page.getByText('saved on this device').first().waitFor();
    await page.waitForURL('**/crm/follow-ups');
    const waiting = page.getByRole('button', { name: 'Waiting to send 1 change' });
    await waiting.waitFor();
    await screenshot(page, 'follow-up-waiting-offline');
    expect(sent).toEqual([]);
    // It lives in the device's storage: a reload or a closed tab keeps it.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('karyaOutbox') ?? '[]').length)).toBe(1);

    // The signal returns: it goes by itself, once, and the button leaves.
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Sent: Visit follow-up').first().waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    const found = await page.request.get(`/api/crm/customers/${customer._id}/follow-ups?limit=50`);
    const body = (await found.json()).data as { followUps: { remarks: string | null }[] };
    expect(body.followUps.filter((f) => f.remarks === remarks)).toHaveLength(1);
    // Sending the same write again (a replay) is answered, not written twice.
    const replay = await page.request.post('/api/crm/follow-ups', {
      data: {
        customer: customer._id,
        type: 'Call',
        reason: 'Other',
        otherReason: 'x',
        date: dayIn(0).iso,
        time: '00:05',
      },
      headers: { origin, 'idempotency-key': sent[0]! },
    });
    expect(replay.headers()['idempotent-replay']).toBe('true');
    const again = (
      await (await page.request.get(`/api/crm/customers/${customer._id}/follow-ups?limit=50`)).json()
    ).data as { followUps: unknown[] };
    expect(again.followUps).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
