import { describe, expect, it } from 'vitest';
import { choose, newContext, screenshot, signIn, typeCode, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * The administrator's day one: a role made with the permission matrix, a user given that role, and
 * that user's first sign-in: forced password change, e-mail verification, only the allowed menus, and
 * the 403 page on a path the role does not open.
 */
describe('roles and users', () => {
  const env = useAppAndBrowser();

  it('creates a role and a user; the user signs in, changes the password, verifies and sees only what the role allows', async () => {
    const admin = await newContext(env.browser, env.app.baseUrl);
    const page = await admin.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/roles/create');
    await page.waitForURL('**/admin/roles/create');

    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Field Sales');
    await form
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Visits schools and colleges; sees CRM customers.');
    // The matrix: every action of hrm through the all-actions box, single actions elsewhere.
    await page.getByRole('checkbox', { name: 'hrm: all actions' }).check();
    await page.getByRole('checkbox', { name: 'profile: read' }).check();
    await page.getByRole('checkbox', { name: 'auth: Change password' }).check();
    await page.getByRole('button', { name: /crm/i }).first().click();
    await page.getByRole('checkbox', { name: 'crm: read' }).check();
    await page.getByRole('checkbox', { name: 'customer: read' }).check();
    await screenshot(page, 'role-form');
    await page.getByRole('button', { name: 'Create Role' }).click();
    await page.waitForURL('**/admin/roles');
    await page.getByText('Field Sales', { exact: true }).first().waitFor();

    await page.goto('/admin/users/create');
    const email = 'priyanka.sahoo@karya.test';
    const password = 'Welcome#2026';
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Priyanka Sahoo');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('9437012345');
    await choose(page, 'Gender', 'Female');
    await choose(page, 'Marital status', 'Single');
    await choose(page, 'Languages', 'Odia');
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Cuttack');
    await choose(page, 'Roles', 'Field Sales', 'Field');
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await screenshot(page, 'user-form');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.waitForURL(/\/admin\/users\/[0-9a-f]{24}$/);
    await page.getByText('Priyanka Sahoo').first().waitFor();
    await admin.close();

    // The new user's first sign-in, on a phone.
    const phone = await newContext(env.browser, env.app.baseUrl, { mobile: true });
    const p = await phone.newPage();
    await signIn(p, email, password);
    await p.waitForURL('**/hrm/profile/change-password');
    // First the e-mail address is verified with the code sent over SMTP (the dialog stays until then).
    const verify = p.getByRole('dialog', { name: 'Verify your account' });
    await verify.waitFor();
    const before = env.app.mails.length;
    await verify.getByRole('button', { name: 'Send code' }).click();
    const code = await env.app.codeFor(email, before);
    await typeCode(p, 'Verification code digit 1', code);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.waitFor({ state: 'hidden' });

    // Then the password the admin chose is replaced.
    await p.getByRole('textbox', { name: 'Old password', exact: true }).fill(password);
    await p.getByRole('textbox', { name: 'New password', exact: true }).fill('Sales@2026ok');
    await p.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Sales@2026ok');
    await p.getByRole('button', { name: 'Change Password' }).click();
    await p.waitForURL('**/hrm');

    // Only the areas and menus the role allows.
    await p.goto('/crm');
    await p.getByRole('button', { name: 'Open navigation' }).click();
    const nav = p.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Follow Up' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Quotation' }).count()).toBe(0);
    expect(await nav.getByRole('radio', { name: 'Admin' }).count()).toBe(0);
    expect(await nav.getByRole('radio', { name: 'HRM' }).count()).toBe(1);
    await screenshot(p, 'field-sales-menu');

    // A path the role does not open shows the 403 page, and the API refuses it too.
    await p.goto('/admin/users');
    await p.getByText('You are Unauthorized').first().waitFor();
    const api = await p.request.get('/api/admin/users');
    expect(api.status()).toBe(403);
    await phone.close();
  });
});
