import { MESSAGES } from '@karya/domain';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { RecordFormPage } from '../../components/record';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { useUser } from './api';
import { UserForm } from './user-form';

export const UserCreatePage = () => (
  <RecordFormPage title="Create User" maw={1100}>
    {() => <UserForm mode="create" />}
  </RecordFormPage>
);

/** Loading, 'User not found' and other failures of the user whose password an administrator sets. */
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
  return (
    <RecordFormPage
      title="Update User"
      maw={1100}
      noun="user"
      query={useUser(id)}
      notFoundText={MESSAGES.userNotFound}
      backTo={{ to: '/admin/users', label: 'Back to users' }}
    >
      {(user) => <UserForm key={user._id} mode="update" user={user} />}
    </RecordFormPage>
  );
};
