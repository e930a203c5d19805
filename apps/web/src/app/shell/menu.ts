import { can, type PermissionSet } from '@karya/domain';
import { AREAS, type Area, areaForPath, homePathFor, visibleAreas } from '../areas';

export { type Area, areaForPath, homePathFor, visibleAreas };

export type MenuEntry = {
  label: string;
  path: string;
  /** Read on this resource shows the entry; null means no permission is needed (HRM dashboard). */
  resource: string | null;
  icon: string;
  /**
   * Other pages the entry opens when its own is not allowed, in order: the admin Products entry opens
   * Purchases for the accountant, who may not read stocks (issue 23: every role reaches its work).
   */
  alternatives?: readonly { path: string; resource: string }[];
};

export type AreaDefinition = {
  area: Area;
  label: string;
  path: string;
  resource: Area;
  entries: MenuEntry[];
};

/**
 * The whole sidebar as one table (spec 1 §2 Shell). Order of areas follows the module display order
 * hrm, crm, admin; each entry shows only with read on its resource.
 */
export const MENU: readonly AreaDefinition[] = [
  {
    ...AREAS[0],
    entries: [
      { label: 'Dashboard', path: '/hrm', resource: null, icon: 'dashboard' },
      { label: 'Attendance', path: '/hrm/attendances', resource: 'attendance', icon: 'attendance' },
      { label: 'Leaves', path: '/hrm/leaves', resource: 'leave', icon: 'leave' },
      { label: 'Task', path: '/hrm/tasks', resource: 'task', icon: 'task' },
      { label: 'Expenses', path: '/hrm/expenses', resource: 'expense', icon: 'expense' },
      { label: 'Mail', path: '/hrm/mail', resource: 'mail', icon: 'mail' },
    ],
  },
  {
    ...AREAS[1],
    entries: [
      { label: 'Dashboard', path: '/crm', resource: 'crm', icon: 'dashboard' },
      { label: 'Customers', path: '/crm/customers', resource: 'customer', icon: 'customer' },
      { label: 'Follow Up', path: '/crm/follow-ups', resource: 'follow-up', icon: 'follow-up' },
      { label: 'Products', path: '/crm/products', resource: 'product', icon: 'product' },
      { label: 'Requirement', path: '/crm/requirements', resource: 'requirement', icon: 'requirement' },
      { label: 'Quotation', path: '/crm/quotations', resource: 'quotation', icon: 'quotation' },
      { label: 'Projects', path: '/crm/projects', resource: 'project', icon: 'project' },
    ],
  },
  {
    ...AREAS[2],
    entries: [
      { label: 'Dashboard', path: '/admin', resource: 'admin', icon: 'dashboard' },
      {
        label: 'Products',
        path: '/admin/products/stocks',
        resource: 'product-stock',
        icon: 'product',
        alternatives: [
          { path: '/admin/products/purchases', resource: 'product-purchase' },
          { path: '/admin/products/sales', resource: 'product-sale' },
          { path: '/admin/products/vendors', resource: 'product-vendor' },
          { path: '/admin/products/margins', resource: 'product-margin' },
        ],
      },
      {
        label: 'Verifications',
        path: '/admin/verifications',
        resource: 'verification',
        icon: 'verification',
      },
      { label: 'Suggestions', path: '/admin/suggestions', resource: 'suggestion', icon: 'suggestion' },
      {
        label: 'Rejection Analysis',
        path: '/admin/rejection-analysis',
        resource: 'rejection-analysis',
        icon: 'rejection',
      },
      // Issue 26, beyond the spec (decision 0017): what the wins and losses teach.
      {
        label: 'Wins and Losses',
        path: '/admin/wins-and-losses',
        resource: 'rejection-analysis',
        icon: 'chart',
      },
      // Issue 27 §3 (decision 0019): the accountant's hand-off to Tally, GSTR-1 and the registers.
      { label: 'Accounts', path: '/admin/accounts', resource: 'accounts', icon: 'accounts' },
      { label: 'Manage Users', path: '/admin/users', resource: 'user', icon: 'user' },
      { label: 'Manage Teams', path: '/admin/teams', resource: 'team', icon: 'team' },
      { label: 'Role Management', path: '/admin/roles', resource: 'role', icon: 'role' },
      {
        label: 'Company Settings',
        path: '/admin/settings/company',
        resource: 'company-settings',
        icon: 'store',
      },
    ],
  },
];

/** The entries of one area the user may see. */
export const visibleEntries = (area: Area, perms: PermissionSet): MenuEntry[] =>
  (MENU.find((a) => a.area === area)?.entries ?? []).flatMap((e) => {
    if (e.resource === null || can(perms, e.resource, 'read')) return [e];
    const other = e.alternatives?.find((a) => can(perms, a.resource, 'read'));
    return other ? [{ ...e, ...other }] : [];
  });

/** Whether a menu entry is the active one for the current path (area dashboards match exactly). */
export const isEntryActive = (entry: MenuEntry, pathname: string) => {
  const isAreaRoot = entry.path.split('/').filter(Boolean).length === 1;
  if (isAreaRoot) return pathname === entry.path || pathname === `${entry.path}/`;
  // '/admin/products/stocks' is the Products entry, but every /admin/products/* page belongs to it.
  const base = entry.path.startsWith('/admin/products') ? '/admin/products' : entry.path;
  return pathname === base || pathname.startsWith(`${base}/`);
};
