import { CUSTOMER_MESSAGES, type CustomerDuplicateMatch, sameName } from '@karya/domain';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useCan } from '../../app/auth';
import { confirmAction } from '../../components/record/confirm';
import { NameQueueInput, NameQueueList } from '../../components/record/name-queue';
import { formDraft } from '../../lib/form-draft';
import { messageOf, notifyError, withLoadingToast } from '../../lib/notify';
import { bulkCreateCustomers, checkCustomerNames, customerChangeKeys, findCustomerDuplicates } from './api';
import { addToQueue, flaggedNames, validNames } from './bulk-queue';
import { DuplicateMatchLine } from './duplicate-warning';

/** The listed names survive a reload or a dropped connection (as the forms' drafts do). */
const DRAFT_KEY = 'customers:bulk-create';
const readQueue = () => {
  const stored = formDraft.read<{ names: string[] }>(DRAFT_KEY)?.names;
  return Array.isArray(stored) ? stored.filter((n): n is string => typeof n === 'string') : [];
};

/**
 * 'Create Bulk Customers' (spec 2 §2, §4 "Bulk name check flow", §5; dialog at #bulk-create): names are
 * added one at a time (Enter or Add) with the in-list duplicate check; Create checks them against the
 * server (check-names); names that exist are flagged and Create is disabled until the list changes, while
 * 'Create Valid Customers Only' sends the others. Closing with names listed asks first ('Discard Customers').
 */
export const BulkCreateDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const client = useQueryClient();
  const { can } = useCan();
  const [queue, setQueue] = useState<string[]>(readQueue);
  const [flagged, setFlagged] = useState<string[]>([]);
  // The duplicate guard: names that look like live customers (near-identical names), shown once; the
  // next Create goes ahead.
  const [similar, setSimilar] = useState<Record<string, CustomerDuplicateMatch[]> | null>(null);
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

  /** Any change to the list re-enables Create (spec 2 §4 step 5). */
  const changeQueue = (next: string[]) => {
    setQueue(next);
    setFlagged([]);
    setSimilar(null);
    setServerError(null);
  };

  const reset = () => {
    changeQueue([]);
    setText('');
    setInputError(null);
    formDraft.clear(DRAFT_KEY);
  };

  const add = () => {
    const step = addToQueue(queue, text);
    setInputError(step.error);
    if (step.added) {
      changeQueue(step.queue);
      setText('');
    } else if (!step.error) setText('');
    inputRef.current?.focus();
  };

  const close = async () => {
    if (running.current) return;
    if (queue.length || text.trim()) {
      const discard = await confirmAction({
        title: 'Discard Customers',
        message: 'Are you sure you want to discard the customers listed below? They have not been added.',
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!discard) return;
    }
    reset();
    onClose();
  };

  /** One call at a time (spec 2 §4: repeat submits are ignored while a call runs). */
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

  const send = (names: string[]) =>
    once(async () => {
      try {
        await withLoadingToast('Adding customers. please wait...', () => bulkCreateCustomers(names));
        for (const queryKey of customerChangeKeys) void client.invalidateQueries({ queryKey });
        reset();
        onClose();
      } catch (error) {
        setServerError(messageOf(error));
      }
    });

  /** Create: the names are checked first; if none exists they are sent. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || flagged.length) return;
    // A name typed but not added yet is added first.
    const step = addToQueue(queue, text);
    if (step.error) {
      setInputError(step.error);
      inputRef.current?.focus();
      return;
    }
    const names = step.queue;
    if (step.added) changeQueue(names);
    setText('');
    if (names.length === 0) {
      setInputError(CUSTOMER_MESSAGES.bulkEmpty);
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    let existing: string[] = [];
    let checked = false;
    await once(async () => {
      try {
        const answer = await withLoadingToast('Checking customer names. please wait...', () =>
          checkCustomerNames(names),
        );
        existing = flaggedNames(names, answer.data ?? []);
        checked = true;
      } catch (error) {
        setServerError(messageOf(error));
      }
    });
    if (!checked) return;
    if (existing.length) {
      setFlagged(existing);
      return;
    }
    // The guard answers to create on customer (the create form's own check).
    if (!similar && can('customer', 'create')) {
      const found = await findCustomerDuplicates(names.map((name) => ({ name }))).catch(() => []);
      if (found.length) {
        setSimilar(Object.fromEntries(found.map((f) => [names[f.index]!, f.matches])));
        return;
      }
    }
    await send(names);
  };

  const createValidOnly = () => {
    const names = validNames(queue, flagged);
    if (names.length === 0) {
      notifyError(new Error(CUSTOMER_MESSAGES.bulkNoneValid));
      return;
    }
    void send(names);
  };

  const isFlagged = (name: string) => flagged.some((f) => sameName(f, name));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create Bulk Customers"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={submit} aria-label="Create Bulk Customers">
        <Stack gap="md">
          {serverError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {serverError}
            </Alert>
          )}
          <NameQueueInput
            inputRef={inputRef}
            label="Customer name"
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
              ? CUSTOMER_MESSAGES.bulkEmpty
              : `${queue.length} customer${queue.length === 1 ? '' : 's'} to add${
                  flagged.length ? `, ${flagged.length} already exist${flagged.length === 1 ? 's' : ''}` : ''
                }`}
          </Text>
          <NameQueueList
            label="Customers to add"
            names={queue}
            onRemove={(name) => changeQueue(queue.filter((n) => n !== name))}
            note={(name) =>
              isFlagged(name) ? (
                <Badge color="red" variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>
                  {CUSTOMER_MESSAGES.exists}
                </Badge>
              ) : similar?.[name] ? (
                <Stack gap={2}>
                  <Text size="xs" c="orange.8" fw={600}>
                    May already exist:
                  </Text>
                  {similar[name].map((m) => (
                    <DuplicateMatchLine key={m._id} match={m} />
                  ))}
                </Stack>
              ) : null
            }
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              Discard
            </Button>
            {flagged.length > 0 && (
              <Button variant="light" color="orange" onClick={createValidOnly} loading={sending}>
                Create Valid Customers Only
              </Button>
            )}
            <Button type="submit" loading={sending} disabled={flagged.length > 0}>
              {similar ? 'Create anyway' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
