import { MESSAGES, type TeamDto, teamListSpec } from '@karya/domain';
import { Badge, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import {
  EmptyState,
  ErrorState,
  FilterDrawer,
  ListSkeleton,
  PaginationBar,
  RecordGrid,
  SearchPalette,
  SearchPaletteButton,
  SortMenu,
  useListParams,
  useSearchPaletteHotkey,
} from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { searchTeams, teamKeys, useTeamsList } from './api';
import { TeamCard } from './team-card';
import { TeamFilterFields } from './team-filters';

/** Spec 3 §9: the page size of this list is kept under this key; the filters under the other. */
export const TEAM_LIMIT_KEY = 'teamLimit';
export const TEAM_FILTERS_KEY = 'teamFilters';

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

const getId = (team: TeamDto) => team._id;
const getLabel = (team: TeamDto) => team.name;

/** /admin/teams: cards of teams with sort, filters (#filter) and pagination. */
export const TeamsListPage = () => {
  const { can } = useCan();
  const navigate = useNavigate();
  const list = useListParams(TEAM_LIMIT_KEY, { spec: teamListSpec, storeFiltersKey: TEAM_FILTERS_KEY });
  const teams = useTeamsList(list.query);
  const data = teams.data;
  const showingDeleted = list.filters.isDeleted === true;
  const canSearch = can('team', 'suggestion');
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useSearchPaletteHotkey(openPalette, canSearch);

  return (
    <Stack gap="md">
      <PageHeader
        title="Manage Teams"
        filter
        actions={
          <>
            {canSearch && <SearchPaletteButton tooltip="Search teams" onOpen={openPalette} />}
            {can('team', 'create') && (
              <Button
                component={Link}
                to="/admin/teams/create"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Create Team
              </Button>
            )}
          </>
        }
      />

      <Group gap="xs" justify="flex-end" wrap="wrap">
        {showingDeleted && (
          <Badge color="red" variant="light">
            Deleted teams
          </Badge>
        )}
        <SortMenu
          options={SORT_OPTIONS}
          sortBy={list.sortBy}
          sortOrder={list.sortOrder}
          onChange={list.setSort}
        />
      </Group>

      <VisuallyHidden aria-live="polite" role="status">
        {data ? `${data.teamsCount} teams found` : ''}
      </VisuallyHidden>

      {teams.isPending ? (
        <ListSkeleton />
      ) : teams.isError && !data ? (
        <ErrorState message={messageOf(teams.error)} onRetry={() => teams.refetch()} />
      ) : data && data.teams.length === 0 ? (
        <EmptyState message={MESSAGES.noDataFound} />
      ) : data ? (
        <>
          <div
            style={{ opacity: teams.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={teams.isFetching}
          >
            <RecordGrid
              label="Teams"
              rows={data.teams}
              getId={getId}
              getLabel={getLabel}
              onOpen={(team) => navigate(`/admin/teams/${team._id}`)}
              renderCard={(team) => <TeamCard team={team} />}
            />
          </div>
          {teams.isError && <ErrorState message={messageOf(teams.error)} onRetry={() => teams.refetch()} />}
        </>
      ) : null}

      {data && data.teamsCount > 0 && (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={data.teamsCount}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      )}

      <FilterDrawer list={list} title="Filter Teams">
        {(draft) => (
          <TeamFilterFields
            draft={draft}
            canSearchUsers={can('user', 'suggestion')}
            canSeeDeleted={can('team', 'restore')}
          />
        )}
      </FilterDrawer>
      {canSearch && (
        <SearchPalette<{ _id: string; name: string }>
          opened={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          title="Search teams"
          placeholder="Type a team name..."
          queryKey={(name) => teamKeys.suggestion('name', name)}
          search={(name, signal) => searchTeams(name, signal)}
          toItem={(t) => ({ id: t._id, label: t.name })}
          onSelect={(t) => navigate(`/admin/teams/${t._id}`)}
          emptyText="No teams found. Try a different search."
        />
      )}
    </Stack>
  );
};
