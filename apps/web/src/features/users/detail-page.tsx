import { MESSAGES, type UserDto } from '@karya/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconKey,
  IconLink,
  IconPencil,
  IconRestore,
  IconTrash,
  IconTrashX,
  IconUserOff,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { useUser, useUserMutations } from './api';
import { useUserActions } from './user-actions';
import { UserActivitiesAccordion } from './user-activities';
import { formatDate, formatDateTime, RoleChips, StatusBadge } from './user-display';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children || '—'}
    </Text>
  </div>
);

const SOCIAL: { key: string; label: string; icon: ReactNode }[] = [
  { key: 'facebook', label: 'Facebook', icon: <IconBrandFacebook size={16} aria-hidden /> },
  { key: 'twitter', label: 'Twitter', icon: <IconBrandX size={16} aria-hidden /> },
  { key: 'instagram', label: 'Instagram', icon: <IconBrandInstagram size={16} aria-hidden /> },
  { key: 'linkedin', label: 'LinkedIn', icon: <IconBrandLinkedin size={16} aria-hidden /> },
  { key: 'youtube', label: 'YouTube', icon: <IconBrandYoutube size={16} aria-hidden /> },
];

const address = (a: UserDto['address']) =>
  a ? [a.street, a.city, a.state, a.country, a.zipCode].filter(Boolean).join(', ') : '';

/** Block / unblock (spec 1 §4): Active ↔ Blocked, reported with the server's message. */
const BlockPanel = ({ user }: { user: UserDto }) => {
  const mutations = useUserMutations();
  const [busy, setBusy] = useState(false);
  const blocked = user.status === 'Blocked';
  return (
    <Section title="Block User">
      <Switch
        label="Blocked"
        description="A blocked user cannot sign in until unblocked. Their data stays as it is."
        checked={blocked}
        disabled={busy}
        onChange={async (e) => {
          if (busy) return;
          setBusy(true);
          try {
            await mutations.setBlocked(user._id, e.currentTarget.checked);
          } catch {
            // The toast has shown the error; the switch follows the refreshed user.
          } finally {
            setBusy(false);
          }
        }}
      />
    </Section>
  );
};

