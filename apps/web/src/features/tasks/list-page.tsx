import { TASK_STATUS_CHIPS, type TaskDto, taskListSpec } from '@karya/domain';
import { Chip, Group } from '@mantine/core';
import { lazy } from 'react';
import { useAuth, useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import type { ListParams } from '../../components/list/list-params';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { fetchTasks, searchTasks, TASKS_PAGE, taskKeys, useTaskLifecycle, useTasksList } from './api';
import { TaskCard } from './task-card';
import { TASK_COLUMNS, TASK_SORT_OPTIONS, TASK_TABLE_MIN_WIDTH } from './task-columns';

// Downloaded when the filter drawer or the create modal first opens (they carry the date pickers).
const TaskFilterFields = lazy(() => import('./task-filters').then((m) => ({ default: m.TaskFilterFields })));
const TaskFormModal = lazyPanel(() => import('./task-form').then((m) => m.TaskFormModal));

/** Local storage keys of the task list (spec 2 §7: taskLimit; the others are ours). */
export const TASK_LIMIT_KEY = 'taskLimit';
export const TASK_FILTERS_KEY = 'taskFilters';
export const TASK_FIELDS_KEY = 'taskFields';
export const TASK_LAYOUT_KEY = 'taskLayout';
/** The hash that opens the task-creation modal (a reload keeps it open, Back closes it). */
export const CREATE_TASK_HASH = '#create-task';

export const TASKS_EMPTY_TEXT = 'No tasks found';

startListEarly(
  TASKS_PAGE,
  { limitKey: TASK_LIMIT_KEY, filtersKey: TASK_FILTERS_KEY, spec: taskListSpec },
  (q) => fetchTasks(q),
);

/** The status chips; choosing the selected chip clears the status filter (spec 2 §2). */
const StatusChips = ({ list }: { list: ListParams }) => {
  const selected = Array.isArray(list.filters.status) ? (list.filters.status as string[]) : [];
  return (
    <Group gap={6} role="group" aria-label="Status quick filters" wrap="wrap">
      {TASK_STATUS_CHIPS.map((status) => {
        const checked = selected.includes(status);
        return (
          <Chip
            key={status}
            size="sm"
            checked={checked}
            onChange={() => list.setFilter('status', checked ? undefined : [status])}
          >
            {status}
          </Chip>
        );
      })}
    </Group>
  );
};

/** /hrm/tasks: the HR task list (spec 2 §2). */
export const TasksListPage = () => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  const lifecycle = useTaskLifecycle();
  return (
    <RecordListPage<'tasks', TaskDto>
      resource="task"
      title="Tasks"
      plural="tasks"
      spec={taskListSpec}
      useList={useTasksList}
      storage={{
        limit: TASK_LIMIT_KEY,
        filters: TASK_FILTERS_KEY,
        fields: TASK_FIELDS_KEY,
        layout: TASK_LAYOUT_KEY,
      }}
      getId={(task) => task._id}
      getLabel={(task) => task.title}
      href={(id) => `/hrm/tasks/${id}`}
      card={(task) => <TaskCard task={task} />}
      table={{ columns: TASK_COLUMNS, minWidth: TASK_TABLE_MIN_WIDTH, defaultLayout: 'grid' }}
      sortOptions={TASK_SORT_OPTIONS}
      chips={(list) => <StatusChips list={list} />}
      quickDates={{ filter: 'createdAt', label: 'Created' }}
      filters={{
        title: 'Filter Tasks',
        fields: ({ canSeeDeleted }) => (
          <TaskFilterFields
            canSeeDeleted={canSeeDeleted}
            canPickUsers={can('user', 'suggestion')}
            self={self}
          />
        ),
      }}
      search={{
        title: 'Search tasks',
        placeholder: 'Type a task title...',
        // The palette searches through the list itself, so reading tasks is enough.
        needs: 'read',
        queryKey: (title) => taskKeys.suggestion('title', title),
        search: searchTasks,
        toItem: (t) => ({ id: t._id, label: t.title, description: `${t.status} · ${t.priority}` }),
        emptyText: TASKS_EMPTY_TEXT,
      }}
      create={{
        label: 'Create task',
        hash: CREATE_TASK_HASH,
        modal: ({ opened, onClose }) => <TaskFormModal opened={opened} onClose={onClose} />,
      }}
      bulk={lifecycle}
      emptyText={TASKS_EMPTY_TEXT}
    />
  );
};
