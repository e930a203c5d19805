import type { ListPage, ListQuery, TeamDto, TeamInput, TeamUpdateInput } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

export type TeamsPage = ListPage<'teams', TeamDto>;

/** Every teams query starts with this root, so one invalidation refreshes lists and details. */
export const teamKeys = recordKeys('teams');
export const TEAMS_ROOT = 'teams';

const path = (id: string, suffix = '') => `/admin/teams/${encodeURIComponent(id)}${suffix}`;

/** A page of teams; the previous page stays on screen while the next one loads. */
export const useTeamsList = (query: ListQuery) =>
  useQuery({
    queryKey: teamKeys.list(query),
    queryFn: async ({ signal }) => (await api.list<TeamsPage>('/admin/teams', query, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });

/** One team (nothing is asked without an id). */
export const useTeam = (id: string | undefined) =>
  useQuery({
    queryKey: teamKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<TeamDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

export const createTeam = (body: TeamInput, idempotencyKey?: string) =>
  api.post<TeamDto>('/admin/teams', body, { idempotencyKey });

/** The fields sent are replaced; a cleared description goes as null (so it is not stripped). */
export const updateTeam = (id: string, body: TeamUpdateInput, idempotencyKey?: string) =>
  api.patch<TeamDto>(path(id), body, { keepEmpty: true, idempotencyKey });

export const deleteTeam = (id: string) => api.delete<null>(path(id));
export const restoreTeam = (id: string) => api.patch<null>(path(id, '/restore'));
export const deleteTeamPermanently = (id: string) => api.delete<null>(path(id, '/permanent'));

/** The lifecycle calls, for useRecordLifecycle. */
export const teamLifecycleApi = {
  remove: deleteTeam,
  restore: restoreTeam,
  removePermanently: deleteTeamPermanently,
};

/** Team suggestions (name search, at most 20) for the Ctrl+K palette; needs suggestion on team. */
export const searchTeams = async (name: string, signal?: AbortSignal) =>
  (
    await api.get<{ _id: string; name: string }[]>('/admin/teams/suggestion', new URLSearchParams({ name }), {
      signal,
    })
  ).data;
