import type { QueueStep } from '@karya/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formDraft } from '../../lib/form-draft';
import { confirmAction } from '../record/confirm';
import { NameQueueInput, NameQueueList } from '../record/name-queue';

const NOT_ADDED = 'They have not been added.';

const readQueue = (key: string) => {
  const stored = formDraft.read<{ names: string[] }>(key)?.names;
  return Array.isArray(stored) ? stored.filter((n): n is string => typeof n === 'string') : [];
};

/**
 * The state of a bulk create by names (customers, items): the queued names (kept as a draft under
 * `draftKey`, so they survive a reload or a dropped connection), the name being typed and its message, the
 * server's message, and one call at a time (repeat submits are ignored while a call runs). `onQueue` runs
 * on every change to the list (customers re-enable Create), which then also clears the server's message.
 */
export const useBulkQueue = ({
  draftKey,
  addToQueue,
  onQueue,
}: {
  draftKey: string;
  addToQueue: (queue: readonly string[], text: string) => QueueStep;
  onQueue?: () => void;
}) => {
  const [queue, setQueueState] = useState<string[]>(() => readQueue(draftKey));
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (queue.length) formDraft.write(draftKey, { names: queue });
    else formDraft.clear(draftKey);
  }, [queue, draftKey]);

  const setQueue = (next: string[]) => {
    setQueueState(next);
    if (onQueue) {
      onQueue();
      setServerError(null);
    }
  };
  const reset = () => {
    setQueue([]);
    setText('');
    setInputError(null);
    setServerError(null);
    formDraft.clear(draftKey);
  };
  /** A refusal (said under the input) and the input focused again. */
  const refuse = (message: string) => {
    setInputError(message);
    inputRef.current?.focus();
  };
  const add = () => {
    const step = addToQueue(queue, text);
    setInputError(step.error);
    if (step.added) {
      setQueue(step.queue);
      setText('');
    } else if (!step.error) setText('');
    inputRef.current?.focus();
  };
  /** Before a submit: a name typed but not added yet is added first; null when it was refused. */
  const withTyped = (blocked: (error: string) => string = (e) => e) => {
    const step = addToQueue(queue, text);
    if (step.error) {
      refuse(blocked(step.error));
      return null;
    }
    if (step.added) setQueue(step.queue);
    setText('');
    return step.queue;
  };
  const once = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setSending(true);
    try {
      await work();
    } finally {
      running.current = false;
      setSending(false);
    }
  };
  return {
    queue,
    setQueue,
    text,
    setText,
    inputError,
    setInputError,
    serverError,
    setServerError,
    sending,
    running,
    inputRef,
    reset,
    refuse,
    add,
    withTyped,
    once,
  };
};

export type BulkQueue = ReturnType<typeof useBulkQueue>;

/**
 * The dialog of a bulk create by names: the name input with Add, a count, the queued names (each
 * removable, `note` marks one), and Discard beside the actions. Closing with names listed or typed asks
 * first ('Discard Customers'), then empties the list.
 */
export const BulkCreateDialog = ({
  opened,
  onClose,
  noun,
  bulk,
  count,
  note,
  onSubmit,
  actions,
}: {
  opened: boolean;
  onClose: () => void;
  /** 'Customer' and 'Customers': the title 'Create Bulk Customers', 'Customer name', 'Customers to add'. */
  noun: { one: string; many: string };
  bulk: BulkQueue;
  count: ReactNode;
  note?: (name: string) => ReactNode;
  onSubmit: () => Promise<void>;
  /** The buttons after Discard (the submit among them). */
  actions: ReactNode;
}) => {
  const title = `Create Bulk ${noun.many}`;
  const discard = {
    title: `Discard ${noun.many}`,
    message: `Are you sure you want to discard the ${noun.many.toLowerCase()} listed below? ${NOT_ADDED}`,
  };
  const phone = useMediaQuery('(max-width: 48em)');
  const close = async () => {
    if (bulk.running.current) return;
    if (bulk.queue.length || bulk.text.trim()) {
      if (!(await confirmAction({ ...discard, confirmLabel: 'Discard', danger: true }))) return;
    }
    bulk.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="md">
          {bulk.serverError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {bulk.serverError}
            </Alert>
          )}
          <NameQueueInput
            inputRef={bulk.inputRef}
            label={`${noun.one} name`}
            value={bulk.text}
            error={bulk.inputError}
            onChange={(t) => {
              bulk.setText(t);
              bulk.setInputError(null);
            }}
            onAdd={bulk.add}
          />

          <Text size="sm" c="dimmed" aria-live="polite">
            {count}
          </Text>
          <NameQueueList
            label={`${noun.many} to add`}
            names={bulk.queue}
            onRemove={(name) => bulk.setQueue(bulk.queue.filter((n) => n !== name))}
            note={note}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={bulk.sending}>
              Discard
            </Button>
            {actions}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
