import type { ListPage, TeamDto, TeamInput, TeamUpdateInput } from '@karya/domain';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

export type TeamsPage = ListPage<'teams', TeamDto>;

/** Every teams query starts with this root, so one invalidation refreshes lists and details. */
export const teamKeys = recordKeys('teams');
export const TEAMS_ROOT = 'teams';

const teamApi = recordApi<TeamsPage, TeamDto>({ base: '/admin/teams', keys: teamKeys });

/** A page of teams; the previous page stays on screen while the next one loads. */
export const useTeamsList = teamApi.useList;

/** One team (nothing is asked without an id). */
export const useTeam = teamApi.useOne;

export const createTeam = (body: TeamInput, idempotencyKey?: string) => teamApi.create(body, idempotencyKey);

/** The fields sent are replaced; a cleared description goes as null (so it is not stripped). */
export const updateTeam = (id: string, body: TeamUpdateInput, idempotencyKey?: string) =>
  teamApi.update(id, body, idempotencyKey);

export const deleteTeam = teamApi.lifecycle.remove;
export const restoreTeam = teamApi.lifecycle.restore;
export const deleteTeamPermanently = teamApi.lifecycle.removePermanently;

/** The lifecycle calls, for useRecordLifecycle. */
export const teamLifecycleApi = teamApi.lifecycle;

/** Team suggestions (name search, at most 20) for the Ctrl+K palette; needs suggestion on team. */
export const searchTeams = async (name: string, signal?: AbortSignal) =>
  (
    await api.get<{ _id: string; name: string }[]>('/admin/teams/suggestion', new URLSearchParams({ name }), {
      signal,
    })
  ).data;
