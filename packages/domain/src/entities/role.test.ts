import { describe, expect, it } from 'vitest';
import { todayInAppZone } from '../dates.ts';
import { roleCreateSchema, rolePermissionSchema, roleUpdateSchema } from './role.ts';

type Parser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const messagesOf = (schema: Parser, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
const first = (schema: Parser, value: unknown) => messagesOf(schema, value)[0];

// Days counted from India's calendar day, as the schema judges them (a UTC day is yesterday there from
// 18:30 UTC on).
const day = (offset: number) => {
  const d = new Date(`${todayInAppZone()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const valid = {
  name: 'Sales Executive',
  description: 'Field sales',
  permissions: [{ resource: 'customer', actions: ['read', 'create'], module: 'crm' }],
};

describe('roleCreateSchema (spec 1 §5 Role form)', () => {
  it('accepts a complete role with or without an expiry', () => {
    expect(messagesOf(roleCreateSchema, valid)).toEqual([]);
    expect(messagesOf(roleCreateSchema, { ...valid, expiresAt: null })).toEqual([]);
    expect(messagesOf(roleCreateSchema, { ...valid, expiresAt: day(0) })).toEqual([]);
    expect(messagesOf(roleCreateSchema, { ...valid, expiresAt: day(30) })).toEqual([]);
  });

  it.each([
    ['missing name', { name: undefined }, 'Role name is required.'],
    ['empty name', { name: '' }, 'Role name cannot be empty.'],
    ['blank name', { name: '   ' }, 'Role name cannot be empty.'],
    ['missing description', { description: undefined }, 'Description is required.'],
    ['empty description', { description: '' }, 'Description cannot be empty.'],
    ['missing permissions', { permissions: undefined }, 'Permissions array is required.'],
    ['empty permissions', { permissions: [] }, 'At least one permission is required.'],
    [
      'unknown resource',
      { permissions: [{ resource: 'spaceship', actions: ['read'] }] },
      'Invalid resource. Please provide a valid resource.',
    ],
    [
      'missing resource',
      { permissions: [{ actions: ['read'] }] },
      'Invalid resource. Please provide a valid resource.',
    ],
    [
      'empty actions',
      { permissions: [{ resource: 'customer', actions: [] }] },
      'At least one action permission is required.',
    ],
    [
      'missing actions',
      { permissions: [{ resource: 'customer' }] },
      'At least one action permission is required.',
    ],
    ['unknown action', { permissions: [{ resource: 'customer', actions: ['fly'] }] }, 'Invalid action.'],
    ['expiry yesterday', { expiresAt: day(-1) }, 'Expiration date must be today or in the future.'],
    ['expiry long ago', { expiresAt: '2020-01-01' }, 'Expiration date must be today or in the future.'],
    ['expiry not a date', { expiresAt: 'soon' }, 'Invalid date'],
    ['expiry impossible day', { expiresAt: '2099-02-30' }, 'Invalid date'],
  ])('%s', (_label, over, message) => {
    expect(first(roleCreateSchema, { ...valid, ...over })).toBe(message);
  });

  it('trims the name and description', () => {
    expect(
      roleCreateSchema.parse({ ...valid, name: '  HR Manager ', description: ' People ' }),
    ).toMatchObject({
      name: 'HR Manager',
      description: 'People',
    });
  });

  it('limits lengths', () => {
    expect(first(roleCreateSchema, { ...valid, name: 'x'.repeat(101) })).toBe(
      'Role name must not exceed 100 characters.',
    );
    expect(first(roleCreateSchema, { ...valid, description: 'x'.repeat(501) })).toBe(
      'Description must not exceed 500 characters.',
    );
  });
});

describe('roleUpdateSchema', () => {
  it('everything optional, every rule still applies', () => {
    expect(messagesOf(roleUpdateSchema, {})).toEqual([]);
    expect(first(roleUpdateSchema, { name: '' })).toBe('Role name cannot be empty.');
    expect(first(roleUpdateSchema, { permissions: [] })).toBe('At least one permission is required.');
    expect(first(roleUpdateSchema, { expiresAt: day(-2) })).toBe(
      'Expiration date must be today or in the future.',
    );
    expect(messagesOf(roleUpdateSchema, { expiresAt: null })).toEqual([]);
  });
});

describe('rolePermissionSchema', () => {
  it('module is optional and must be a module when given', () => {
    expect(messagesOf(rolePermissionSchema, { resource: 'hrm', actions: ['read'] })).toEqual([]);
    expect(
      rolePermissionSchema.safeParse({ resource: 'hrm', actions: ['read'], module: 'finance' }).success,
    ).toBe(false);
  });
});
