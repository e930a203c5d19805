import { MESSAGES } from '@karya/domain';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { useLeaveGuard } from '../../lib/leave-guard';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { useUser } from './api';
import { adminChangePassword } from './form-api';
import { ChangePasswordForm, NEW_PASSWORD_FIELDS, usePasswordForm } from './password-form';

type Values = { newPassword: string; confirmNewPassword: string };

/** An administrator sets a new password for a user (spec 1 §2 User forms). */
// Here, not in form-pages.tsx: this page must not download the whole user form.
/** Loading, 'User not found' and other failures of the user whose password an administrator sets. */
export const UserLoadState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  if (!error)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading user" />
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

export const UserChangePasswordPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const form = usePasswordForm<Values>('admin', {
    newPassword: '',
    confirmNewPassword: '',
  });
  // Asks before typed passwords are left behind; they are secrets, so no draft keeps them.
  const guard = useLeaveGuard(form.formState.isDirty);

  const submit = async (values: Values) => {
    try {
      await withLoadingToast('Changing password...', () => adminChangePassword(id, values));
      guard.release();
      navigate(`/admin/users/${id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && /password/i.test(error.message))
        form.setError('newPassword', { type: 'server', message: error.message });
    }
  };

  return (
    <Stack gap={0} maw={560}>
      <PageHeader title="Change Password" back />
      {user.error ? (
        <UserLoadState error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <ChangePasswordForm
          form={form}
          fields={NEW_PASSWORD_FIELDS}
          onSubmit={submit}
          onCancel={() => guard.leave(() => navigate(`/admin/users/${id}`))}
          intro={
            user.data && (
              <Text size="sm" c="dimmed">
                Set a new password for <b>{user.data.name}</b> ({user.data.email}).
              </Text>
            )
          }
        />
      )}
    </Stack>
  );
};
