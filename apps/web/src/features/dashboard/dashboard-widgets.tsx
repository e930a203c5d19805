import { DATE_FORMAT, MESSAGES } from '@karya/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { DASHBOARD_POLL_MS } from '../../lib/query-keys';

/** dd/MM/yyyy, or a dash when there is no date. */
export const formatDate = (value: string | null | undefined) => {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '—';
};

/**
 * A dashboard query (spec 1 §2 Dashboards): polled every 60 s, refetched on window focus and on reconnect
 * whatever the default stale time.
 */
export const useDashboardQuery = <T,>(queryKey: readonly unknown[], path: string) =>
  useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await api.get<T>(path, undefined, { signal })).data,
    refetchInterval: DASHBOARD_POLL_MS,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    staleTime: 0,
  });

/** A secondary count; with `to`, a link to the list it counts (navigation `state` applies its filter). */
export type Stat = { label: string; value: number; to?: string; state?: unknown };

export type StatCardProps = {
  title: string;
  icon: ComponentType<{ size?: number }>;
  value: number;
  stats?: Stat[];
  /** A link or button under the number, e.g. to the full list. */
  action?: ReactNode;
};

/** A headline number with a few secondary counts. */
export const StatCard = ({ title, icon: Icon, value, stats = [], action }: StatCardProps) => (
  <Paper withBorder p="md" radius="md">
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {title}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {value.toLocaleString('en-IN')}
        </Text>
      </div>
      <ThemeIcon variant="light" size={40} radius="md">
        <Icon size={22} />
      </ThemeIcon>
    </Group>
    {stats.length > 0 && (
      <Group gap="md" mt="xs">
        {stats.map((s) => {
          const text = (
            <>
              {s.label}:{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {s.value.toLocaleString('en-IN')}
              </Text>
            </>
          );
          return s.to ? (
            <Anchor key={s.label} component={Link} to={s.to} state={s.state} size="sm">
              {text}
            </Anchor>
          ) : (
            <Text key={s.label} size="sm" c="dimmed">
              {text}
            </Text>
          );
        })}
      </Group>
    )}
    {action && <Box mt="xs">{action}</Box>}
  </Paper>
);

/** The row of headline cards at the top of a dashboard. */
export const StatGrid = ({ cards }: { cards: StatCardProps[] }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
    {cards.map((card) => (
      <StatCard key={card.title} {...card} />
    ))}
  </SimpleGrid>
);

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/** A small titled table; an empty one says 'No data available' (spec 1 §2). */
export const DashboardTable = <T,>({
  title,
  columns,
  rows,
  rowKey,
}: {
  title: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
}) => (
  <Paper withBorder p="md" radius="md">
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {rows.length === 0 ? (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {MESSAGES.noData}
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={420}>
        <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={rowKey(row, i)}>
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )}
  </Paper>
);

/** Placeholder blocks shaped like the dashboard while the first load runs. */
export const DashboardSkeleton = ({ cards }: { cards: number }) => (
  <Stack role="status" aria-busy="true" aria-label="Loading dashboard">
    <SimpleGrid cols={{ base: 1, xs: 2, lg: cards }}>
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} h={104} radius="md" />
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Skeleton h={220} radius="md" />
      <Skeleton h={220} radius="md" />
    </SimpleGrid>
  </Stack>
);

/** The load failed: say why and offer a retry. */
export const DashboardError = ({ query }: { query: UseQueryResult<unknown> }) => (
  <Alert color="red" title="Could not load the dashboard" role="alert">
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{messageOf(query.error)}</Text>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={16} />}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        Retry
      </Button>
    </Stack>
  </Alert>
);

/**
 * A dashboard page: its header, placeholders during the first load, the error alone when nothing came, and
 * otherwise the content, with the error above it when a later refresh failed (the last data stays shown).
 */
export const DashboardFrame = <T,>({
  title,
  intro,
  query,
  children,
}: {
  title: string;
  /** Shown under the header whatever the state of the query (a greeting, links). */
  intro?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) => (
  <>
    <PageHeader title={title} />
    {intro}
    {query.isPending ? (
      <DashboardSkeleton cards={4} />
    ) : !query.data ? (
      <DashboardError query={query} />
    ) : (
      <Stack>
        {query.isError && <DashboardError query={query} />}
        {children(query.data)}
      </Stack>
    )}
  </>
);
