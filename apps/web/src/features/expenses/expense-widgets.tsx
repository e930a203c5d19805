import type { ExpenseStatus } from '@karya/domain';
import { Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { EXPENSE_STATUS_COLORS } from './expense-format';

/** A claim's status as a badge: Draft grey, Submitted orange, Approved blue, Rejected red, Paid green. */
export const ExpenseStatusBadge = ({
  status,
  size = 'sm',
}: {
  status: ExpenseStatus;
  size?: 'xs' | 'sm';
}) => (
  <Badge
    component="span"
    size={size}
    variant="light"
    tt="none"
    color={EXPENSE_STATUS_COLORS[status]}
    style={{ flexShrink: 0 }}
  >
    {status}
  </Badge>
);

/**
 * How a travel expense is priced: by distance (the company's rate a km) or by amount (a fare, a ticket). A
 * segmented control, so each choice is a whole finger-sized target on a phone.
 */
export const PricedChoice = ({
  byDistance,
  onChange,
}: {
  byDistance: boolean;
  onChange: (byDistance: boolean) => void;
}) => {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text id={id} size="sm" fw={500}>
        Priced
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={id}
        value={byDistance ? 'distance' : 'amount'}
        onChange={(v) => onChange(v === 'distance')}
        data={[
          { value: 'distance', label: 'By distance' },
          { value: 'amount', label: 'By amount' },
        ]}
      />
    </Stack>
  );
};
