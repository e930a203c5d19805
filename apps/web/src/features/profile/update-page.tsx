import { Stack } from '@mantine/core';
import { useAuth } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { UserForm } from '../users/user-form';

/** The user form without employment, roles, status, notes and password: PATCH /auth/profile/{me}. */
export const ProfileUpdatePage = () => {
  const { user } = useAuth();
  return (
    <Stack gap={0} maw={1100}>
      <PageHeader title="Update Profile" back />
      {user && <UserForm key={user._id} mode="profile" user={user} />}
    </Stack>
  );
};
