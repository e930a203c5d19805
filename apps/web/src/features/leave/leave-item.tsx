import type { LeaveDto } from '@karya/domain';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { type ReactNode, useState } from 'react';
import { DecisionButtons } from '../../components/record/decision-buttons';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import { decideLeave, refreshAfterLeaveChange } from './api';
import { daysText, decisionText, leaveDates } from './leave-format';
import { LeaveStatusBadge, LeaveTypeBadge } from './leave-widgets';

/**
 * One application in a list: its type, dates, days and status on top, then the reason and the decision
 * (who and why); `who` (the person, in a manager's lists) before the dates, `actions` at the end.
 */
export const LeaveItem = ({
  leave: l,
  who,
  actions,
}: {
  leave: LeaveDto;
  /** Shows the person's name (lists of other people's leave). */
  who?: boolean;
  actions?: ReactNode;
}) => {
  const decision = l.status === 'Pending' ? null : decisionText(l);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${who ? `${l.user.name}, ` : ''}${leaveDates(l)}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <LeaveTypeBadge type={l.leaveType} />
            {who && (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {l.user.name}
              </Text>
            )}
            <Text size="sm" fw={who ? 400 : 600}>
              {leaveDates(l)}
            </Text>
            <Text size="sm" c="dimmed">
              · {daysText(l.days)}
            </Text>
          </Group>
          <LeaveStatusBadge status={l.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {l.reason}
        </Text>
        {decision && (
          <Text
            size="xs"
            c={l.status === 'Rejected' ? 'red.8' : 'dimmed'}
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
 * Approve in one tap (PATCH …/decision): one call per leave at a time, its Idempotency-Key kept for a retry
 * after a lost answer; then every leave query, attendance and the dashboard refresh. A refusal (someone
 * decided it meanwhile) is toasted and the lists are asked again.
 */
export const useApproveLeave = () => {
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const [approving, setApproving] = useState<ReadonlySet<string>>(() => new Set());
  const approve = async (l: LeaveDto) => {
    if (approving.has(l._id)) return;
    setApproving((s) => new Set([...s, l._id]));
    try {
      await withLoadingToast('Approving leave', () =>
        keeperFor(`${l._id}:approve`).run((key) => decideLeave(l._id, { decision: 'Approved' }, key)),
      );
    } catch {
      // The toast said why.
    } finally {
      refreshAfterLeaveChange(client);
      setApproving((s) => new Set([...s].filter((id) => id !== l._id)));
    }
  };
  return { approving, approve };
};

/** Approve and Reject of a leave waiting for the caller's decision, named with whose leave it is. */
export const LeaveDecisionButtons = ({
  leave: l,
  ...props
}: { leave: LeaveDto } & Omit<ComponentProps<typeof DecisionButtons>, 'what'>) => (
  <DecisionButtons what={`${l.user.name}, ${leaveDates(l)}`} {...props} />
);
