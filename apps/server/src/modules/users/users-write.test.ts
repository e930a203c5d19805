import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createRole,
  createTestApp,
  createUser,
  SECURITY,
  sessionAgent,
  type TestContext,
} from '../../../test/helpers.ts';
import { files, roles, userActivities, users } from '../../db/schema.ts';
import { countSessions } from '../../platform/sessions.ts';
import { multipartBody, newUserForm, PNG_1X1 } from './users-test-kit.ts';

type AdminAgent = Agent & { user: { id: string } };

describe('users: create and update', () => {
  let ctx: TestContext;
  let admin: AdminAgent;
  let superAdminRoleId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    const [sa] = await ctx.database.db.select().from(roles).where(eq(roles.name, 'Super Admin'));
    superAdminRoleId = sa!.id;
  });
  afterAll(() => ctx.close());

  const fileCount = async () => (await ctx.database.db.select({ n: count() }).from(files))[0]!.n;
  const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
  const createMultipart = (
    who: Agent,
    fields: Record<string, unknown>,
    file?: Parameters<typeof multipartBody>[1],
  ) => who.request({ method: 'POST', url: '/api/admin/users', ...multipartBody(fields, file) });

  it('creates a user from a multipart form with a PNG; the image is served with nosniff', async () => {
    const roleId = await createRole(ctx.database, [{ resource: 'user', actions: ['read'] }]);
    const form = newUserForm({ roles: [roleId], employmentType: 'Contract', duration: '6' });
    const res = await createMultipart(admin, form, {
      field: 'image',
      filename: 'me.png',
      contentType: 'image/png',
      data: PNG_1X1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('User created successfully');
    expect(body.data).toMatchObject({
      name: form.name,
      email: form.email,
      status: 'Active',
      employmentType: 'Contract',
      duration: 6,
      languages: ['English', 'Odia'],
      dateOfBirth: '1995-04-12',
      isEmailVerified: false,
      isPhoneVerified: false,
      emergencyContact: [{ name: 'Mother', relationship: 'Mother', phone: '9876543211' }],
      roles: [{ _id: roleId }],
    });
    expect(body.data).not.toHaveProperty('password');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.data._id));
    expect(row!.mustChangePassword).toBe(true);
    expect(row!.createdBy).toBe(admin.user.id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const url = body.data.image.url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f]{24}$/);
    const img = await admin.request({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG_1X1)).toBe(true);

    // The created user must change the password before doing anything else.
    const newcomer = await sessionAgent(ctx, body.data._id);
    const blocked = await newcomer.request({ method: 'GET', url: '/api/admin/users' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('PASSWORD_CHANGE_REQUIRED');
    const me = await newcomer.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.mustChangePassword).toBe(true);
  });

  it('creates from a JSON body too; duration is 0 for types without one', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/users',
      payload: newUserForm({ employmentType: 'Full-Time', duration: 12 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ duration: 0, image: null });
  });

  it('decides the image type by content and refuses large images', async () => {
    // A PNG named .txt is a PNG.
    const renamed = await createMultipart(admin, newUserForm(), {
      field: 'image',
      filename: 'photo.txt',
      contentType: 'text/plain',
      data: PNG_1X1,
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const files0 = await fileCount();
    const users0 = await userCount();
    const fake = await createMultipart(admin, newUserForm(), {
      field: 'image',
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.from('just some text, not an image'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Only JPG, JPEG or PNG images are allowed.');
    const pdf = await createMultipart(admin, newUserForm(), {
      field: 'image',
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.from('%PDF-1.4\n'),
    });
    expect(pdf.statusCode).toBe(400);
    const huge = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await createMultipart(admin, newUserForm(), {
      field: 'image',
      filename: 'big.png',
      contentType: 'image/png',
      data: huge,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('File size exceeds the limit of 5MB.');
    expect(await fileCount()).toBe(files0);
    expect(await userCount()).toBe(users0);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const users0 = await userCount();
    const files0 = await fileCount();
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ ...newUserForm(), address: '{not json' }, 'address must be valid JSON'],
      [{ ...newUserForm(), gender: 'Robot' }, /gender|Gender/],
      [{ ...newUserForm(), email: 'nope' }, 'Invalid email format'],
      [{ ...newUserForm(), phone: '12345' }, /Phone number must be a valid/],
      [{ ...newUserForm(), password: 'weak' }, /At least/],
      [{ ...newUserForm(), dateOfBirth: '2020-01-01' }, 'Date of birth must be in the past.'],
      [{ ...newUserForm(), employmentType: 'Internship' }, 'Duration is required'],
      [{ ...newUserForm(), roles: ['nope'] }, 'Invalid id'],
      [{ ...newUserForm(), deleteImage: 'yes' }, 'deleteImage must be true or false'],
    ];
    for (const [fields, message] of bad) {
      const res = await createMultipart(admin, fields, {
        field: 'image',
        filename: 'me.png',
        contentType: 'image/png',
        data: PNG_1X1,
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const missingRole = await createMultipart(admin, newUserForm({ roles: ['0123456789abcdef01234567'] }));
    expect(missingRole.statusCode).toBe(400);
    expect(missingRole.json().message).toBe('One or more roles do not exist');
    expect(await userCount()).toBe(users0);
    expect(await fileCount()).toBe(files0);
  });

  it('keeps e-mails unique among live users (409) without leaving a file or a user behind', async () => {
    const existing = await createUser(ctx.database);
    const users0 = await userCount();
    const files0 = await fileCount();
    const res = await createMultipart(admin, newUserForm({ email: existing.email.toUpperCase() }), {
      field: 'image',
      filename: 'me.png',
      contentType: 'image/png',
      data: PNG_1X1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A user with this email already exists');
    expect(await userCount()).toBe(users0);
    expect(await fileCount()).toBe(files0);
  });

  it('lets only a Super Admin hand out the Super Admin role', async () => {
    const creator = await asUserWithSession(ctx, [{ resource: 'user', actions: ['create', 'update'] }]);
    const res = await createMultipart(creator, newUserForm({ roles: [superAdminRoleId] }));
    expect(res.statusCode).toBe(403);
    const plain = await createUser(ctx.database);
    const upd = await creator.request({
      method: 'PATCH',
      url: `/api/admin/users/${plain.id}`,
      payload: { roles: [superAdminRoleId] },
    });
    expect(upd.statusCode).toBe(403);
    const byAdmin = await createMultipart(admin, newUserForm({ roles: [superAdminRoleId] }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().data.isSuperAdmin).toBe(true);
  });

  it('updates fields, replaces roles and the image, and ignores fields outside the form', async () => {
    const roleA = await createRole(ctx.database, [{ resource: 'hrm', actions: ['read'] }]);
    const roleB = await createRole(ctx.database, [{ resource: 'crm', actions: ['read'] }]);
    const created = await createMultipart(admin, newUserForm({ roles: [roleA] }), {
      field: 'image',
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG_1X1,
    });
    const id = created.json().data._id as string;
    const oldUrl = created.json().data.image.url as string;
    const files0 = await fileCount();
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      ...multipartBody(
        {
          name: 'Renamed Person',
          roles: [roleB],
          employmentType: 'Part-Time',
          status: 'Inactive',
          notes: 'Moved to part-time',
          // None of these are form fields: they must be ignored.
          password: 'Hacked@12345',
          isDeleted: 'true',
          isEmailVerified: 'true',
          createdBy: '0123456789abcdef01234567',
          _id: '0123456789abcdef01234567',
          mustChangePassword: 'false',
        },
        { field: 'image', filename: 'b.png', contentType: 'image/png', data: PNG_1X1 },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User updated successfully');
    const data = res.json().data;
    expect(data).toMatchObject({
      _id: id,
      name: 'Renamed Person',
      status: 'Inactive',
      notes: 'Moved to part-time',
      employmentType: 'Part-Time',
      duration: 0,
      isDeleted: false,
      isEmailVerified: false,
      roles: [{ _id: roleB }],
    });
    expect(data.image.url).not.toBe(oldUrl);
    // The old image went, the new one came: same number of files.
    expect(await fileCount()).toBe(files0);
    expect((await admin.request({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.createdBy).toBe(admin.user.id);
    expect(row!.mustChangePassword).toBe(true);
    // The password was not changed by the ignored field.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const del = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { deleteImage: true },
    });
    expect(del.json().data.image).toBeNull();
    expect(await fileCount()).toBe(files0 - 1);

    const taken = await createUser(ctx.database);
    const dup = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { email: taken.email },
    });
    expect(dup.statusCode).toBe(409);
    const invalid = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      payload: { status: 'Deleted' },
    });
    expect(invalid.statusCode).toBe(400);
    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/admin/users/0123456789abcdef01234567',
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('protects the Super Admin user from others and deleted users from edits', async () => {
    const editor = await asUserWithSession(ctx, [
      { resource: 'user', actions: ['update', 'change-password', 'delete'] },
    ]);
    const upd = await editor.request({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      payload: { name: 'Not the admin' },
    });
    expect(upd.statusCode).toBe(403);
    expect(upd.json().message).toBe('The Super Admin user cannot be changed by others.');
    for (const path of ['block']) {
      const r = await editor.request({ method: 'PATCH', url: `/api/admin/users/${admin.user.id}/${path}` });
      expect(r.statusCode).toBe(403);
    }
    const cp = await editor.request({
      method: 'POST',
      url: `/api/admin/users/${admin.user.id}/change-password`,
      payload: { newPassword: 'Strong@Pass1', confirmNewPassword: 'Strong@Pass1' },
    });
    expect(cp.statusCode).toBe(403);
    const delSa = await editor.request({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}` });
    expect(delSa.statusCode).toBe(403);
    // The Super Admin may edit themselves, but not drop their own Super Admin role.
    const self = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      payload: { bio: 'Runs the place' },
    });
    expect(self.statusCode).toBe(200);
    const drop = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      payload: { roles: [] },
    });
    expect(drop.statusCode).toBe(400);

    const gone = await createUser(ctx.database);
    await admin.request({ method: 'DELETE', url: `/api/admin/users/${gone.id}` });
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${gone.id}`,
      payload: { name: 'Ghost' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Restore the user before updating');
  });

  it('lets a user update only their own profile, without admin-only fields', async () => {
    const me = await asUserWithSession(ctx, [{ resource: 'profile', actions: ['update'] }]);
    const other = await createUser(ctx.database);
    const notMine = await me.request({
      method: 'PATCH',
      url: `/api/auth/profile/${other.id}`,
      payload: { name: 'x' },
    });
    expect(notMine.statusCode).toBe(403);
    const res = await me.request({
      method: 'PATCH',
      url: `/api/auth/profile/${me.user.id}`,
      ...multipartBody(
        {
          name: 'Self Edited',
          languages: ['Hindi'],
          employmentType: 'Contract',
          duration: '24',
          status: 'Blocked',
          notes: 'I am great',
          roles: ['0123456789abcdef01234567'],
        },
        { field: 'image', filename: 'me.jpg', contentType: 'image/jpeg', data: PNG_1X1 },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    expect(res.json().data).toMatchObject({
      name: 'Self Edited',
      languages: ['Hindi'],
      employmentType: null,
      duration: 0,
      status: 'Active',
      notes: null,
    });
    expect(res.json().data.roles).toHaveLength(1);
    expect(res.json().data.image.url).toMatch(/^\/api\/files\//);
    const dup = await me.request({
      method: 'PATCH',
      url: `/api/auth/profile/${me.user.id}`,
      payload: { email: other.email },
    });
    expect(dup.statusCode).toBe(409);
    const badJson = await me.request({
      method: 'PATCH',
      url: `/api/auth/profile/${me.user.id}`,
      ...multipartBody({ socialMedia: '{"x":' }),
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('socialMedia must be valid JSON');
  });
});

describe('users: lifecycle, block, password, activities', () => {
  let ctx: TestContext;
  let admin: AdminAgent;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
  });
  afterAll(() => ctx.close());

  it('soft-deletes, restores and deletes permanently, with state errors in between', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/users',
      ...multipartBody(newUserForm(), {
        field: 'image',
        filename: 'a.png',
        contentType: 'image/png',
        data: PNG_1X1,
      }),
    });
    const id = created.json().data._id as string;
    const email = created.json().data.email as string;
    const imageUrl = created.json().data.image.url as string;
    await ctx.database.db
      .update(users)
      .set({ mustChangePassword: false, isEmailVerified: true })
      .where(eq(users.id, id));
    const victim = await sessionAgent(ctx, id);
    expect(await countSessions(ctx.database.db, id)).toBe(1);

    const self = await admin.request({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account');

    const early = await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}/permanent` });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Only a deleted user can be deleted permanently');
    const notDeleted = await admin.request({ method: 'PATCH', url: `/api/admin/users/${id}/restore` });
    expect(notDeleted.statusCode).toBe(400);
    expect(notDeleted.json().message).toBe('User is not deleted');

    const del = await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'User deleted successfully', data: null });
    expect(await countSessions(ctx.database.db, id)).toBe(0);
    expect((await victim.request({ method: 'GET', url: '/api/admin/users/suggestion' })).statusCode).toBe(
      401,
    );
    const again = await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}` });
    expect(again.statusCode).toBe(400);

    // Someone takes the e-mail meanwhile: restoring would clash.
    const taker = await createUser(ctx.database, { overrides: { email } });
    const clash = await admin.request({ method: 'PATCH', url: `/api/admin/users/${id}/restore` });
    expect(clash.statusCode).toBe(409);
    await ctx.database.db
      .update(users)
      .set({ email: 'someone.else@karya.test' })
      .where(eq(users.id, taker.id));

    const restored = await admin.request({ method: 'PATCH', url: `/api/admin/users/${id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe('User restored successfully');
    expect(restored.json().data).toMatchObject({
      isDeleted: false,
      deletedAt: null,
      deletedBy: null,
      status: 'Recovered',
    });

    await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}` });
    await ctx.database.db.insert(userActivities).values({
      id: '0123456789abcdef0123aaaa',
      userId: id,
      type: 'LOGIN_SUCCESS',
      message: 'x',
    });
    const perm = await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}/permanent` });
    expect(perm.statusCode).toBe(200);
    expect(perm.json().message).toBe('User deleted permanently');
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(userActivities).where(eq(userActivities.userId, id)),
    ).toHaveLength(0);
    const fileId = imageUrl.split('/').pop()!;
    expect(await ctx.database.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    expect((await admin.request({ method: 'GET', url: `/api/admin/users/${id}` })).statusCode).toBe(404);
  });

  it('blocks (ending sessions) and unblocks', async () => {
    const u = await createUser(ctx.database);
    const agentOfU = await sessionAgent(ctx, u.id);
    await sessionAgent(ctx, u.id);
    expect(await countSessions(ctx.database.db, u.id)).toBe(2);

    const blocked = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/block` });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().message).toBe('User blocked');
    expect(blocked.json().data.status).toBe('Blocked');
    expect(await countSessions(ctx.database.db, u.id)).toBe(0);
    expect((await agentOfU.request({ method: 'GET', url: '/api/admin/users/suggestion' })).statusCode).toBe(
      401,
    );
    const twice = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/block` });
    expect(twice.statusCode).toBe(400);

    const unblocked = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/unblock` });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().message).toBe('User Unblocked');
    expect(unblocked.json().data.status).toBe('Active');
    const notBlocked = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/unblock` });
    expect(notBlocked.statusCode).toBe(400);

    const selfBlock = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}/block`,
    });
    expect(selfBlock.statusCode).toBe(400);
    await admin.request({ method: 'DELETE', url: `/api/admin/users/${u.id}` });
    const deleted = await admin.request({ method: 'PATCH', url: `/api/admin/users/${u.id}/block` });
    expect(deleted.statusCode).toBe(400);
  });

  it('changes a password as administrator: sessions end, the user must change it again', async () => {
    const u = await createUser(ctx.database);
    await sessionAgent(ctx, u.id);
    const weak = await admin.request({
      method: 'POST',
      url: `/api/admin/users/${u.id}/change-password`,
      payload: { newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    const mismatch = await admin.request({
      method: 'POST',
      url: `/api/admin/users/${u.id}/change-password`,
      payload: { newPassword: 'Strong@Pass1', confirmNewPassword: 'Strong@Pass2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Confirmation password must match');
    const res = await admin.request({
      method: 'POST',
      url: `/api/admin/users/${u.id}/change-password`,
      payload: { newPassword: 'Strong@Pass1', confirmNewPassword: 'Strong@Pass1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully', data: null });
    expect(await countSessions(ctx.database.db, u.id)).toBe(0);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.mustChangePassword).toBe(true);
    expect(row!.lastPasswordChanged).toBeInstanceOf(Date);
    const acts = await admin.request({ method: 'GET', url: `/api/admin/users/${u.id}/activities` });
    expect(acts.json().data.activities[0]).toMatchObject({ type: 'PASSWORD_CHANGE' });
  });

  it('logs client activities for oneself, and for others only with the permission', async () => {
    const plain = await asUserWithSession(ctx, [{ resource: 'crm', actions: ['read'] }]);
    const other = await createUser(ctx.database);
    const payload = { type: 'CUSTOMER_EXPORT', message: 'Exported 12 customers', ...SECURITY };
    const own = await plain.request({ method: 'POST', url: '/api/admin/user-activities', payload });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().message).toBe('Activity logged');
    expect(own.json().data).toMatchObject({
      type: 'CUSTOMER_EXPORT',
      message: 'Exported 12 customers',
      ipAddress: expect.any(String),
      location: SECURITY.location,
      deviceInfo: SECURITY.deviceInfo,
    });
    const forOther = await plain.request({
      method: 'POST',
      url: '/api/admin/user-activities',
      payload: { ...payload, user: other.id },
    });
    expect(forOther.statusCode).toBe(403);
    const byAdmin = await admin.request({
      method: 'POST',
      url: '/api/admin/user-activities',
      payload: { ...payload, user: other.id },
    });
    expect(byAdmin.statusCode).toBe(201);
    for (const bad of [
      { ...payload, type: 'HACKED' },
      { ...payload, location: { type: 'Point', coordinates: [1] } },
      { ...payload, deviceInfo: { os: 'x' } },
      { ...payload, message: '' },
      { ...payload, user: 'nope' },
    ]) {
      const res = await plain.request({ method: 'POST', url: '/api/admin/user-activities', payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await admin.request({
      method: 'POST',
      url: '/api/admin/user-activities',
      payload: { ...payload, user: '0123456789abcdef01234567' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists a user’s activities newest first with paging', async () => {
    const u = await createUser(ctx.database);
    const base = Date.parse('2025-05-01T10:00:00Z');
    for (let i = 0; i < 5; i += 1)
      await ctx.database.db.insert(userActivities).values({
        id: `0123456789abcdef0123bb0${i}`,
        userId: u.id,
        type: 'LOGIN_SUCCESS',
        message: `login ${i}`,
        createdAt: new Date(base + i * 60_000),
      });
    const res = await admin.request({
      method: 'GET',
      url: `/api/admin/users/${u.id}/activities?page=1&limit=2`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Activities fetched successfully');
    expect(res.json().data).toMatchObject({ activitiesCount: 5, page: 1, limit: 2 });
    expect(res.json().data.activities.map((a: { message: string }) => a.message)).toEqual([
      'login 4',
      'login 3',
    ]);
    const dflt = await admin.request({ method: 'GET', url: `/api/admin/users/${u.id}/activities` });
    expect(dflt.json().data.limit).toBe(50);
    const tooMany = await admin.request({
      method: 'GET',
      url: `/api/admin/users/${u.id}/activities?limit=1000`,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
