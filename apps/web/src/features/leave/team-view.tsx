import type { LeaveCalendarDto, LeaveDto } from '@karya/domain';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useCan } from '../../app/auth';
import { ErrorState } from '../../components/list/list-states';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { monthName, shiftMonth } from '../attendance/attendance-format';
import { useHolidays, useWaitingLeaves, useWeeklyOff } from './api';
import { LeaveDecisionButtons, LeaveItem, useApproveLeave } from './leave-item';
import { PeriodSwitch } from './leave-widgets';
import { TeamCalendar } from './team-calendar';

/** Placeholder rows while the month's calendar loads. */
const CalendarSkeleton = () => (
  <Stack gap={6} role="status" aria-busy="true" aria-label="Loading the calendar">
    {[0, 1, 2, 3].map((i) => (
      <Skeleton key={i} height={30} radius="sm" />
    ))}
  </Stack>
);

// The reject form (with zod and the schema) is its own chunk, loaded the first time it opens.
const RejectLeaveDialog = lazyPanel(() => import('./leave-dialogs').then((m) => m.RejectLeaveDialog));

/**
 * Waiting for you: the pending applications the caller may decide (a manager of the person's team, or
 * view-all; never their own), soonest first. Approve in one tap; Reject asks why. Hidden when none.
 */
export const WaitingLeaves = () => {
  const query = useWaitingLeaves();
  const { approving, approve } = useApproveLeave();
  const [rejecting, setRejecting] = useState<LeaveDto | null>(null);
  const [lastRejected, setLastRejected] = useState<LeaveDto | null>(null);
  const headingId = useId();
  const waiting = (query.data?.leaves ?? []).filter((l) => l.canDecide && l.status === 'Pending');

  const list = waiting.length ? (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        Waiting for you ({waiting.length.toLocaleString('en-IN')})
      </Title>
      <Text size="sm" c="dimmed">
        Leave your team applied for. Approved leave shows as On Leave in their attendance.
      </Text>
      <Stack
        component="ul"
        gap="xs"
        aria-label="Leave waiting for you"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {waiting.map((l) => (
          <LeaveItem
            key={l._id}
            leave={l}
            who
            actions={
              <LeaveDecisionButtons
                leave={l}
                busy={approving.has(l._id)}
                onApprove={() => void approve(l)}
                onReject={() => {
                  setRejecting(l);
                  setLastRejected(l);
                }}
              />
            }
          />
        ))}
      </Stack>
    </Stack>
  ) : null;

  return (
    <>
      {query.isPending ? (
        <Skeleton height={72} radius="md" role="status" aria-busy="true" aria-label="Loading applications" />
      ) : query.isError && !query.data ? (
        <ErrorState
          message={`Leave waiting for you: ${messageOf(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : (
        list
      )}
      {/* Outside the list: rejecting the last one closes the dialog with its transition. */}
      <RejectLeaveDialog
        leave={rejecting ?? lastRejected}
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
      />
    </>
  );
};

/** The month's team calendar, with the weekly offs and holidays shaded when they are known. */
const CalendarSection = ({
  month,
  data,
  refreshing,
  todayDate,
}: {
  month: string;
  data: LeaveCalendarDto;
  refreshing: boolean;
  todayDate: string;
}) => {
  const { can } = useCan();
  const weeklyOff = useWeeklyOff(can('attendance', 'read'));
  const holidays = useHolidays(Number(month.slice(0, 4)));
  const holidayDays = useMemo(
    () => new Set((holidays.data ?? []).map((h) => h.date.slice(0, 10))),
    [holidays.data],
  );
  return (
    <div style={{ opacity: refreshing ? 0.6 : 1 }} aria-busy={refreshing || undefined}>
      <TeamCalendar
        month={data.month}
        leaves={data.leaves}
        todayDate={todayDate}
        weeklyOff={weeklyOff.data}
        holidays={holidayDays}
      />
    </div>
  );
};

/**
 * The Team view (a manager, or view-all): what waits for the caller's decision, then the team's leave
 * over a month (`?month=`), from the calendar the page has asked for already.
 */
export const TeamView = ({
  month,
  thisMonth,
  todayDate,
  calendar,
  onMonth,
}: {
  month: string;
  thisMonth: string;
  todayDate: string;
  calendar: {
    data?: LeaveCalendarDto;
    isError: boolean;
    error: unknown;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  onMonth: (month: string) => void;
}) => {
  const headingId = useId();
  return (
    <Stack gap="lg">
      <WaitingLeaves />
      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Title order={3} size="h4" id={headingId}>
          Team calendar
        </Title>
        <PeriodSwitch
          label={monthName(month)}
          unit="month"
          onPrevious={() => onMonth(shiftMonth(month, -1))}
          onNext={() => onMonth(shiftMonth(month, 1))}
          onCurrent={month !== thisMonth ? () => onMonth(thisMonth) : undefined}
        />
        {calendar.data ? (
          <CalendarSection
            month={month}
            data={calendar.data}
            refreshing={calendar.isPlaceholderData}
            todayDate={todayDate}
          />
        ) : calendar.isError ? (
          <ErrorState message={messageOf(calendar.error)} onRetry={() => void calendar.refetch()} />
        ) : (
          <CalendarSkeleton />
        )}
      </Stack>
    </Stack>
  );
};
