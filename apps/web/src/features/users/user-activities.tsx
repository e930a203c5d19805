import { type ActivityDto, MESSAGES } from '@karya/domain';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconExternalLink, IconHistory, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserActivities } from './api';
import { formatDateTime } from './user-display';

const TYPE_COLORS: Record<string, string> = {
  LOGIN_SUCCESS: 'green',
  LOGIN_FAILED: 'red',
  PASSWORD_CHANGE: 'blue',
  RESET_PASSWORD: 'violet',
  LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION: 'orange',
  CUSTOMER_EXPORT: 'cyan',
};

type Point = { lat: number; lng: number };

/** A link to OpenStreetMap at the point (no embedded map, no third-party script on our page). */
export const mapLink = ({ lat, lng }: Point) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/** The Location dialog of an activity: coordinates to 5 decimals and a link that opens the map. */
export const LocationDialog = ({ point, onClose }: { point: Point | null; onClose: () => void }) => (
  <Modal opened={point !== null} onClose={onClose} title="Location" centered>
    {point && (
      <Stack gap="sm">
        <Group gap="xs">
          <IconMapPin size={18} aria-hidden />
          <Text ff="monospace">
            {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Latitude, longitude where the activity was recorded.
        </Text>
        <Group justify="flex-end">
          <Anchor
            href={mapLink(point)}
            target="_blank"
            rel="noopener noreferrer"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            Open in map <IconExternalLink size={14} aria-hidden />
          </Anchor>
        </Group>
      </Stack>
    )}
  </Modal>
);

const ActivityRow = ({ activity, onLocation }: { activity: ActivityDto; onLocation: (p: Point) => void }) => {
  const device = activity.deviceInfo
    ? [
        activity.deviceInfo.os,
        activity.deviceInfo.browser,
        activity.deviceInfo.device,
        activity.deviceInfo.model,
      ]
        .filter(Boolean)
        .join(' · ')
    : '—';
  const coords = activity.location?.coordinates;
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Badge color={TYPE_COLORS[activity.type] ?? 'gray'} variant="light" size="sm">
          {activity.type.replaceAll('_', ' ')}
        </Badge>
        <Text size="xs" c="dimmed">
          <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>
        </Text>
      </Group>
      <Text size="sm" mt={6} style={{ overflowWrap: 'break-word' }}>
        {activity.message}
      </Text>
      <Group justify="space-between" align="flex-end" gap="xs" mt={6} wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            IP: {activity.ipAddress || '—'}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            Device: {device}
          </Text>
        </Stack>
        {coords && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconMapPin size={12} aria-hidden />}
            onClick={() => onLocation({ lat: coords[0], lng: coords[1] })}
          >
            View location
          </Button>
        )}
      </Group>
    </Paper>
  );
};

/** The activities of a user, newest first; the list loads once its panel is open. */
export const ActivityList = ({ userId, enabled }: { userId: string; enabled: boolean }) => {
  const activities = useUserActivities(userId, enabled);
  const [point, setPoint] = useState<Point | null>(null);
  // The server answers newest first; sorting again keeps pages in order if two share a second.
  const rows = (activities.data?.pages.flatMap((p) => p.activities) ?? []).sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const total = activities.data?.pages[0]?.activitiesCount ?? 0;

  if (activities.isPending)
    return (
      <Center py="md" aria-busy="true">
        <Loader size="sm" role="status" aria-label="Loading activities" />
      </Center>
    );
  if (activities.isError && rows.length === 0)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{MESSAGES.activitiesFailed}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => activities.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" role="status">
        {MESSAGES.noActivities}
      </Text>
    );
  return (
    <>
      <Text size="xs" c="dimmed" mb="xs" aria-live="polite">
        Showing {rows.length} of {total}
      </Text>
      <ScrollArea.Autosize mah="60dvh" type="auto" offsetScrollbars>
        <Stack gap="xs" component="ul" p={0} m={0} aria-label="Activities">
          {rows.map((a) => (
            <ActivityRow key={a._id} activity={a} onLocation={setPoint} />
          ))}
        </Stack>
        {activities.isFetchNextPageError && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {MESSAGES.activitiesFailed}
          </Text>
        )}
        {activities.hasNextPage && (
          <Center mt="sm">
            <Button
              variant="default"
              size="xs"
              loading={activities.isFetchingNextPage}
              onClick={() => activities.fetchNextPage()}
            >
              Load more
            </Button>
          </Center>
        )}
      </ScrollArea.Autosize>
      <LocationDialog point={point} onClose={() => setPoint(null)} />
    </>
  );
};

/** Activities accordion: nothing is fetched until the user opens it (spec 1 §2, §7). */
export const UserActivitiesAccordion = ({ userId }: { userId: string }) => {
  const [value, setValue] = useState<string | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <Accordion
      variant="contained"
      value={value}
      onChange={(v) => {
        setValue(v);
        if (v) setEverOpened(true);
      }}
    >
      <Accordion.Item value="activities">
        <Accordion.Control icon={<IconHistory size={18} aria-hidden />}>Activities</Accordion.Control>
        <Accordion.Panel>
          {everOpened && <ActivityList userId={userId} enabled={everOpened} />}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
};
