import type { UserDto } from '@karya/domain';
import { ActionIcon, Anchor, Avatar, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconEye,
  IconKey,
  IconPencil,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/auth';
import { CardLine } from '../../components/list/card-line';
import { useUserActions } from './user-actions';
import { EMPLOYMENT_COLORS, formatDate, formatDateTime, RoleChips, StatusBadge } from './user-display';

/**
 * The manage menu of a user card; none for Super Admins (spec 1 §4), each entry gated by permission. Only
 * its button is drawn with the card: the menu and its actions mount on the first click, so the twenty cards
 * of a page do not each set up a popover and the user mutations when the list arrives (issue 9 §1).
 */
export const UserCardMenu = ({ user }: { user: UserDto }) => {
  const { can } = useCan();
  const [used, setUsed] = useState(false);
  if (user.isSuperAdmin) return null;
  // View is always there for a live user; a deleted one needs restore or delete-permanently.
  if (user.isDeleted && !can('user', 'restore') && !can('user', 'delete-permanently')) return null;
  if (used) return <UserCardMenuOpen user={user} />;
  return <MenuButton user={user} onClick={() => setUsed(true)} />;
};

const MenuButton = ({
  user,
  ref,
  ...props
}: { user: UserDto; ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<'button'>) => (
  <ActionIcon
    ref={ref}
    variant="subtle"
    color="gray"
    aria-label={`Actions for ${user.name}`}
    aria-haspopup="menu"
    {...props}
  >
    <IconDots size={18} />
  </ActionIcon>
);

const UserCardMenuOpen = ({ user }: { user: UserDto }) => {
  const { can } = useCan();
  const actions = useUserActions();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  // Mounted by the first click: focus the button again (it was redrawn) and open, so the menu gives focus
  // back to it when it closes, as a menu mounted with the card does.
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  const base = `/admin/users/${user._id}`;
  const items: ReactNode[] = user.isDeleted
    ? [
        can('user', 'restore') && (
          <Menu.Item
            key="restore"
            leftSection={<IconRestore size={14} />}
            onClick={() => actions.restore(user)}
          >
            Restore
          </Menu.Item>
        ),
        can('user', 'delete-permanently') && (
          <Menu.Item
            key="permanent"
            color="red"
            leftSection={<IconTrashX size={14} />}
            onClick={() => actions.removePermanently(user)}
          >
            Delete Permanently
          </Menu.Item>
        ),
      ]
    : [
        <Menu.Item key="view" component={Link} to={base} leftSection={<IconEye size={14} />}>
          View
        </Menu.Item>,
        can('user', 'update') && (
          <Menu.Item
            key="update"
            component={Link}
            to={`${base}/update`}
            leftSection={<IconPencil size={14} />}
          >
            Update
          </Menu.Item>
        ),
        can('user', 'change-password') && (
          <Menu.Item
            key="password"
            component={Link}
            to={`${base}/change-password`}
            leftSection={<IconKey size={14} />}
          >
            Change Password
          </Menu.Item>
        ),
        can('user', 'delete') && (
          <Menu.Item
            key="delete"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove(user)}
          >
            Delete
          </Menu.Item>
        ),
      ];
  const visible = items.filter(Boolean);
  if (visible.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <MenuButton user={user} ref={target} />
      </Menu.Target>
      <Menu.Dropdown>{visible}</Menu.Dropdown>
    </Menu>
  );
};

/** One user in the grid of /admin/users. */
export const UserCard = ({ user }: { user: UserDto }) => (
  <Card withBorder padding="md" radius="md" component="article" aria-label={user.name}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={user.image?.url} name={user.name} color="initials" size={48} radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/admin/users/${user._id}`} fw={600} lineClamp={1}>
            {user.name}
          </Anchor>
          <Group gap={4}>
            <StatusBadge status={user.status} />
            {user.isDeleted && user.status !== 'Deleted' && <StatusBadge status="Deleted" />}
          </Group>
        </Stack>
      </Group>
      <UserCardMenu user={user} />
    </Group>
    <Stack gap={4}>
      <CardLine labelWidth={78} label="Email">
        <Anchor href={`mailto:${user.email}`} size="sm" inherit title={user.email} display="block" truncate>
          {user.email}
        </Anchor>
      </CardLine>
      <CardLine labelWidth={78} label="Employment">
        {user.employmentType ? (
          <Badge size="sm" variant="dot" color={EMPLOYMENT_COLORS[user.employmentType] ?? 'gray'}>
            {user.employmentType}
          </Badge>
        ) : (
          '—'
        )}
      </CardLine>
      <CardLine labelWidth={78} label="Phone">
        {user.phone || '—'}
      </CardLine>
      <CardLine labelWidth={78} label="Birth date">
        {formatDate(user.dateOfBirth)}
      </CardLine>
      <CardLine labelWidth={78} label="Last login">
        {formatDateTime(user.lastLogin)}
      </CardLine>
    </Stack>
    {user.roles.length > 0 && (
      <Stack gap={4} mt="sm">
        <Text size="xs" c="dimmed">
          Roles
        </Text>
        <RoleChips roles={user.roles} />
      </Stack>
    )}
  </Card>
);
