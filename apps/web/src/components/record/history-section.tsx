import {
  describeDevice,
  HISTORY_ACTION_LABELS,
  HISTORY_MESSAGES,
  type HistoryChange,
  type HistoryEntryDto,
  type HistoryPageDto,
  type HistoryValue,
  type UserRef,
} from '@karya/domain';
import { Accordion, Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/auth';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { EMPTY_VALUE } from '../list/display';
import { EmptyState, ErrorState } from '../list/list-states';
import { formatDateTime } from './format';

/** Where a record's history is read, and the query key it lives under (inside the record's own key). */
export type HistorySource = {
  /** API path without /api, e.g. `/hrm/tasks/${id}/history`. */
  path: string;
  /** e.g. `[...taskKeys.detail(id), 'history']`: invalidating the record's key refreshes its history. */
  queryKey: readonly unknown[];
};

/** Entries per page ("Load more" asks for the next). */
export const HISTORY_PAGE_SIZE = 20;

const isRef = (v: HistoryValue): v is { _id: string; name: string; role?: HistoryValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.name === 'string';

/** A value as a sentence: names for references, 'Name (role)' for members, lists joined, '-' for none. */
export const formatHistoryValue = (v: HistoryValue): string => {
  if (v === null || v === '') return EMPTY_VALUE;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length ? v.map(formatHistoryValue).join(', ') : EMPTY_VALUE;
  if (isRef(v)) return typeof v.role === 'string' ? `${v.name} (${v.role})` : v.name;
  const parts = Object.values(v).filter((x) => x !== null && x !== '');
  return parts.length ? parts.map(formatHistoryValue).join(', ') : EMPTY_VALUE;
};

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '5 minutes ago', 'yesterday'. */
export const relativeTime = (iso: string, now = Date.now()) => {
  let amount = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDateTime(iso);
};

const Who = ({ by }: { by: UserRef | null }) => {
  const { can } = useCan();
  if (!by)
    return (
      <Text span fw={600} size="sm">
        System
      </Text>
    );
  // A link only where it leads somewhere: without read on user the user page would answer 403.
  return can('user', 'read') ? (
    <Anchor component={Link} to={`/admin/users/${by._id}`} size="sm" fw={600}>
      {by.name}
    </Anchor>
  ) : (
    <Text span fw={600} size="sm">
      {by.name}
    </Text>
  );
};

const Change = ({ change }: { change: HistoryChange }) => (
  <Text component="li" size="sm" style={{ overflowWrap: 'break-word' }}>
    <Text span fw={500} size="sm">
      {change.label}:
    </Text>{' '}
    {change.redacted ? (
      'changed'
    ) : (
      <>
        <Text span size="sm" c="dimmed" td={change.from === null ? undefined : 'line-through'}>
          {formatHistoryValue(change.from)}
        </Text>
        {' → '}
        <Text span size="sm">
          {formatHistoryValue(change.to)}
        </Text>
      </>
    )}
  </Text>
);

/** One entry: who, what they did, when (relative, exact on the line), from where, and what changed. */
export const HistoryEntry = ({ entry }: { entry: HistoryEntryDto }) => {
  const where = [
    entry.device && describeDevice(entry.device),
    entry.location &&
      `signed in near ${entry.location.coordinates[0]?.toFixed(3)}, ${entry.location.coordinates[1]?.toFixed(3)}`,
  ].filter(Boolean);
  return (
    <Stack
      gap={4}
      component="li"
      style={{ listStyle: 'none' }}
      aria-label={`${HISTORY_ACTION_LABELS[entry.action]} by ${entry.by?.name ?? 'System'}`}
    >
      <Group gap={6} wrap="wrap">
        <Who by={entry.by} />
        <Badge
          size="sm"
          variant="light"
          color={entry.action.startsWith('delete') ? 'red' : entry.action === 'create' ? 'green' : 'blue'}
        >
          {HISTORY_ACTION_LABELS[entry.action]}
        </Badge>
        {entry.bulk && (
          <Badge size="sm" variant="outline" color="gray">
            Bulk action
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          <time dateTime={entry.at} title={formatDateTime(entry.at)}>
            {relativeTime(entry.at)}
          </time>{' '}
          · {formatDateTime(entry.at)}
        </Text>
      </Group>
      {where.length > 0 && (
        <Text size="xs" c="dimmed">
          {where.join(' · ')}
        </Text>
      )}
      {entry.action === 'delete-permanently' && (
        <Text size="sm">“{entry.title}” was deleted permanently.</Text>
      )}
      {entry.changes.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
          {entry.changes.map((c) => (
            <Change key={c.field} change={c} />
          ))}
        </ul>
      )}
    </Stack>
  );
};

const HistoryList = ({ source }: { source: HistorySource }) => {
  const history = useInfiniteQuery({
    queryKey: source.queryKey,
    queryFn: async ({ pageParam }) =>
      (
        await api.get<HistoryPageDto>(source.path, {
          page: String(pageParam),
          limit: String(HISTORY_PAGE_SIZE),
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.historyCount ? last.page + 1 : undefined),
  });
  if (history.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading history">
        <Skeleton height={14} width="50%" />
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="65%" />
      </Stack>
    );
  if (history.isError)
    return <ErrorState message={messageOf(history.error)} onRetry={() => history.refetch()} />;
  const entries = history.data.pages.flatMap((p) => p.history);
  if (entries.length === 0) return <EmptyState message={HISTORY_MESSAGES.empty} />;
  const total = history.data.pages[0]?.historyCount ?? entries.length;
  return (
    <Stack gap="md">
      <Stack gap="md" component="ol" style={{ margin: 0, padding: 0 }} aria-label="Changes, newest first">
        {entries.map((e) => (
          <HistoryEntry key={e._id} entry={e} />
        ))}
      </Stack>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {entries.length} of {total}
        </Text>
        {history.hasNextPage && (
          <Button
            variant="light"
            size="xs"
            loading={history.isFetchingNextPage}
            onClick={() => history.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Group>
    </Stack>
  );
};

/**
 * The collapsible History of a record, read only once opened: newest first, 20 at a time. The same
 * section serves every record type; DetailFrame shows it when given `history`.
 */
export const HistorySection = ({ source }: { source: HistorySource }) => {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Accordion variant="contained" value={value} onChange={setValue}>
      <Accordion.Item value="history">
        <Accordion.Control icon={<IconHistory size={18} aria-hidden />}>History</Accordion.Control>
        <Accordion.Panel>{value === 'history' && <HistoryList source={source} />}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
};
