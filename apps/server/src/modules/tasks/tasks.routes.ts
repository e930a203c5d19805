import { objectIdSchema, taskFormSchema, taskListSpec } from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { bulkOutcome, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { parseList } from '../../platform/records.ts';
import {
  bulkTasks,
  createTask,
  deleteTask,
  getTask,
  listTasks,
  restoreTask,
  TASK,
  taskHistory,
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
      config: { access: permission('task', 'read') },
      schema: { tags, summary: 'One task', description: SCOPE_TEXT, params: idParams },
    },
    async (request) => ok(TASK.fetched, await getTask(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    '/hrm/tasks',
    {
      config: { access: permission('task', 'create') },
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
      config: { access: permission('task', 'update') },
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
    remove: {
      access: permission('task', 'delete'),
      summary: 'Delete a task; a deleted task is deleted permanently',
      description: 'On a task already deleted this is the permanent delete and needs delete-permanently too.',
      run: async (principal, id) => ({ message: await deleteTask(deps, principal, id) }),
    },
    restore: {
      access: permission('task', 'restore'),
      run: async (principal, id) => {
        await restoreTask(deps, principal, id);
        return { message: TASK.restored };
      },
    },
    bulkRemove: {
      access: permission('task', 'bulk-delete'),
      run: (principal, ids) => bulkOutcome(bulkTasks(deps, principal, 'delete', ids)),
    },
    bulkRestore: {
      access: permission('task', 'bulk-restore'),
      run: (principal, ids) => bulkOutcome(bulkTasks(deps, principal, 'restore', ids)),
    },
    bulkRemovePermanently: {
      access: permission('task', 'bulk-delete-permanently'),
      run: (principal, ids) => bulkOutcome(bulkTasks(deps, principal, 'deletePermanently', ids)),
    },
    history: {
      access: permission('task', 'read'),
      description: SCOPE_TEXT,
      run: (principal, id, query) => taskHistory(deps.db, principal, id, query),
    },
  });
};
