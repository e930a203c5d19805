import { TEAM_MESSAGES } from '@karya/domain';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { useTeam } from './api';
import { TeamForm } from './team-form';

/** /admin/teams/create */
export const TeamCreatePage = () => (
  <RecordFormPage title="Create Team" maw={960}>
    {() => <TeamForm mode="create" />}
  </RecordFormPage>
);

/** /admin/teams/:id/update: the form once the team has loaded; 'Team not found' when it does not exist. */
export const TeamUpdatePage = () => {
  const { id } = useParams();
  return (
    <RecordFormPage
      title="Update Team"
      maw={960}
      noun="team"
      query={useTeam(id)}
      notFoundText={TEAM_MESSAGES.notFound}
      backTo={{ to: '/admin/teams', label: 'Back to teams' }}
    >
      {(team) => <TeamForm key={team._id} mode="update" team={team} />}
    </RecordFormPage>
  );
};
