import { permissionSetFromList } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { areaForPath, homePathFor, isEntryActive, MENU, visibleAreas, visibleEntries } from './menu';

const perms = (...pairs: [string, string[]][]) =>
  permissionSetFromList(pairs.map(([resource, actions]) => ({ resource, actions })));

const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe('menu gating', () => {
  it('keeps the spec menus in order', () => {
    expect(MENU.map((a) => a.area)).toEqual(['hrm', 'crm', 'admin']);
    expect(labels(MENU[0]!.entries)).toEqual([
      'Dashboard',
      'Attendance',
      'Leaves',
      'Task',
      'Expenses',
      'Mail',
    ]);
    expect(labels(MENU[1]!.entries)).toEqual([
      'Dashboard',
      'Customers',
      'Follow Up',
      'Products',
      'Requirement',
      'Quotation',
      'Projects',
    ]);
    expect(labels(MENU[2]!.entries)).toEqual([
      'Dashboard',
      'Products',
      'Verifications',
      'Suggestions',
      'Rejection Analysis',
      // Issue 26, beyond the spec: what the wins and losses teach (decision 0017).
      'Wins and Losses',
      // Issue 27 §3: the accountant's hand-off (decision 0019).
      'Accounts',
      'Manage Users',
      'Manage Teams',
      'Role Management',
      // Issue 25: what every quotation prints of the company.
      'Company Settings',
    ]);
  });

  it('shows the HRM dashboard with no permission and nothing else', () => {
    const none = perms();
    expect(labels(visibleEntries('hrm', none))).toEqual(['Dashboard']);
    expect(visibleEntries('crm', none)).toEqual([]);
    expect(visibleEntries('admin', none)).toEqual([]);
    expect(visibleAreas(none)).toEqual([]);
  });

  it('the admin Products entry opens the first product page the user may read (the accountant: Purchases)', () => {
    const accountant = perms(['admin', ['read']], ['product-purchase', ['read']], ['product-sale', ['read']]);
    const products = visibleEntries('admin', accountant).find((e) => e.label === 'Products');
    expect(products?.path).toBe('/admin/products/purchases');
    expect(isEntryActive(products!, '/admin/products/sales/abc')).toBe(true);
    expect(visibleEntries('admin', perms(['admin', ['read']])).map((e) => e.label)).toEqual(['Dashboard']);
  });

  it('shows each entry only with read on its resource', () => {
    const p = perms(
      ['hrm', ['read']],
      ['task', ['read']],
      ['mail', ['create']], // create without read does not show Mail
      ['admin', ['read']],
      ['user', ['read', 'update']],
      ['role', ['read']],
      ['product-stock', ['read']],
    );
    expect(labels(visibleEntries('hrm', p))).toEqual(['Dashboard', 'Task']);
    expect(labels(visibleEntries('admin', p))).toEqual([
      'Dashboard',
      'Products',
      'Manage Users',
      'Role Management',
    ]);
    expect(visibleEntries('admin', p).find((e) => e.label === 'Products')?.path).toBe(
      '/admin/products/stocks',
    );
  });

  it('offers only areas with read on hrm, crm or admin', () => {
    expect(visibleAreas(perms(['crm', ['read']], ['admin', ['read']])).map((a) => a.area)).toEqual([
      'crm',
      'admin',
    ]);
    expect(visibleAreas(perms(['customer', ['read']])).map((a) => a.area)).toEqual([]);
    expect(homePathFor(perms(['crm', ['read']]))).toBe('/crm');
    expect(homePathFor(perms())).toBe('/hrm/profile');
  });

  it('follows the current path', () => {
    expect(areaForPath('/crm/customers/abc')).toBe('crm');
    expect(areaForPath('/admin')).toBe('admin');
    expect(areaForPath('/')).toBeUndefined();
    const [dashboard, products] = MENU[2]!.entries;
    expect(isEntryActive(dashboard!, '/admin')).toBe(true);
    expect(isEntryActive(dashboard!, '/admin/users')).toBe(false);
    expect(isEntryActive(products!, '/admin/products/vendors/create')).toBe(true);
  });
});
