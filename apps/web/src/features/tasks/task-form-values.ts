// Deliberate import circle with ./task-validation.ts (loaded lazily): keeps zod out of the first paint.
import {
  TASK_DEFAULT_PRIORITY,
  TASK_DEFAULT_STATUS,
  type TaskDto,
  type TaskPriority,
  type TaskStatus,
  todayInAppZone,
} from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** What the task form's inputs hold: texts are '' when empty so every input stays controlled. */
export type TaskFormState = {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  /** YYYY-MM-DD */
  deadline: string;
  reason: string;
  assignedTo: string[];
};

/** A new task: Scheduled, Medium, today (spec 2 §4, §9), optionally assigned to `assignee`. */
export const newTaskValues = (assignee?: string | null, today = todayInAppZone()): TaskFormState => ({
  title: '',
  description: '',
  status: TASK_DEFAULT_STATUS,
  priority: TASK_DEFAULT_PRIORITY,
  date: today,
  time: '',
  deadline: '',
  reason: '',
  assignedTo: assignee ? [assignee] : [],
});

/** The form values of an existing task (the update form sends the full task back). */
export const taskFormValuesFrom = (task: TaskDto): TaskFormState => ({
  title: task.title,
  description: task.description ?? '',
  status: task.status,
  priority: task.priority,
  date: task.date.slice(0, 10),
  time: task.time ? task.time.slice(0, 5) : '',
  deadline: task.deadline ? task.deadline.slice(0, 10) : '',
  reason: task.reason ?? '',
  assignedTo: task.assignedTo.map((u) => u._id),
});

/** A reason belongs to a cancelled task only: a hidden reason is neither checked nor sent. */
export const visibleValues = (values: TaskFormState): TaskFormState =>
  values.status === 'Cancelled' ? values : { ...values, reason: '' };

/** The form's validation (task-validation.ts), downloaded as the form renders. */
export const taskValidation = lazyValidation(() => import('./task-validation'));

/** The domain's taskFormSchema (its messages are the spec's), applied to what the form shows. */
export const taskFormResolver = taskValidation.resolver((m) => m.taskFormResolver);
