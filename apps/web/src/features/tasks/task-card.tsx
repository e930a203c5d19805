import { TASK_CLOSED_STATUSES, type TaskDto, todayInAppZone } from '@karya/domain';
import { Avatar, Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CardLine } from '../../components/list/card-line';
import { EMPTY_VALUE } from '../../components/list/display';
import { formatDate, formatTime } from '../../components/record/format';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';

/** Whether an open task's deadline has passed (calendar days in the company's zone). */
export const isOverdue = (task: Pick<TaskDto, 'deadline' | 'status'>, day = todayInAppZone()) =>
  Boolean(task.deadline && task.deadline.slice(0, 10) < day && !TASK_CLOSED_STATUSES.includes(task.status));

const MAX_AVATARS = 4;

/** The users a task is assigned to: up to four avatars, then the names. */
export const AssigneeAvatars = ({ users }: { users: TaskDto['assignedTo'] }) => {
  if (users.length === 0) return <>{EMPTY_VALUE}</>;
  const shown = users.slice(0, MAX_AVATARS);
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* The names are written beside the avatars; a native title names each on hover, without a
          floating tooltip per avatar on every card (first render of the list on a phone). */}
      <Avatar.Group aria-hidden>
        {shown.map((u) => (
          <Avatar
            key={u._id}
            src={u.image?.url}
            name={u.name}
            title={u.name}
            color="initials"
            size="sm"
            radius="xl"
          />
        ))}
        {users.length > MAX_AVATARS && (
          <Avatar size="sm" radius="xl">
            +{users.length - MAX_AVATARS}
          </Avatar>
        )}
      </Avatar.Group>
      <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
        {users.map((u) => u.name).join(', ')}
      </Text>
    </Group>
  );
};

/** One task in the grid of /hrm/tasks; the grid opens it on a click or Enter. */
export const TaskCard = ({ task }: { task: TaskDto }) => {
  const overdue = isOverdue(task);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={task.title} h="100%">
      <Stack gap="xs">
        <Text fw={600} lineClamp={2} pr={28} style={{ overflowWrap: 'break-word' }}>
          {task.title}
        </Text>
        <Group gap={6}>
          <TaskStatusBadge status={task.status} />
          <TaskPriorityBadge priority={task.priority}>
            <VisuallyHidden>Priority </VisuallyHidden>
            {task.priority}
          </TaskPriorityBadge>
          {task.isDeleted && (
            <Badge color="red" variant="filled" size="sm">
              Deleted
            </Badge>
          )}
        </Group>
        <Stack gap={4}>
          <CardLine labelWidth={72} label="Date">
            {formatDate(task.date)}
            {task.time ? `, ${formatTime(task.time)}` : ''}
          </CardLine>
          <CardLine labelWidth={72} label="Deadline">
            <Text span inherit c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
              {formatDate(task.deadline)}
              {overdue ? ' (overdue)' : ''}
            </Text>
          </CardLine>
          <CardLine labelWidth={72} label="Assigned">
            <AssigneeAvatars users={task.assignedTo} />
          </CardLine>
        </Stack>
      </Stack>
    </Card>
  );
};
