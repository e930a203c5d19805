import { TEAM_MESSAGES } from '@karya/domain';
import { recordFormPages } from '../../components/form/update-page';
import { useTeam } from './api';
import { TeamForm } from './team-form';

/** /admin/teams/create, and /admin/teams/:id/update once the team has loaded ('Team not found' else). */
export const [TeamCreatePage, TeamUpdatePage] = recordFormPages(
  { noun: 'team', maw: 960, listPath: '/admin/teams' },
  { useRecord: useTeam, notFoundText: TEAM_MESSAGES.notFound },
  (team) => <TeamForm key={team?._id} mode={team ? 'update' : 'create'} team={team} />,
);
