import { newId, type TeamDto } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  call,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { teamMembers, users } from '../../db/schema.ts';

type Member = { user: string; role: 'admin' | 'member' | 'manager' };
type Page = { teams: TeamDto[]; teamsCount: number; page: number; limit: number };

const unknownId = () => newId();

describe('teams', () => {
  let ctx: TestContext;
  let admin: Agent;
  let adminId: string;
  /** Live users to make teams of, and one deleted user. */
  let u1: string;
  let u2: string;
  let u3: string;
  let gone: string;

  const validTeam = (over: Record<string, unknown> = {}) => ({
    name: `Team ${newId().slice(-6)}`,
    description: 'Field sales for Cuttack schools',
    members: [
      { user: u1, role: 'admin' },
      { user: u2, role: 'member' },
    ] as Member[],
    ...over,
  });

  const create = async (over: Record<string, unknown> = {}) => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/teams', payload: validTeam(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TeamDto;
  };

  const list = async (query: string, who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: `/api/admin/teams?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };

  const expect400 = async (res: { statusCode: number; json: () => { message: string } }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const session = await adminSession(ctx);
    admin = session;
    adminId = session.user.id;
    u1 = (await createUser(ctx.database, { password: 'x', overrides: { name: 'Aparna Team One' } })).id;
    u2 = (await createUser(ctx.database, { password: 'x', overrides: { name: 'Bikash Team Two' } })).id;
    u3 = (await createUser(ctx.database, { password: 'x', overrides: { name: 'Chitra Team Three' } })).id;
    gone = (
      await createUser(ctx.database, {
        password: 'x',
        overrides: { isDeleted: true, status: 'Deleted', deletedAt: new Date() },
      })
    ).id;
  });
  afterAll(() => ctx.close());

  describe('access', () => {
    const id = 'a'.repeat(24);
    it.each([
      ['GET', '/api/admin/teams'],
      ['GET', '/api/admin/teams/suggestion'],
      ['GET', `/api/admin/teams/${id}`],
      ['POST', '/api/admin/teams'],
      ['PATCH', `/api/admin/teams/${id}`],
      ['DELETE', `/api/admin/teams/${id}`],
      ['PATCH', `/api/admin/teams/${id}/restore`],
      ['DELETE', `/api/admin/teams/${id}/permanent`],
    ])('%s %s answers 401 without a session', async (method, url) => {
      const res = await call(ctx.app, { method: method as 'GET', url, payload: validTeam() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    });

    it('each route needs its own action on team', async () => {
      const team = await create();
      const reader = await asUserWithSession(ctx, [{ resource: 'team', actions: ['read'] }]);
      expect((await reader.request({ method: 'GET', url: '/api/admin/teams' })).statusCode).toBe(200);
      expect((await reader.request({ method: 'GET', url: `/api/admin/teams/${team._id}` })).statusCode).toBe(
        200,
      );
      const forbidden: [string, string][] = [
        ['GET', '/api/admin/teams/suggestion'],
        ['POST', '/api/admin/teams'],
        ['PATCH', `/api/admin/teams/${team._id}`],
        ['DELETE', `/api/admin/teams/${team._id}`],
        ['PATCH', `/api/admin/teams/${team._id}/restore`],
        ['DELETE', `/api/admin/teams/${team._id}/permanent`],
      ];
      for (const [method, url] of forbidden) {
        const res = await reader.request({ method: method as 'GET', url, payload: validTeam() });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const outsider = await asUserWithSession(ctx, [{ resource: 'user', actions: ['read'] }]);
      expect((await outsider.request({ method: 'GET', url: '/api/admin/teams' })).statusCode).toBe(403);
      // Nothing was changed by the refused calls.
      const after = await admin.request({ method: 'GET', url: `/api/admin/teams/${team._id}` });
      expect(after.json().data).toMatchObject({ name: team.name, isDeleted: false });
    });

    it('soft delete does not grant a permanent delete', async () => {
      const team = await create();
      const deleter = await asUserWithSession(ctx, [{ resource: 'team', actions: ['read', 'delete'] }]);
      expect(
        (await deleter.request({ method: 'DELETE', url: `/api/admin/teams/${team._id}` })).statusCode,
      ).toBe(200);
      const res = await deleter.request({ method: 'DELETE', url: `/api/admin/teams/${team._id}/permanent` });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('create and read', () => {
    it('creates a team with members in order, stamped with the caller', async () => {
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        payload: validTeam({
          name: '  Puri Installations  ',
          members: [
            { user: u3, role: 'manager' },
            { user: u1, role: 'admin' },
            { user: u2, role: 'member' },
          ],
        }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Team created successfully' });
      const team = res.json().data as TeamDto;
      expect(team).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Puri Installations',
        description: 'Field sales for Cuttack schools',
        membersCount: 3,
        isDeleted: false,
        deletedAt: null,
        deletedBy: null,
        createdBy: { _id: adminId },
      });
      expect(team.members.map((m) => [m.user._id, m.role])).toEqual([
        [u3, 'manager'],
        [u1, 'admin'],
        [u2, 'member'],
      ]);
      expect(team.members[0]!.user).toEqual({
        _id: u3,
        name: 'Chitra Team Three',
        email: expect.any(String),
        image: null,
      });

      const got = await admin.request({ method: 'GET', url: `/api/admin/teams/${team._id}` });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({ success: true, message: 'Team fetched successfully' });
      expect(got.json().data).toEqual(team);
    });

    it('description is optional and empty means none', async () => {
      const team = await create({ description: '' });
      expect(team.description).toBeNull();
      const other = await create({ description: undefined });
      expect(other.description).toBeNull();
    });

    it('refuses invalid teams with the spec messages', async () => {
      const post = (payload: object) => admin.request({ method: 'POST', url: '/api/admin/teams', payload });
      await expect400(await post(validTeam({ name: 'ab' })), 'Team name must be at least 3 characters long');
      await expect400(await post(validTeam({ name: '   ' })), 'Team name is required');
      await expect400(await post(validTeam({ name: undefined })), 'Team name is required');
      await expect400(
        await post(validTeam({ name: 'x'.repeat(101) })),
        'Team name must not exceed 100 characters',
      );
      await expect400(await post(validTeam({ members: [] })), 'At least one team member is required');
      await expect400(await post(validTeam({ members: undefined })), 'At least one team member is required');
      await expect400(
        await post(
          validTeam({
            members: [
              { user: u1, role: 'admin' },
              { user: u1, role: 'member' },
            ],
          }),
        ),
        'User already in team',
      );
      await expect400(await post(validTeam({ members: [{ user: u1, role: 'boss' }] })), 'Role is required');
      await expect400(await post(validTeam({ members: [{ user: '', role: 'admin' }] })), 'User is required');
      await expect400(
        await post(validTeam({ members: [{ user: unknownId(), role: 'admin' }] })),
        'One or more members do not exist',
      );
      await expect400(
        await post(validTeam({ members: [{ user: gone, role: 'admin' }] })),
        'One or more members do not exist',
      );
    });

    it('answers 404 for an unknown team and 400 for a bad id', async () => {
      const res = await admin.request({ method: 'GET', url: `/api/admin/teams/${unknownId()}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Team not found' });
      for (const [method, url] of [
        ['GET', '/api/admin/teams/not-an-id'],
        ['PATCH', '/api/admin/teams/123'],
        ['DELETE', '/api/admin/teams/zzzzzzzzzzzzzzzzzzzzzzzz'],
        ['PATCH', '/api/admin/teams/xyz/restore'],
        ['DELETE', `/api/admin/teams/${'A'.repeat(25)}/permanent`],
      ] as const) {
        const r = await admin.request({ method, url, payload: { name: 'Valid name' } });
        expect(r.statusCode, `${method} ${url}`).toBe(400);
      }
    });

    it('ignores server-stamped fields in the body (mass assignment)', async () => {
      const forgedId = unknownId();
      const res = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        payload: {
          ...validTeam({ name: 'Stamp Check' }),
          _id: forgedId,
          createdBy: u1,
          isDeleted: true,
          deletedBy: u2,
          createdAt: '2001-01-01T00:00:00.000Z',
          membersCount: 99,
        },
      });
      expect(res.statusCode).toBe(201);
      const team = res.json().data as TeamDto;
      expect(team._id).not.toBe(forgedId);
      expect(team.createdBy?._id).toBe(adminId);
      expect(team.isDeleted).toBe(false);
      expect(team.deletedBy).toBeNull();
      expect(team.membersCount).toBe(2);
      expect(team.createdAt.startsWith('2001')).toBe(false);

      const upd = await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${team._id}`,
        payload: { _id: forgedId, createdBy: u3, isDeleted: true, deletedAt: new Date().toISOString() },
      });
      expect(upd.statusCode).toBe(200);
      expect(upd.json().data).toMatchObject({
        _id: team._id,
        createdBy: { _id: adminId },
        isDeleted: false,
        deletedAt: null,
        name: 'Stamp Check',
      });
      expect((await admin.request({ method: 'GET', url: `/api/admin/teams/${forgedId}` })).statusCode).toBe(
        404,
      );
    });
  });

  describe('update', () => {
    it('replaces only the fields sent; members as a whole list', async () => {
      const team = await create({ name: 'Sambalpur Service' });
      const rename = await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${team._id}`,
        payload: { name: 'Sambalpur Service Desk' },
      });
      expect(rename.statusCode).toBe(200);
      expect(rename.json()).toMatchObject({ success: true, message: 'Team updated successfully' });
      expect(rename.json().data).toMatchObject({
        name: 'Sambalpur Service Desk',
        description: team.description,
        membersCount: 2,
      });

      const members = await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${team._id}`,
        payload: {
          members: [
            { user: u3, role: 'manager' },
            { user: u2, role: 'admin' },
          ],
        },
      });
      expect(members.statusCode).toBe(200);
      const updated = members.json().data as TeamDto;
      expect(updated.members.map((m) => [m.user._id, m.role])).toEqual([
        [u3, 'manager'],
        [u2, 'admin'],
      ]);
      expect(updated.membersCount).toBe(2);
      expect(updated.name).toBe('Sambalpur Service Desk');
      const rows = await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team._id));
      expect(rows.map((r) => r.userId).sort()).toEqual([u2, u3].sort());

      const clear = await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${team._id}`,
        payload: { description: null },
      });
      expect(clear.json().data).toMatchObject({ description: null, membersCount: 2 });
    });

    it('refuses bad members and keeps the old list', async () => {
      const team = await create();
      const patch = (payload: object) =>
        admin.request({ method: 'PATCH', url: `/api/admin/teams/${team._id}`, payload });
      await expect400(
        await patch({
          members: [
            { user: u2, role: 'admin' },
            { user: u2, role: 'manager' },
          ],
        }),
        'User already in team',
      );
      await expect400(await patch({ members: [] }), 'At least one team member is required');
      await expect400(
        await patch({
          members: [
            { user: u3, role: 'admin' },
            { user: unknownId(), role: 'member' },
          ],
        }),
        'One or more members do not exist',
      );
      await expect400(await patch({ name: 'no' }), 'Team name must be at least 3 characters long');
      const got = await admin.request({ method: 'GET', url: `/api/admin/teams/${team._id}` });
      expect((got.json().data as TeamDto).members.map((m) => m.user._id)).toEqual([u1, u2]);
    });

    it('a deleted team must be restored before updating; an unknown one is 404', async () => {
      const team = await create();
      await admin.request({ method: 'DELETE', url: `/api/admin/teams/${team._id}` });
      await expect400(
        await admin.request({
          method: 'PATCH',
          url: `/api/admin/teams/${team._id}`,
          payload: { name: 'Revived' },
        }),
        'Restore the team before updating',
      );
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${unknownId()}`,
        payload: { name: 'Nobody' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Team not found');
    });
  });

  describe('list', () => {
    const tag = `Flt${newId().slice(-5)}`;
    let a: TeamDto;
    let b: TeamDto;
    let c: TeamDto;

    beforeAll(async () => {
      c = await create({ name: `${tag} Charlie`, description: 'robotics lab installs' });
      a = await create({ name: `${tag} alpha` });
      b = await create({
        name: `${tag} Bravo`,
        members: [
          { user: u1, role: 'admin' },
          { user: u2, role: 'manager' },
          { user: u3, role: 'member' },
        ],
      });
      await admin.request({
        method: 'PATCH',
        url: `/api/admin/teams/${c._id}`,
        payload: { members: [{ user: u3, role: 'manager' }] },
      });
    });

    const names = (p: Page) => p.teams.map((t) => t.name);

    it('answers teams, teamsCount, page and limit; newest first by default', async () => {
      const res = await admin.request({ method: 'GET', url: `/api/admin/teams?filters[name]=${tag}` });
      expect(res.json()).toMatchObject({ success: true, message: 'Teams fetched successfully' });
      const p = res.json().data as Page;
      expect(p.teamsCount).toBe(3);
      expect(p.page).toBe(1);
      expect(p.limit).toBe(20);
      expect(p.teams.map((t) => t._id)).toEqual([b._id, a._id, c._id]);
      const page2 = await list(`filters[name]=${tag}&limit=2&page=2`);
      expect(page2.teamsCount).toBe(3);
      expect(page2.teams.map((t) => t._id)).toEqual([c._id]);
    });

    it('sorts by name, case-insensitively', async () => {
      expect(names(await list(`filters[name]=${tag}&sortBy=name&sortOrder=asc`))).toEqual([
        `${tag} alpha`,
        `${tag} Bravo`,
        `${tag} Charlie`,
      ]);
      expect(names(await list(`filters[name]=${tag}&sortBy=name&sortOrder=desc`))).toEqual([
        `${tag} Charlie`,
        `${tag} Bravo`,
        `${tag} alpha`,
      ]);
    });

    it('filters by name and description text', async () => {
      expect(names(await list(`filters[name]=${tag.toLowerCase()} BRAVO`))).toEqual([`${tag} Bravo`]);
      expect(names(await list(`filters[name]=${tag}&filters[description]=Robotics`))).toEqual([
        `${tag} Charlie`,
      ]);
      // LIKE wildcards match literally.
      expect((await list('filters[name]=%25')).teamsCount).toBe(0);
    });

    it('filters by the number of members', async () => {
      const range = (min?: number, max?: number) =>
        `filters[name]=${tag}&sortBy=name&sortOrder=asc${min === undefined ? '' : `&filters[membersCount][min]=${min}`}${
          max === undefined ? '' : `&filters[membersCount][max]=${max}`
        }`;
      expect(names(await list(range(2, 2)))).toEqual([`${tag} alpha`]);
      expect(names(await list(range(2)))).toEqual([`${tag} alpha`, `${tag} Bravo`]);
      expect(names(await list(range(undefined, 1)))).toEqual([`${tag} Charlie`]);
      expect((await list(range(4))).teamsCount).toBe(0);
    });

    it('filters by members: teams having any of the users', async () => {
      const base = `filters[name]=${tag}&sortBy=name&sortOrder=asc`;
      expect(names(await list(`${base}&filters[members][]=${u3}`))).toEqual([
        `${tag} Bravo`,
        `${tag} Charlie`,
      ]);
      expect(names(await list(`${base}&filters[members][]=${u1}`))).toEqual([`${tag} alpha`, `${tag} Bravo`]);
      expect(names(await list(`${base}&filters[members][]=${u1}&filters[members][]=${u3}`))).toHaveLength(3);
      expect((await list(`${base}&filters[members]=${unknownId()}`)).teamsCount).toBe(0);
    });

    it('filters by creator and creation day', async () => {
      expect((await list(`filters[name]=${tag}&filters[createdBy]=${adminId}`)).teamsCount).toBe(3);
      expect((await list(`filters[name]=${tag}&filters[createdBy]=${u1}`)).teamsCount).toBe(0);
      expect((await list(`filters[name]=${tag}&filters[createdAt][end]=2000-01-01`)).teamsCount).toBe(0);
    });

    it('the Deleted filter and Deleted By need restore on team', async () => {
      const reader = await asUserWithSession(ctx, [{ resource: 'team', actions: ['read'] }]);
      expect((await list(`filters[name]=${tag}`, reader)).teamsCount).toBe(3);
      for (const q of ['filters[isDeleted]=true', `filters[deletedBy]=${adminId}`]) {
        const res = await reader.request({ method: 'GET', url: `/api/admin/teams?${q}` });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          message: 'You don’t have permission to see deleted teams.',
        });
      }
      const restorer = await asUserWithSession(ctx, [{ resource: 'team', actions: ['read', 'restore'] }]);
      expect(
        (await restorer.request({ method: 'GET', url: '/api/admin/teams?filters[isDeleted]=true' }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses hostile or malformed queries with 400, never 500', async () => {
      for (const q of [
        'filters[__proto__]=x',
        'filters[__proto__][polluted]=1',
        'filters[constructor][prototype]=1',
        '__proto__[x]=1',
        'filters[password]=x',
        'filters[membersCount][min]=abc',
        'filters[membersCount]=3',
        'filters[members]=not-an-id',
        'filters[createdAt][start]=2026-02-30',
        'filters[isDeleted]=maybe',
        'sortBy=password',
        'sortBy=__proto__',
        'sortOrder=up',
        'page=0',
        'limit=100000',
        'filters[name][]=a&filters[name][]=b',
      ]) {
        const res = await admin.request({ method: 'GET', url: `/api/admin/teams?${q}` });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().success).toBe(false);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('lifecycle', () => {
    it('delete → deleted list → restore → delete → permanent → gone', async () => {
      const team = await create({ name: 'Balasore Demo Team' });
      const url = `/api/admin/teams/${team._id}`;

      await expect400(
        await admin.request({ method: 'DELETE', url: `${url}/permanent` }),
        'Only a deleted team can be deleted permanently',
      );
      await expect400(await admin.request({ method: 'PATCH', url: `${url}/restore` }), 'Team is not deleted');

      const del = await admin.request({ method: 'DELETE', url });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ success: true, message: 'Team deleted successfully' });
      await expect400(await admin.request({ method: 'DELETE', url }), 'Team is already deleted');

      const got = (await admin.request({ method: 'GET', url })).json().data as TeamDto;
      expect(got).toMatchObject({
        isDeleted: true,
        deletedBy: { _id: adminId },
        deletedAt: expect.any(String),
      });
      expect((await list('filters[name]=Balasore Demo')).teamsCount).toBe(0);
      const deleted = await list('filters[name]=Balasore Demo&filters[isDeleted]=true');
      expect(deleted.teams.map((t) => t._id)).toEqual([team._id]);
      expect(
        (await list(`filters[isDeleted]=true&filters[deletedBy]=${adminId}&filters[name]=Balasore Demo`))
          .teamsCount,
      ).toBe(1);

      const restored = await admin.request({ method: 'PATCH', url: `${url}/restore` });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ success: true, message: 'Team restored successfully' });
      expect((await admin.request({ method: 'GET', url })).json().data).toMatchObject({
        isDeleted: false,
        deletedAt: null,
        deletedBy: null,
        membersCount: 2,
      });
      expect((await list('filters[name]=Balasore Demo')).teamsCount).toBe(1);

      await admin.request({ method: 'DELETE', url });
      const perm = await admin.request({ method: 'DELETE', url: `${url}/permanent` });
      expect(perm.statusCode).toBe(200);
      expect(perm.json()).toMatchObject({ success: true, message: 'Team deleted permanently' });
      const after = await admin.request({ method: 'GET', url });
      expect(after.statusCode).toBe(404);
      expect(after.json().message).toBe('Team not found');
      expect(
        await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team._id)),
      ).toEqual([]);
      expect((await admin.request({ method: 'DELETE', url: `${url}/permanent` })).statusCode).toBe(404);
      expect((await admin.request({ method: 'PATCH', url: `${url}/restore` })).statusCode).toBe(404);
      expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(404);
    });

    it('a member deleted for good drops out of the team; a soft-deleted one still shows', async () => {
      const temp = (await createUser(ctx.database, { password: 'x', overrides: { name: 'Temp Member' } })).id;
      const leaver = (await createUser(ctx.database, { password: 'x', overrides: { name: 'Leaver' } })).id;
      const team = await create({
        members: [
          { user: u1, role: 'admin' },
          { user: temp, role: 'member' },
          { user: leaver, role: 'member' },
        ],
      });
      expect(team.membersCount).toBe(3);
      await ctx.database.db.delete(users).where(eq(users.id, temp));
      await ctx.database.db
        .update(users)
        .set({ isDeleted: true, status: 'Deleted', deletedAt: new Date() })
        .where(eq(users.id, leaver));
      const got = (await admin.request({ method: 'GET', url: `/api/admin/teams/${team._id}` })).json()
        .data as TeamDto;
      expect(got.members.map((m) => [m.user._id, m.user.name])).toEqual([
        [u1, 'Aparna Team One'],
        [leaver, 'Leaver'],
      ]);
      expect(got.membersCount).toBe(2);
    });
  });

  describe('suggestion', () => {
    it('matches live teams by name, selected ones first, at most 20', async () => {
      const tag = `Sug${newId().slice(-5)}`;
      const made: TeamDto[] = [];
      for (let i = 0; i < 22; i++) made.push(await create({ name: `${tag} ${String(i).padStart(2, '0')}` }));
      const dead = await create({ name: `${tag} zz deleted` });
      await admin.request({ method: 'DELETE', url: `/api/admin/teams/${dead._id}` });

      const res = await admin.request({ method: 'GET', url: `/api/admin/teams/suggestion?name=${tag}` });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as { _id: string; name: string }[];
      expect(rows).toHaveLength(20);
      expect(rows[0]).toEqual({ _id: made[0]!._id, name: `${tag} 00` });
      expect(rows.some((r) => r._id === dead._id)).toBe(false);

      const picked = await admin.request({
        method: 'GET',
        url: `/api/admin/teams/suggestion?name=${tag} 1&selectedIds=${made[21]!._id},${dead._id}`,
      });
      const pickedRows = picked.json().data as { _id: string; name: string }[];
      // Selected first (even a deleted one, so a picker can still name it), then matches.
      expect(pickedRows.slice(0, 2).map((r) => r._id)).toEqual([made[21]!._id, dead._id]);
      expect(pickedRows.slice(2).map((r) => r.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${tag} 1${i}`),
      );

      const bad = await admin.request({ method: 'GET', url: '/api/admin/teams/suggestion?selectedIds=nope' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('bad bodies', () => {
    it('answers 400 for malformed JSON and wrong shapes', async () => {
      const raw = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(raw.statusCode).toBe(400);
      for (const payload of [[], { name: 'Okay team', members: 'all' }, { name: 5, members: [] }]) {
        const res = await admin.request({
          method: 'POST',
          url: '/api/admin/teams',
          payload: payload as object,
        });
        expect(res.statusCode).toBe(400);
      }
      const proto = await admin.request({
        method: 'POST',
        url: '/api/admin/teams',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Proto Team","members":[{"user":"${u1}","role":"admin"}],"__proto__":{"isDeleted":true}}`,
      });
      expect([201, 400]).toContain(proto.statusCode);
      if (proto.statusCode === 201) expect(proto.json().data.isDeleted).toBe(false);
    });
  });
});
