import { DATE_FORMAT, DATE_TIME_FORMAT, isSuperAdminRoleName, type MeDto } from '@karya/domain';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconKey,
  IconPencil,
  IconShieldCheck,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth, useCan } from '../../app/auth';
import { PageHeader } from '../../components/page-header';
import { ProfileActivities } from './profile-activities';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Text>
  </div>
);

const STATUS_COLOR: Record<string, string> = {
  Active: 'teal',
  Inactive: 'gray',
  Blocked: 'red',
  Deleted: 'red',
  Recovered: 'blue',
};

const SOCIAL: { key: string; label: string; icon: ReactNode }[] = [
  { key: 'facebook', label: 'Facebook', icon: <IconBrandFacebook size={16} /> },
  { key: 'twitter', label: 'Twitter', icon: <IconBrandX size={16} /> },
  { key: 'instagram', label: 'Instagram', icon: <IconBrandInstagram size={16} /> },
  { key: 'linkedin', label: 'LinkedIn', icon: <IconBrandLinkedin size={16} /> },
  { key: 'youtube', label: 'YouTube', icon: <IconBrandYoutube size={16} /> },
];

const formatDate = (v: string | null | undefined, format = DATE_FORMAT) =>
  v ? dayjs(v).format(format) : null;

const address = (a: MeDto['address']) =>
  a ? [a.street, a.city, a.state, a.country, a.zipCode].filter(Boolean).join(', ') : null;

const Summary = ({ user }: { user: MeDto }) => (
  <Group gap="md" wrap="nowrap" align="flex-start">
    <Avatar
      src={user.image?.url ?? null}
      alt={`${user.name}'s profile image`}
      size={88}
      radius={88}
      color="karya"
    >
      {user.name.charAt(0).toUpperCase()}
    </Avatar>
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap="xs">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Title>
        <Badge color={STATUS_COLOR[user.status] ?? 'gray'} variant="light">
          {user.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      <Group gap={6} mt={4}>
        {user.roles.length ? (
          user.roles.map((r) => (
            <Badge
              key={r._id}
              variant="outline"
              size="sm"
              leftSection={
                /admin/i.test(r.name) || isSuperAdminRoleName(r.name) ? <IconShieldCheck size={12} /> : null
              }
              color={user.expiredRoles?.includes(r.name) ? 'gray' : 'karya'}
            >
              {r.name}
              {user.expiredRoles?.includes(r.name) ? ' (expired)' : ''}
            </Badge>
          ))
        ) : (
          <Text size="xs" c="dimmed">
            No roles
          </Text>
        )}
      </Group>
    </Stack>
  </Group>
);

/** The signed-in user's own profile (spec 1 §2 Profile). */
export const ProfilePage = () => {
  const { user } = useAuth();
  const { can } = useCan();
  if (!user) return null;
  const socials = SOCIAL.filter((s) => user.socialMedia?.[s.key]);
  const canUpdate = can('profile', 'update');
  const canChangePassword = can('auth', 'change-password');

  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title="Profile" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Section title="Summary">
            <Summary user={user} />
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
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Phone" value={user.phone} />
              <Field label="Gender" value={user.gender} />
              <Field label="Date of birth" value={formatDate(user.dateOfBirth)} />
              <Field label="Marital status" value={user.maritalStatus} />
              <Field label="Employment type" value={user.employmentType} />
              <Field label="Duration" value={user.duration ? `${user.duration} months` : null} />
              <Field label="Address" value={address(user.address)} />
              <Field label="Bio" value={user.bio} />
            </SimpleGrid>
          </Section>
          <Section title="Languages and status">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field
                label="Languages"
                value={
                  user.languages.length ? (
                    <Group gap={6} component="span">
                      {user.languages.map((l) => (
                        <Badge key={l} variant="light" size="sm">
                          {l}
                        </Badge>
                      ))}
                    </Group>
                  ) : null
                }
              />
              <Field label="Status" value={user.status} />
              <Field label="Email verified" value={user.isEmailVerified ? 'Yes' : 'No'} />
              <Field label="Phone verified" value={user.isPhoneVerified ? 'Yes' : 'No'} />
              <Field label="Last login" value={formatDate(user.lastLogin, DATE_TIME_FORMAT)} />
              <Field
                label="Password changed"
                value={formatDate(user.lastPasswordChanged, DATE_TIME_FORMAT)}
              />
            </SimpleGrid>
          </Section>
        </Stack>
        <Stack gap="md">
          <Section title="Emergency contacts">
            {user.emergencyContact?.length ? (
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Relationship</Table.Th>
                      <Table.Th>Phone</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {user.emergencyContact.map((c) => (
                      <Table.Tr key={`${c.name}-${c.relationship}-${c.phone}`}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{c.relationship}</Table.Td>
                        <Table.Td>
                          <Anchor href={`tel:${c.phone}`} size="sm">
                            {c.phone}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text size="sm" c="dimmed">
                No emergency contacts.
              </Text>
            )}
          </Section>
          <Section title="Social media">
            {socials.length ? (
              <Stack gap={6}>
                {socials.map((s) => (
                  <Group key={s.key} gap="xs" wrap="nowrap">
                    {s.icon}
                    <Anchor
                      href={user.socialMedia[s.key]}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {s.label}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No social media links.
              </Text>
            )}
          </Section>
          {can('user', 'activities') && (
            <Section title="Activities">
              <ProfileActivities userId={user._id} />
            </Section>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
};
