import { canAll, type PermissionSet } from './permission-checks.ts';

/**
 * The route-permission table (spec 1 §6): every web path and what it needs. The web app's guards and
 * menus read it; nothing else decides whether a screen may open. `:id` matches one 24-hex segment.
 * Area roots need read on the area; the HRM dashboard itself needs only read on hrm.
 */
export type RouteRule = { path: string; resource: string; actions: readonly string[] };

export const ROUTE_RULES: readonly RouteRule[] = [
  // HRM
  { path: '/hrm', resource: 'hrm', actions: ['read'] },
  { path: '/hrm/profile', resource: 'profile', actions: ['read'] },
  { path: '/hrm/profile/update', resource: 'profile', actions: ['update'] },
  { path: '/hrm/profile/change-password', resource: 'auth', actions: ['change-password'] },
  { path: '/hrm/attendances', resource: 'attendance', actions: ['read'] },
  { path: '/hrm/leaves', resource: 'leave', actions: ['read'] },
  { path: '/hrm/tasks', resource: 'task', actions: ['read'] },
  { path: '/hrm/tasks/:id', resource: 'task', actions: ['read'] },
  { path: '/hrm/expenses', resource: 'expense', actions: ['read'] },
  { path: '/hrm/mail', resource: 'mail', actions: ['read'] },
  // CRM
  { path: '/crm', resource: 'crm', actions: ['read'] },
  { path: '/crm/customers', resource: 'customer', actions: ['read'] },
  { path: '/crm/customers/create', resource: 'customer', actions: ['create'] },
  // The check-existence page searches through the suggestion call.
  { path: '/crm/customers/check-existence', resource: 'customer', actions: ['suggestion'] },
  // Kept as the table states it (spec 1 §6): customer bulk-create is keyed to the logout action.
  { path: '/crm/customers/bulk-create', resource: 'customer', actions: ['logout'] },
  { path: '/crm/customers/:id', resource: 'customer', actions: ['read'] },
  { path: '/crm/customers/:id/update', resource: 'customer', actions: ['read', 'update'] },
  { path: '/crm/customers/:id/feedback', resource: 'customer', actions: ['feedback-read'] },
  { path: '/crm/follow-ups', resource: 'follow-up', actions: ['read'] },
  { path: '/crm/follow-ups/create', resource: 'follow-up', actions: ['create'] },
  { path: '/crm/follow-ups/:id', resource: 'follow-up', actions: ['read'] },
  { path: '/crm/follow-ups/:id/update', resource: 'follow-up', actions: ['read', 'update'] },
  { path: '/crm/requirements', resource: 'requirement', actions: ['read'] },
  { path: '/crm/requirements/create', resource: 'requirement', actions: ['create'] },
  { path: '/crm/requirements/:id', resource: 'requirement', actions: ['read'] },
  { path: '/crm/requirements/:id/update', resource: 'requirement', actions: ['read', 'update'] },
  { path: '/crm/quotations', resource: 'quotation', actions: ['read'] },
  { path: '/crm/quotations/create', resource: 'quotation', actions: ['create'] },
  { path: '/crm/quotations/:id', resource: 'quotation', actions: ['read'] },
  { path: '/crm/quotations/:id/update', resource: 'quotation', actions: ['read', 'update'] },
  { path: '/crm/quotations/:id/re-quotation', resource: 'quotation', actions: ['read', 'update'] },
  { path: '/crm/quotations/:id/preview', resource: 'quotation', actions: ['print'] },
  // Reject leads here (spec 2 §2, decision 0016): saving an analysis needs create on it.
  { path: '/crm/quotations/:id/rejection-analysis', resource: 'rejection-analysis', actions: ['create'] },
  { path: '/crm/projects', resource: 'project', actions: ['read'] },
  { path: '/crm/projects/:id', resource: 'project', actions: ['read'] },
  { path: '/crm/products', resource: 'product', actions: ['read'] },
  { path: '/crm/products/items', resource: 'product-item', actions: ['read'] },
  { path: '/crm/products/items/create', resource: 'product-item', actions: ['create'] },
  { path: '/crm/products/items/:id', resource: 'product-item', actions: ['read'] },
  { path: '/crm/products/items/:id/update', resource: 'product-item', actions: ['read', 'update'] },
  { path: '/crm/products/items/:id/specifications', resource: 'product-item', actions: ['read'] },
  { path: '/crm/products/brands', resource: 'product-brand', actions: ['read'] },
  { path: '/crm/products/categories', resource: 'product-category', actions: ['read'] },
  { path: '/crm/products/classes', resource: 'product-class', actions: ['read'] },
  // Admin
  { path: '/admin', resource: 'admin', actions: ['read'] },
  { path: '/admin/products', resource: 'product-stock', actions: ['read'] },
  { path: '/admin/products/stocks', resource: 'product-stock', actions: ['read'] },
  { path: '/admin/products/stocks/:id', resource: 'product-stock', actions: ['read'] },
  { path: '/admin/products/margins', resource: 'product-margin', actions: ['read'] },
  { path: '/admin/products/vendors', resource: 'product-vendor', actions: ['read'] },
  { path: '/admin/products/vendors/create', resource: 'product-vendor', actions: ['create'] },
  { path: '/admin/products/vendors/:id', resource: 'product-vendor', actions: ['read'] },
  { path: '/admin/products/vendors/:id/update', resource: 'product-vendor', actions: ['read', 'update'] },
  { path: '/admin/products/purchases', resource: 'product-purchase', actions: ['read'] },
  { path: '/admin/products/purchases/create', resource: 'product-purchase', actions: ['create'] },
  { path: '/admin/products/purchases/:id', resource: 'product-purchase', actions: ['read'] },
  { path: '/admin/products/purchases/:id/update', resource: 'product-purchase', actions: ['read', 'update'] },
  { path: '/admin/products/sales', resource: 'product-sale', actions: ['read'] },
  { path: '/admin/products/sales/create', resource: 'product-sale', actions: ['create'] },
  { path: '/admin/products/sales/:id', resource: 'product-sale', actions: ['read'] },
  { path: '/admin/products/sales/:id/update', resource: 'product-sale', actions: ['read', 'update'] },
  { path: '/admin/products/sales/:id/invoice', resource: 'product-sale', actions: ['read'] },
  { path: '/admin/verifications', resource: 'verification', actions: ['read'] },
  { path: '/admin/verifications/items', resource: 'product-item', actions: ['verification'] },
  { path: '/admin/verifications/quotations', resource: 'quotation', actions: ['verification'] },
  // Items whose GST rate is no longer in force (issue 27 §1): setting a current rate is an item update.
  { path: '/admin/verifications/gst-rates', resource: 'product-item', actions: ['update'] },
  { path: '/admin/suggestions', resource: 'suggestion', actions: ['read'] },
  { path: '/admin/suggestions/items', resource: 'product-item', actions: ['verification'] },
  { path: '/admin/rejection-analysis', resource: 'rejection-analysis', actions: ['read'] },
  { path: '/admin/rejection-analysis/:id', resource: 'rejection-analysis', actions: ['read'] },
  {
    path: '/admin/rejection-analysis/:id/update',
    resource: 'rejection-analysis',
    actions: ['read', 'update'],
  },
  { path: '/admin/users', resource: 'user', actions: ['read'] },
  { path: '/admin/users/create', resource: 'user', actions: ['create'] },
  { path: '/admin/users/:id', resource: 'user', actions: ['read'] },
  { path: '/admin/users/:id/update', resource: 'user', actions: ['read', 'update'] },
  { path: '/admin/users/:id/change-password', resource: 'user', actions: ['read', 'change-password'] },
  { path: '/admin/teams', resource: 'team', actions: ['read'] },
  { path: '/admin/teams/create', resource: 'team', actions: ['create'] },
  { path: '/admin/teams/:id', resource: 'team', actions: ['read'] },
  { path: '/admin/teams/:id/update', resource: 'team', actions: ['read', 'update'] },
  { path: '/admin/roles', resource: 'role', actions: ['read'] },
  { path: '/admin/roles/create', resource: 'role', actions: ['create'] },
  { path: '/admin/roles/:id/update', resource: 'role', actions: ['read', 'update'] },
  // Issue 25: the company and bank details a document prints.
  { path: '/admin/settings/company', resource: 'company-settings', actions: ['read'] },
  // Issue 26, beyond the spec (decision 0017): the server also asks read on quotation.
  { path: '/admin/wins-and-losses', resource: 'rejection-analysis', actions: ['read'] },
  // Issue 27 §3 (decision 0019): the exports and the Tally ledger names.
  { path: '/admin/accounts', resource: 'accounts', actions: ['read'] },
];

