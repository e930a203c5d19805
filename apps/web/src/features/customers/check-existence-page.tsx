import { CUSTOMER_MESSAGES, formatCustomerId } from '@karya/domain';
import { Card, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useCan } from '../../app/auth';
import { CardLine } from '../../components/list/card-line';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { checkCustomers, customerKeys } from './api';

/** Spec 2 §9: the customer existence check waits for typing to pause this long. */
export const CHECK_DEBOUNCE_MS = 500;

/**
 * /crm/customers/check-existence (spec 2 §2): does a customer exist? A name searched among every live
 * customer (whatever the caller's scope) 500 ms after typing pauses; cards show the customer id, city,
 * district, state and who it is assigned to. Needs suggestion on customer.
 */
export const CustomerCheckPage = () => {
  const { can } = useCan();
  const allowed = can('customer', 'suggestion');
  const [text, setText] = useState('');
  const [name] = useDebouncedValue(text.trim(), CHECK_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: customerKeys.suggestion('check', name),
    queryFn: ({ signal }) => checkCustomers(name, signal),
    enabled: allowed && name !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  let body: ReactNode;
  if (!allowed) body = <EmptyState message="You may not search customers." />;
  else if (!name)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {CUSTOMER_MESSAGES.checkPrompt}
      </Text>
    );
  else if (result.isPending)
    body = <Loader mx="auto" my="xl" role="status" aria-label={CUSTOMER_MESSAGES.searchLoading} />;
  else if (result.isError)
    body = <ErrorState message={messageOf(result.error)} onRetry={() => void result.refetch()} />;
  else if (result.data.length === 0) body = <EmptyState message={CUSTOMER_MESSAGES.checkEmpty} />;
  else
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        aria-label="Customers found"
        p={0}
        m={0}
        style={{ listStyle: 'none', opacity: result.isPlaceholderData ? 0.6 : 1 }}
      >
        {result.data.map((c) => (
          <Card key={c._id} component="li" withBorder radius="md" padding="md" aria-label={c.name}>
            <Text size="xs" c="dimmed" fw={600}>
              {formatCustomerId(c.customerId)}
            </Text>
            <Text fw={600} mb={4} style={{ overflowWrap: 'break-word' }}>
              {c.name}
            </Text>
            <CardLine label="City">{c.address.city ?? '-'}</CardLine>
            <CardLine label="District">{c.address.district ?? '-'}</CardLine>
            <CardLine label="State">{c.address.state ?? '-'}</CardLine>
            <CardLine label="Assigned To">
              {c.assignedTo.length
                ? c.assignedTo.map((u) => u.name).join(', ')
                : CUSTOMER_MESSAGES.notAssigned}
            </CardLine>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <PageHeader title="Check Customer" back />
      <TextInput
        label="Customer name"
        placeholder="Type a customer name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        disabled={!allowed}
        maw={520}
        data-autofocus
        autoComplete="off"
      />
      <div aria-live="polite">{body}</div>
    </Stack>
  );
};
