import { descriptionPoints, TASK_MESSAGES, type TaskDto } from '@karya/domain';
import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { EMPTY_VALUE } from '../../components/list/display';
import { useHashPanel } from '../../components/list/hash-panel';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { formatDate, formatTime } from '../../components/record/format';
import { RecordLink } from '../../components/record/record-link';
import { lazyPanel } from '../../lib/lazy-panel';
import { taskKeys, useTask, useTaskLifecycle } from './api';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import { isOverdue } from './task-card';

// The update modal (form, date pickers) is downloaded when it first opens.
const TaskFormModal = lazyPanel(() => import('./task-form').then((m) => m.TaskFormModal));

/** The hash that opens the Update Task modal on the detail page. */
export const UPDATE_TASK_HASH = '#update-task';

/** The description, one bullet per non-empty line (spec 2 §2). */
export const DescriptionPoints = ({ description }: { description: string | null | undefined }) => {
  const points = descriptionPoints(description);
  if (points.length === 0) return <>{EMPTY_VALUE}</>;
  return (
    <List size="sm" spacing={4} aria-label="Description points">
      {points.map((point, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same line may appear twice
        <List.Item key={i}>{point}</List.Item>
      ))}
    </List>
  );
};

const UserLinks = ({ users }: { users: { _id: string; name: string }[] }) =>
  users.length === 0 ? (
    EMPTY_VALUE
  ) : (
    <Group gap="xs" component="span" wrap="wrap">
      {users.map((u) => (
        <RecordLink key={u._id} to={`/admin/users/${u._id}`} size="sm">
          {u.name}
        </RecordLink>
      ))}
    </Group>
  );

/** The fields of one task. */
export const TaskDetails = ({ task }: { task: TaskDto }) => {
  const overdue = isOverdue(task);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" style={{ overflowWrap: 'break-word' }}>
            {task.title}
          </Title>
          <Group gap={6} mt={6}>
            <TaskStatusBadge status={task.status} />
            <TaskPriorityBadge priority={task.priority}>{task.priority} priority</TaskPriorityBadge>
          </Group>
        </div>
        <FieldList
          items={[
            { label: 'Title', value: task.title },
            { label: 'Date', value: formatDate(task.date) },
            { label: 'Time', value: formatTime(task.time) },
            { label: 'Status', value: task.status },
            { label: 'Priority', value: task.priority },
            {
              label: 'Deadline',
              value: task.deadline ? (
                <Text span inherit c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
                  {formatDate(task.deadline)}
                  {overdue ? ' (overdue)' : ''}
                </Text>
              ) : null,
            },
            { label: 'Assigned To', value: <UserLinks users={task.assignedTo} />, wide: true },
            {
              label: 'Assigned By',
              value: task.assignedBy ? <UserLinks users={[task.assignedBy]} /> : null,
            },
            ...(task.status === 'Cancelled' ? [{ label: 'Reason', value: task.reason, wide: true }] : []),
            { label: 'Description', value: <DescriptionPoints description={task.description} />, wide: true },
          ]}
        />
      </Stack>
    </Card>
  );
};

/** /hrm/tasks/:id: 'Task Details' with Update, Delete, or Restore and Delete Permanently for a deleted task. */
export const TaskDetailPage = () => {
  const { id = '' } = useParams();
  const task = useTask(id);
  const lifecycle = useTaskLifecycle();
  const actions = useDetailActions({ resource: 'task', id, lifecycle, listPath: '/hrm/tasks' });
  const updatePanel = useHashPanel(UPDATE_TASK_HASH);
  const live = task.data && !task.data.isDeleted ? task.data : null;

  return (
    <>
      <DetailFrame<TaskDto>
        title="Task Details"
        recordName={(t) => t.title}
        noun="task"
        query={task}
        notFoundText={TASK_MESSAGES.notFound}
        backTo={{ to: '/hrm/tasks', label: 'Back to tasks' }}
        {...actions}
        history={{ path: `/hrm/tasks/${id}/history`, queryKey: [...taskKeys.detail(id), 'history'] }}
        onUpdate={updatePanel.open}
      >
        {(t) => <TaskDetails task={t} />}
      </DetailFrame>
      <TaskFormModal
        opened={Boolean(actions.canUpdate && live && updatePanel.opened)}
        task={live}
        onClose={updatePanel.close}
      />
    </>
  );
};
