import { TEAM_MESSAGES, type TeamDto, type UserRef } from '@karya/domain';
import { Accordion, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate } from '../../components/record/format';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { RecordLink } from '../../components/record/record-link';
import { TEAMS_ROOT, teamKeys, teamLifecycleApi, useTeam } from './api';
import { RoleBadge } from './team-display';

const UserLink = ({ user }: { user: UserRef | null }) =>
  user ? (
    <RecordLink to={`/admin/users/${user._id}`} inherit>
      {user.name}
    </RecordLink>
  ) : null;

const Members = ({ team }: { team: TeamDto }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby="team-members-title">
    <Title order={3} size="h5" mb="sm" id="team-members-title">
      Members ({team.members.length})
    </Title>
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {team.members
        .filter((m) => m.user)
        .map((m) => (
          <Group component="li" key={m.user._id} justify="space-between" gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar src={m.user.image?.url} name={m.user.name} color="initials" radius="xl" aria-hidden />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <RecordLink to={`/admin/users/${m.user._id}`} size="sm" fw={500} truncate>
                  {m.user.name}
                </RecordLink>
                {m.user.email && (
                  <Text size="xs" c="dimmed" truncate>
                    {m.user.email}
                  </Text>
                )}
              </Stack>
            </Group>
            <RoleBadge role={m.role} />
          </Group>
        ))}
    </Stack>
  </Card>
);

/** Who created and deleted the team and when (dd/MM/yyyy), folded away by default. */
const AdditionalInformation = ({ team }: { team: TeamDto }) => (
  <Accordion variant="contained" radius="md">
    <Accordion.Item value="additional">
      <Accordion.Control>Additional Information</Accordion.Control>
      <Accordion.Panel>
        <FieldList
          items={[
            { label: 'Created By', value: <UserLink user={team.createdBy} /> },
            { label: 'Created On', value: formatDate(team.createdAt) },
            { label: 'Updated On', value: formatDate(team.updatedAt) },
            { label: 'Deleted On', value: team.isDeleted ? formatDate(team.deletedAt) : null },
            { label: 'Deleted By', value: team.isDeleted ? <UserLink user={team.deletedBy} /> : null },
          ]}
        />
      </Accordion.Panel>
    </Accordion.Item>
  </Accordion>
);

/** /admin/teams/:id */
export const TeamDetailPage = () => {
  const { id = '' } = useParams();
  const team = useTeam(id);
  const lifecycle = useRecordLifecycle({ noun: 'team', queryRoot: TEAMS_ROOT, api: teamLifecycleApi });
  const actions = useDetailActions({ resource: 'team', id, lifecycle, listPath: '/admin/teams' });

  return (
    <DetailFrame<TeamDto>
      title="Team Details"
      recordName={(t) => t.name}
      noun="team"
      query={team}
      notFoundText={TEAM_MESSAGES.notFound}
      backTo={{ to: '/admin/teams', label: 'Back to teams' }}
      {...actions}
      updateTo="update"
      labels={{ update: 'Update Team', delete: 'Delete Team', deletePermanently: 'Permanently Delete' }}
      history={{ path: `/admin/teams/${id}/history`, queryKey: [...teamKeys.detail(id), 'history'] }}
      showStamps={false}
    >
      {(t) => (
        <>
          <Card withBorder radius="md" padding="md">
            <Title order={3} size="h4" style={{ overflowWrap: 'break-word' }}>
              {t.name}
            </Title>
            <Text
              size="sm"
              mt="xs"
              c={t.description ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap' }}
            >
              {t.description || TEAM_MESSAGES.noDescription}
            </Text>
          </Card>
          <Members team={t} />
          <AdditionalInformation team={t} />
        </>
      )}
    </DetailFrame>
  );
};
