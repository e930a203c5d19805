import { actionDependency, type PermissionRef, permissionRef } from './permission-dependencies.ts';
import { actionLabel, RESOURCES } from './permissions.ts';

// The words for permission dependencies (issue 23, decision 0014): what the role form, the screens and the
// server's 403 say. Apart from the checks so that a screen checking permissions does not load the catalogue.

/** "Search suggestions on Customers": an action's words and the resource's name, for messages. */
export const permissionRefLabel = (p: PermissionRef) =>
  `${actionLabel(p.action)} on ${resourceLabel(p.resource)}`;

const RESOURCE_WORDS: Record<string, string> = {
  'product-item': 'Items',
  'product-item-price': 'Item prices',
  'product-brand': 'Brands',
  'product-category': 'Categories',
  'product-class': 'Classes',
  'product-margin': 'Margins',
  'product-stock': 'Stocks',
  'product-purchase': 'Purchases',
  'product-sale': 'Sales',
  'product-vendor': 'Vendors',
  'follow-up': 'Follow-ups',
  'rejection-analysis': 'Rejection analysis',
  hrm: 'HRM',
  crm: 'CRM',
  admin: 'Admin',
  auth: 'Sign-in',
  profile: 'Profile',
  product: 'Products',
};

/** A resource as people name it: 'product-sale' → 'Sales', 'customer' → 'Customers'. */
export const resourceLabel = (resource: string) =>
  RESOURCE_WORDS[resource] ??
  (RESOURCES.some((r) => r.name === resource)
    ? `${resource.charAt(0).toUpperCase()}${resource.slice(1)}s`
    : resource);

const GERUNDS: Record<string, string> = { create: 'Creating', update: 'Updating', assign: 'Assigning' };

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * The 403 and the screens' words for an action whose dependencies are missing:
 * "Creating sales also needs Search suggestions on Customers, to choose the customer and the items."
 */
export const missingDependencyMessage = (
  resource: string,
  action: string,
  missing: readonly PermissionRef[],
) => {
  const dep = actionDependency(resource, action);
  const doing =
    dep?.doing ?? `${GERUNDS[action] ?? actionLabel(action)} ${resourceLabel(resource).toLowerCase()}`;
  const purpose = dep ? `, to ${dep.purpose}` : '';
  return `${doing} also needs ${list(missing.map(permissionRefLabel))}${purpose}. Ask an administrator to add ${missing.length === 1 ? 'it' : 'them'} to your role.`;
};

/** Parses `resource:action` keys (the who-can query); null when one is not in the catalogue. */
export const parsePermissionKeys = (keys: readonly string[]): PermissionRef[] | null => {
  const out: PermissionRef[] = [];
  for (const key of keys) {
    const p = permissionRef(key);
    const entry = RESOURCES.find((r) => r.name === p.resource);
    if (!entry?.actions.includes(p.action as never)) return null;
    out.push(p);
  }
  return out;
};
