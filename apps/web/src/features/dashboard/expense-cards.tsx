import type { HrmDashboard } from '@karya/domain';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/auth';
import { money } from '../expenses/expense-format';

/** '1 claim waits for your decision', '3 claims wait for your decision'. */
export const claimsWaitingText = (n: number) =>
  `${n.toLocaleString('en-IN')} claim${n === 1 ? ' waits' : 's wait'} for your decision`;
/** '1 approved claim to pay', '2 approved claims to pay'. */
export const claimsToPayText = (n: number) =>
  `${n.toLocaleString('en-IN')} approved claim${n === 1 ? '' : 's'} to pay`;

/**
 * The HRM dashboard's expenses (issue 28, decision 0025): the caller's open claims (submitted or approved,
 * not yet paid) and their amount; for a manager the claims waiting for their decision, and with pay the
 * approved claims to pay, both linked to the Waiting for you view.
 */
export const ExpenseCards = ({ expenses }: { expenses: HrmDashboard['expenses'] }) => {
  const { can } = useCan();
  if (!expenses.visible) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-expenses">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="my-expenses">
          Expenses
        </Text>
        <ThemeIcon variant="light" size={40} radius="md">
          <IconReceipt size={22} />
        </ThemeIcon>
      </Group>
      <Text fz={26} fw={700} lh={1.2}>
        {money(expenses.myOpenAmount)}
      </Text>
      <Text size="sm" c="dimmed">
        {expenses.myOpen === 0
          ? 'No open claims of yours'
          : `In ${expenses.myOpen.toLocaleString('en-IN')} open claim${expenses.myOpen === 1 ? '' : 's'} of yours`}
      </Text>
      <Stack gap={2} mt="xs">
        {expenses.pendingApprovals > 0 && (
          <Anchor component={Link} to="/hrm/expenses?view=team" size="sm" fw={600}>
            {claimsWaitingText(expenses.pendingApprovals)}
          </Anchor>
        )}
        {expenses.toPay > 0 && can('expense', 'pay') && (
          <Anchor component={Link} to="/hrm/expenses?view=team" size="sm" fw={600}>
            {claimsToPayText(expenses.toPay)}
          </Anchor>
        )}
        <Anchor component={Link} to="/hrm/expenses" size="sm">
          My claims
        </Anchor>
      </Stack>
    </Paper>
  );
};
