import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BulkCreateDialog as BulkDialog, useBulkQueue } from '../../components/form/bulk-create-dialog';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { bulkCreateItems, invalidateItemChanges } from './api';
import { addToQueue, queueToSend } from './bulk-queue';

/**
 * 'Create Bulk Items' (spec 3 §2, §4, §5; dialog at #bulk-create): type a name and Add (or Enter) to queue
 * it; queued names show as a list, each removable; Add Items sends them together. Discarding queued names
 * asks first ('Discard Items').
 */
export const BulkCreateDialog = (dialog: { opened: boolean; onClose: () => void }) => {
  const client = useQueryClient();
  const bulk = useBulkQueue({ draftKey: 'items:bulk-create', addToQueue });
  const { queue } = bulk;

  const submit = async () => {
    if (bulk.running.current) return;
    const names = bulk.withTyped();
    if (!names) return;
    const ready = queueToSend(names);
    if ('error' in ready) return bulk.refuse(ready.error);
    bulk.setInputError(null);
    bulk.setServerError(null);
    await bulk.once(async () => {
      try {
        await withLoadingToast('Adding Items. please wait...', () => bulkCreateItems(ready.names));
        void invalidateItemChanges(client);
        bulk.reset();
        dialog.onClose();
      } catch (error) {
        bulk.setServerError(messageOf(error));
      }
    });
  };

  const count =
    queue.length === 0
      ? 'No items in the list yet.'
      : `${queue.length} item${queue.length === 1 ? '' : 's'} to add`;

  return (
    <BulkDialog
      {...dialog}
      noun={{ one: 'Item', many: 'Items' }}
      bulk={bulk}
      count={count}
      onSubmit={submit}
      actions={
        <Button type="submit" loading={bulk.sending}>
          Add Items
        </Button>
      }
    />
  );
};
