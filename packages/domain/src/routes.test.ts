import { describe, expect, it } from 'vitest';
import { permissionSetFromList } from './permission-checks.ts';
import { breadcrumbSegments, canAccessPath, ROUTE_RULES, ruleForPath } from './routes.ts';

const ID = '65f1c2a9b3e4d5f6a7b8c9d0';
const perms = (list: Record<string, string[]>) =>
  permissionSetFromList(Object.entries(list).map(([resource, actions]) => ({ resource, actions })));

describe('ruleForPath', () => {
  it('finds exact rules', () => {
    expect(ruleForPath('/admin/roles')).toMatchObject({ resource: 'role', actions: ['read'] });
    expect(ruleForPath('/admin/roles/create')).toMatchObject({ resource: 'role', actions: ['create'] });
    expect(ruleForPath('/hrm/profile/change-password')).toMatchObject({
      resource: 'auth',
      actions: ['change-password'],
    });
    expect(ruleForPath('/crm/customers/bulk-create')).toMatchObject({
      resource: 'customer',
      actions: ['logout'],
    });
    expect(ruleForPath('/crm/quotations/x/preview')).toMatchObject({
      resource: 'quotation',
      actions: ['read'],
    });
  });
  it('matches :id only against a 24-hex segment', () => {
    expect(ruleForPath(`/admin/users/${ID}`)).toMatchObject({ path: '/admin/users/:id', actions: ['read'] });
    expect(ruleForPath(`/admin/users/${ID}/update`)).toMatchObject({
      resource: 'user',
      actions: ['read', 'update'],
    });
    expect(ruleForPath(`/admin/users/${ID}/change-password`)).toMatchObject({
      actions: ['read', 'change-password'],
    });
    expect(ruleForPath(`/crm/quotations/${ID}/preview`)).toMatchObject({
      resource: 'quotation',
      actions: ['print'],
    });
    expect(ruleForPath(`/admin/roles/${ID}/update`)).toMatchObject({
      resource: 'role',
      actions: ['read', 'update'],
    });
    // 'create' is not an id: it has its own rule.
    expect(ruleForPath('/admin/users/create')).toMatchObject({ actions: ['create'] });
  });
  it('falls back to the nearest listed ancestor', () => {
    expect(ruleForPath(`/admin/roles/${ID}`)).toMatchObject({ path: '/admin/roles' });
    expect(ruleForPath('/admin/verifications/items/extra')).toMatchObject({
      path: '/admin/verifications/items',
    });
    expect(ruleForPath('/crm/products/items/create/')).toMatchObject({ actions: ['create'] });
    // Issue 26: projects are made by Approve on a quotation only; no create page, so no rule of its own.
    expect(ruleForPath('/crm/projects/create')).toMatchObject({ path: '/crm/projects', actions: ['read'] });
    expect(ROUTE_RULES.some((r) => r.resource === 'project' && r.actions.includes('create'))).toBe(false);
    expect(ruleForPath('/admin/users?page=2#filter')).toMatchObject({ path: '/admin/users' });
  });
  it('unknown paths and / have no rule', () => {
    expect(ruleForPath('/')).toBeUndefined();
    expect(ruleForPath('')).toBeUndefined();
    expect(ruleForPath('/nowhere/at/all')).toBeUndefined();
  });
  it('every rule names a resource and at least one action', () => {
    for (const r of ROUTE_RULES) {
      expect(r.path.startsWith('/')).toBe(true);
      expect(r.actions.length).toBeGreaterThan(0);
    }
  });
});

