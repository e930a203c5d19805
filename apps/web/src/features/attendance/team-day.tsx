import { ATTENDANCE_STATUSES, type AttendanceTeamDayDto } from '@karya/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/list/list-states';
import { formatWorked, longDate, shiftDay, timeOf } from './attendance-format';
import { StatusBadge } from './month-calendar';
import { RegisterButton } from './register-button';

type Member = AttendanceTeamDayDto['members'][number];

/** One member's day: name, status, first in, last out, worked; a link to their month. */
const MemberRow = ({ member, href }: { member: Member; href: string }) => {
  const { day } = member;
  const facts = [
    day.firstIn && `In ${timeOf(day.firstIn)}`,
    day.lastOut && `Out ${timeOf(day.lastOut)}`,
    (day.firstIn || day.workedMinutes > 0) &&
      !day.missingCheckOut &&
      `Worked ${formatWorked(day.workedMinutes)}`,
  ].filter(Boolean);
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={href}
        display="block"
        w="100%"
        p="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        aria-label={`${member.user.name}: ${day.status ?? 'no status yet'}${facts.length ? `, ${facts.join(', ')}` : ''}${day.late ? ', late' : ''}${day.missingCheckOut ? ', check-out missing' : ''}. Open their month`}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {member.user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {facts.length ? facts.join(' · ') : 'No check-in'}
              {member.teams.length > 0 && ` · ${member.teams.join(', ')}`}
            </Text>
            {(day.late || day.missingCheckOut) && (
              <Group gap="xs">
                {day.late && (
                  <Text size="xs" fw={600} c="orange.8">
                    Late
                  </Text>
                )}
                {day.missingCheckOut && (
                  <Text size="xs" fw={600} c="red.8">
                    Check-out missing
                  </Text>
                )}
              </Group>
            )}
          </Stack>
          {day.status ? (
            <StatusBadge status={day.status} size="sm" />
          ) : (
            <Text size="xs" c="dimmed">
              Not yet
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </li>
  );
};

/**
 * The team's day (for a manager, or everyone with view-all): a count per status, then each member with
 * their status, first in, last out and worked time. Previous / next day; a member opens their month.
 */
export const TeamDay = ({
  data,
  date,
  todayDate,
  refreshing,
  onDate,
  memberHref,
}: {
  data: AttendanceTeamDayDto;
  date: string;
  todayDate: string;
  refreshing: boolean;
  onDate: (date: string) => void;
  memberHref: (userId: string) => string;
}) => {
  const counts = ATTENDANCE_STATUSES.map(
    (s) => [s, data.members.filter((m) => m.day.status === s).length] as const,
  ).filter(([, n]) => n > 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous day"
          onClick={() => onDate(shiftDay(date, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Title order={2} size="h4" ta="center" aria-live="polite">
          {date === todayDate ? `Today, ${longDate(date)}` : longDate(date)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next day"
          disabled={date >= todayDate}
          onClick={() => onDate(shiftDay(date, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Group justify="center" gap="xs">
        {date !== todayDate && (
          <Button size="compact-sm" variant="subtle" onClick={() => onDate(todayDate)}>
            Back to today
          </Button>
        )}
        <RegisterButton month={date.slice(0, 7)} />
      </Group>
      {counts.length > 0 && (
        <Group
          component="ul"
          gap="xs"
          aria-label="Team by status"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {counts.map(([s, n]) => (
            <Group component="li" key={s} gap={4} wrap="nowrap">
              <StatusBadge status={s} size="sm" />
              <Text size="sm" fw={700}>
                {n}
              </Text>
            </Group>
          ))}
        </Group>
      )}
      {data.members.length ? (
        <Paper withBorder radius="md" style={{ opacity: refreshing ? 0.6 : 1 }} aria-busy={refreshing}>
          <Stack
            component="ul"
            gap={0}
            aria-label="Team members"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.members.map((m) => (
              <MemberRow key={m.user._id} member={m} href={memberHref(m.user._id)} />
            ))}
          </Stack>
        </Paper>
      ) : (
        <EmptyState message="No team members to show" />
      )}
    </Stack>
  );
};
