import { MESSAGES } from '@karya/domain';
import { Alert, Button, Card, Center, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Nothing to show: 'No data found' unless the list says something more specific. */
export const EmptyState = ({
  message = MESSAGES.noDataFound,
  children,
}: {
  message?: string;
  children?: ReactNode;
}) => (
  <Center py="xl">
    <Stack align="center" gap="xs">
      <IconDatabaseOff size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text c="dimmed" role="status">
        {message}
      </Text>
      {children}
    </Stack>
  </Center>
);

/** A failed load: the mapped error message and a Retry button. */
export const ErrorState = ({ message, onRetry }: { message: string; onRetry?: () => void }) => (
  <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load" role="alert">
    <Group justify="space-between" gap="sm">
      <Text size="sm">{message}</Text>
      {onRetry && (
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Group>
  </Alert>
);

/** Placeholder cards while a list loads, laid out like the grid they stand for. */
export const ListSkeleton = ({ count = 6 }: { count?: number }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Loading">
    {Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
      <Card key={i} withBorder padding="md">
        <Group gap="sm" mb="sm">
          <Skeleton circle height={48} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={10} width="30%" />
          </Stack>
        </Group>
        <Skeleton height={10} mb={6} />
        <Skeleton height={10} mb={6} width="80%" />
        <Skeleton height={10} width="50%" />
      </Card>
    ))}
  </SimpleGrid>
);
