import { TEAM_MESSAGES, type TeamDto } from '@karya/domain';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MemberGroup, membersWithRole } from './team-display';

const count = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** One team in the grid of /admin/teams: name, member count, admins and managers. */
export const TeamCard = ({ team }: { team: TeamDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={team.name} h="100%">
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm" gap="xs">
      {/* The grid makes the whole card open the team (click or Enter); the link is one tab stop less. */}
      <Anchor
        component={Link}
        to={`/admin/teams/${team._id}`}
        tabIndex={-1}
        fw={600}
        lineClamp={2}
        style={{ minWidth: 0 }}
      >
        {team.name}
      </Anchor>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {team.isDeleted && (
          <Badge color="red" variant="light" size="sm">
            Deleted
          </Badge>
        )}
        <Badge variant="light" color="gray" leftSection={<IconUsers size={12} aria-hidden />} size="sm">
          {count(team.membersCount ?? team.members.length)}
        </Badge>
      </Group>
    </Group>
    <Stack gap="xs">
      <MemberGroup label="Admins" users={membersWithRole(team, 'admin')} emptyText={TEAM_MESSAGES.noAdmin} />
      <MemberGroup
        label="Managers"
        users={membersWithRole(team, 'manager')}
        emptyText={TEAM_MESSAGES.noManager}
      />
    </Stack>
    {team.description && (
      <Text size="sm" c="dimmed" mt="sm" lineClamp={2}>
        {team.description}
      </Text>
    )}
  </Card>
);
