import { TEAM_MESSAGES } from '@karya/domain';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { useTeam } from './api';
import { TeamForm } from './team-form';

/** /admin/teams/create */
export const TeamCreatePage = () => (
  <Stack gap={0} maw={960}>
    <PageHeader title="Create Team" back />
    <TeamForm mode="create" />
  </Stack>
);

/** /admin/teams/:id/update: the form once the team has loaded; 'Team not found' when it does not exist. */
export const TeamUpdatePage = () => {
  const { id } = useParams();
  const team = useTeam(id);
  const missing = isApiError(team.error) && team.error.status === 404;
  return (
    <Stack gap={0} maw={960}>
      <PageHeader title="Update Team" back />
      {team.data ? (
        <TeamForm key={team.data._id} mode="update" team={team.data} />
      ) : missing ? (
        <EmptyState message={TEAM_MESSAGES.notFound}>
          <Button component={Link} to="/admin/teams" variant="light">
            Back to teams
          </Button>
        </EmptyState>
      ) : team.isError ? (
        <ErrorState message={messageOf(team.error)} onRetry={() => team.refetch()} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading team" />
        </Center>
      )}
    </Stack>
  );
};
