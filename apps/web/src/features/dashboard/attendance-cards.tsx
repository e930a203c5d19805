import type { HrmDashboard } from '@karya/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFingerprint, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { timeOf } from '../attendance/attendance-format';
import { StatCard } from './dashboard-widgets';

/** The order a team's day is counted in on the card. */
const TEAM_ORDER = ['Present', 'On Field', 'Half Day', 'On Leave', 'Not in yet', 'Absent'] as const;

/**
 * The HRM dashboard's attendance (issue 28): the caller's day with the way to check in, and for a team
 * manager how the team's day stands.
 */
export const AttendanceCards = ({ attendance }: { attendance: HrmDashboard['attendance'] }) => {
  if (!attendance.visible) return null;
  const day = attendance.today;
  const line = !day?.firstIn
    ? day?.status && day.status !== 'Present'
      ? day.status
      : 'Not checked in yet'
    : day.open
      ? `Checked in at ${timeOf(day.firstIn)}`
      : `Checked out at ${timeOf(day.lastOut ?? day.firstIn)}`;
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-attendance">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="my-attendance">
              My attendance today
            </Text>
            <Text fw={700} size="lg" mt={4}>
              {line}
            </Text>
            {day?.late && (
              <Badge color="orange" variant="light" mt={4}>
                Late
              </Badge>
            )}
          </div>
          <ThemeIcon variant="light" size={40} radius="md">
            <IconFingerprint size={22} />
          </ThemeIcon>
        </Group>
        <Anchor component={Link} to="/hrm/attendances" size="sm" mt="xs" display="inline-block">
          {day?.open ? 'Check out' : day?.firstIn ? 'My attendance' : 'Check in'}
        </Anchor>
      </Paper>
      {attendance.team && (
        <StatCard
          title="My team today"
          icon={IconUsersGroup}
          value={
            attendance.team.total -
            (attendance.team.counts['Not in yet'] ?? 0) -
            (attendance.team.counts.Absent ?? 0)
          }
          stats={TEAM_ORDER.filter((s) => attendance.team?.counts[s]).map((s) => ({
            label: s,
            value: attendance.team?.counts[s] ?? 0,
            to: '/hrm/attendances?view=team',
          }))}
          action={
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                at work of {attendance.team.total.toLocaleString('en-IN')}
              </Text>
              {(attendance.pendingCorrections ?? 0) > 0 && (
                <Anchor component={Link} to="/hrm/attendances?view=team" size="sm" fw={600}>
                  Corrections waiting for you: {attendance.pendingCorrections}
                </Anchor>
              )}
            </Stack>
          }
        />
      )}
    </>
  );
};
