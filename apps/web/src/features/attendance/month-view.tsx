import { ActionIcon, Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconWifiOff } from '@tabler/icons-react';
import { useCan } from '../../app/auth';
import { ErrorState } from '../../components/list/list-states';
import { messageOf } from '../../lib/notify';
import { useAttendanceMonth } from './api';
import { currentMonth, monthName, shiftMonth } from './attendance-format';
import { useMyCorrections } from './corrections-api';
import { DayCorrection } from './day-correction';
import { MonthCalendar, MonthSummary } from './month-calendar';
import { MyCorrections } from './my-corrections';

/** A month-shaped placeholder while the month loads. */
export const CalendarSkeleton = () => (
  <SimpleGrid cols={7} spacing={2} verticalSpacing={2} role="status" aria-busy="true" aria-label="Loading">
    {Array.from({ length: 35 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
      <Skeleton key={i} height={52} radius="sm" />
    ))}
  </SimpleGrid>
);

/** Shown instead of a spinner that never ends: TanStack Query waits for the connection before it asks. */
export const OfflineNotice = ({ what }: { what: string }) => (
  <Alert color="gray" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
    You're offline. {what} shows when the connection returns.
  </Alert>
);

/**
 * A month of attendance (the user's own, or a team member's with `member`): previous / next month around
 * its name, the count per status (the calendar's legend), then the calendar. The month is the URL's
 * (`?month=2026-11`), so it can be shared and reloaded.
 */
export const MonthView = ({
  month,
  member,
  meId,
  todayDate,
  onMonth,
  onMine,
}: {
  month: string;
  member: string | null;
  meId: string | undefined;
  todayDate: string;
  onMonth: (month: string) => void;
  onMine: () => void;
}) => {
  const query = useAttendanceMonth(month, member, meId);
  const { data } = query;
  const thisMonth = currentMonth();
  const { can } = useCan();
  // The user's own month: their corrections below it, and (with create) a day's "Ask for a correction".
  const own = !member;
  const mine = useMyCorrections(meId, own);
  const canAsk = own && can('attendance', 'create');
  return (
    <Stack gap="sm">
      {member && (
        <Alert color="blue" variant="light" p="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {data ? (
                <>
                  Attendance of <strong>{data.user.name}</strong>
                </>
              ) : (
                'Attendance of a team member'
              )}
            </Text>
            <Button size="compact-sm" variant="white" onClick={onMine}>
              Back to my attendance
            </Button>
          </Group>
        </Alert>
      )}
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={0} align="center">
          <Title order={2} size="h4" aria-live="polite">
            {monthName(month)}
          </Title>
          {month !== thisMonth && (
            <Button size="compact-xs" variant="subtle" onClick={() => onMonth(thisMonth)}>
              Back to this month
            </Button>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {data ? (
        <>
          {query.isError && (
            <Alert color="yellow" variant="light" p="xs" role="status">
              <Group justify="space-between" gap="xs">
                <Text size="sm">Showing the last copy on this device: {messageOf(query.error)}</Text>
                <Button size="compact-sm" variant="white" onClick={() => void query.refetch()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          <MonthSummary summary={data.summary} />
          <MonthCalendar
            key={`${data.month}:${data.user._id}`}
            data={data}
            todayDate={todayDate}
            dayExtra={
              canAsk
                ? (day) => <DayCorrection day={day} todayDate={todayDate} corrections={mine.corrections} />
                : undefined
            }
          />
        </>
      ) : query.isError ? (
        <ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />
      ) : query.fetchStatus === 'paused' ? (
        <OfflineNotice what="The month" />
      ) : (
        <CalendarSkeleton />
      )}
      {own && (
        <MyCorrections
          corrections={mine.corrections}
          loading={mine.loading}
          error={mine.error}
          onRetry={mine.refetch}
        />
      )}
    </Stack>
  );
};
