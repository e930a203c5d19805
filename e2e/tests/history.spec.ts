import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

describe('record history', () => {
  const env = useAppAndBrowser();

  it('an update made on the screens shows in the task’s History: who, what, from where', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/tasks');
    await page.waitForURL('**/hrm/tasks');
    const me = await (await page.request.get('/api/auth/me')).json();
    const created = await page.request.post('/api/hrm/tasks', {
      data: { title: 'Visit Ravenshaw College', date: '2026-11-20', assignedTo: [me.data._id] },
      headers: { origin: env.app.baseUrl },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).data._id as string;

    await page.goto(`/hrm/tasks/${id}`);
    await page.getByRole('heading', { name: 'Task Details' }).first().waitFor();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Update Task' });
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill('Visit Ravenshaw College library');
    await modal.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Task updated successfully').first().waitFor();

    // History is read only once opened.
    const historyCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/history')) historyCalls.push(r.url());
    });
    await page.waitForTimeout(300);
    expect(historyCalls).toEqual([]);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const list = page.getByRole('list', { name: 'Changes, newest first' });
    await list.waitFor();
    const entries = list.getByRole('listitem', { name: /by Administrator$/ });
    await expect.poll(() => entries.count()).toBe(2);
    const latest = entries.first();
    expect(await latest.getAttribute('aria-label')).toBe('Updated by Administrator');
    const text = await latest.innerText();
    expect(text).toContain('Title: Visit Ravenshaw College → Visit Ravenshaw College library');
    expect(text).toContain('Chrome on Linux (Desktop)');
    expect(text).toContain('signed in near 20.296, 85.825');
    expect(text).toMatch(/seconds? ago|now/);
    expect(await entries.nth(1).getAttribute('aria-label')).toBe('Created by Administrator');
    expect(await latest.getByRole('link', { name: 'Administrator' }).getAttribute('href')).toMatch(
      /^\/admin\/users\/[0-9a-f]{24}$/,
    );
    expect(historyCalls.length).toBeGreaterThan(0);
    // The open section passes the same WCAG 2 A/AA scan as the main screens.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    await screenshot(page, 'task-history');
    await context.close();
  });
});
