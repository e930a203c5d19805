import { z } from 'zod';
import { dateInputSchema, whenFieldsValid } from '../common/fields.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../enums.ts';
import { objectIdSchema } from '../ids.ts';
import { TASK_DEFAULT_PRIORITY, TASK_DEFAULT_STATUS, TASK_MESSAGES, TASK_TITLE_MAX } from './task-list.ts';

const optionalText = (max: number, message: string, kind = oneLineText) =>
  kind()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The task form: create and the full-task update (PATCH /hrm/tasks/{id} sends the whole task) share it.
 * Dates are calendar days (YYYY-MM-DD); a full timestamp is accepted and cut to its day.
 */
export const taskFormSchema = z
  .object({
    title: oneLineText({ error: TASK_MESSAGES.titleRequired })
      .min(1, TASK_MESSAGES.titleRequired)
      .max(TASK_TITLE_MAX, TASK_MESSAGES.titleTooLong),
    description: optionalText(5000, TASK_MESSAGES.descriptionTooLong, multiLineText),
    status: z.enum(TASK_STATUSES, { error: TASK_MESSAGES.statusRequired }).default(TASK_DEFAULT_STATUS),
    priority: z
      .enum(TASK_PRIORITIES, { error: TASK_MESSAGES.priorityInvalid })
      .default(TASK_DEFAULT_PRIORITY),
    date: oneLineText({ error: TASK_MESSAGES.dateRequired })
      .min(1, TASK_MESSAGES.dateRequired)
      .pipe(dateInputSchema)
      .transform((v) => v.slice(0, 10)),
    time: oneLineText()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TASK_MESSAGES.timeInvalid)
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    deadline: oneLineText({ error: TASK_MESSAGES.deadlineInvalid })
      .refine((v) => v === '' || dateInputSchema.safeParse(v).success, TASK_MESSAGES.deadlineInvalid)
      .nullish()
      .transform((v) => (v ? v.slice(0, 10) : null)),
    reason: optionalText(500, TASK_MESSAGES.reasonTooLong),
    assignedTo: z
      .array(objectIdSchema, { error: TASK_MESSAGES.assignedToRequired })
      .min(1, TASK_MESSAGES.assignedToRequired)
      .max(100, 'A task can be assigned to at most 100 users')
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine(
    (task, ctx) => {
      if (task.deadline && task.date && task.deadline < task.date)
        ctx.addIssue({ code: 'custom', path: ['deadline'], message: TASK_MESSAGES.deadlineBeforeDate });
      if (task.status === 'Cancelled' && !task.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: TASK_MESSAGES.reasonRequired });
    },
    // Also when another field (the title, the assignees) is wrong, so a form shows every message at once.
    { when: whenFieldsValid('date', 'deadline', 'status', 'reason') },
  );
export type TaskInput = z.infer<typeof taskFormSchema>;
/** What the form holds before parsing (dates and time as text, empty strings allowed). */
export type TaskFormValues = z.input<typeof taskFormSchema>;

export type TaskDto = RecordStamps & {
  _id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  date: string;
  time: string | null;
  deadline: string | null;
  reason: string | null;
  assignedTo: UserRef[];
  assignedBy: UserRef | null;
};
