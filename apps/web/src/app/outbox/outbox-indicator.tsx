import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { lazyPanel } from '../../lib/lazy-panel';
import { notifySuccess } from '../../lib/notify';
import { outbox, startOutbox, useOutbox } from '../../lib/outbox';
import { useAuth } from '../auth';

const OutboxPanel = lazyPanel(() => import('./outbox-panel').then((m) => m.OutboxPanel));

/**
 * The shell's "Waiting to send" button (lib/outbox.ts): shown only while something waits on this device,
 * with the count; a conflict or a refusal turns it red ("Needs review"). It opens the outbox panel. Also
 * where a sent write refreshes its record type's lists and says so.
 */
export const OutboxIndicator = () => {
  const { user } = useAuth();
  const entries = useOutbox(user?._id);
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    startOutbox();
    return outbox.onSent((entry) => {
      void client.invalidateQueries({ queryKey: [entry.queryRoot] });
      // The dashboards and the shell's follow-up badge count what was just sent.
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      notifySuccess(`Sent: ${entry.label}`);
    });
  }, [client]);
  const review = entries.filter((e) => e.state === 'conflict' || e.state === 'failed').length;
  if (!entries.length && !opened) return null;
  return (
    <>
      {entries.length > 0 && (
        <Button
          size="compact-sm"
          variant="light"
          color={review ? 'red' : 'orange'}
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          aria-label={
            review
              ? `${review} change${review === 1 ? '' : 's'} need review`
              : `Waiting to send ${entries.length} change${entries.length === 1 ? '' : 's'}`
          }
        >
          {review ? 'Needs review' : 'Waiting to send'} ({entries.length})
        </Button>
      )}
      <OutboxPanel opened={opened} onClose={() => setOpened(false)} entries={entries} />
    </>
  );
};
