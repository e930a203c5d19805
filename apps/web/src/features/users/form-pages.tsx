import { MESSAGES } from '@karya/domain';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { useUser } from './api';
import { UserForm } from './user-form';

export const UserCreatePage = () => (
  <Stack gap={0} maw={1100}>
    <PageHeader title="Create User" back />
    <UserForm mode="create" />
  </Stack>
);

/** Loading, 'User not found' and other failures of the user a page edits. */
export const UserLoadState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  if (!error)
    return (
      <Center py="xl">
        <Loader aria-label="Loading user" />
      </Center>
    );
  const missing = isApiError(error) && error.status === 404;
  return (
    <Alert
      color={missing ? 'gray' : 'red'}
      icon={<IconAlertCircle size={18} />}
      title={missing ? MESSAGES.userNotFound : 'Error'}
    >
      <Stack gap="xs" align="flex-start">
        {!missing && messageOf(error)}
        {missing ? (
          <Button component={Link} to="/admin/users" size="xs" variant="light">
            Back to users
          </Button>
        ) : (
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
};

export const UserUpdatePage = () => {
  const { id } = useParams();
  const user = useUser(id);
  return (
    <Stack gap={0} maw={1100}>
      <PageHeader title="Update User" back />
      {user.data ? (
        <UserForm key={user.data._id} mode="update" user={user.data} />
      ) : (
        <UserLoadState error={user.error} onRetry={() => user.refetch()} />
      )}
    </Stack>
  );
};
