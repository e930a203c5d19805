import type { BulkResult, ListPage, ListQuery, TaskDto, TaskInput } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every tasks query key starts with 'tasks', so a change refreshes lists, details and searches at once. */
export const taskKeys = recordKeys('tasks');

export type TasksPage = ListPage<'tasks', TaskDto>;

const BASE = '/hrm/tasks';
/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const TASKS_PAGE = '/hrm/tasks';
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

/** GET /hrm/tasks: a page of tasks (without view-all on task only the caller's own). */
export const fetchTasks = async (query: Partial<ListQuery>, signal?: AbortSignal) =>
  (await api.list<TasksPage>(BASE, query, { signal })).data;

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
export const useTasksList = (query: ListQuery) =>
  useQuery({
    queryKey: taskKeys.list(query),
    queryFn: ({ signal }) => takeEarlyList(TASKS_PAGE, query, () => fetchTasks(query, signal)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** One task, deleted ones included (the detail page shows them with Restore). */
export const useTask = (id: string | undefined) =>
  useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<TaskDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

/** POST /hrm/tasks. Empty values are stripped (a new task has nothing to clear). */
export const createTask = (input: TaskInput, idempotencyKey?: string) =>
  api.post<TaskDto>(BASE, input, { idempotencyKey });

/** PATCH /hrm/tasks/{id} with the full task; cleared fields go as null so the server clears them. */
export const updateTask = (id: string, input: TaskInput, idempotencyKey?: string) =>
  api.patch<TaskDto>(path(id), input, { keepEmpty: true, idempotencyKey });

/** DELETE /hrm/tasks/{id}: soft delete of a live task, permanent delete of a deleted one. */
export const deleteTask = (id: string) => api.delete<null>(path(id));
export const restoreTask = (id: string) => api.patch<null>(path(id, '/restore'));
export const bulkDeleteTasks = (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk`, { ids });
export const bulkRestoreTasks = (ids: string[]) => api.patch<BulkResult>(`${BASE}/bulk/restore`, { ids });
export const bulkDeleteTasksPermanently = (ids: string[]) =>
  api.delete<BulkResult>(`${BASE}/bulk/permanent`, { ids });

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
