import { describe, expect, it } from 'vitest';
import {
  allActionsState,
  buildPermissionsPayload,
  buildRolePayload,
  groupByModule,
  type ResourceItem,
  setResourceActions,
  toggleAction,
  toggleAllActions,
} from './permission-state';

const ALL = ['create', 'read', 'update', 'delete'];
const catalogue: ResourceItem[] = [
  { _id: '1', name: 'user', module: 'admin', actions: ['read'] },
  { _id: '2', name: 'task', module: 'hrm', actions: ['read'] },
  { _id: '3', name: 'customer', module: 'crm', actions: ALL },
];

describe('toggleAllActions', () => {
  it('selects every action when none is selected', () => {
    expect(toggleAllActions([], ALL)).toEqual(ALL);
  });
  it('clears the actions when some are selected', () => {
    expect(toggleAllActions(['read', 'update'], ALL)).toEqual([]);
  });
  it('clears the actions when all are selected', () => {
    expect(toggleAllActions(ALL, ALL)).toEqual([]);
  });
});

describe('allActionsState', () => {
  it('is unticked with none, indeterminate with some, ticked with all', () => {
    expect(allActionsState([], ALL)).toEqual({ checked: false, indeterminate: false });
    expect(allActionsState(['read'], ALL)).toEqual({ checked: false, indeterminate: true });
    expect(allActionsState(['delete', 'read', 'update', 'create'], ALL)).toEqual({
      checked: true,
      indeterminate: false,
    });
  });
});

describe('toggleAction', () => {
  it('adds and removes one action, keeping the catalogue order', () => {
    expect(toggleAction(['update'], 'create', ALL)).toEqual(['create', 'update']);
    expect(toggleAction(['create', 'update'], 'create', ALL)).toEqual(['update']);
  });
});

describe('setResourceActions', () => {
  it('drops a resource left without actions and keeps catalogue order', () => {
    let perms = setResourceActions([], 'customer', ['read'], catalogue);
    perms = setResourceActions(perms, 'user', ['read'], catalogue);
    perms = setResourceActions(perms, 'task', ['read'], catalogue);
    expect(perms.map((p) => p.resource)).toEqual(['user', 'task', 'customer']);
    perms = setResourceActions(perms, 'task', [], catalogue);
    expect(perms).toEqual([
      { resource: 'user', actions: ['read'] },
      { resource: 'customer', actions: ['read'] },
    ]);
  });
});

describe('building the payload', () => {
  it('sends only resources with at least one action', () => {
    expect(
      buildPermissionsPayload([
        { resource: 'customer', actions: ['create', 'read'] },
        { resource: 'task', actions: [] },
        { resource: 'user', actions: ['read', 'read'] },
      ]),
    ).toEqual([
      { resource: 'customer', actions: ['create', 'read'] },
      { resource: 'user', actions: ['read'] },
    ]);
  });

  it('trims text and sends expiresAt as a day or null', () => {
    const base = {
      name: '  Sales  ',
      description: ' Sells ',
      permissions: [
        { resource: 'customer', actions: ['read'] },
        { resource: 'task', actions: [] },
      ],
    };
    expect(buildRolePayload({ ...base, expiresAt: null })).toEqual({
      name: 'Sales',
      description: 'Sells',
      permissions: [{ resource: 'customer', actions: ['read'] }],
      expiresAt: null,
    });
    expect(buildRolePayload({ ...base, expiresAt: '2099-03-04' }).expiresAt).toBe('2099-03-04');
    expect(buildRolePayload({ ...base, expiresAt: '' }).expiresAt).toBeNull();
  });
});

describe('groupByModule', () => {
  it('orders modules hrm, crm, admin', () => {
    expect(groupByModule(catalogue).map((g) => g.module)).toEqual(['hrm', 'crm', 'admin']);
  });
});
