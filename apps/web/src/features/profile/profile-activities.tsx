import { type ActivityDto, DATE_TIME_FORMAT, MESSAGES } from '@karya/domain';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useUserActivities } from '../users/form-api';

const TYPE_COLOR: Record<string, string> = {
  LOGIN_SUCCESS: 'teal',
  LOGIN_FAILED: 'red',
  PASSWORD_CHANGE: 'blue',
  RESET_PASSWORD: 'violet',
  LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION: 'orange',
  CUSTOMER_EXPORT: 'gray',
};

const typeLabel = (type: string) =>
  type
    .toLowerCase()
    .split('_')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

const ActivityItem = ({ a }: { a: ActivityDto }) => {
  const device = a.deviceInfo
    ? `${a.deviceInfo.browser} on ${a.deviceInfo.os} (${a.deviceInfo.device})`
    : null;
  const [lat, lng] = a.location?.coordinates ?? [];
  return (
    <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Badge color={TYPE_COLOR[a.type] ?? 'gray'} variant="light" size="sm">
          {typeLabel(a.type)}
        </Badge>
        <Text size="xs" c="dimmed">
          {dayjs(a.createdAt).format(DATE_TIME_FORMAT)}
        </Text>
      </Group>
      <Text size="sm">{a.message}</Text>
      <Text size="xs" c="dimmed">
        {[a.ipAddress && `IP ${a.ipAddress}`, device].filter(Boolean).join(' · ')}
        {lat !== undefined && lng !== undefined && (
          <>
            {' · '}
            <Anchor
              size="xs"
              href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`}
              target="_blank"
              rel="noreferrer"
            >
              View location
            </Anchor>
          </>
        )}
      </Text>
    </Stack>
  );
};

/** The signed-in user's activities, newest first, in a 60dvh scroll area (spec 1 §3). */
export const ProfileActivities = ({ userId }: { userId: string }) => {
  const q = useUserActivities(userId, true);
  if (q.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading activities" />
      </Center>
    );
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{MESSAGES.activitiesFailed}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  const items = [...(q.data?.activities ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (!items.length)
    return (
      <Text size="sm" c="dimmed" py="sm">
        {MESSAGES.noActivities}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah="60dvh" type="auto" offsetScrollbars>
      <Stack gap={0}>
        {items.map((a) => (
          <ActivityItem key={a._id} a={a} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
};
