import { Alert, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type OutboxEntry, outbox } from '../../lib/outbox';

const STATE_TEXT: Record<OutboxEntry['state'], { label: string; color: string }> = {
  waiting: { label: 'Waiting to send', color: 'orange' },
  sending: { label: 'Sending…', color: 'blue' },
  conflict: { label: 'Changed by someone else', color: 'red' },
  failed: { label: 'Not accepted', color: 'red' },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The outbox (lib/outbox.ts): every change waiting on this device, what happened to it, and for a conflict
 * the user's choice — keep the other person's version (discard mine) or send mine over it — never decided
 * silently. A refused change shows the server's message and can be discarded.
 */
export const OutboxPanel = ({
  opened,
  onClose,
  entries,
}: {
  opened: boolean;
  onClose: () => void;
  entries: OutboxEntry[];
}) => (
  <Drawer opened={opened} onClose={onClose} title="Changes on this device" position="right" size="md">
    <Stack gap="md">
      {!entries.length && <Text c="dimmed">Everything has been sent.</Text>}
      {entries.some((e) => e.state === 'waiting') && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {navigator.onLine
              ? 'Sending when the server answers.'
              : 'You are offline. These go when the connection returns.'}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void outbox.flush()}>
            Send now
          </Button>
        </Group>
      )}
      {entries.map((e) => (
        <Stack
          key={e.id}
          gap={6}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm">
              {e.method === 'POST' ? 'New: ' : 'Update: '}
              {e.label}
            </Text>
            <Badge color={STATE_TEXT[e.state].color} variant="light" style={{ flexShrink: 0 }}>
              {STATE_TEXT[e.state].label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Saved on this device {when(e.createdAt)}
          </Text>
          {e.state === 'conflict' && (
            <Alert color="red" variant="light" p="xs">
              <Text size="sm">{e.message}</Text>
              <Group gap="xs" mt="xs">
                {e.current?._id && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    component={Link}
                    to={`${e.href}/${e.current._id}`}
                    onClick={onClose}
                  >
                    See the latest version
                  </Button>
                )}
                <Button size="compact-sm" variant="default" onClick={() => outbox.discard(e.id)}>
                  Keep theirs (discard mine)
                </Button>
                <Button size="compact-sm" color="red" onClick={() => outbox.sendMineAnyway(e.id)}>
                  Send mine over it
                </Button>
              </Group>
            </Alert>
          )}
          {e.state === 'failed' && (
            <Alert color="red" variant="light" p="xs">
              <Text size="sm">{e.message}</Text>
              <Group gap="xs" mt="xs">
                <Button size="compact-sm" variant="default" onClick={() => outbox.discard(e.id)}>
                  Discard
                </Button>
              </Group>
            </Alert>
          )}
          {e.state === 'waiting' && (
            <Group gap="xs">
              <Button size="compact-sm" variant="subtle" color="gray" onClick={() => outbox.discard(e.id)}>
                Discard
              </Button>
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  </Drawer>
);
