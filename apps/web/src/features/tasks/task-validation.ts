import { zodResolver } from '@hookform/resolvers/zod';
import { type TaskInput, taskFormSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import { type TaskFormState, visibleValues } from './task-form-values';

// The task form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

const schemaResolver = zodResolver(taskFormSchema) as unknown as Resolver<TaskFormState>;

/** The domain's taskFormSchema (its messages are the spec's), applied to what the form shows. */
export const taskFormResolver: Resolver<TaskFormState> = (values, context, options) =>
  schemaResolver(visibleValues(values), context, options);

/** The task the form sends: the schema's output (trimmed, empty texts as null, a hidden reason dropped). */
export const toTaskInput = (values: TaskFormState): TaskInput => taskFormSchema.parse(visibleValues(values));
