import { adminChangePasswordSchema } from '@karya/domain';
import { Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { useLeaveGuard } from '../../lib/leave-guard';
import { withLoadingToast } from '../../lib/notify';
import { useUser } from './api';
import { adminChangePassword } from './form-api';
import { UserLoadState } from './form-pages';
import { ChangePasswordForm, NEW_PASSWORD_FIELDS, usePasswordForm } from './password-form';

type Values = { newPassword: string; confirmNewPassword: string };

/** An administrator sets a new password for a user (spec 1 §2 User forms). */
export const UserChangePasswordPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const form = usePasswordForm<Values>(adminChangePasswordSchema, {
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
