import {
  nullData,
  objectIdSchema,
  taskDtoSchema,
  taskFormSchema,
  taskListAnswerSchema,
  taskListSpec,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { lifecycleRoutes, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import {
  createTask,
  deleteTask,
  getTask,
  listTasks,
  TASK,
  taskLifecycle,
  updateTask,
} from './tasks.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['HR tasks'];
const SCOPE_TEXT =
  ' Without view-all on task, only tasks assigned to or created by the caller exist (404 otherwise).';

/** Spec 2 §7 "Tasks". */
export const tasksRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/hrm/tasks',
    {
      config: {
        access: permission('task', 'read'),
        answer: answers(taskListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(taskListSpec) }),
      },
      schema: { tags, summary: 'List tasks', description: LIST_QUERY_TEXT + SCOPE_TEXT },
    },
    async (request) =>
      ok(TASK.listed, await listTasks(deps.db, principalOf(request), parseList(request.query, taskListSpec))),
  );

  r.get(
    '/hrm/tasks/:id',
    {
      config: { answer: answers(taskDtoSchema), access: permission('task', 'read') },
      schema: { tags, summary: 'One task', description: SCOPE_TEXT, params: idParams },
    },
    async (request) => ok(TASK.fetched, await getTask(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    '/hrm/tasks',
    {
      config: { answer: created(taskDtoSchema), access: permission('task', 'create') },
      schema: {
        tags,
        summary: 'Create a task',
        description: 'Assigning anyone but oneself needs assign on task.',
        body: taskFormSchema,
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(TASK.created, await createTask(deps, principalOf(request), request.body))),
  );

  r.patch(
    '/hrm/tasks/:id',
    {
      config: { answer: answers(taskDtoSchema), access: permission('task', 'update') },
      schema: { tags, summary: 'Update a task (the full task)', params: idParams, body: taskFormSchema },
    },
    async (request) =>
      ok(TASK.updated, await updateTask(deps, principalOf(request), request.params.id, request.body)),
  );

  // Spec 2 §7: no /permanent route; DELETE on a deleted task is the permanent delete (the service checks
  // delete-permanently too).
  registerLifecycleRoutes(app, {
    base: '/hrm/tasks',
    tags,
    noun: { one: 'task', many: 'tasks' },
    ...lifecycleRoutes(
      taskLifecycle,
      deps,
      'task',
      ['restore', 'bulk-delete', 'bulk-restore', 'bulk-delete-permanently', 'read'],
      SCOPE_TEXT,
    ),
    // Not the shared delete: on a deleted task it is the permanent one (deleteTask).
    remove: {
      access: permission('task', 'delete'),
      answer: nullData,
      summary: 'Delete a task; a deleted task is deleted permanently',
      description: 'On a task already deleted this is the permanent delete and needs delete-permanently too.',
      run: async (principal, id) => ({ message: await deleteTask(deps, principal, id) }),
    },
  });
};