const ID_SEGMENT = /^[0-9a-f]{24}$/i;

const matches = (pattern: string, path: string) => {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return false;
  return p.every((seg, i) => (seg === ':id' ? ID_SEGMENT.test(s[i] ?? '') : seg === s[i]));
};

/** The rule for a path: its exact rule, else the rule of its nearest listed ancestor. */
export const ruleForPath = (path: string): RouteRule | undefined => {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const segments = clean.split('/').filter(Boolean);
  for (let n = segments.length; n > 0; n--) {
    const candidate = `/${segments.slice(0, n).join('/')}`;
    const rule = ROUTE_RULES.find((r) => matches(r.path, candidate));
    if (rule) return rule;
  }
  return undefined;
};

/** Whether a signed-in user may open a web path. The root path / is always allowed. */
export const canAccessPath = (perms: PermissionSet, path: string) => {
  const rule = ruleForPath(path);
  return rule ? canAll(perms, rule.resource, rule.actions) : true;
};

/**
 * Breadcrumb segments: path segments without 24-hex ids and without the word 'update' (spec 1 §2). On a
 * record's own page (the path ends with its id) a record name given ends the trail, as the record itself
 * (`record: true`: shown as is, not as a path word).
 */
export const breadcrumbSegments = (path: string, recordName?: string) => {
  const segments = path.split('/').filter(Boolean);
  const out: { label: string; href: string; record?: true }[] = [];
  segments.forEach((seg, i) => {
    if (ID_SEGMENT.test(seg) || seg === 'update') return;
    out.push({ label: seg, href: `/${segments.slice(0, i + 1).join('/')}` });
  });
  const last = segments[segments.length - 1];
  if (recordName?.trim() && last && ID_SEGMENT.test(last))
    out.push({ label: recordName.trim(), href: `/${segments.join('/')}`, record: true });
  return out;
};
