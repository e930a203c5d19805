import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/** Customers of spec 2 on the screens: an organisation created through the form, then found in the list. */
describe('customers', () => {
  const env = useAppAndBrowser();

  it('creates an organisation customer through the form and sees it in the list', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/customers/create');
    await page.waitForURL('**/crm/customers/create');
    const form = page.getByRole('form', { name: 'Create Customer' });
    await form.waitFor();

    // The spec's messages on the first submit.
    await form.getByRole('button', { name: 'Create Customer' }).click();
    await form.getByText('Customer type is required.').waitFor();
    await form.getByText('Name is required.').waitFor();

    await form.getByRole('combobox', { name: /Customer type/ }).selectOption('Organization');
    await form.getByRole('textbox', { name: /^Name/ }).fill('Saraswati Vidya Mandir, Unit 8');
    await form.getByRole('textbox', { name: /^Email/ }).fill('svm.unit8@example.com');
    await form.getByRole('textbox', { name: /^Phone/ }).fill('94370 12345');
    const org = form.getByRole('region', { name: 'Organization Information' });
    await org.getByRole('combobox', { name: /Organization type/ }).selectOption('Government');
    await org.getByRole('combobox', { name: /Government type/ }).selectOption('Institute');
    await org.getByRole('combobox', { name: /Institute type/ }).selectOption('School');
    await org.getByRole('combobox', { name: /School board/ }).selectOption('CHSE');
    await form.getByRole('textbox', { name: /^City/ }).fill('Bhubaneswar');
    await form.getByRole('textbox', { name: /^District/ }).fill('Khordha');

    // A contact whose phone and e-mail are the customer's own: the default contact.
    await form.getByRole('textbox', { name: 'Contact name' }).fill('Sujata Mohanty');
    await form.getByRole('textbox', { name: 'Designation' }).fill('Principal');
    await form.getByRole('textbox', { name: 'Contact phone' }).fill('9437012345');
    await form.getByRole('textbox', { name: 'Contact email' }).fill('svm.unit8@example.com');
    await form.getByRole('button', { name: 'Add Contact' }).click();
    const contacts = form.getByRole('list', { name: 'Contacts' });
    await contacts.getByText('Default').waitFor();

    await form.getByRole('button', { name: 'Create Customer' }).click();
    await page.waitForURL(/\/crm\/customers\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Customer Details' }).first().waitFor();
    const id = page.url().split('/').pop()!;
    const res = await page.request.get(`/api/crm/customers/${id}`);
    const customer = (await res.json()).data;
    expect(customer.phone).toBe('9437012345');
    expect(customer.organization).toEqual({
      type: 'Government',
      government: { type: 'Institute', institute: { type: 'School', school: { board: 'CHSE' } } },
    });
    expect(customer.contacts).toEqual([
      expect.objectContaining({ name: 'Sujata Mohanty', designation: 'Principal', isDefault: true }),
    ]);
    expect(customer.address.state).toBe('Odisha');
    expect(customer.verified).toBe(false);

    await page.goto('/crm/customers');
    const row = page.getByRole('row').filter({ hasText: 'Saraswati Vidya Mandir, Unit 8' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Bhubaneswar');
    await screenshot(page, 'customers-list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
