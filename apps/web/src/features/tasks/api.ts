import type { ListPage, TaskDto, TaskInput } from '@karya/domain';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import { recordKeys } from '../../lib/query-keys';

/** Every tasks query key starts with 'tasks', so a change refreshes lists, details and searches at once. */
export const taskKeys = recordKeys('tasks');

export type TasksPage = ListPage<'tasks', TaskDto>;

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const TASKS_PAGE = '/hrm/tasks';
const taskApi = recordApi<TasksPage, TaskDto>({
  base: '/hrm/tasks',
  keys: taskKeys,
  early: { page: TASKS_PAGE, take: takeEarlyList },
});

/** GET /hrm/tasks: a page of tasks (without view-all on task only the caller's own). */
export const fetchTasks = taskApi.fetchList;

/** The Ctrl+K palette: at most 10 tasks whose title contains `title`. */
export const TASK_SEARCH_LIMIT = 10;
export const searchTasks = async (title: string, signal?: AbortSignal) =>
  (
    await fetchTasks(
      { page: 1, limit: TASK_SEARCH_LIMIT, filters: title ? { title } : {}, sortOrder: 'desc' },
      signal,
    )
  ).tasks;

/** A page of tasks; fresh for LIST_STALE_MS, and the previous page stays on screen while the next loads. */
export const useTasksList = taskApi.useList;

/** One task, deleted ones included (the detail page shows them with Restore). */
export const useTask = taskApi.useOne;

/** POST /hrm/tasks. Empty values are stripped (a new task has nothing to clear). */
export const createTask = (input: TaskInput, idempotencyKey?: string) =>
  taskApi.create(input, idempotencyKey);

/** PATCH /hrm/tasks/{id} with the full task; cleared fields go as null so the server clears them. */
export const updateTask = (id: string, input: TaskInput, idempotencyKey?: string) =>
  taskApi.update(id, input, idempotencyKey);

/** DELETE /hrm/tasks/{id}: soft delete of a live task, permanent delete of a deleted one. */
export const deleteTask = taskApi.lifecycle.remove;
export const restoreTask = taskApi.lifecycle.restore;
export const bulkDeleteTasks = taskApi.bulkLifecycle.bulkRemove;
export const bulkRestoreTasks = taskApi.bulkLifecycle.bulkRestore;
export const bulkDeleteTasksPermanently = taskApi.bulkLifecycle.bulkRemovePermanently;

/**
 * The confirmed lifecycle actions of tasks (spec 2 §4, §8): 'Delete Task' / 'Deleting task', the bulk
 * forms 'Deleting tasks. please wait...', and a bulk restore that says the tasks return to the active
 * Tasks section. Each refreshes every tasks query.
 */
export const useTaskLifecycle = () =>
  useRecordLifecycle({
    noun: 'task',
    queryRoot: taskKeys.all[0],
    api: {
      remove: deleteTask,
      restore: restoreTask,
      // Spec 2 §7: the permanent delete of one task is the same DELETE, on a task already deleted.
      removePermanently: deleteTask,
      bulkRemove: bulkDeleteTasks,
      bulkRestore: bulkRestoreTasks,
      bulkRemovePermanently: bulkDeleteTasksPermanently,
    },
  });
