import type { TaskPriority, TaskStatus } from '@karya/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/** Badge colours of the task statuses and priorities (spec 2 §9: cosmetic). */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  Scheduled: 'blue',
  Pending: 'yellow',
  'In Progress': 'cyan',
  Completed: 'green',
  'Re-Scheduled': 'grape',
  Cancelled: 'red',
};

export const TASK_PRIORITY_COLORS: Record<TaskPriority, string> = {
  Low: 'gray',
  Medium: 'orange',
  High: 'red',
};

/** A task status as a badge; `children` replaces the text (e.g. to add a hidden label). */
export const TaskStatusBadge = ({ status, children, ...props }: { status: TaskStatus } & BadgeProps) => (
  <Badge variant="light" color={TASK_STATUS_COLORS[status] ?? 'gray'} tt="none" {...props}>
    {children ?? status}
  </Badge>
);

export const TaskPriorityBadge = ({
  priority,
  children,
  ...props
}: { priority: TaskPriority } & BadgeProps) => (
  <Badge variant="outline" color={TASK_PRIORITY_COLORS[priority] ?? 'gray'} tt="none" {...props}>
    {children ?? priority}
  </Badge>
);
