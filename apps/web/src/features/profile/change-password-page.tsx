import { MESSAGES } from '@karya/domain';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle, IconMapPinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { api, isApiError } from '../../lib/api';
import { useLeaveGuard } from '../../lib/leave-guard';
import { notifyError, withLoadingToast } from '../../lib/notify';
import { securityContextOrReason } from '../../lib/security-context';
import { ChangePasswordForm, NEW_PASSWORD_FIELDS, usePasswordForm } from '../users/password-form';

type Values = { oldPassword: string; newPassword: string; confirmNewPassword: string };

const FIELDS = [
  { name: 'oldPassword', label: 'Old password', autoComplete: 'current-password' },
  ...NEW_PASSWORD_FIELDS,
] as const;

/** Change own password (spec 1 §2, §5): the call carries location and device info. */
export const ProfileChangePasswordPage = () => {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const [locationError, setLocationError] = useState<string | null>(null);
  const form = usePasswordForm<Values>('own', {
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  // Asks before typed passwords are left behind; they are secrets, so no draft keeps them.
  const guard = useLeaveGuard(form.formState.isDirty);

  const submit = async (values: Values) => {
    if (!user) return;
    setLocationError(null);
    try {
      const security = await securityContextOrReason();
      if (typeof security === 'string') {
        setLocationError(security);
        notifyError(new Error(security));
        return;
      }
      await withLoadingToast('Changing password...', () =>
        api.post<unknown>(`/auth/${user._id}/change-password`, { ...values, ...security }),
      );
      guard.release();
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
    }
  };

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
        <ChangePasswordForm
          form={form}
          fields={FIELDS}
          onSubmit={submit}
          onCancel={user?.mustChangePassword ? undefined : () => guard.leave(() => navigate('/hrm/profile'))}
        />
      </Stack>
    </Stack>
  );
};
