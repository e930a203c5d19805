import { describe, expect, it } from 'vitest';
import {
  ALWAYS_SCANNED,
  findingsOnceShown,
  scanPage,
  signedInContexts,
  violations,
} from '../support/a11y.ts';
import { newContext, signIn, useAppAndBrowser } from '../support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/server.ts';

/**
 * WCAG 2 A/AA checks (support/a11y.ts) on the screens people use most, serious and critical findings fail:
 * the sign-in screen, the pages always scanned, and a record of each kind with its update form. The lists
 * and filter panels are tests/accessibility-lists.spec.ts.
 */
describe('accessibility', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });

  const signedInContext = signedInContexts(env);

  it('the sign-in screen has no serious or critical findings', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await violations(page)).toBe('');
    await context.close();
  });

  it.each(ALWAYS_SCANNED)('%s has no serious or critical findings', async (path, heading) => {
    expect(await scanPage(await signedInContext(), path, heading)).toBe('');
  });

  it('an expense claim’s page and a leave’s page have no serious or critical findings', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto('/hrm/expenses');
    await page.getByRole('heading', { name: 'Expenses' }).first().waitFor();
    const first = async (url: string, key: string) =>
      (await (await page.request.get(url)).json()).data[key][0]._id as string;
    // The demo's claims and leave (issue 28): a submitted claim with its visits' travel, a leave.
    const claim = await first('/api/hrm/expenses?limit=1&filters[status][]=Submitted', 'claims');
    const leave = await first('/api/hrm/leaves?limit=1', 'leaves');
    for (const [path, heading] of [
      [`/hrm/expenses/${claim}`, 'Expense Claim'],
      [`/hrm/leaves/${leave}`, 'Leave Details'],
    ] as const) {
      await page.goto(path);
      expect(await findingsOnceShown(page, heading), path).toBe('');
    }
    await context.close();
  });

  it('a follow-up’s detail and update form have no serious or critical findings', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/follow-ups');
    await page.waitForURL('**/crm/follow-ups*');
    const list = await (await page.request.get('/api/crm/follow-ups?limit=1')).json();
    const id = list.data.followUps[0]._id as string;
    for (const [path, heading] of [
      [`/crm/follow-ups/${id}`, 'Follow Up Details'],
      [`/crm/follow-ups/${id}/update`, 'Update Follow Up'],
    ] as const) {
      await page.goto(path);
      expect(await findingsOnceShown(page, heading), path).toBe('');
    }
    await context.close();
  });

  it('a requirement’s detail and update form have no serious or critical findings', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/requirements');
    await page.waitForURL('**/crm/requirements*');
    const list = await (await page.request.get('/api/crm/requirements?limit=1')).json();
    const id = list.data.requirements[0]._id as string;
    for (const [path, heading] of [
      [`/crm/requirements/${id}`, 'Requirement Details'],
      [`/crm/requirements/${id}/update`, 'Update Requirement'],
    ] as const) {
      await page.goto(path);
      expect(await findingsOnceShown(page, heading), path).toBe('');
    }
    await context.close();
  });

  it('an item’s detail, update form and specification viewer have no serious or critical findings', async () => {
    const context = await newContext(env.browser, env.app.baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/crm/products/items');
    await page.waitForURL('**/crm/products/items*');
    const list = await (await page.request.get('/api/crm/products/items?filters[name]=Arduino')).json();
    const id = list.data.productItems[0]._id as string;
    for (const [path, heading] of [
      [`/crm/products/items/${id}`, 'Item Details'],
      [`/crm/products/items/${id}/update`, 'Update Item'],
      [`/crm/products/items/${id}/specifications`, 'Specifications'],
    ] as const) {
      await page.goto(path);
      expect(await findingsOnceShown(page, heading), path).toBe('');
    }
    await context.close();
  });

  it('a project’s detail and a rejection analysis’s detail and update form have no serious or critical findings', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto('/crm/projects');
    await page.getByRole('heading', { name: 'Projects' }).first().waitFor();
    const first = async (url: string, key: string) =>
      (await (await page.request.get(url)).json()).data[key][0]._id as string;
    // The demo's projects (one Completed, one with a step back) and its rejected quotation (issue 26).
    const project = await first('/api/crm/projects?limit=1', 'projects');
    const rejection = await first('/api/crm/rejection-analysis?limit=1', 'rejectionAnalyses');
    for (const [path, heading] of [
      [`/crm/projects/${project}`, 'Project Details'],
      [`/admin/rejection-analysis/${rejection}`, 'Rejection Analysis Details'],
      [`/admin/rejection-analysis/${rejection}/update`, 'Update Rejection Analysis'],
    ] as const) {
      await page.goto(path);
      expect(await findingsOnceShown(page, heading), path).toBe('');
    }
    await context.close();
  });
});
