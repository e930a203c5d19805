import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createRole,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { multipartBody, newUserForm } from './users-test-kit.ts';

type AdminAgent = Agent & { user: { id: string } };

/** Everything optional set, so each clear below has something to remove. */
const FULL = {
  bio: 'Likes long walks',
  notes: 'Joined from the Puri office',
  dateOfBirth: '1990-06-15',
  address: { street: '12 Link Road', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753012' },
  socialMedia: { linkedin: 'https://linkedin.com/in/asha', facebook: 'https://facebook.com/asha' },
  emergencyContact: [{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }],
  employmentType: 'Contract',
  duration: '6',
};
const CITY_ONLY = { city: 'Cuttack', state: 'Odisha', country: 'India' };

describe('users: an update can clear what was set', () => {
  let ctx: TestContext;
  let admin: AdminAgent;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  const patchUser = (who: Agent, id: string, fields: Record<string, unknown>) =>
    who.request({ method: 'PATCH', url: `/api/admin/users/${id}`, ...multipartBody(fields) });
  const getUser = async (id: string) => {
    const res = await admin.request({ method: 'GET', url: `/api/admin/users/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const createFull = async () => {
    const roleId = await createRole(ctx.database, [{ resource: 'hrm', actions: ['read'] }]);
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/users',
      ...multipartBody(newUserForm({ ...FULL, roles: [roleId] })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id as string, roleId };
  };

  it('clears each optional field through a multipart PATCH, one field at a time', async () => {
    const { id, roleId } = await createFull();
    const before = await getUser(id);
    expect(before).toMatchObject({
      bio: FULL.bio,
      notes: FULL.notes,
      dateOfBirth: FULL.dateOfBirth,
      address: FULL.address,
      socialMedia: FULL.socialMedia,
      emergencyContact: FULL.emergencyContact,
      employmentType: 'Contract',
      duration: 6,
      roles: [{ _id: roleId }],
    });

    const clears: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ bio: '' }, { bio: null }],
      [{ notes: '' }, { notes: null }],
      [{ dateOfBirth: '' }, { dateOfBirth: null }],
      // The address is replaced whole: street and zip code left out are gone.
      [{ address: CITY_ONLY }, { address: CITY_ONLY }],
      [{ socialMedia: {} }, { socialMedia: {} }],
      [{ emergencyContact: [] }, { emergencyContact: [] }],
      [{ roles: [] }, { roles: [] }],
      [{ employmentType: '' }, { employmentType: null, duration: 0 }],
    ];
    let expected = { ...before };
    for (const [fields, cleared] of clears) {
      const res = await patchUser(admin, id, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(200);
      expected = { ...expected, ...cleared };
      const { updatedAt: _u, ...now } = await getUser(id);
      const { updatedAt: _e, ...want } = expected;
      // Only the field sent changed.
      expect(now, JSON.stringify(fields)).toEqual(want);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ bio: null, notes: null, dateOfBirth: null, employmentType: null });
  });

  it('clears several fields in one PATCH, also as JSON with null for a text', async () => {
    const { id } = await createFull();
    const multi = await patchUser(admin, id, {
      bio: '   ',
      address: { ...CITY_ONLY, street: '', zipCode: '' },
      socialMedia: {},
      emergencyContact: [],
    });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().data).toMatchObject({
      bio: null,
      address: CITY_ONLY,
      socialMedia: {},
      emergencyContact: [],
      notes: FULL.notes,
      dateOfBirth: FULL.dateOfBirth,
    });
    expect(multi.json().data.address).not.toHaveProperty('street');
    const json = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { notes: null, dateOfBirth: '', roles: [] },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ notes: null, dateOfBirth: null, roles: [] });
  });

  it('a PATCH with one field leaves every other field as it was', async () => {
    const { id } = await createFull();
    const { updatedAt: _b, ...before } = await getUser(id);
    const res = await patchUser(admin, id, { name: 'Only The Name' });
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt: _a, ...after } = await getUser(id);
    expect(after).toEqual({ ...before, name: 'Only The Name' });
  });

  it('refuses an empty required field with its own message and changes nothing', async () => {
    const { id } = await createFull();
    const [row0] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    const required: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ email: '' }, 'Email is required'],
      [{ phone: '' }, 'Phone is required'],
      [{ gender: '' }, 'Gender is required'],
      [{ maritalStatus: '' }, 'Marital status is required'],
      [{ languages: [] }, 'At least one language is required'],
      [{ languages: '' }, 'At least one language is required'],
      [{ address: '' }, 'Address is required'],
      [{ address: { ...CITY_ONLY, city: '' } }, 'City is required'],
      [{ address: { city: 'Cuttack', country: 'India' } }, 'State is required'],
      [{ address: { ...CITY_ONLY, country: ' ' } }, 'Country is required'],
      // A bad value next to a valid clear: nothing of it is written.
      [{ bio: '', name: ' ' }, 'Name is required'],
    ];
    for (const [fields, message] of required) {
      const res = await patchUser(admin, id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message, JSON.stringify(fields)).toBe(message);
    }
    const [row1] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row1).toEqual(row0);
  });

  it('still forbids a Super Admin to remove their own Super Admin role, however it is sent', async () => {
    for (const roles of [[], '']) {
      const res = await patchUser(admin, admin.user.id, { roles });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot remove your own Super Admin role.');
    }
    expect((await getUser(admin.user.id)).isSuperAdmin).toBe(true);
  });

  it('creating still drops empty values', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/users',
      ...multipartBody(newUserForm({ bio: '', notes: '', dateOfBirth: '', employmentType: '' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      bio: null,
      notes: null,
      dateOfBirth: null,
      employmentType: null,
    });
  });

  it('clears through the profile route, which still cannot touch admin-only fields', async () => {
    const me = await asUserWithSession(ctx, [{ resource: 'profile', actions: ['update'] }]);
    const url = `/api/auth/profile/${me.user.id}`;
    const patchProfile = (fields: Record<string, unknown>) =>
      me.request({ method: 'PATCH', url, ...multipartBody(fields) });
    const readMe = async () => (await me.request({ method: 'GET', url: '/api/auth/me' })).json().data;

    const set = await patchProfile({
      bio: FULL.bio,
      dateOfBirth: FULL.dateOfBirth,
      address: FULL.address,
      socialMedia: FULL.socialMedia,
      emergencyContact: FULL.emergencyContact,
    });
    expect(set.statusCode, set.body).toBe(200);
    const before = await readMe();
    expect(before).toMatchObject({
      bio: FULL.bio,
      dateOfBirth: FULL.dateOfBirth,
      address: FULL.address,
      socialMedia: FULL.socialMedia,
      emergencyContact: FULL.emergencyContact,
    });
    expect(before.roles).toHaveLength(1);

    for (const fields of [
      { bio: '' },
      { dateOfBirth: '' },
      { address: CITY_ONLY },
      { socialMedia: {} },
      { emergencyContact: [] },
    ]) {
      const res = await patchProfile(fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(200);
    }
    // Not profile fields: ignored, so the role stays.
    const ignored = await patchProfile({ roles: [], notes: '', employmentType: '' });
    expect(ignored.statusCode).toBe(200);
    const after = await readMe();
    expect(after).toMatchObject({
      bio: null,
      dateOfBirth: null,
      address: CITY_ONLY,
      socialMedia: {},
      emergencyContact: [],
      name: before.name,
      phone: before.phone,
      languages: before.languages,
    });
    expect(after.address).not.toHaveProperty('street');
    expect(after.address).not.toHaveProperty('zipCode');
    expect(after.roles).toEqual(before.roles);

    const [row0] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    for (const [fields, message] of [
      [{ name: '' }, 'Name is required'],
      [{ languages: [] }, 'At least one language is required'],
      [{ address: { ...CITY_ONLY, state: '' } }, 'State is required'],
    ] as const) {
      const res = await patchProfile(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [row1] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row1).toEqual(row0);
  });
});
