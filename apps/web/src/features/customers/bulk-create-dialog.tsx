import {
  CUSTOMER_MESSAGES,
  type CustomerDuplicateMatch,
  queueBlocksCreateMessage,
  sameName,
} from '@karya/domain';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/auth';
import { BulkCreateDialog as BulkDialog, useBulkQueue } from '../../components/form/bulk-create-dialog';
import { messageOf, notifyError, withLoadingToast } from '../../lib/notify';
import { bulkCreateCustomers, checkCustomerNames, customerChangeKeys, findCustomerDuplicates } from './api';
import { addToQueue, flaggedNames, validNames } from './bulk-queue';
import { DuplicateMatchLine } from './duplicate-warning';

/**
 * 'Create Bulk Customers' (spec 2 §2, §4 "Bulk name check flow", §5; dialog at #bulk-create): names are
 * added one at a time (Enter or Add) with the in-list duplicate check; Create checks them against the
 * server (check-names); names that exist are flagged and Create is disabled until the list changes, while
 * 'Create Valid Customers Only' sends the others. Closing with names listed asks first ('Discard Customers').
 */
export const BulkCreateDialog = (dialog: { opened: boolean; onClose: () => void }) => {
  const client = useQueryClient();
  const { can } = useCan();
  const [flagged, setFlagged] = useState<string[]>([]);
  // The duplicate guard: names that look like live customers (near-identical names), shown once; the
  // next Create goes ahead.
  const [similar, setSimilar] = useState<Record<string, CustomerDuplicateMatch[]> | null>(null);
  const bulk = useBulkQueue({
    draftKey: 'customers:bulk-create',
    addToQueue,
    // Any change to the list re-enables Create (spec 2 §4 step 5).
    onQueue: () => {
      setFlagged([]);
      setSimilar(null);
    },
  });
  const { queue } = bulk;

  const send = (names: string[]) =>
    bulk.once(async () => {
      try {
        await withLoadingToast('Adding customers. please wait...', () => bulkCreateCustomers(names));
        for (const queryKey of customerChangeKeys) void client.invalidateQueries({ queryKey });
        bulk.reset();
        dialog.onClose();
      } catch (error) {
        bulk.setServerError(messageOf(error));
      }
    });

  /** Create: the names are checked first; if none exists they are sent. */
  const submit = async () => {
    if (bulk.running.current || flagged.length) return;
    // Said as why Create did nothing (issue 23): Add's own refusal was already showing, unchanged.
    const names = bulk.withTyped(queueBlocksCreateMessage);
    if (!names) return;
    if (names.length === 0) return bulk.refuse(CUSTOMER_MESSAGES.bulkEmpty);
    bulk.setInputError(null);
    let existing: string[] = [];
    let checked = false;
    await bulk.once(async () => {
      try {
        const answer = await withLoadingToast('Checking customer names. please wait...', () =>
          checkCustomerNames(names),
        );
        existing = flaggedNames(names, answer.data ?? []);
        checked = true;
      } catch (error) {
        bulk.setServerError(messageOf(error));
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

  const count =
    queue.length === 0
      ? CUSTOMER_MESSAGES.bulkEmpty
      : `${queue.length} customer${queue.length === 1 ? '' : 's'} to add${
          flagged.length ? `, ${flagged.length} already exist${flagged.length === 1 ? 's' : ''}` : ''
        }`;

  return (
    <BulkDialog
      {...dialog}
      noun={{ one: 'Customer', many: 'Customers' }}
      bulk={bulk}
      count={count}
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
      onSubmit={submit}
      actions={
        <>
          {flagged.length > 0 && (
            <Button variant="light" color="orange" onClick={createValidOnly} loading={bulk.sending}>
              Create Valid Customers Only
            </Button>
          )}
          <Button type="submit" loading={bulk.sending} disabled={flagged.length > 0}>
            {similar ? 'Create anyway' : 'Create'}
          </Button>
        </>
      }
    />
  );
};
