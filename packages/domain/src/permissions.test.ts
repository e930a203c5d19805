import { describe, expect, it } from 'vitest';
import {
  can,
  canAll,
  effectivePermissions,
  isRoleExpired,
  permissionKey,
  permissionList,
  permissionSetFromList,
} from './permission-checks.ts';
import {
  ACTION_LABELS,
  ACTIONS,
  actionLabel,
  allPermissions,
  isSuperAdminRoleName,
  RESOURCES,
} from './permissions.ts';

const NOW = new Date('2026-03-15T10:00:00Z');
const role = (
  expiresAt: string | null,
  permissions: { resource: string; actions: string[] }[],
  name = 'R',
) => ({
  name,
  expiresAt,
  permissions,
});

describe('action labels', () => {
  it('every action reads as words, each label once; an unknown action reads as itself', () => {
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...ACTIONS].sort());
    const labels = Object.values(ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    // Words, not the stored slug ('delete-permanently'); a proper name keeps its hyphen ('GSTR-1').
    for (const label of labels) expect(label).not.toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)+$/);
    expect(actionLabel('delete-permanently')).toBe('Delete permanently');
    expect(actionLabel('bulk-restore')).toBe('Bulk restore');
    expect(actionLabel('some-old-action')).toBe('some-old-action');
  });
});

describe('catalogue', () => {
  it('every resource has known actions and a module; names are unique', () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of RESOURCES) {
      expect(['hrm', 'crm', 'admin']).toContain(r.module);
      expect(r.actions.length).toBeGreaterThan(0);
      for (const a of r.actions) expect(ACTIONS).toContain(a);
    }
  });
  it('covers every resource the spec names (spec 1 §3)', () => {
    const spec =
      'user, role, customer, follow-up, requirement, quotation, project, product, product-item, product-brand, product-category, product-class, product-margin, product-stock, product-purchase, product-sale, product-vendor, product-item-price, rejection-analysis, team, task, profile, auth, verification, suggestion, attendance, leave, expense, mail';
    for (const name of spec.split(', ')) expect(RESOURCES.map((r) => r.name)).toContain(name);
    for (const area of ['hrm', 'crm', 'admin'])
      expect(RESOURCES.find((r) => r.name === area)?.actions).toEqual(['read']);
  });
  it('holds the 35 actions of the spec, the accounts’ three exports (issue 27 §3) leave allocation and paying claims (issue 28)', () => {
    expect(ACTIONS).toHaveLength(40);
    expect(ACTIONS.slice(35)).toEqual([
      'export-tally',
      'export-gstr1',
      'export-registers',
      'allocate',
      'pay',
    ]);
    expect(ACTIONS).toContain('allow-login-outside-region');
    expect(ACTIONS).toContain('view-all');
  });
  it('the Super Admin role holds every action of every resource', () => {
    const all = allPermissions();
    expect(all).toHaveLength(RESOURCES.length);
    const set = effectivePermissions([{ name: 'Super Admin', permissions: all }], NOW);
    for (const r of RESOURCES) for (const a of r.actions) expect(can(set, r.name, a)).toBe(true);
  });
  it('recognises the Super Admin name case-insensitively', () => {
    expect(isSuperAdminRoleName('Super Admin')).toBe(true);
    expect(isSuperAdminRoleName('  SUPER admin ')).toBe(true);
    expect(isSuperAdminRoleName('Super Administrator')).toBe(false);
    expect(isSuperAdminRoleName('superadmin')).toBe(false);
  });
});

describe('isRoleExpired (spec 1 §4: today or earlier is expired)', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['2026-03-16', false],
    ['2027-01-01', false],
    ['2026-03-15', true],
    ['2026-03-14', true],
    ['2020-01-01', true],
    ['garbage', false],
  ])('expiresAt %j → %s', (expiresAt, expired) => {
    expect(isRoleExpired({ expiresAt }, NOW)).toBe(expired);
  });
  it('compares calendar days in India: the role ends at midnight IST', () => {
    expect(isRoleExpired({ expiresAt: '2026-03-15' }, new Date('2026-03-14T18:30:00Z'))).toBe(true);
    expect(isRoleExpired({ expiresAt: '2026-03-15' }, new Date('2026-03-14T18:29:59Z'))).toBe(false);
    expect(isRoleExpired({ expiresAt: new Date('2026-03-15T00:00:00Z') }, NOW)).toBe(true);
  });
});

describe('effectivePermissions', () => {
  it('is the union over the roles', () => {
    const set = effectivePermissions(
      [
        role(null, [{ resource: 'customer', actions: ['read'] }]),
        role('2026-12-31', [
          { resource: 'customer', actions: ['update'] },
          { resource: 'task', actions: ['read'] },
        ]),
      ],
      NOW,
    );
    expect([...set].sort()).toEqual(['customer:read', 'customer:update', 'task:read']);
    expect(canAll(set, 'customer', ['read', 'update'])).toBe(true);
    expect(canAll(set, 'customer', ['read', 'delete'])).toBe(false);
  });
  it('ignores expired roles, including one expiring today', () => {
    const set = effectivePermissions(
      [
        role('2026-03-15', [{ resource: 'user', actions: ['read'] }]),
        role('2026-01-01', [{ resource: 'role', actions: ['read'] }]),
        role('2026-03-16', [{ resource: 'task', actions: ['read'] }]),
      ],
      NOW,
    );
    expect([...set]).toEqual(['task:read']);
  });
  it('no roles, no access', () => {
    const set = effectivePermissions([], NOW);
    expect(set.size).toBe(0);
    expect(can(set, 'hrm', 'read')).toBe(false);
    expect(canAll(set, 'hrm', ['read'])).toBe(false);
  });
  it('round-trips through the list form the API returns', () => {
    const set = effectivePermissions(
      [role(null, [{ resource: 'customer', actions: ['read', 'create'] }])],
      NOW,
    );
    const list = permissionList(set);
    expect(list).toEqual([{ resource: 'customer', actions: ['read', 'create'] }]);
    expect([...permissionSetFromList(list)].sort()).toEqual([...set].sort());
    expect(permissionKey('follow-up', 'view-all')).toBe('follow-up:view-all');
  });
});
