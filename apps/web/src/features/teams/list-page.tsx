import { MESSAGES, type TeamDto, teamListSpec } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { RecordListPage } from '../../components/list/record-list-page';
import { searchTeams, teamKeys, useTeamsList } from './api';
import { TeamCard } from './team-card';

// Downloaded when the filter drawer first opens.
const TeamFilterFields = lazy(() => import('./team-filters').then((m) => ({ default: m.TeamFilterFields })));

/** Spec 3 §9: the page size of this list is kept under this key; the filters under the other. */
export const TEAM_LIMIT_KEY = 'teamLimit';
export const TEAM_FILTERS_KEY = 'teamFilters';

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

/** /admin/teams: cards of teams with sort, filters (#filter) and pagination. */
export const TeamsListPage = () => {
  const { can } = useCan();
  return (
    <RecordListPage<'teams', TeamDto, { _id: string; name: string }>
      resource="team"
      title="Manage Teams"
      label="Teams"
      plural="teams"
      spec={teamListSpec}
      useList={useTeamsList}
      storage={{ limit: TEAM_LIMIT_KEY, filters: TEAM_FILTERS_KEY }}
      getId={(team) => team._id}
      getLabel={(team) => team.name}
      href={(id) => `/admin/teams/${id}`}
      card={(team) => <TeamCard team={team} />}
      sortOptions={SORT_OPTIONS}
      filters={{
        title: 'Filter Teams',
        fields: ({ canSeeDeleted }) => (
          <TeamFilterFields canSearchUsers={can('user', 'suggestion')} canSeeDeleted={canSeeDeleted} />
        ),
      }}
      search={{
        title: 'Search teams',
        placeholder: 'Type a team name...',
        queryKey: (name) => teamKeys.suggestion('name', name),
        search: searchTeams,
        toItem: (t) => ({ id: t._id, label: t.name }),
        emptyText: 'No teams found. Try a different search.',
      }}
      create={{ label: 'Create Team', to: '/admin/teams/create' }}
      emptyText={MESSAGES.noDataFound}
    />
  );
};
