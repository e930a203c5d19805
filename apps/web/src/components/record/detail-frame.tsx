import type { RecordStamps } from '@karya/domain';
import { Alert, Button, Card, Skeleton, Stack, Title } from '@mantine/core';
import { IconPencil, IconRestore, IconTrash, IconTrashOff, IconTrashX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { displayValue } from '../list/display';
import { EmptyState, ErrorState } from '../list/list-states';
import { PageHeader } from '../page-header';
import { FieldList } from './field-list';
import { formatDateTime } from './format';
import { HistorySection, type HistorySource } from './history-section';

/** The part of a query result DetailFrame reads (a TanStack `useQuery` result fits). */
export type DetailQueryState<T> = {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  data?: T | null;
  refetch?: () => unknown;
};

/** An action handler; a returned promise is awaited by nobody, so it may resolve to anything. */
type Action = () => unknown;

export type DetailFrameProps<T extends Partial<RecordStamps>> = {
  /** Page title, e.g. 'Task Details'. Breadcrumbs come from the path (PageHeader). */
  title: string;
  /** The record's name ('Visit the DEO office'): the browser tab title and the last breadcrumb. */
  recordName?: (record: T) => string;
  /** Lower-case noun for the deleted banner: 'This task was deleted on ...'. */
  noun: string;
  query: DetailQueryState<T>;
  /** Shown when the record does not exist (404), e.g. 'Task not found'. */
  notFoundText: string;
  /** A way back from the not-found state, e.g. { to: '/hrm/tasks', label: 'Back to tasks' }. */
  backTo?: { to: string; label: string };
  canUpdate?: boolean;
  canDelete?: boolean;
  canRestore?: boolean;
  canDeletePermanently?: boolean;
  onUpdate?: Action;
  onDelete?: Action;
  onRestore?: Action;
  onDeletePermanently?: Action;
  /** The lifecycle buttons' texts where the record type words them differently ('Update Team'). */
  labels?: Partial<Record<'update' | 'delete' | 'restore' | 'deletePermanently', string>>;
  /** Update as a link (e.g. 'update', relative to the record's path) instead of onUpdate. */
  updateTo?: string;
  /** Disables the lifecycle buttons, e.g. while a lifecycle call runs. */
  busy?: boolean;
  /** More header actions, shown before the lifecycle buttons. */
  extraActions?: (record: T) => ReactNode;
  /** The created/updated/deleted card (default shown). */
  showStamps?: boolean;
  /** The record's own fields. */
  children: (record: T) => ReactNode;
  /** Where the record's history is read: a collapsible History section at the end, loaded when opened. */
  history?: HistorySource;
};

/** 'This task was deleted on 18/03/2026 03:30 PM by Asha' (date and name only when known). */
export const deletedBannerText = (noun: string, stamps: Partial<RecordStamps>) =>
  `This ${noun} was deleted${stamps.deletedAt ? ` on ${formatDateTime(stamps.deletedAt)}` : ''}${
    stamps.deletedBy?.name ? ` by ${stamps.deletedBy.name}` : ''
  }`;

/** Who created, updated and deleted the record, and when. */
export const RecordStampsCard = ({ stamps }: { stamps: Partial<RecordStamps> }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={3} size="h5" mb="sm">
      Record Information
    </Title>
    <FieldList
      items={[
        { label: 'Created By', value: displayValue(stamps.createdBy) },
        { label: 'Created On', value: formatDateTime(stamps.createdAt) },
        { label: 'Updated On', value: formatDateTime(stamps.updatedAt) },
        ...(stamps.isDeleted
          ? [
              { label: 'Deleted By', value: displayValue(stamps.deletedBy) },
              { label: 'Deleted On', value: formatDateTime(stamps.deletedAt) },
            ]
          : []),
      ]}
    />
  </Card>
);

/**
 * The frame of a record's detail screen: header with the lifecycle actions, loading skeleton, not-found
 * and error states, the red deleted banner and the record's stamps. A live record offers Update and
 * Delete; a deleted one Restore and Delete Permanently; each only when its flag and handler are given.
 */
export const DetailFrame = <T extends Partial<RecordStamps>>({
  title,
  recordName,
  noun,
  query,
  notFoundText,
  backTo,
  canUpdate = false,
  canDelete = false,
  canRestore = false,
  canDeletePermanently = false,
  onUpdate,
  onDelete,
  onRestore,
  onDeletePermanently,
  labels = {},
  updateTo,
  busy = false,
  extraActions,
  showStamps = true,
  children,
  history,
}: DetailFrameProps<T>) => {
  if (query.isPending)
    return (
      <Stack gap="md">
        <PageHeader title={title} back />
        <Card withBorder radius="md" padding="md" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={20} width="40%" mb="md" />
          <Skeleton height={12} mb={8} />
          <Skeleton height={12} mb={8} width="85%" />
          <Skeleton height={12} width="60%" />
        </Card>
      </Stack>
    );

  const record = query.data;
  const notFound = query.isError
    ? isApiError(query.error) && query.error.status === 404
    : record === null || record === undefined;
  if (query.isError && !notFound)
    return (
      <Stack gap="md">
        <PageHeader title={title} back />
        <ErrorState message={messageOf(query.error)} onRetry={query.refetch && (() => query.refetch?.())} />
      </Stack>
    );
  if (notFound || !record)
    return (
      <Stack gap="md">
        <PageHeader title={title} back />
        <EmptyState message={notFoundText}>
          {backTo && (
            <Button component={Link} to={backTo.to} variant="light">
              {backTo.label}
            </Button>
          )}
        </EmptyState>
      </Stack>
    );

  const deleted = Boolean(record.isDeleted);
  const actions = deleted
    ? [
        canRestore && onRestore && (
          <Button
            key="restore"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={onRestore}
            disabled={busy}
          >
            {labels.restore ?? 'Restore'}
          </Button>
        ),
        canDeletePermanently && onDeletePermanently && (
          <Button
            key="purge"
            color="red"
            leftSection={<IconTrashX size={16} aria-hidden />}
            onClick={onDeletePermanently}
            disabled={busy}
          >
            {labels.deletePermanently ?? 'Delete Permanently'}
          </Button>
        ),
      ]
    : [
        canUpdate &&
          (updateTo ? (
            <Button
              key="update"
              component={Link}
              to={updateTo}
              relative="path"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {labels.update ?? 'Update'}
            </Button>
          ) : (
            onUpdate && (
              <Button key="update" leftSection={<IconPencil size={16} aria-hidden />} onClick={onUpdate}>
                {labels.update ?? 'Update'}
              </Button>
            )
          )),
        canDelete && onDelete && (
          <Button
            key="delete"
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            disabled={busy}
          >
            {labels.delete ?? 'Delete'}
          </Button>
        ),
      ];

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        recordName={recordName?.(record)}
        back
        actions={
          <>
            {extraActions?.(record)}
            {actions}
          </>
        }
      />
      {deleted && (
        <Alert color="red" variant="light" icon={<IconTrashOff size={18} aria-hidden />}>
          {deletedBannerText(noun, record)}
        </Alert>
      )}
      {children(record)}
      {showStamps && <RecordStampsCard stamps={record} />}
      {history && <HistorySection source={history} />}
    </Stack>
  );
};
