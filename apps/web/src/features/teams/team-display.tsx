import { TEAM_MEMBER_ROLES, type TeamDto, type TeamMemberRole, type UserRef } from '@karya/domain';
import { Avatar, Badge, Group, Text } from '@mantine/core';

/** 'admin' → 'Admin': member roles are stored lower-case and shown capitalised. */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

export const ROLE_OPTIONS = TEAM_MEMBER_ROLES.map((value) => ({ value, label: roleLabel(value) }));

const ROLE_COLORS: Record<TeamMemberRole, string> = { admin: 'grape', manager: 'teal', member: 'gray' };

export const RoleBadge = ({ role }: { role: TeamMemberRole }) => (
  <Badge size="sm" variant="light" color={ROLE_COLORS[role] ?? 'gray'}>
    {roleLabel(role)}
  </Badge>
);

export const membersWithRole = (team: Pick<TeamDto, 'members'>, role: TeamMemberRole): UserRef[] =>
  team.members.filter((m) => m.role === role && m.user).map((m) => m.user);

/** How many avatars a card shows before '+N'. */
const SHOWN = 3;

/**
 * The admins (or managers) of a team on its card: avatars and names, or the 'No Admin in Team' text. The
 * names are in the text, so the avatars are decoration.
 */
export const MemberGroup = ({
  label,
  users,
  emptyText,
}: {
  label: string;
  users: UserRef[];
  emptyText: string;
}) => (
  <div>
    <Text size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    {users.length === 0 ? (
      <Text size="sm" c="dimmed" fs="italic">
        {emptyText}
      </Text>
    ) : (
      <Group gap="xs" wrap="nowrap" mt={2}>
        <Avatar.Group aria-hidden>
          {users.slice(0, SHOWN).map((u) => (
            <Avatar key={u._id} src={u.image?.url} name={u.name} color="initials" size="sm" radius="xl" />
          ))}
          {users.length > SHOWN && (
            <Avatar size="sm" radius="xl">
              +{users.length - SHOWN}
            </Avatar>
          )}
        </Avatar.Group>
        <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
          {users.map((u) => u.name).join(', ')}
        </Text>
      </Group>
    )}
  </div>
);
