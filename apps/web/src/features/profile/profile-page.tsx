import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { UserActivitiesAccordion } from '../users/user-activities';
import {
  DetailGrid,
  EmergencyContacts,
  formatAddress,
  formatDate,
  formatDateTime,
  LanguageBadges,
  DetailSection as Section,
  SocialMediaLinks,
  UserSummary,
} from '../users/user-display';

/** The signed-in user's own profile (spec 1 §2 Profile). */
export const ProfilePage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  if (!user) return null;
  const canUpdate = can('profile', 'update');
  const canChangePassword = can('auth', 'change-password');

  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title="Profile" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Section title="Summary">
            <UserSummary user={user} expiredRoles={user.expiredRoles} noRolesText="No roles" />
          </Section>
          {(canUpdate || canChangePassword) && (
            <Section title="Actions">
              <Group gap="sm">
                {canUpdate && (
                  <Button component={Link} to="/hrm/profile/update" leftSection={<IconPencil size={16} />}>
                    Update Profile
                  </Button>
                )}
                {canChangePassword && (
                  <Button
                    component={Link}
                    to="/hrm/profile/change-password"
                    variant="light"
                    leftSection={<IconKey size={16} />}
                  >
                    Change Password
                  </Button>
                )}
              </Group>
            </Section>
          )}
          <Section title="Personal details">
            <DetailGrid
              items={[
                { label: 'Phone', value: user.phone },
                { label: 'Gender', value: user.gender },
                { label: 'Date of birth', value: formatDate(user.dateOfBirth) },
                { label: 'Marital status', value: user.maritalStatus },
                { label: 'Employment type', value: user.employmentType },
                { label: 'Duration', value: user.duration ? `${user.duration} months` : null },
                { label: 'Address', value: formatAddress(user.address) },
                { label: 'Bio', value: user.bio },
              ]}
            />
          </Section>
          <Section title="Languages and status">
            <DetailGrid
              items={[
                { label: 'Languages', value: <LanguageBadges languages={user.languages} /> },
                { label: 'Status', value: user.status },
                { label: 'Email verified', value: user.isEmailVerified ? 'Yes' : 'No' },
                { label: 'Phone verified', value: user.isPhoneVerified ? 'Yes' : 'No' },
                { label: 'Last login', value: formatDateTime(user.lastLogin) },
                { label: 'Password changed', value: formatDateTime(user.lastPasswordChanged) },
              ]}
            />
          </Section>
        </Stack>
        <Stack gap="md">
          <Section title="Emergency contacts">
            <EmergencyContacts contacts={user.emergencyContact} />
          </Section>
          <Section title="Social media">
            <SocialMediaLinks links={user.socialMedia} />
          </Section>
          {can('user', 'activities') && <UserActivitiesAccordion userId={user._id} />}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
};
