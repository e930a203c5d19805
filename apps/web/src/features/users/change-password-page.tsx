import { zodResolver } from '@hookform/resolvers/zod';
import { adminChangePasswordSchema } from '@karya/domain';
import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { withLoadingToast } from '../../lib/notify';
import { adminChangePassword, useUserForForm } from './form-api';
import { UserLoadState } from './form-pages';

type Values = { newPassword: string; confirmNewPassword: string };

/** An administrator sets a new password for a user (spec 1 §2 User forms). */
export const UserChangePasswordPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUserForForm(id);
  const running = useRef(false);
  const form = useForm<Values>({
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: zodResolver(adminChangePasswordSchema) as never,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    try {
      await withLoadingToast('Changing password...', () => adminChangePassword(id, values));
      navigate(`/admin/users/${id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && /password/i.test(error.message))
        form.setError('newPassword', { type: 'server', message: error.message });
    } finally {
      running.current = false;
    }
  });

  return (
    <Stack gap={0} maw={560}>
      <PageHeader title="Change Password" back />
      {user.error ? (
        <UserLoadState error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <form onSubmit={submit} noValidate aria-label="Change password">
            <Stack gap="md">
              {user.data && (
                <Text size="sm" c="dimmed">
                  Set a new password for <b>{user.data.name}</b> ({user.data.email}).
                </Text>
              )}
              <PasswordInput
                label="New password"
                withAsterisk
                autoComplete="new-password"
                {...form.register('newPassword')}
                error={errors.newPassword?.message}
              />
              <PasswordInput
                label="Confirm new password"
                withAsterisk
                autoComplete="new-password"
                {...form.register('confirmNewPassword')}
                error={errors.confirmNewPassword?.message}
              />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => navigate(`/admin/users/${id}`)}
                  disabled={isSubmitting}
                >
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  Change Password
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
};
