import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES } from '@karya/domain';
import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { IconInfoCircle, IconMapPinOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { api, isApiError } from '../../lib/api';
import { notifyError, withLoadingToast } from '../../lib/notify';
import { getSecurityContext, LocationError } from '../../lib/security-context';

type Values = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Change own password (spec 1 §2, §5): the call carries location and device info. */
export const ProfileChangePasswordPage = () => {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const running = useRef(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    resolver: zodResolver(changePasswordFormSchema) as never,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (running.current || !user) return;
    running.current = true;
    setLocationError(null);
    try {
      let security: Awaited<ReturnType<typeof getSecurityContext>>;
      try {
        security = await getSecurityContext();
      } catch (error) {
        const message = error instanceof LocationError ? error.message : String(error);
        setLocationError(message);
        notifyError(new Error(message));
        return;
      }
      await withLoadingToast('Changing password...', () =>
        api.post<unknown>(`/auth/${user._id}/change-password`, { ...values, ...security }),
      );
      form.reset();
      // The session now reports mustChangePassword false; wait for it so the shell lets the user through.
      await refresh();
      navigate('/hrm');
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        if (/old|current|incorrect/i.test(error.message))
          form.setError('oldPassword', { type: 'server', message: error.message });
        else if (/new password/i.test(error.message))
          form.setError('newPassword', { type: 'server', message: error.message });
      }
    } finally {
      running.current = false;
    }
  });

  return (
    <Stack gap={0} maw={560}>
      <PageHeader title="Change Password" back={!user?.mustChangePassword} />
      <Stack gap="md">
        {user?.mustChangePassword && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Set a new password">
            {MESSAGES.passwordChangeRequired} Choose a new password below to continue using the app.
          </Alert>
        )}
        {locationError && (
          <Alert color="red" icon={<IconMapPinOff size={18} />} role="alert">
            {locationError}
          </Alert>
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <form onSubmit={submit} noValidate aria-label="Change password">
            <Stack gap="md">
              <PasswordInput
                label="Old password"
                withAsterisk
                autoComplete="current-password"
                {...form.register('oldPassword')}
                error={errors.oldPassword?.message}
              />
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
                {!user?.mustChangePassword && (
                  <Button variant="default" onClick={() => navigate('/hrm/profile')} disabled={isSubmitting}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" loading={isSubmitting}>
                  Change Password
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Stack>
  );
};