/** /admin/users/:id */
export const UserDetailPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { can } = useCan();
  const user = useUser(id);
  const actions = useUserActions();

  if (user.isPending)
    return (
      <Stack>
        <PageHeader title="User" back />
        <Card withBorder aria-busy="true">
          <Text c="dimmed">Loading...</Text>
        </Card>
      </Stack>
    );
  if (user.isError) {
    const notFound = isApiError(user.error) && user.error.status === 404;
    return (
      <Stack>
        <PageHeader title="User" back />
        {notFound ? (
          <EmptyState message={MESSAGES.userNotFound}>
            <Button component={Link} to="/admin/users" variant="light">
              Back to users
            </Button>
          </EmptyState>
        ) : (
          <ErrorState message={messageOf(user.error)} onRetry={() => user.refetch()} />
        )}
      </Stack>
    );
  }

  const u = user.data;
  const manageable = !u.isSuperAdmin;
  const base = `/admin/users/${u._id}`;
  const toList = () => navigate('/admin/users');
  const canRestore = manageable && can('user', 'restore');
  const canPurge = manageable && can('user', 'delete-permanently');
  const socials = SOCIAL.filter((s) => u.socialMedia?.[s.key]);

  const liveActions = [
    can('user', 'update') && (
      <Button key="u" component={Link} to={`${base}/update`} leftSection={<IconPencil size={16} />}>
        Update
      </Button>
    ),
    can('user', 'change-password') && (
      <Button
        key="p"
        component={Link}
        to={`${base}/change-password`}
        variant="light"
        leftSection={<IconKey size={16} />}
      >
        Change Password
      </Button>
    ),
    can('user', 'delete') && (
      <Button
        key="d"
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={() => actions.remove(u)}
      >
        Delete
      </Button>
    ),
  ].filter(Boolean);
  const deletedActions = [
    canRestore && (
      <Button
        key="r"
        color="green"
        leftSection={<IconRestore size={16} />}
        onClick={() => actions.restore(u)}
      >
        Restore
      </Button>
    ),
    canPurge && (
      <Button
        key="x"
        color="red"
        leftSection={<IconTrashX size={16} />}
        onClick={() => actions.removePermanently(u, toList)}
      >
        Delete Permanently
      </Button>
    ),
  ].filter(Boolean);
  const actionButtons = manageable ? (u.isDeleted ? deletedActions : liveActions) : [];

  return (
    <Stack gap="md">
      <PageHeader title="User Details" back />

      {u.isDeleted && (
        <Alert color="red" icon={<IconUserOff size={18} />} title="This user is deleted" role="alert">
          <Text size="sm">
            Deleted{u.deletedAt ? ` on ${formatDateTime(u.deletedAt)}` : ''}
            {u.deletedBy ? ` by ${u.deletedBy.name}` : ''}.{(canRestore || canPurge) && ' You can '}
            {canRestore && (
              <Anchor component="button" type="button" size="sm" onClick={() => actions.restore(u)}>
                Restore
              </Anchor>
            )}
            {canRestore && canPurge && ' or '}
            {canPurge && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="red"
                onClick={() => actions.removePermanently(u, toList)}
              >
                Delete Permanently
              </Anchor>
            )}
            {(canRestore || canPurge) && ' this user.'}
          </Text>
        </Alert>
      )}

      <Card withBorder radius="md" padding="md">
        <Group gap="md" wrap="wrap" align="center">
          <Avatar src={u.image?.url} name={u.name} color="initials" size={84} radius="xl" />
          <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                {u.name}
              </Title>
              <StatusBadge status={u.status} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {u.email}
            </Text>
            <RoleChips roles={u.roles} />
          </Stack>
        </Group>
      </Card>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section title="Personal Details">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Field label="Email">{u.email}</Field>
                <Field label="Phone">{u.phone}</Field>
                <Field label="Gender">{u.gender}</Field>
                <Field label="Date of Birth">{formatDate(u.dateOfBirth)}</Field>
                <Field label="Marital Status">{u.maritalStatus}</Field>
                <Field label="Employment Type">
                  {u.employmentType
                    ? `${u.employmentType}${u.duration ? ` (${u.duration} months)` : ''}`
                    : ''}
                </Field>
                <Field label="Languages">{u.languages.join(', ')}</Field>
                <Field label="Last Login">{formatDateTime(u.lastLogin)}</Field>
              </SimpleGrid>
              <Stack gap="sm" mt="sm">
                <Field label="Address">{address(u.address)}</Field>
                <Field label="Bio">{u.bio}</Field>
              </Stack>
            </Section>

            <Section title="Emergency Contacts">
              {u.emergencyContact.length ? (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  {u.emergencyContact.map((c) => (
                    <Card key={`${c.name}-${c.phone}`} withBorder padding="sm" radius="sm">
                      <Text fw={500} size="sm">
                        {c.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.relationship}
                      </Text>
                      <Anchor href={`tel:${c.phone}`} size="sm">
                        {c.phone}
                      </Anchor>
                    </Card>
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  No emergency contacts.
                </Text>
              )}
            </Section>

            <Section title="Social Media">
              {socials.length ? (
                <Stack gap={6}>
                  {socials.map((s) => (
                    <Group key={s.key} gap="xs" wrap="nowrap">
                      {s.icon ?? <IconLink size={16} aria-hidden />}
                      <Anchor
                        href={u.socialMedia[s.key]}
                        target="_blank"
                        rel="noopener noreferrer"
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

            <Section title="Notes">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                c={u.notes ? undefined : 'dimmed'}
              >
                {u.notes || 'No notes.'}
              </Text>
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {actionButtons.length > 0 && (
              <Section title="Actions">
                <Stack gap="xs">{actionButtons}</Stack>
                {u.isDeleted && canPurge && (
                  <Text size="xs" c="dimmed" mt="xs">
                    <IconAlertTriangle size={12} aria-hidden /> Permanent deletion is irreversible.
                  </Text>
                )}
              </Section>
            )}
            {manageable && !u.isDeleted && can('user', 'update') && <BlockPanel user={u} />}
          </Stack>
        </Grid.Col>
      </Grid>

      {can('user', 'activities') && <UserActivitiesAccordion userId={u._id} />}
    </Stack>
  );
};
