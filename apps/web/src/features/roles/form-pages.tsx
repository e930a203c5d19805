import { isSuperAdminRoleName, type RoleDto } from '@karya/domain';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { createRole, updateRole, useRole } from './api';
import type { RoleFormValues } from './permission-state';
import { RoleForm } from './role-form';

export const RoleCreatePage = () => (
  <>
    <PageHeader title="Create Role" back />
    <RoleForm mode="create" submit={createRole} />
  </>
);

const toFormValues = (role: RoleDto): RoleFormValues => ({
  name: role.name,
  description: role.description,
  permissions: role.permissions.map((p) => ({ resource: p.resource, actions: [...p.actions] })),
  expiresAt: role.expiresAt ? role.expiresAt.slice(0, 10) : null,
});

const BackToRoles = () => (
  <Group>
    <Button component={Link} to="/admin/roles" variant="light">
      Back to roles
    </Button>
  </Group>
);

export const RoleUpdatePage = () => {
  const { id = '' } = useParams();
  const role = useRole(id);

  let body: ReactNode;
  if (role.isPending) {
    body = (
      <Stack gap="sm" maw={960} aria-busy="true">
        <Skeleton h={36} />
        <Skeleton h={80} />
        <Skeleton h={240} />
      </Stack>
    );
  } else if (role.isError) {
    const notFound = isApiError(role.error) && (role.error.status === 404 || role.error.status === 400);
    body = notFound ? (
      <Stack gap="sm">
        <Alert color="gray" title="Role not found">
          The role you are looking for does not exist or has been deleted.
        </Alert>
        <BackToRoles />
      </Stack>
    ) : (
      <Alert color="red" title="Could not load the role">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{messageOf(role.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => role.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if (role.data.isSystem || isSuperAdminRoleName(role.data.name)) {
    // Spec 1 §6: the Super Admin role cannot be edited.
    body = (
      <Stack gap="sm">
        <Alert color="orange" title="This role cannot be changed" icon={<IconLock size={18} />}>
          The {role.data.name} role always holds every permission, so it cannot be updated.
        </Alert>
        <BackToRoles />
      </Stack>
    );
  } else {
    const roleId = role.data._id;
    body = (
      <RoleForm
        key={roleId}
        mode="update"
        initial={toFormValues(role.data)}
        submit={(values, key) => updateRole(roleId, values, key)}
      />
    );
  }

  return (
    <>
      <PageHeader title="Update Role" back />
      {body}
    </>
  );
};
