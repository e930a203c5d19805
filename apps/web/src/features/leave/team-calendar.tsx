import { daysOfMonth, LEAVE_TYPE_INFO, LEAVE_TYPES, type LeaveDto, weekdayOf } from '@karya/domain';
import { Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { EmptyState } from '../../components/list/list-states';
import { longDate, monthName, shortDate, weekdayName } from '../attendance/attendance-format';
import { HALF_TEXT, LEAVE_TYPE_COLORS } from './leave-format';
import { LeaveTypeBadge } from './leave-widgets';
import classes from './team-calendar.module.css';

type Props = {
  month: string;
  leaves: LeaveDto[];
  todayDate: string;
  /** The company's weekly offs, when known (shaded). */
  weeklyOff?: readonly number[];
  /** The month's holidays, when known (shaded). */
  holidays?: ReadonlySet<string>;
};

/** A leave's colours as CSS variables of its mark: the type's colour. */
const markStyle = (l: LeaveDto) => {
  const c = LEAVE_TYPE_COLORS[l.leaveType];
  return {
    '--mark-color': `var(--mantine-color-${c}-6)`,
    '--mark-bg': `var(--mantine-color-${c}-light)`,
    '--mark-text': `var(--mantine-color-${c}-9)`,
  } as CSSProperties;
};

/** 'Casual leave, pending, first half'. */
const markText = (l: LeaveDto) =>
  [
    LEAVE_TYPE_INFO[l.leaveType].label,
    l.status === 'Pending' ? 'pending' : null,
    l.from === l.to && l.half ? HALF_TEXT[l.half] : null,
  ]
    .filter(Boolean)
    .join(', ');

const onDay = (day: string) => (l: LeaveDto) => l.from <= day && day <= l.to;
const byName = (a: LeaveDto, b: LeaveDto) => a.user.name.localeCompare(b.user.name);

/** One day of leave in the timeline: the type's code, filled (approved) or dashed (pending), half high for a half. */
const Mark = ({ leave: l, legend }: { leave: LeaveDto; legend?: boolean }) => (
  <span
    className={legend ? classes.legendMark : classes.mark}
    style={markStyle(l)}
    data-pending={l.status === 'Pending' || undefined}
    data-half={(l.from === l.to && l.half) || undefined}
    aria-hidden
  >
    {LEAVE_TYPE_INFO[l.leaveType].code}
  </span>
);

/** The codes and what pending looks like. */
const Legend = () => {
  const sample = (status: LeaveDto['status']) =>
    ({ leaveType: 'Casual', status, from: 'x', to: 'y', half: null }) as unknown as LeaveDto;
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend" role="group">
      {LEAVE_TYPES.map((t) => (
        <Group key={t} gap={4} wrap="nowrap">
          <LeaveTypeBadge type={t} size="xs" />
          <Text size="xs" aria-hidden>
            {LEAVE_TYPE_INFO[t].label}
          </Text>
        </Group>
      ))}
      <Group gap={4} wrap="nowrap">
        <Mark leave={sample('Approved')} legend />
        <Text size="xs">Approved</Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Mark leave={sample('Pending')} legend />
        <Text size="xs">Pending (dashed)</Text>
      </Group>
    </Group>
  );
};

/** Wide screens: a row per person, a column per day, each day of leave marked. */
const Timeline = ({ month, leaves, todayDate, weeklyOff, holidays }: Props) => {
  const days = daysOfMonth(month);
  const people = [...new Map([...leaves].sort(byName).map((l) => [l.user._id, l.user])).values()];
  const off = (day: string) => Boolean(weeklyOff?.includes(weekdayOf(day)) || holidays?.has(day));
  const cellClass = (day: string) =>
    [classes.cell, off(day) && classes.off, day === todayDate && classes.today].filter(Boolean).join(' ');
  return (
    <Table.ScrollContainer minWidth={150 + days.length * 24} type="native">
      <table className={classes.table} aria-label={`Team leave, ${monthName(month)}`}>
        <thead>
          <tr>
            <th scope="col" className={classes.person}>
              Person
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className={`${classes.dayHead} ${off(d) ? classes.off : ''}`}>
                <span
                  aria-hidden
                  title={`${weekdayName(weekdayOf(d))}${holidays?.has(d) ? ', holiday' : ''}`}
                >
                  {Number(d.slice(8))}
                </span>
                <VisuallyHidden>{longDate(d)}</VisuallyHidden>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((p) => {
            const own = leaves.filter((l) => l.user._id === p._id);
            return (
              <tr key={p._id}>
                <th scope="row" className={classes.person} title={p.name}>
                  {p.name}
                </th>
                {days.map((d) => {
                  const that = own.filter(onDay(d));
                  return (
                    <td key={d} className={cellClass(d)}>
                      {that.map((l) => (
                        <Mark key={l._id} leave={l} />
                      ))}
                      {that.length > 0 && <VisuallyHidden>{that.map(markText).join('; ')}</VisuallyHidden>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Table.ScrollContainer>
  );
};

/** Phones: the month's days that have leave, each listing who is away and how. */
const DayList = ({ month, leaves, todayDate }: Props) => {
  const days = daysOfMonth(month)
    .map((d) => ({ day: d, away: leaves.filter(onDay(d)).sort(byName) }))
    .filter((d) => d.away.length > 0);
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={`Team leave, ${monthName(month)}`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {days.map(({ day, away }) => (
        <Paper component="li" key={day} withBorder radius="md" p="xs" aria-label={longDate(day)}>
          <Text size="sm" fw={600} mb={4}>
            {shortDate(day)}
            {day === todayDate ? ' (today)' : ''}
          </Text>
          <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {away.map((l) => (
              <Group component="li" key={l._id} gap={6} wrap="nowrap">
                <LeaveTypeBadge type={l.leaveType} size="xs" />
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {l.user.name}
                  {l.from === l.to && l.half ? `, ${HALF_TEXT[l.half]}` : ''}
                </Text>
                {l.status === 'Pending' && (
                  <Badge size="xs" variant="outline" color="orange" style={{ flexShrink: 0 }}>
                    Pending
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};

/**
 * The team's approved and pending leave over a month (GET /hrm/leaves/calendar): on wide screens a
 * timeline (a row per person, each day of leave marked with its type's code, pending ones dashed, weekly
 * offs and holidays shaded); on a phone the days that have leave, each with who is away.
 */
export const TeamCalendar = (props: Props) => {
  const wide = useMediaQuery('(min-width: 48em)');
  if (!props.leaves.length) return <EmptyState message={`No leave in ${monthName(props.month)}`} />;
  return (
    <Stack gap="sm">
      {wide ? <Timeline {...props} /> : <DayList {...props} />}
      <Legend />
    </Stack>
  );
};
