import { LEAVE_TYPE_INFO, type LeaveDto } from '@karya/domain';
import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardLine } from '../../components/list/card-line';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { daysText, dmy, HALF_TEXT, leaveDates } from './leave-format';
import { LeaveStatusBadge, LeaveTypeBadge } from './leave-widgets';

/** Dates and badges stay on one line; the table scrolls sideways instead. */
const NoWrap = ({ children }: { children: ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** Below this width the leave table scrolls sideways. */
export const LEAVE_TABLE_MIN_WIDTH = 900;

/**
 * The columns of All leave: person, type, from, to, days, status and applied on shown; the reason, the
 * decision and updated on hidden until chosen. Empty → '-'.
 */
export const LEAVE_COLUMNS: readonly ColumnDef<LeaveDto>[] = [
  { key: 'user', label: 'Person', value: (l) => l.user.name, width: 180 },
  {
    key: 'leaveType',
    label: 'Type',
    render: (l) => (
      <Group gap={6} wrap="nowrap">
        <LeaveTypeBadge type={l.leaveType} />
        <NoWrap>{LEAVE_TYPE_INFO[l.leaveType].label}</NoWrap>
      </Group>
    ),
    width: 200,
  },
  { key: 'from', label: 'From', render: (l) => <NoWrap>{dmy(l.from)}</NoWrap> },
  {
    key: 'to',
    label: 'To',
    render: (l) => (
      <NoWrap>
        {dmy(l.to)}
        {l.from === l.to && l.half ? ` (${HALF_TEXT[l.half]})` : ''}
      </NoWrap>
    ),
  },
  { key: 'days', label: 'Days', render: (l) => <NoWrap>{daysText(l.days)}</NoWrap> },
  { key: 'status', label: 'Status', render: (l) => <LeaveStatusBadge status={l.status} />, width: 120 },
  { key: 'createdAt', label: 'Applied On', render: (l) => <NoWrap>{formatDate(l.createdAt)}</NoWrap> },
  { key: 'reason', label: 'Reason', value: (l) => l.reason, defaultHidden: true, width: 240 },
  { key: 'decidedBy', label: 'Decided By', value: (l) => l.decidedBy?.name, defaultHidden: true },
  {
    key: 'updatedAt',
    label: 'Updated On',
    render: (l) => <NoWrap>{formatDate(l.updatedAt)}</NoWrap>,
    defaultHidden: true,
  },
];

/** The sort menu of All leave. */
export const LEAVE_SORT_OPTIONS = [
  { value: 'from', label: 'From' },
  { value: 'to', label: 'To' },
  { value: 'status', label: 'Status' },
  { value: 'leaveType', label: 'Type' },
  { value: 'days', label: 'Days' },
  { value: 'createdAt', label: 'Applied Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

/** One leave in the grid of All leave; the grid opens it on a click or Enter. */
export const LeaveCard = ({ leave: l }: { leave: LeaveDto }) => (
  <Card
    withBorder
    padding="md"
    radius="md"
    component="article"
    aria-label={`${l.user.name}, ${leaveDates(l)}`}
    h="100%"
  >
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {l.user.name}
        </Text>
        <LeaveStatusBadge status={l.status} />
      </Group>
      <Stack gap={4}>
        <CardLine labelWidth={64} label="Type">
          <Group gap={6} wrap="nowrap">
            <LeaveTypeBadge type={l.leaveType} size="xs" />
            {LEAVE_TYPE_INFO[l.leaveType].label}
          </Group>
        </CardLine>
        <CardLine labelWidth={64} label="Dates">
          {leaveDates(l)}
        </CardLine>
        <CardLine labelWidth={64} label="Days">
          {daysText(l.days)}
        </CardLine>
        <CardLine labelWidth={64} label="Applied">
          {formatDate(l.createdAt)}
        </CardLine>
      </Stack>
    </Stack>
  </Card>
);
