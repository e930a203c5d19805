import { describe, it } from 'vitest';
import { choose, newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** An administrator makes a team of demo staff with the members editor, then changes it. */
describe('teams', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  it('creates a team with members and roles, refuses a member twice, then updates it', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/teams/create');
    await page.waitForURL('**/admin/teams/create');

    await page.getByRole('textbox', { name: 'Team Name', exact: true }).fill('Puri Field Sales');
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Schools and colleges of Puri district');
    await choose(page, 'User', 'Subhashree Mohanty', 'Subhashree');
    await choose(page, 'Role', 'Manager');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('button', { name: 'Remove Subhashree Mohanty' }).waitFor();

    // The same user again is refused.
    await choose(page, 'User', 'Subhashree Mohanty', 'Subhashree');
    await choose(page, 'Role', 'Member');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('User already in team').first().waitFor();

    await choose(page, 'User', 'Debasish Panda', 'Debasish');
    await choose(page, 'Role', 'Member');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('button', { name: 'Remove Debasish Panda' }).waitFor();
    await screenshot(page, 'team-form');
    await page.getByRole('button', { name: 'Create Team' }).click();

    await page.waitForURL(/\/admin\/teams\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Team Details' }).first().waitFor();
    await page.getByText('Puri Field Sales').first().waitFor();
    await page.getByRole('link', { name: 'Debasish Panda' }).first().waitFor();

    // Update: a new name and Debasish becomes the team's admin.
    await page.getByRole('link', { name: 'Update Team' }).click();
    await page.waitForURL(/\/admin\/teams\/[0-9a-f]{24}\/update$/);
    const name = page.getByRole('textbox', { name: 'Team Name', exact: true });
    await name.fill('Puri and Konark Field Sales');
    await choose(page, 'Membership of Debasish Panda', 'Admin');
    await page.getByRole('button', { name: 'Update Team' }).click();
    await page.waitForURL(/\/admin\/teams\/[0-9a-f]{24}$/);
    await page.getByText('Puri and Konark Field Sales').first().waitFor();

    // The list card shows the admin and the manager.
    await page.goto('/admin/teams');
    const card = page.getByRole('listitem').filter({ hasText: 'Puri and Konark Field Sales' });
    await card.getByText('Debasish Panda').first().waitFor();
    await card.getByText('Subhashree Mohanty').first().waitFor();
    await screenshot(page, 'team-list');
    await context.close();
  });
});
