import { MAIL_STATUS_LABELS, type MailDto } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { sideways } from '../support/layout.ts';

/**
 * Mail on a phone (issue 28, decision 0024): a sales executive finds the reminder that did not go out,
 * reads why, and sends it again; the new message's state shows.
 */
describe('mail', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('a failed reminder is explained and sent again from a phone', async () => {
    const context = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'debasish.panda@karya.local', 'Karya@2026', '/hrm/mail');
    await page.getByRole('heading', { name: 'Mail' }).first().waitFor();
    const failed = page.getByText('Failed', { exact: true }).first();
    await failed.waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mail-list-phone');

    const list = (await (await page.request.get('/api/hrm/mail?filters[status][]=failed')).json()).data
      .mails as MailDto[];
    const reminder = list.find((m) => m.kind === 'reminder')!;
    await page.goto(`/hrm/mail/${reminder._id}`);
    await page.getByText('This mail was not delivered').waitFor();
    await page
      .getByText('Karya could not reach its mail server. Send it again once the server is back.')
      .waitFor();
    await page.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('Mail sent again').first().waitFor();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/hrm/mail/') && !url.pathname.endsWith(reminder._id),
    );
    // The new message's state, as the server has it, is what the page says.
    const sent = (await (await page.request.get(`/api${new URL(page.url()).pathname}`)).json())
      .data as MailDto;
    expect(sent).toMatchObject({ kind: 'reminder', subject: reminder.subject });
    expect(sent.status).not.toBe('failed');
    await page.getByText(MAIL_STATUS_LABELS[sent.status]).first().waitFor();
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mail-sent-again-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