describe('canAccessPath (spec 1 §6)', () => {
  it('the root path and unknown paths are always allowed', () => {
    const none = perms({});
    expect(canAccessPath(none, '/')).toBe(true);
    expect(canAccessPath(none, '/no-such-page')).toBe(true);
  });
  it('areas need read on hrm, crm or admin', () => {
    expect(canAccessPath(perms({}), '/hrm')).toBe(false);
    expect(canAccessPath(perms({ hrm: ['read'] }), '/hrm')).toBe(true);
    expect(canAccessPath(perms({ crm: ['read'] }), '/crm')).toBe(true);
    expect(canAccessPath(perms({ crm: ['read'] }), '/admin')).toBe(false);
    expect(canAccessPath(perms({ admin: ['read'] }), '/admin')).toBe(true);
    expect(canAccessPath(perms({ product: ['read'] }), '/crm/products')).toBe(true);
  });
  it('requires every listed action', () => {
    const readOnly = perms({ user: ['read'] });
    expect(canAccessPath(readOnly, '/admin/users')).toBe(true);
    expect(canAccessPath(readOnly, `/admin/users/${ID}`)).toBe(true);
    expect(canAccessPath(readOnly, `/admin/users/${ID}/update`)).toBe(false);
    expect(canAccessPath(perms({ user: ['update'] }), `/admin/users/${ID}/update`)).toBe(false);
    expect(canAccessPath(perms({ user: ['read', 'update'] }), `/admin/users/${ID}/update`)).toBe(true);
    expect(canAccessPath(readOnly, '/admin/users/create')).toBe(false);
    expect(canAccessPath(perms({ role: ['read', 'update'] }), `/admin/roles/${ID}/update`)).toBe(true);
    expect(canAccessPath(perms({ role: ['update'] }), `/admin/roles/${ID}/update`)).toBe(false);
    expect(
      canAccessPath(perms({ 'product-item': ['read', 'update'] }), `/crm/products/items/${ID}/update`),
    ).toBe(true);
    expect(canAccessPath(perms({ quotation: ['read'] }), `/crm/quotations/${ID}/preview`)).toBe(false);
    expect(canAccessPath(perms({ quotation: ['print'] }), `/crm/quotations/${ID}/preview`)).toBe(true);
  });
  it('profile pages', () => {
    expect(canAccessPath(perms({ profile: ['read'] }), '/hrm/profile')).toBe(true);
    expect(canAccessPath(perms({ profile: ['read'] }), '/hrm/profile/update')).toBe(false);
    expect(canAccessPath(perms({ auth: ['change-password'] }), '/hrm/profile/change-password')).toBe(true);
  });
});

describe('breadcrumbSegments (spec 1 §2 Shell)', () => {
  it("ends a record's own page with the record's name", () => {
    expect(breadcrumbSegments(`/hrm/tasks/${ID}`, ' Visit the DEO office ')).toEqual([
      { label: 'hrm', href: '/hrm' },
      { label: 'tasks', href: '/hrm/tasks' },
      { label: 'Visit the DEO office', href: `/hrm/tasks/${ID}`, record: true },
    ]);
    // Not on other pages of the record, nor without a name.
    expect(breadcrumbSegments(`/admin/users/${ID}/update`, 'Ravi')).toHaveLength(2);
    expect(breadcrumbSegments(`/hrm/tasks/${ID}`, '  ')).toHaveLength(2);
  });
  it('skips 24-hex ids and the word update', () => {
    expect(breadcrumbSegments(`/admin/users/${ID}/update`)).toEqual([
      { label: 'admin', href: '/admin' },
      { label: 'users', href: '/admin/users' },
    ]);
    expect(breadcrumbSegments(`/crm/quotations/${ID}/re-quotation`)).toEqual([
      { label: 'crm', href: '/crm' },
      { label: 'quotations', href: '/crm/quotations' },
      { label: 're-quotation', href: `/crm/quotations/${ID}/re-quotation` },
    ]);
  });
  it('keeps other segments and handles the root', () => {
    expect(breadcrumbSegments('/hrm/profile/change-password').map((s) => s.label)).toEqual([
      'hrm',
      'profile',
      'change-password',
    ]);
    expect(breadcrumbSegments('/')).toEqual([]);
    // Not 24 hex characters: a plain segment.
    expect(breadcrumbSegments('/admin/users/123').map((s) => s.label)).toEqual(['admin', 'users', '123']);
  });
});
