import { seriousFindings } from './axe.ts';
import { type Browser, type BrowserContext, newContext, type Page, signIn } from './browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';

/**
 * The WCAG 2 A/AA scans (axe, support/axe.ts: once the page is still) are two spec files, so that CI's two
 * browser workers share them: as one file of three minutes it ended the browser tests alone (stop 40).
 * tests/accessibility.spec.ts scans the sign-in screen, the pages always scanned and a record of each kind;
 * tests/accessibility-lists.spec.ts the rotating lists and filter panels.
 */

/**
 * The serious and critical findings, checked again a second later: beside the other CI steps on two cores,
 * /admin/users/create failed once (stop 38) on a finding gone a moment later, and a real one stays. The
 * findings are joined into one string, so that a failure's first line names them.
 */
export const violations = async (page: Page): Promise<string> => {
  if ((await seriousFindings(page)).length === 0) return '';
  await page.waitForTimeout(1_000);
  return (await seriousFindings(page)).join('\n');
};

/**
 * The pages scanned signed in, with the heading that says each has rendered. The dashboards, the forms and a
 * list always; the other lists and filter panels (the list kit's, alike in their parts) half on even UTC days
 * and half on odd ones, so that each is scanned every other day and the scan costs half its four minutes of
 * CI time on two cores (stop 39). `E2E_A11Y_ALL=1` scans every page.
 */
export const ALWAYS_SCANNED: [string, string][] = [
  ['/hrm', 'Good'],
  ['/admin', 'Admin Dashboard'],
  ['/crm', 'CRM Dashboard'],
  ['/admin/users/create', 'Create User'],
  ['/admin/roles/create', 'Create Role'],
  ['/admin/settings/company', 'Company Settings'],
  ['/hrm/profile/change-password', 'Change Password'],
  ['/hrm/leaves#apply-leave', 'Apply for leave'],
  ['/hrm/expenses#new-claim', 'New expense claim'],
  ['/admin/products/purchases/create', 'Create Purchase'],
  ['/admin/products/sales/create', 'Create Sale'],
  ['/crm/products/items/create', 'Create Item'],
  ['/crm/customers', 'Customers'],
  ['/crm/customers/create', 'Create Customer'],
  ['/crm/requirements/create', 'Create Requirement'],
  ['/crm/quotations/create', 'Create Quotation'],
  ['/crm/follow-ups/create', 'Create Follow Up'],
];
export const ROTATING: [string, string][] = [
  ['/admin/users', 'Manage Users'],
  ['/admin/roles', 'Role Management'],
  ['/hrm/profile', 'Profile'],
  ['/hrm/tasks', 'Tasks'],
  ['/hrm/attendances', 'Attendance'],
  ['/hrm/leaves', 'Leave'],
  ['/hrm/mail', 'Mail'],
  ['/hrm/expenses', 'Expenses'],
  ['/hrm/expenses?view=all', 'Expenses'],
  ['/hrm/tasks#filter', 'Filter Tasks'],
  ['/admin/teams', 'Manage Teams'],
  ['/admin/teams/create', 'Create Team'],
  ['/crm/products/brands', 'Brands'],
  ['/crm/products/brands#filter', 'Filter Brands'],
  ['/crm/products/brands#create-brand', 'Create Brand'],
  ['/crm/products/categories', 'Categories'],
  ['/crm/products/classes', 'Classes'],
  ['/admin/products/margins', 'Margins'],
  ['/admin/products/margins#create-margin', 'Create Margin'],
  ['/admin/products/vendors', 'Product Vendors'],
  ['/admin/products/vendors#create-vendor', 'Create Vendor'],
  ['/admin/products/stocks', 'Product Stocks'],
  ['/admin/products/stocks#filter', 'Filter Stocks'],
  ['/admin/products/purchases', 'Purchases'],
  ['/admin/products/purchases#filter', 'Filter Purchases'],
  ['/admin/products/sales', 'Sales'],
  ['/admin/products/sales#filter', 'Filter Products'],
  ['/crm/products/items', 'Items'],
  ['/crm/products/items#filter', 'Filter Items'],
  ['/crm/products/items#bulk-create', 'Create Bulk Items'],
  ['/admin/verifications/items', 'Items Verification'],
  ['/admin/suggestions/items', 'Items Suggestion'],
  ['/crm/customers#filter', 'Filter Customers'],
  ['/crm/customers#bulk-create', 'Create Bulk Customers'],
  ['/crm/customers/check-existence', 'Check Customer'],
  ['/crm/requirements', 'Requirements'],
  ['/crm/requirements#filter', 'Filter Requirements'],
  ['/crm/quotations', 'Quotations'],
  ['/crm/quotations#filter', 'Filter Quotations'],
  ['/admin/verifications/quotations', 'Quotations Verification'],
  ['/crm/projects', 'Projects'],
  ['/crm/projects#filter', 'Filter Projects'],
  ['/admin/rejection-analysis', 'Rejection Analysis'],
  ['/admin/rejection-analysis#filter', 'Filter Rejection Analysis'],
  ['/crm/follow-ups', 'Follow Ups'],
  ['/crm/follow-ups#filter', 'Filter Follow Ups'],
];
const DAY = Math.floor(Date.now() / 86_400_000);
/** Today's half of the rotating pages (all of them with E2E_A11Y_ALL=1). */
export const ROTATING_TODAY = ROTATING.filter(
  (_, i) => process.env.E2E_A11Y_ALL === '1' || i % 2 === DAY % 2,
);

/**
 * One sign-in for a file's page scans: each page opens in a fresh context holding that session (fifty
 * sign-ins through the screen cost more than a minute of the browser tests).
 */
export const signedInContexts = (env: { browser: Browser; app: { baseUrl: string } }) => {
  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  return async () => {
    if (!session) {
      const first = await newContext(env.browser, env.app.baseUrl);
      const page = await first.newPage();
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, '/hrm');
      await page.waitForURL('**/hrm');
      await page.getByRole('heading', { name: 'Good' }).first().waitFor();
      session = await first.storageState();
      await first.close();
    }
    return newContext(env.browser, env.app.baseUrl, { storageState: session });
  };
};

/** Once `heading` shows and the network is quiet, the page's findings. */
export const findingsOnceShown = async (page: Page, heading: string) => {
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.waitForLoadState('networkidle');
  return violations(page);
};

/** Opens `path` in `context` (closed after), and its findings once shown. */
export const scanPage = async (context: BrowserContext, path: string, heading: string) => {
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForURL(`**${path.split('#')[0]}*`);
  const found = await findingsOnceShown(page, heading);
  await context.close();
  return found;
};
