import { describe, expect, it } from 'vitest';
import { permissionKey } from './permission-checks.ts';
import {
  ACTION_DEPENDENCIES,
  canFinish,
  canUseField,
  FIELD_DEPENDENCIES,
  missingDependencies,
  roleDependencyGaps,
  roleFieldGaps,
  whoCanSentence,
} from './permission-dependencies.ts';
import { missingDependencyMessage, parsePermissionKeys } from './permission-dependency-messages.ts';
import { RESOURCES } from './permissions.ts';

const set = (...keys: string[]) => new Set(keys);

describe('permission dependencies', () => {
  it('name only actions and needs that exist in the catalogue', () => {
    const exists = (r: string, a: string) =>
      RESOURCES.some((x) => x.name === r && (x.actions as readonly string[]).includes(a));
    for (const d of [...ACTION_DEPENDENCIES, ...FIELD_DEPENDENCIES]) {
      expect(exists(d.resource, d.action), `${d.resource}:${d.action}`).toBe(true);
      for (const n of d.needs) expect(exists(n.resource, n.action), `${n.resource}:${n.action}`).toBe(true);
    }
  });

  it('creating a sale needs searching customers and items; its own permission alone cannot finish it', () => {
    const store = set('product-sale:create', 'product-item:suggestion');
    expect(missingDependencies(store, 'product-sale', 'create')).toEqual([
      { resource: 'customer', action: 'suggestion' },
    ]);
    expect(canFinish(store, 'product-sale', 'create')).toBe(false);
    expect(
      canFinish(new Set([...store, permissionKey('customer', 'suggestion')]), 'product-sale', 'create'),
    ).toBe(true);
    // An action without dependencies is finished by its own permission.
    expect(canFinish(set('product-sale:read'), 'product-sale', 'read')).toBe(true);
    expect(canFinish(set(), 'product-sale', 'read')).toBe(false);
  });

  it('says what is missing and what it is for', () => {
    expect(
      missingDependencyMessage('product-sale', 'create', [{ resource: 'customer', action: 'suggestion' }]),
    ).toBe(
      'Creating sales also needs Search suggestions on Customers, to choose the customer and the items. Ask an administrator to add it to your role.',
    );
    expect(
      missingDependencyMessage('product-purchase', 'create', [
        { resource: 'product-vendor', action: 'suggestion' },
        { resource: 'product-item', action: 'suggestion' },
      ]),
    ).toContain('Search suggestions on Vendors and Search suggestions on Items');
  });

  it('a field falls back instead of blocking', () => {
    expect(canUseField(set('follow-up:create'), 'follow-up', 'create', 'nextFollowUp.followUpBy')).toBe(
      false,
    );
    expect(canUseField(set('user:suggestion'), 'follow-up', 'create', 'nextFollowUp.followUpBy')).toBe(true);
    expect(canUseField(set(), 'follow-up', 'create', 'no-such-field')).toBe(true);
  });

  it("the role form's gaps list each ticked action's missing needs", () => {
    const gaps = roleDependencyGaps(set('product-sale:create', 'customer:suggestion', 'team:read'));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.dependency.resource).toBe('product-sale');
    expect(gaps[0]!.missing).toEqual([{ resource: 'product-item', action: 'suggestion' }]);
  });

  // Issue 26: Approve opens the quotation and then the project; the rejection form reads the quotation.
  it('approving needs reading the quotation and the project; rejecting needs reading the quotation', () => {
    const approver = set('project:create', 'quotation:read');
    expect(missingDependencies(approver, 'project', 'create')).toEqual([
      { resource: 'project', action: 'read' },
    ]);
    expect(canFinish(approver, 'project', 'create')).toBe(false);
    expect(canFinish(set('project:create', 'project:read', 'quotation:read'), 'project', 'create')).toBe(
      true,
    );
    expect(missingDependencyMessage('project', 'create', [{ resource: 'project', action: 'read' }])).toBe(
      'Approving quotations also needs Read on Projects, to open the quotation and then the project it becomes. Ask an administrator to add it to your role.',
    );
    expect(missingDependencies(set('rejection-analysis:create'), 'rejection-analysis', 'create')).toEqual([
      { resource: 'quotation', action: 'read' },
    ]);
    expect(
      missingDependencyMessage('rejection-analysis', 'create', [{ resource: 'quotation', action: 'read' }]),
    ).toBe(
      'Rejecting quotations also needs Read on Quotations, to open the quotation it rejects. Ask an administrator to add it to your role.',
    );
    expect(
      canFinish(set('rejection-analysis:create', 'quotation:read'), 'rejection-analysis', 'create'),
    ).toBe(true);
  });

  it("a follow-up's Project reason needs searching projects, and falls back (not offered) without", () => {
    const exec = set('follow-up:create', 'customer:suggestion');
    expect(canFinish(exec, 'follow-up', 'create')).toBe(true);
    expect(canUseField(exec, 'follow-up', 'create', 'project')).toBe(false);
    expect(canUseField(set('project:suggestion'), 'follow-up', 'create', 'project')).toBe(true);
    expect(canUseField(exec, 'follow-up', 'create', 'quotation')).toBe(false);
    const gaps = roleFieldGaps(new Set([...exec, 'user:suggestion', 'requirement:suggestion']));
    expect(gaps.map((g) => [g.dependency.field, g.dependency.fallback, g.missing])).toEqual([
      ['quotation', 'the reason Quotation is not offered', [{ resource: 'quotation', action: 'suggestion' }]],
      ['project', 'the reason Project is not offered', [{ resource: 'project', action: 'suggestion' }]],
    ]);
    expect(roleFieldGaps(set('project:suggestion'))).toEqual([]);
  });

  it('parses permission keys of the catalogue only', () => {
    expect(parsePermissionKeys(['customer:update', 'product-margin:suggestion'])).toEqual([
      { resource: 'customer', action: 'update' },
      { resource: 'product-margin', action: 'suggestion' },
    ]);
    expect(parsePermissionKeys(['customer:fly'])).toBeNull();
    expect(parsePermissionKeys(['nothing'])).toBeNull();
  });

  it('names who can do it', () => {
    expect(whoCanSentence(['Priyanka Sahoo', 'Administrator'], 2)).toBe(
      'Priyanka Sahoo, Administrator can do it.',
    );
    expect(whoCanSentence(['A', 'B'], 5)).toBe('A, B and 3 more can do it.');
    expect(whoCanSentence([], 0)).toContain('Nobody');
  });
});

describe('fixes a message asks for', () => {
  it('names who can make the fix when the reader cannot', async () => {
    const { FIXES, canFix, whoCanFixSentence } = await import('./permission-dependencies.ts');
    const exec = new Set(['customer:update', 'customer:read']);
    expect(canFix(exec, FIXES.customerMarginTier)).toBe(false);
    expect(canFix(new Set([...exec, 'product-margin:suggestion']), FIXES.customerMarginTier)).toBe(true);
    expect(whoCanFixSentence(FIXES.customerMarginTier, ['Priyanka Sahoo', 'Administrator'], 2)).toBe(
      'A user who may set margin tiers on customers can do it: Priyanka Sahoo, Administrator.',
    );
  });
});
