import { LEAVE_TYPE_INFO, type LeaveStatus, type LeaveType } from '@karya/domain';
import { ActionIcon, Badge, Button, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { LEAVE_STATUS_COLORS, LEAVE_TYPE_COLORS } from './leave-format';

/** A leave's status as a badge: Pending orange, Approved green, Rejected red, Cancelled grey. */
export const LeaveStatusBadge = ({ status, size = 'sm' }: { status: LeaveStatus; size?: 'xs' | 'sm' }) => (
  <Badge
    component="span"
    size={size}
    variant="light"
    tt="none"
    color={LEAVE_STATUS_COLORS[status]}
    style={{ flexShrink: 0 }}
  >
    {status}
  </Badge>
);

/** A leave type as its code (CL, SL, EL, LWP), named in full for screen readers. */
export const LeaveTypeBadge = ({ type, size = 'sm' }: { type: LeaveType; size?: 'xs' | 'sm' }) => (
  <Badge
    component="span"
    size={size}
    variant="light"
    radius="sm"
    color={LEAVE_TYPE_COLORS[type]}
    style={{ flexShrink: 0 }}
    title={LEAVE_TYPE_INFO[type].label}
  >
    <span aria-hidden>{LEAVE_TYPE_INFO[type].code}</span>
    <VisuallyHidden>{LEAVE_TYPE_INFO[type].label}</VisuallyHidden>
  </Badge>
);

/**
 * Previous / next around a period's name (a month of the calendar, a year of balances or allocations),
 * with a way back to the current one. The name is announced when it changes.
 */
export const PeriodSwitch = ({
  label,
  unit,
  onPrevious,
  onNext,
  onCurrent,
  previousDisabled,
  nextDisabled,
}: {
  label: string;
  /** 'month' or 'year': the buttons' names ('Previous month'). */
  unit: string;
  onPrevious: () => void;
  onNext: () => void;
  /** Given when not on the current period: 'Back to this month'. */
  onCurrent?: () => void;
  previousDisabled?: boolean;
  nextDisabled?: boolean;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="xs">
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Previous ${unit}`}
      onClick={onPrevious}
      disabled={previousDisabled}
    >
      <IconChevronLeft size={18} aria-hidden />
    </ActionIcon>
    <Stack gap={0} align="center">
      <Title order={3} size="h4" aria-live="polite">
        {label}
      </Title>
      {onCurrent && (
        <Button size="compact-xs" variant="subtle" onClick={onCurrent}>
          Back to this {unit}
        </Button>
      )}
    </Stack>
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Next ${unit}`}
      onClick={onNext}
      disabled={nextDisabled}
    >
      <IconChevronRight size={18} aria-hidden />
    </ActionIcon>
  </Group>
);
