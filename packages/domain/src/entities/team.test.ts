import { describe, expect, it } from 'vitest';
import { teamCreateSchema, teamUpdateSchema } from './team.ts';

const u1 = '0123456789abcdef01234567';
const u2 = '0123456789abcdef01234568';
const valid = { name: 'Cuttack Sales', members: [{ user: u1, role: 'manager' }] };
const messages = (v: unknown) => teamCreateSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('team form', () => {
  it('accepts a valid team; an empty description is null; createdBy is never read', () => {
    expect(teamCreateSchema.parse({ ...valid, description: '', createdBy: u2 })).toEqual({
      ...valid,
      description: null,
    });
  });

  it.each([
    [{ name: 'ab' }, 'Team name must be at least 3 characters long'],
    [{ name: '' }, 'Team name is required'],
    [{ members: [] }, 'At least one team member is required'],
    [{ members: undefined }, 'At least one team member is required'],
    [{ members: [{ user: u1 }] }, 'Role is required'],
    [{ members: [{ user: u1, role: 'owner' }] }, 'Role is required'],
    [{ members: [{ role: 'member' }] }, 'User is required'],
    [{ members: [{ user: '', role: 'member' }] }, 'User is required'],
    [
      {
        members: [
          { user: u1, role: 'admin' },
          { user: u1, role: 'member' },
        ],
      },
      'User already in team',
    ],
  ])('%j → %s', (over, message) => {
    expect(messages({ ...valid, ...over })).toContain(message);
  });

  it('points the duplicate at the second row', () => {
    const r = teamCreateSchema.safeParse({
      ...valid,
      members: [
        { user: u1, role: 'admin' },
        { user: u2, role: 'member' },
        { user: u1, role: 'member' },
      ],
    });
    expect(r.error?.issues[0]?.path).toEqual(['members', 2, 'user']);
  });

  it('an update may send any subset, each field checked the same way', () => {
    expect(teamUpdateSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
    expect(teamUpdateSchema.safeParse({ members: [] }).success).toBe(false);
  });
});
