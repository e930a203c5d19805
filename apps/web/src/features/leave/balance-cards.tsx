import { LEAVE_TYPE_INFO, type LeaveBalance } from '@karya/domain';
import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import { ErrorState } from '../../components/list/list-states';
import { messageOf } from '../../lib/notify';
import { useLeaveBalances } from './api';
import { daysNumber, daysText, LEAVE_TYPE_COLORS, leftOf } from './leave-format';
import { LeaveTypeBadge } from './leave-widgets';

/** What a card says to a screen reader in one go: 'Casual leave: 8 of 12 days left, 2 days pending'. */
const cardLabel = (b: LeaveBalance) => {
  const name = LEAVE_TYPE_INFO[b.leaveType].label;
  if (!b.limited) return `${name}: no limit${b.pending ? `, ${daysText(b.pending)} pending` : ''}`;
  return [
    `${name}: ${daysNumber(leftOf(b))} of ${daysText(b.allocated)} left`,
    b.taken ? `${daysText(b.taken)} taken` : null,
    b.pending ? `${daysText(b.pending)} pending` : null,
  ]
    .filter(Boolean)
    .join(', ');
};

/** One type's balance: what is left in large, of what was allocated; what is taken and reserved below. */
const BalanceCard = ({ b }: { b: LeaveBalance }) => (
  <Paper
    component="li"
    withBorder
    radius="md"
    p="sm"
    aria-label={cardLabel(b)}
    style={{ borderTop: `3px solid var(--mantine-color-${LEAVE_TYPE_COLORS[b.leaveType]}-6)`, minWidth: 0 }}
  >
    <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {LEAVE_TYPE_INFO[b.leaveType].label}
      </Text>
      <LeaveTypeBadge type={b.leaveType} size="xs" />
    </Group>
    {b.limited ? (
      <Text mt={4} lh={1.2}>
        <Text span fz={26} fw={700}>
          {daysNumber(leftOf(b))}
        </Text>{' '}
        <Text span size="sm" c="dimmed">
          of {daysNumber(b.allocated)} left
        </Text>
      </Text>
    ) : (
      <Text mt={4} fz={20} fw={700} lh={1.5}>
        No limit
      </Text>
    )}
    <Text size="xs" c="dimmed" mt={2}>
      {b.taken ? `${daysText(b.taken)} taken` : 'None taken'}
      {b.pending ? ` · ${daysText(b.pending)} pending` : ''}
    </Text>
  </Paper>
);

/** Placeholder cards while the balances load. */
const BalancesSkeleton = () => (
  <SimpleGrid
    cols={{ base: 2, sm: 4 }}
    spacing="sm"
    role="status"
    aria-busy="true"
    aria-label="Loading balances"
  >
    {[0, 1, 2, 3].map((i) => (
      <Skeleton key={i} height={96} radius="md" />
    ))}
  </SimpleGrid>
);

/**
 * The signed-in user's balance per type for a year (GET /hrm/leaves/balances): available of allocated,
 * what is taken and what pending applications reserve; unpaid leave has no limit. Two cards a row on a
 * phone, four on wider screens.
 */
export const BalanceCards = ({ year }: { year: number }) => {
  const headingId = useId();
  const query = useLeaveBalances(year);
  if (query.isPending) return <BalancesSkeleton />;
  if (query.isError && !query.data)
    return (
      <ErrorState
        message={`Leave balances: ${messageOf(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  const balances = query.data?.balances ?? [];
  return (
    <section aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={600} mb={6}>
        Balances {year}
      </Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        aria-labelledby={headingId}
        style={{ listStyle: 'none', padding: 0, margin: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        {balances.map((b) => (
          <BalanceCard key={b.leaveType} b={b} />
        ))}
      </SimpleGrid>
    </section>
  );
};
