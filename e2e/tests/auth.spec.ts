import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, typeCode, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SECURITY } from '../support/server.ts';

describe('sign-in, password reset and session expiry', () => {
  const env = useAppAndBrowser();

  it('sends a visitor to sign-in, signs in to the shell and logs out after confirming', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fusers/);
    await page.getByText(/device information and location/i).waitFor();

    // A wrong password is answered on the field, not as a crash.
    await signIn(page, ADMIN_EMAIL, 'Wrong@12345', '/admin/users');
    await page.getByText('Invalid email or password').first().waitFor();

    await page
      .getByRole('form', { name: 'Sign in' })
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'Manage Users' }).waitFor();
    await screenshot(page, 'users-list');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.getByText('Are you sure you want to log out?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /log out|confirm/i })
      .click();
    await page.waitForURL('**/login**');
    // The session is gone on the server: the API refuses the old cookie.
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('resets a forgotten password with the code e-mailed over SMTP', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByRole('button', { name: 'Send code' }).waitFor();
    await expect(dialog.getByRole('radio', { name: /Phone/ }).isDisabled()).resolves.toBe(true);
    const before = env.app.mails.length;
    await dialog
      .getByRole('form', { name: 'Send reset code' })
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = await env.app.codeFor(ADMIN_EMAIL, before);
    await typeCode(page, 'Code digit 1', code);
    const next = 'Reset@2026new';
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
    await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(next);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await signIn(page, ADMIN_EMAIL, next);
    await page.waitForURL('**/hrm');
    // The code was single use: trying it again is refused.
    const again = await page.request.post('/api/auth/reset-password/verify-otp', {
      headers: { origin: env.app.baseUrl },
      data: {
        method: 'email',
        email: ADMIN_EMAIL,
        otp: code,
        newPassword: ADMIN_PASSWORD,
        confirmNewPassword: ADMIN_PASSWORD,
        ...SECURITY,
      },
    });
    expect(again.status()).toBe(400);
    // Put the original password back for the other tests.
    const ok = await page.request.post(
      `/api/auth/${(await (await page.request.get('/api/auth/me')).json()).data._id}/change-password`,
      {
        headers: { origin: env.app.baseUrl },
        data: {
          oldPassword: next,
          newPassword: ADMIN_PASSWORD,
          confirmNewPassword: ADMIN_PASSWORD,
          ...SECURITY,
        },
      },
    );
    expect(ok.status()).toBe(200);
    await context.close();
  });

  it('shows the Session Expired dialog when the session ends under an open page', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm/profile');
    await page.waitForURL('**/hrm/profile');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    // The session ends on the server (as an idle timeout or an admin action would end it).
    await context.clearCookies();
    // Moving to the admin area loads its dashboard: that call is refused with 401.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('label', { hasText: /^Admin$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await dialog.waitFor();
    await dialog.getByText('Your session has expired. Please log in again to continue.').waitFor();
    await screenshot(page, 'session-expired');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/login**');
    await context.close();
  });
});
