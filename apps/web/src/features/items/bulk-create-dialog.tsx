import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { confirmAction } from '../../components/record/confirm';
import { NameQueueInput, NameQueueList } from '../../components/record/name-queue';
import { formDraft } from '../../lib/form-draft';
import { messageOf, withLoadingToast } from '../../lib/notify';
import { bulkCreateItems, invalidateItemChanges } from './api';
import { addToQueue, queueToSend } from './bulk-queue';

/** The queued names survive a reload or a dropped connection (as the forms' drafts do). */
const DRAFT_KEY = 'items:bulk-create';
const readQueue = () => {
  const stored = formDraft.read<{ names: string[] }>(DRAFT_KEY)?.names;
  return Array.isArray(stored) ? stored.filter((n): n is string => typeof n === 'string') : [];
};

/**
 * 'Create Bulk Items' (spec 3 §2, §4, §5; dialog at #bulk-create): type a name and Add (or Enter) to queue
 * it; queued names show as a list, each removable; Add Items sends them together. Discarding queued names
 * asks first ('Discard Items').
 */
export const BulkCreateDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const client = useQueryClient();
  const [queue, setQueue] = useState<string[]>(readQueue);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (queue.length) formDraft.write(DRAFT_KEY, { names: queue });
    else formDraft.clear(DRAFT_KEY);
  }, [queue]);

  const reset = () => {
    setQueue([]);
    setText('');
    setInputError(null);
    setServerError(null);
    formDraft.clear(DRAFT_KEY);
  };

  /** Adds what is typed; false when it was refused (the message shows under the input). */
  const add = () => {
    const step = addToQueue(queue, text);
    setInputError(step.error);
    if (step.added) {
      setQueue(step.queue);
      setText('');
    } else if (!step.error) setText('');
    inputRef.current?.focus();
    return step.error === null;
  };

  const close = async () => {
    if (running.current) return;
    if (queue.length || text.trim()) {
      const discard = await confirmAction({
        title: 'Discard Items',
        message: 'Are you sure you want to discard the items listed below? They have not been added.',
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!discard) return;
    }
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    // A name typed but not added yet is added first.
    const step = addToQueue(queue, text);
    if (step.error) {
      setInputError(step.error);
      inputRef.current?.focus();
      return;
    }
    const ready = queueToSend(step.queue);
    setQueue(step.queue);
    setText('');
    if ('error' in ready) {
      setInputError(ready.error);
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    setServerError(null);
    running.current = true;
    setSending(true);
    try {
      await withLoadingToast('Adding Items. please wait...', () => bulkCreateItems(ready.names));
      void invalidateItemChanges(client);
      reset();
      onClose();
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      running.current = false;
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create Bulk Items"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={submit} aria-label="Create Bulk Items">
        <Stack gap="md">
          {serverError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {serverError}
            </Alert>
          )}
          <NameQueueInput
            inputRef={inputRef}
            label="Item name"
            value={text}
            error={inputError}
            onChange={(t) => {
              setText(t);
              setInputError(null);
            }}
            onAdd={add}
          />

          <Text size="sm" c="dimmed" aria-live="polite">
            {queue.length === 0
              ? 'No items in the list yet.'
              : `${queue.length} item${queue.length === 1 ? '' : 's'} to add`}
          </Text>
          <NameQueueList
            label="Items to add"
            names={queue}
            onRemove={(name) => setQueue((q) => q.filter((n) => n !== name))}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              Discard
            </Button>
            <Button type="submit" loading={sending}>
              Add Items
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
