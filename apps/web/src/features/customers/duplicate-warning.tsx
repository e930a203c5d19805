import type { CustomerDuplicateMatch, CustomerDuplicateReason } from '@karya/domain';
import { formatSequence } from '@karya/domain';
import { Anchor, List, Text } from '@mantine/core';
import { openConfirmModal } from '../../lib/confirm-modal';
import { customerPath } from './api';

const REASON_TEXT: Record<CustomerDuplicateReason, string> = {
  name: 'a similar name in the same place',
  phone: 'the same phone',
  email: 'the same e-mail',
};

/** 'CI0012 · DAV Public School · Bhubaneswar, Khordha — the same phone'. */
export const DuplicateMatchLine = ({ match }: { match: CustomerDuplicateMatch }) => {
  const label = `${formatSequence('CI', match.customerId, 4)} · ${match.name}`;
  const place = [match.city, match.district].filter(Boolean).join(', ');
  return (
    <Text size="sm" component="span">
      {match.visible ? (
        <Anchor href={customerPath(match._id)} target="_blank" rel="noopener">
          {label}
        </Anchor>
      ) : (
        label
      )}
      {place ? ` · ${place}` : ''} — {match.reasons.map((r) => REASON_TEXT[r]).join(', ')}
      {match.visible ? '' : ' (assigned to someone else)'}
    </Text>
  );
};

/**
 * The duplicate guard's question before a customer is created (issue 11): the likely existing customers,
 * each one the user may open linked (in a new tab, so the form stays as it is); resolves true to save
 * anyway, false to go back to the form.
 */
export const confirmDespiteDuplicates = (matches: CustomerDuplicateMatch[]) =>
  new Promise<boolean>((resolve) => {
    openConfirmModal({
      title: 'This customer may already exist',
      centered: true,
      children: (
        <>
          <Text size="sm" mb="xs">
            {matches.length === 1 ? 'A customer looks like this one:' : 'These customers look like this one:'}
          </Text>
          <List size="sm" spacing={4}>
            {matches.map((m) => (
              <List.Item key={m._id}>
                <DuplicateMatchLine match={m} />
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            Save it as a new customer anyway?
          </Text>
        </>
      ),
      labels: { confirm: 'Save anyway', cancel: 'Go back' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
