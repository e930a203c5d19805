import { actionLabel, DATE_FORMAT, isRoleExpired, isSuperAdminRoleName, type RoleDto } from '@karya/domain';
import { Badge, Button, Card, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { openConfirmModal } from '../../lib/confirm-modal';
import { withLoadingToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { deleteRole } from './api';

const PermissionsTable = ({ role }: { role: RoleDto }) => (
  <Table.ScrollContainer minWidth={280}>
    <Table verticalSpacing={6} striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">Resource</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {role.permissions.map((p) => (
          <Table.Tr key={p.resource}>
            <Table.Td fw={500} style={{ overflowWrap: 'break-word', verticalAlign: 'top' }}>
              {p.resource}
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {p.actions.map((a) => (
                  <Badge key={a} size="sm" variant="light" tt="none" title={a}>
                    {actionLabel(a)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

type CardProps = {
  role: RoleDto;
  canUpdate: boolean;
  canDelete: boolean;
  onDelete: (role: RoleDto) => void;
  deleting: boolean;
};

/** A role: name, description, expiry, Update and Delete (never for Super Admin), its permissions folded away. */
export const RoleCard = ({ role, canUpdate, canDelete, onDelete, deleting }: CardProps) => {
  const [open, setOpen] = useState(false);
  const expired = isRoleExpired(role);
  // Spec 1 §2 and §6: the Super Admin role is never updated or deleted from the list.
  const locked = role.isSystem || isSuperAdminRoleName(role.name);
  const panelId = `role-permissions-${role._id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={role.name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {role.name}
            </Title>
            {expired && (
              <Badge color="red" variant="filled" size="sm">
                Expired
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {role.description}
          </Text>
          {role.expiresAt && (
            <Text size="sm" c={expired ? 'red.8' : undefined}>
              {expired ? 'Expired on' : 'Expires on'} {dayjs(role.expiresAt.slice(0, 10)).format(DATE_FORMAT)}
            </Text>
          )}
        </Stack>
        {!locked && (canUpdate || canDelete) && (
          <Group gap="xs">
            {canUpdate && (
              <Button
                component={Link}
                to={`/admin/roles/${role._id}/update`}
                size="xs"
                variant="light"
                leftSection={<IconEdit size={16} />}
                aria-label={`Update ${role.name}`}
              >
                Update
              </Button>
            )}
            {canDelete && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(role)}
                loading={deleting}
                aria-label={`Delete ${role.name}`}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        mt="sm"
        px={4}
        w="fit-content"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        rightSection={
          <IconChevronDown
            size={16}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
      >
        View Permissions ({role.permissions.length})
      </Button>
      <Collapse in={open} id={panelId}>
        <Stack mt="xs">
          {role.permissions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No data found
            </Text>
          ) : (
            <PermissionsTable role={role} />
          )}
        </Stack>
      </Collapse>
    </Card>
  );
};

/** Delete a role after confirmation (one at a time); `deletingId` is the role being deleted. */
export const useRoleDelete = () => {
  const client = useQueryClient();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const busy = useRef(false);

  const remove = async (role: RoleDto) => {
    if (busy.current) return;
    busy.current = true;
    setDeletingId(role._id);
    try {
      await withLoadingToast('deleting role...', () => deleteRole(role._id));
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.roles.all }),
        client.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]);
    } catch {
      // The toast already shows why.
    } finally {
      busy.current = false;
      setDeletingId(null);
    }
  };

  const confirmDelete = (role: RoleDto) =>
    openConfirmModal({
      title: 'Delete Role',
      children: <Text size="sm">Are you sure you want to delete this role?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(role),
    });

  return { confirmDelete, deletingId };
};
