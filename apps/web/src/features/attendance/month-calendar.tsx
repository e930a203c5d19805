import {
  ATTENDANCE_STATUSES,
  type AttendanceDay,
  type AttendanceMonthDto,
  type AttendanceStatus,
  weekdayOf,
} from '@karya/domain';
import {
  Badge,
  CloseButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  formatWorked,
  longDate,
  MONDAY_FIRST,
  monthName,
  STATUS_LOOK,
  shiftDay,
  timeOf,
  weekdayName,
} from './attendance-format';
import classes from './month-calendar.module.css';

/** A status's coloured badge: the full label, or the short code on a phone (the summary is the legend). */
export const StatusBadge = ({
  status,
  short,
  size = 'xs',
}: {
  status: AttendanceStatus;
  short?: boolean;
  size?: 'xs' | 'sm' | 'md';
}) => (
  <Badge
    component="span"
    size={size}
    radius="sm"
    variant={short ? 'filled' : 'light'}
    color={STATUS_LOOK[status].color}
    style={{ flexShrink: 0 }}
  >
    {short ? STATUS_LOOK[status].short : status}
  </Badge>
);

/** How many days of each status the month has so far; with the codes, it is also the calendar's legend. */
export const MonthSummary = ({ summary }: { summary: AttendanceMonthDto['summary'] }) => (
  <Group
    component="ul"
    aria-label="Days by status"
    gap="xs"
    style={{ listStyle: 'none', padding: 0, margin: 0 }}
  >
    {ATTENDANCE_STATUSES.map((s) => (
      <Group component="li" key={s} gap={4} wrap="nowrap">
        <span aria-hidden>
          <StatusBadge status={s} short />
        </span>
        <Text size="sm" span>
          {s}{' '}
          <Text span fw={700}>
            {summary[s] ?? 0}
          </Text>
        </Text>
      </Group>
    ))}
  </Group>
);

/** What a day's cell says to a screen reader (its visible parts are cut short on a phone). */
const dayLabel = (d: AttendanceDay, todayDate: string) =>
  [
    longDate(d.date),
    d.status ?? (d.date > todayDate ? 'not yet' : 'no status'),
    d.holiday && `holiday: ${d.holiday}`,
    d.firstIn && `in ${timeOf(d.firstIn)}`,
    d.lastOut && `out ${timeOf(d.lastOut)}`,
    d.late && 'late',
    d.missingCheckOut && 'check-out missing',
  ]
    .filter(Boolean)
    .join(', ');

const Flags = ({ day }: { day: AttendanceDay }) => (
  <>
    {day.late && (
      <Text span c="orange.8" className={classes.flag}>
        Late
      </Text>
    )}
    {day.missingCheckOut && (
      <Text span c="red.8" className={classes.flag}>
        Check-out missing
      </Text>
    )}
  </>
);

const DayCell = ({
  day,
  todayDate,
  selected,
  focusable,
  controls,
  onSelect,
  onKeyDown,
}: {
  day: AttendanceDay;
  todayDate: string;
  selected: boolean;
  focusable: boolean;
  controls: string | undefined;
  onSelect: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
}) => (
  <button
    type="button"
    className={classes.day}
    data-date={day.date}
    tabIndex={focusable ? 0 : -1}
    aria-pressed={selected}
    aria-current={day.date === todayDate ? 'date' : undefined}
    aria-controls={controls}
    aria-label={dayLabel(day, todayDate)}
    onClick={onSelect}
    onKeyDown={onKeyDown}
  >
    <span className={classes.number}>{Number(day.date.slice(8))}</span>
    {day.status && (
      <>
        <span className={classes.short}>
          <StatusBadge status={day.status} short />
          {(day.late || day.missingCheckOut) && (
            <Text span c={day.missingCheckOut ? 'red.8' : 'orange.8'} fw={700} ml={2}>
              !
            </Text>
          )}
        </span>
        <span className={classes.full}>
          <StatusBadge status={day.status} />
          {day.holiday && <span className={classes.line}>{day.holiday}</span>}
          {day.firstIn && <span className={classes.line}>In {timeOf(day.firstIn)}</span>}
          {day.lastOut && <span className={classes.line}>Out {timeOf(day.lastOut)}</span>}
          <Flags day={day} />
        </span>
      </>
    )}
  </button>
);

