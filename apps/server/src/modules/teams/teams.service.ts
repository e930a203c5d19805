import {
  type ListQuery,
  recordMessages,
  TEAM_MESSAGES,
  type TeamDto,
  type TeamInput,
  type TeamMemberInput,
  type TeamMemberRole,
  type TeamUpdateInput,
  type UserRef,
} from '@karya/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, recordUpdate, type Snapshot } from '../../platform/history.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import { idArray, type ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  createStamps,
  findLiveRecord,
  findRecord,
  lifecycleRules,
  listPage,
  missingLiveUsers,
  runList,
  stampsDto,
  suggestByName,
  updateStamps,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type TeamRow = typeof teams.$inferSelect;
/** A transaction handle or the database itself. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const TEAM = {
  ...recordMessages('team'),
  notFound: TEAM_MESSAGES.notFound,
  membersMissing: 'One or more members do not exist',
};

// ------------------------------------------------------------------------------------------------- dto

/** Members in the order they were given, each with the user's reference and the member role. */
export const toTeamDtos = async (db: Db, rows: TeamRow[]): Promise<TeamDto[]> => {
  const ids = rows.map((r) => r.id);
  const memberRows = ids.length
    ? await db
        .select()
        .from(teamMembers)
        .where(inArray(teamMembers.teamId, ids))
        .orderBy(asc(teamMembers.teamId), asc(teamMembers.position), asc(teamMembers.userId))
    : [];
  const refs = await userRefs(db, [
    ...memberRows.map((m) => m.userId),
    ...rows.flatMap((r) => [r.createdBy, r.deletedBy]),
  ]);
  const byTeam = new Map<string, TeamDto['members']>();
  for (const m of memberRows) {
    const user = refs.get(m.userId);
    if (!user) continue;
    const list = byTeam.get(m.teamId) ?? [];
    list.push({ user, role: m.role as TeamMemberRole });
    byTeam.set(m.teamId, list);
  }
  return rows.map((r) => {
    const members = byTeam.get(r.id) ?? [];
    return {
      _id: r.id,
      name: r.name,
      description: r.description,
      members,
      membersCount: members.length,
      ...stampsDto(r, refs),
    };
  });
};

const one = async (db: Db, row: TeamRow) => (await toTeamDtos(db, [row]))[0]!;

// ------------------------------------------------------------------------------------------------ list

/** The number of members of the team a list row is about (correlated with the outer `teams` row). */
const membersCountSql = sql`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})::int`;

const teamColumns: ListColumns = {
  filters: {
    name: { kind: 'text', on: teams.name },
    description: { kind: 'text', on: teams.description },
    membersCount: { kind: 'numberRange', on: membersCountSql },
    // Teams having any of the given users as a member.
    members: {
      kind: 'custom',
      build: (v) =>
        Array.isArray(v) && v.length
          ? sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = any(${idArray(v)}))`
          : undefined,
    },
    ...lifecycleRules(teams),
  },
  sort: {
    name: sql`lower(${teams.name})`,
    createdAt: teams.createdAt,
    updatedAt: teams.updatedAt,
  },
  id: teams.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export const listTeams = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, 'team', query.filters, TEAM);
  const { rows, total } = await runList<TeamRow>({ db, table: teams, columns: teamColumns, query, filters });
  return listPage('teams', await toTeamDtos(db, rows), total, query);
};

export const getTeam = async (db: Db, id: string) => one(db, await findRecord<TeamRow>(db, teams, id, TEAM));

/** GET /admin/teams/suggestion: the selected teams first, then live teams whose name matches; at most 20. */
export const suggestTeams = (db: Db, input: { name: string; selectedIds: string[] }) =>
  suggestByName(db, teams, input);

// ----------------------------------------------------------------------------------------------- write

/** Every member must be a live user (the schema already refused duplicates). */
const checkMembers = async (db: Db, members: TeamMemberInput[]) => {
  if ((await missingLiveUsers(db, [...new Set(members.map((m) => m.user))])).length)
    throw badRequest(TEAM.membersMissing);
};

const writeMembers = async (tx: Tx, teamId: string, members: TeamMemberInput[]) => {
  await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (members.length)
    await tx
      .insert(teamMembers)
      .values(members.map((m, position) => ({ teamId, userId: m.user, role: m.role, position })));
};

/** How teams appear in history: name, description, and the members by id, name and role. */
const TEAM_HISTORY = { entity: 'team', title: teams.name } as const;

type MemberSnapshot = { userId: string; role: string };

const teamSnapshot = (row: TeamRow, members: MemberSnapshot[], refs: Map<string, UserRef>): Snapshot => ({
  name: row.name,
  description: row.description,
  members: members.map((m) => ({ _id: m.userId, name: refs.get(m.userId)?.name ?? m.userId, role: m.role })),
});

const membersOf = (tx: Tx, teamId: string) =>
  tx
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.position), asc(teamMembers.userId));

const asMembers = (input: TeamMemberInput[]): MemberSnapshot[] =>
  input.map((m) => ({ userId: m.user, role: m.role }));

export const createTeam = async ({ db, clock }: Deps, principal: Principal, input: TeamInput) => {
  await checkMembers(db, input.members);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(teams)
      .values({
        ...createStamps(principal, now),
        name: input.name,
        description: input.description,
      })
      .returning();
    await writeMembers(tx, inserted!.id, input.members);
    const members = asMembers(input.members);
    const refs = await userRefs(
      tx,
      members.map((m) => m.userId),
    );
    await recordChange(tx, principal, now, {
      entity: TEAM_HISTORY.entity,
      recordId: inserted!.id,
      title: inserted!.name,
      action: 'create',
      changes: diffSnapshots('team', null, teamSnapshot(inserted!, members, refs)),
    });
    return inserted!;
  });
  return one(db, row);
};

/** PATCH /admin/teams/{id}: the fields sent are replaced; members as a whole list. */
export const updateTeam = async (
  { db, clock }: Deps,
  principal: Principal,
  id: string,
  input: TeamUpdateInput,
) => {
  await findLiveRecord<TeamRow>(db, teams, id, TEAM);
  if (input.members) await checkMembers(db, input.members);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    // Read again inside the transaction: the entry's "from" is what this change replaced.
    const current = await findLiveRecord<TeamRow>(tx, teams, id, TEAM);
    const before = input.members ? await membersOf(tx, id) : [];
    const [updated] = await tx
      .update(teams)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...updateStamps(principal, now),
      })
      .where(eq(teams.id, id))
      .returning();
    if (input.members) await writeMembers(tx, id, input.members);
    const after = input.members ? asMembers(input.members) : [];
    const refs = input.members
      ? await userRefs(
          tx,
          [...before, ...after].map((m) => m.userId),
        )
      : new Map();
    const snapshot = (r: TeamRow, members: MemberSnapshot[]) => {
      const all = teamSnapshot(r, members, refs);
      // Members not sent stay as they were: not a change.
      if (!input.members) delete all.members;
      return all;
    };
    await recordUpdate(tx, principal, now, {
      entity: TEAM_HISTORY.entity,
      recordId: id,
      title: updated!.name,
      before: snapshot(current, before),
      after: snapshot(updated!, after),
    });
    return updated!;
  });
  return one(db, row);
};

/** Permanent delete only from the deleted state; the member rows go with it (ON DELETE CASCADE). */
export const teamLifecycle = recordLifecycle<TeamRow>({
  table: teams,
  messages: TEAM,
  history: TEAM_HISTORY,
});
