import type { RecordStamps } from '@karya/domain';
import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useCallback, useRef } from 'react';
import { useCan } from '../../app/auth';
import { messageOf } from '../../lib/notify';
import { formatDateTime } from './format';
import { HistorySection, type HistorySource } from './history-section';
import { RecordLink } from './record-link';

type DialogLifecycle = {
  remove: (id: string) => Promise<boolean>;
  restore: (id: string) => Promise<boolean>;
  removePermanently: (id: string) => Promise<boolean>;
  running: boolean;
};

/** The form inside a RecordDialog tells it how to close (asking first when it holds changes). */
export type RegisterClose = (close: () => void) => void;

/**
 * The create / update dialog of a record type whose forms live on its list (brands, categories, classes,
 * margins, vendors; spec 3 §2). Without `recordId` it shows the create form; with one it loads the record
 * and shows the update form and Delete (by permission), or for a deleted record Restore and Delete
 * Permanently (with `lifecycle`) — each through the record type's confirmed lifecycle calls, closing the
 * dialog when done. Full screen on a phone; Escape and the close button go through the form's own close,
 * which asks before dropping changes.
 */
export const RecordDialog = <
  T extends { _id: string; name: string } & Partial<RecordStamps> & { isDeleted: boolean },
>({
  opened,
  onClose,
  recordId,
  query,
  titles,
  noun,
  notFoundText,
  resource,
  lifecycle,
  size = 'lg',
  history,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  recordId?: string | null;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T | null };
  /** 'Create Brand', 'Update Brand', and the word for a deleted one ('Brand'). */
  titles: { create: string; update: string; deleted: string };
  /** Lower-case, for 'This brand is deleted'. */
  noun: string;
  notFoundText: string;
  resource: string;
  /** Delete / Restore / Delete Permanently inside the dialog; without it a deleted record is only named. */
  lifecycle?: DialogLifecycle & { deleteLabel: string };
  size?: string;
  /** The record's history (API path without /api): a collapsible History under the form or the deleted notice. */
  history?: (id: string) => HistorySource;
  children: (record: T | null, registerClose: RegisterClose) => ReactNode;
}) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const { can } = useCan();
  const closeRef = useRef<() => void>(onClose);
  const registerClose = useCallback<RegisterClose>((close) => {
    closeRef.current = close;
  }, []);
  const record = recordId ? (query.data ?? null) : null;
  const run = (action: ((id: string) => Promise<boolean>) | undefined) => async () => {
    if (record && action && (await action(record._id))) onClose();
  };
  const title = !recordId ? titles.create : record?.isDeleted ? titles.deleted : titles.update;
  return (
    <Modal
      opened={opened}
      onClose={() => closeRef.current()}
      title={title}
      size={size}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!opened ? null : recordId && query.isPending ? (
        <Loader role="status" aria-label={`Loading ${noun}`} mx="auto" display="block" />
      ) : recordId && !record ? (
        <Alert color="red" role="alert">
          {query.isError ? messageOf(query.error) : notFoundText}
        </Alert>
      ) : record?.isDeleted ? (
        <Stack gap="md">
          <Alert color="red" variant="light" title={record.name}>
            This {noun} was deleted{record.deletedAt ? ` on ${formatDateTime(record.deletedAt)}` : ''}
            {record.deletedBy ? (
              <>
                {' by '}
                <RecordLink to={`/admin/users/${record.deletedBy._id}`} inherit>
                  {record.deletedBy.name}
                </RecordLink>
              </>
            ) : null}
          </Alert>
          {lifecycle && (
            <Group justify="flex-end" gap="sm">
              {can(resource, 'restore') && (
                <Button disabled={lifecycle.running} onClick={run(lifecycle.restore)}>
                  Restore
                </Button>
              )}
              {can(resource, 'delete-permanently') && (
                <Button color="red" disabled={lifecycle.running} onClick={run(lifecycle.removePermanently)}>
                  Delete Permanently
                </Button>
              )}
            </Group>
          )}
          {history && <HistorySection source={history(record._id)} />}
        </Stack>
      ) : (
        <Stack gap="md">
          {children(record, registerClose)}
          {record && lifecycle && can(resource, 'delete') && (
            <Group>
              <Button
                variant="subtle"
                color="red"
                disabled={lifecycle.running}
                onClick={run(lifecycle.remove)}
              >
                {lifecycle.deleteLabel}
              </Button>
            </Group>
          )}
          {record && history && <HistorySection source={history(record._id)} />}
        </Stack>
      )}
    </Modal>
  );
};