/** The day chosen in the calendar, in full. */
const DayDetail = ({
  id,
  day,
  todayDate,
  onClose,
  children,
}: {
  id: string;
  day: AttendanceDay;
  todayDate: string;
  onClose: () => void;
  /** More about the day (the user's own month: its corrections). */
  children?: ReactNode;
}) => (
  <Paper
    id={id}
    withBorder
    radius="md"
    p="md"
    component="section"
    aria-label={`Details of ${longDate(day.date)}`}
  >
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {longDate(day.date)}
        </Title>
        <Group gap="xs">
          {day.status ? (
            <StatusBadge status={day.status} size="sm" />
          ) : (
            <Text size="sm" c="dimmed">
              {day.date > todayDate ? 'Not yet' : 'No status yet'}
            </Text>
          )}
          {day.holiday && <Text size="sm">{day.holiday}</Text>}
        </Group>
      </Stack>
      <CloseButton aria-label="Close day details" onClick={onClose} />
    </Group>
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" verticalSpacing="xs">
      <Text size="sm">
        <Text span c="dimmed" size="xs" display="block">
          First in
        </Text>
        {timeOf(day.firstIn)}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="xs" display="block">
          Last out
        </Text>
        {timeOf(day.lastOut)}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="xs" display="block">
          Worked
        </Text>
        {day.missingCheckOut ? 'Unknown' : formatWorked(day.workedMinutes)}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="xs" display="block">
          Visits
        </Text>
        {day.visits}
      </Text>
    </SimpleGrid>
    {(day.late || day.missingCheckOut) && (
      <Stack gap={2} mt="xs">
        {day.late && (
          <Text size="sm" c="orange.8">
            Late: the first check-in came after office start and the grace period.
          </Text>
        )}
        {day.missingCheckOut && (
          <Text size="sm" c="red.8">
            Check-out missing: the worked time is unknown until a correction settles it.
          </Text>
        )}
      </Stack>
    )}
    {children}
  </Paper>
);

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month as a calendar: weeks from Monday, each day a button with its status (a short code on a phone)
 * and, with room, its first in, last out and flags; today outlined. One day is in the tab order; the arrow
 * keys move between days (Home and End: the month's first and last) and a chosen day's details show below.
 */
export const MonthCalendar = ({
  data,
  todayDate,
  dayExtra,
}: {
  data: AttendanceMonthDto;
  todayDate: string;
  /** What the chosen day's details add at their end. */
  dayExtra?: (day: AttendanceDay) => ReactNode;
}) => {
  const [selected, setSelected] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const panelId = useId();
  const days = data.days;
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const inMonth = (date: string) => Boolean(first && last && date >= first && date <= last);
  const focusDate = selected ?? (inMonth(todayDate) ? todayDate : first);

  const choose = (date: string) => {
    setSelected(date);
    tableRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  };
  const onKeyDown = (date: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const target =
      e.key === 'Home' ? first : e.key === 'End' ? last : MOVES[e.key] ? shiftDay(date, MOVES[e.key]!) : null;
    if (!target || !inMonth(target)) return;
    e.preventDefault();
    choose(target);
  };

  // Blank cells before the 1st (weeks start on Monday), then rows of seven.
  const lead = first ? (weekdayOf(first) + 6) % 7 : 0;
  const cells: (AttendanceDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const chosen = days.find((d) => d.date === selected);

  return (
    <Stack gap="sm">
      <div className={classes.wrap}>
        <table ref={tableRef} className={classes.table} aria-label={`Attendance, ${monthName(data.month)}`}>
          <thead>
            <tr>
              {MONDAY_FIRST.map((d) => (
                <th key={d} scope="col" className={classes.head}>
                  <span aria-hidden>{weekdayName(d).slice(0, 3)}</span>
                  <VisuallyHidden>{weekdayName(d)}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)?.date}>
                {week.map((day, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a week's seven places
                  <td key={i} className={classes.cell}>
                    {day && (
                      <DayCell
                        day={day}
                        todayDate={todayDate}
                        selected={selected === day.date}
                        focusable={focusDate === day.date}
                        controls={chosen ? panelId : undefined}
                        onSelect={() => setSelected(day.date)}
                        onKeyDown={onKeyDown(day.date)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chosen && (
        <DayDetail id={panelId} day={chosen} todayDate={todayDate} onClose={() => setSelected(null)}>
          {dayExtra?.(chosen)}
        </DayDetail>
      )}
    </Stack>
  );
};
