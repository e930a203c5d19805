import { MESSAGES, type UserDto } from '@karya/domain';
import { Alert, Anchor, Button, Card, Grid, Stack, Switch, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconKey,
  IconPencil,
  IconRestore,
  IconTrash,
  IconTrashX,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { HistorySection } from '../../components/record/history-section';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { useUser, useUserMutations } from './api';
import { useUserActions } from './user-actions';
import { UserActivitiesAccordion } from './user-activities';
import {
  DetailField,
  DetailGrid,
  EmergencyContacts,
  formatAddress,
  formatDate,
  formatDateTime,
  LanguageBadges,
  DetailSection as Section,
  SocialMediaLinks,
  UserSummary,
} from './user-display';

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
      <PageHeader title="User Details" recordName={u.name} back />

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
        <UserSummary user={u} />
      </Card>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section title="Personal Details">
              <DetailGrid
                items={[
                  { label: 'Email', value: u.email },
                  { label: 'Phone', value: u.phone },
                  { label: 'Gender', value: u.gender },
                  { label: 'Date of Birth', value: formatDate(u.dateOfBirth) },
                  { label: 'Marital Status', value: u.maritalStatus },
                  {
                    label: 'Employment Type',
                    value: u.employmentType
                      ? `${u.employmentType}${u.duration ? ` (${u.duration} months)` : ''}`
                      : '',
                  },
                  { label: 'Languages', value: <LanguageBadges languages={u.languages} /> },
                  { label: 'Last Login', value: formatDateTime(u.lastLogin) },
                ]}
              />
              <Stack gap="sm" mt="sm">
                <DetailField label="Address">{formatAddress(u.address)}</DetailField>
                <DetailField label="Bio">{u.bio}</DetailField>
              </Stack>
            </Section>

            <Section title="Emergency Contacts">
              <EmergencyContacts contacts={u.emergencyContact} />
            </Section>

            <Section title="Social Media">
              <SocialMediaLinks links={u.socialMedia} />
            </Section>

            <Section title="Notes">
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
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
      <HistorySection
        source={{
          path: `/admin/users/${u._id}/history`,
          queryKey: [...queryKeys.users.detail(u._id), 'history'],
        }}
      />
    </Stack>
  );
};
