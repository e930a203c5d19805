import type { ExpenseClaimDto } from '@karya/domain';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DecisionButtons } from '../../components/record/decision-buttons';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import { claimHref, decideClaim, refreshAfterExpenseChange } from './api';
import { claimDates, claimName, decisionText, expensesText, money } from './expense-format';
import { ExpenseStatusBadge } from './expense-widgets';

/**
 * One claim in a list: its number and purpose (a link to the claim), the total and the status on top, then
 * the dates and how many expenses, and the decision or payment; `who` (the person, in a manager's lists)
 * before the purpose, `actions` at the end.
 */
export const ClaimItem = ({
  claim: c,
  who,
  actions,
}: {
  claim: ExpenseClaimDto;
  /** Shows the person's name (lists of other people's claims). */
  who?: boolean;
  actions?: ReactNode;
}) => {
  const decision = decisionText(c);
  const dates = claimDates(c);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${who ? `${c.user.name}, ` : ''}${claimName(c)}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            {who && (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {c.user.name}
              </Text>
            )}
            <Anchor
              component={Link}
              to={claimHref(c._id)}
              size="sm"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {c.claimId} · {c.title}
            </Anchor>
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="sm" fw={700}>
              {money(c.total)}
            </Text>
            <ExpenseStatusBadge status={c.status} />
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">
          {[dates, expensesText(c.lineCount)].filter(Boolean).join(' · ')}
        </Text>
        {decision && (
          <Text
            size="xs"
            c={c.status === 'Rejected' ? 'red.8' : 'dimmed'}
            style={{ overflowWrap: 'anywhere' }}
          >
            {decision}
          </Text>
        )}
        {actions && (
          <Group gap="xs" justify="flex-end" wrap="wrap" mt={4}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * Approve in one tap (PATCH …/decision): one call per claim at a time, its Idempotency-Key kept for a retry
 * after a lost answer; then every expense query and the dashboard refresh. A refusal (decided meanwhile) is
 * toasted and the lists are asked again.
 */
export const useApproveClaim = () => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const [approving, setApproving] = useState<ReadonlySet<string>>(() => new Set());
  const approve = async (c: ExpenseClaimDto) => {
    if (approving.has(c._id)) return;
    setApproving((s) => new Set([...s, c._id]));
    try {
      await withLoadingToast('Approving claim', () =>
        keeperFor(`${c._id}:approve`).run((key) => decideClaim(c._id, { decision: 'Approved' }, key)),
      );
    } catch {
      // The toast said why.
    } finally {
      refreshAfterExpenseChange(client);
      setApproving((s) => new Set([...s].filter((id) => id !== c._id)));
    }
  };
  return { approving, approve };
};

/** Approve and Reject of a claim waiting for the caller's decision, named with whose claim it is. */
export const ClaimDecisionButtons = ({
  claim: c,
  ...props
}: { claim: ExpenseClaimDto } & Omit<ComponentProps<typeof DecisionButtons>, 'what'>) => (
  <DecisionButtons what={`${c.user.name}, ${claimName(c)}`} {...props} />
);
