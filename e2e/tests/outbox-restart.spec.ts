import { describe, expect, it } from 'vitest';
import { choose, newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

const todayTyped = () => {
  const [y, m, d] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * Issue 22 §2 on the screens: a visit is saved, the server writes it and dies (SIGKILL) before its answer
 * reaches the phone. The phone keeps the write in its outbox with its key; the server comes back on the same
 * data; the outbox sends it again with the same key and is answered from the first write: one follow-up,
 * nothing waiting, and a later save goes straight through.
 */
describe('the outbox after the server restarts', () => {
  const env = useAppAndBrowser();

  it('a visit whose answer died with the server is sent again once it is back, and exists once', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/follow-ups');
    await page.getByRole('heading', { name: 'Follow Ups' }).first().waitFor();
    const origin = env.app.baseUrl;
    const created = await page.request.post('/api/crm/customers', {
      data: { type: 'Organization', name: 'Saraswati Shishu Mandir, Khurda' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()).data as { _id: string; customerId: number };
    const number = `CI${String(customer.customerId).padStart(4, '0')}`;
    const remarks = `Visit before the crash ${Date.now()}`;

    // Every send of the form, with its key and how it was answered.
    const sends: { key: string; status: number | 'lost'; replay?: string }[] = [];
    let crashNext = true;
    await page.route('**/api/crm/follow-ups', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const key = request.headers()['idempotency-key'] ?? 'none';
      if (crashNext) {
        crashNext = false;
        // The server writes the visit and answers; the process dies before the answer reaches the phone.
        await route.fetch();
        await env.app.kill();
        sends.push({ key, status: 'lost' });
        return route.abort('connectionreset');
      }
      const response = await route.fetch();
      sends.push({ key, status: response.status(), replay: response.headers()['idempotent-replay'] });
      return route.fulfill({ response });
    });

    await page.goto('/crm/follow-ups/create?type=Visit');
    const form = page.getByRole('form', { name: 'Create Follow Up' });
    await form.waitFor();
    await choose(page, 'Customer', `${number} · Saraswati Shishu Mandir, Khurda`, 'Saraswati');
    await form.getByRole('combobox', { name: /^Reason/ }).selectOption('Other');
    await form.getByRole('textbox', { name: /^Other reason/ }).fill('Robotics lab for classes VI to VIII');
    await form.getByRole('textbox', { name: /^Date/ }).fill(todayTyped());
    await form.getByLabel(/^Time/).fill('00:05');
    await form.getByRole('textbox', { name: 'Remarks' }).fill(remarks);
    await form.getByRole('button', { name: 'Create Follow Up' }).click();

    // No answer: the visit waits on the phone.
    await page.getByText('saved on this device').first().waitFor();
    const waiting = page.getByRole('button', { name: 'Waiting to send 1 change' });
    await waiting.waitFor();
    await screenshot(page, 'outbox-waiting-after-crash');

    // The server comes back on the same data; the connection's return sends the visit again.
    await env.app.restart();
    await context.setOffline(true);
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText('Sent: Visit follow-up').first().waitFor();

    expect(sends.map((s) => s.status)).toEqual(['lost', 201]);
    expect(sends[1]!.key).toBe(sends[0]!.key);
    // Answered from the write the killed process had committed, not written again.
    expect(sends[1]!.replay).toBe('true');
    const found = await page.request.get(`/api/crm/customers/${customer._id}/follow-ups?limit=50`);
    const list = (await found.json()).data as { followUps: { remarks: string | null }[] };
    expect(list.followUps.filter((f) => f.remarks === remarks)).toHaveLength(1);

    // The next visit goes straight through, under a key of its own.
    await page.goto('/crm/follow-ups/create?type=Visit');
    await form.waitFor();
    await choose(page, 'Customer', `${number} · Saraswati Shishu Mandir, Khurda`, 'Saraswati');
    await form.getByRole('combobox', { name: /^Reason/ }).selectOption('Other');
    await form.getByRole('textbox', { name: /^Other reason/ }).fill('Demo of the robotics kit');
    await form.getByRole('textbox', { name: /^Date/ }).fill(todayTyped());
    await form.getByLabel(/^Time/).fill('00:10');
    await form.getByRole('button', { name: 'Create Follow Up' }).click();
    await page.waitForURL(/\/crm\/follow-ups\/[0-9a-f]{24}$/);
    expect(sends).toHaveLength(3);
    expect(sends[2]).toMatchObject({ status: 201 });
    expect(sends[2]!.key).not.toBe(sends[0]!.key);
    expect(sends[2]!.replay).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});
