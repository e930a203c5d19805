// What the task screens need at runtime (list, cards, detail), kept free of zod: the entity module (task.ts)
// builds its schemas at module level, which a bundler must keep once anything of that module is imported.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../enums.ts';

export const taskListSpec = defineList({
  filters: {
    title: 'text',
    status: { enum: TASK_STATUSES },
    priority: { enum: TASK_PRIORITIES },
    date: 'dateRange',
    deadline: 'dateRange',
    assignedTo: 'ids',
    assignedBy: 'ids',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['title', 'status', 'priority', 'date', 'time', 'deadline', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** Spec 2 §5 "Task form" messages. */
export const TASK_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must not exceed 100 characters',
  statusRequired: 'Status is required',
  priorityInvalid: 'Priority must be Low, Medium or High',
  dateRequired: 'Date is required',
  deadlineInvalid: 'Deadline must be a valid date',
  deadlineBeforeDate: 'Deadline must be after the date',
  assignedToRequired: 'Assigned to is required',
  reasonRequired: 'Reason is required',
  timeInvalid: 'Time must be HH:mm',
  descriptionTooLong: 'Description must not exceed 5000 characters',
  reasonTooLong: 'Reason must not exceed 500 characters',
  notFound: 'Task not found',
} as const;

export const TASK_TITLE_MAX = 100;
export const TASK_DEFAULT_STATUS: TaskStatus = 'Scheduled';
export const TASK_DEFAULT_PRIORITY: TaskPriority = 'Medium';

/** Description "one point per line" (spec 2 §2): the non-empty trimmed lines. */
export const descriptionPoints = (description: string | null | undefined) =>
  (description ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
