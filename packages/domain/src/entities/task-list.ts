// What the task list page needs at first paint, kept free of zod: the entity module (task.ts) builds its
// schemas at module level, which a bundler must keep once anything of that module is imported.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from '../enums.ts';

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
