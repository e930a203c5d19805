import { type HrmDashboard, LEAVE_TYPE_INFO } from '@karya/domain';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { Link } from 'react-router';
import { balanceText } from '../leave/leave-format';

/** '1 leave application waits for you', '3 leave applications wait for you'. */
export const waitingText = (n: number) =>
  `${n.toLocaleString('en-IN')} leave application${n === 1 ? ' waits' : 's wait'} for you`;

/**
 * The HRM dashboard's leave (issue 28, decision 0023): the caller's balances this year, compact (what is
 * left of what was allocated; unpaid leave has no limit), their applications still waiting, and for a
 * manager the applications waiting for their decision, linked to the Team view.
 */
export const LeaveCards = ({ leave }: { leave: HrmDashboard['leave'] }) => {
  if (!leave.visible) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-leave">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="my-leave">
          My leave this year
        </Text>
        <ThemeIcon variant="light" size={40} radius="md">
          <IconBeach size={22} />
        </ThemeIcon>
      </Group>
      {leave.balances.length > 0 ? (
        <Stack component="ul" gap={2} m={0} p={0} aria-label="Leave balances" style={{ listStyle: 'none' }}>
          {leave.balances.map((b) => (
            <Group component="li" key={b.leaveType} gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" title={LEAVE_TYPE_INFO[b.leaveType].label}>
                {LEAVE_TYPE_INFO[b.leaveType].label}
              </Text>
              <Text size="sm" fw={600} ta="right">
                {balanceText(b)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No balances yet
        </Text>
      )}
      <Stack gap={2} mt="xs">
        {leave.myPending > 0 && (
          <Text size="xs" c="dimmed">
            {leave.myPending === 1
              ? 'One of your applications waits for a decision'
              : `${leave.myPending.toLocaleString('en-IN')} of your applications wait for a decision`}
          </Text>
        )}
        {leave.pendingApprovals > 0 && (
          <Anchor component={Link} to="/hrm/leaves?view=team" size="sm" fw={600}>
            {waitingText(leave.pendingApprovals)}
          </Anchor>
        )}
        <Anchor component={Link} to="/hrm/leaves" size="sm">
          My leave
        </Anchor>
      </Stack>
    </Paper>
  );
};
