import {
  bulkIdsSchema,
  HISTORY_MESSAGES,
  historyListSpec,
  objectIdSchema,
  taskFormSchema,
  taskListSpec,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { HISTORY_ROUTE_TEXT, historyQueryDocs } from '../../platform/history.ts';
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

/** Spec 2 §7 "Tasks". The bulk paths are registered before /:id so "bulk" is never read as an id. */
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

  r.delete(
    '/hrm/tasks/bulk',
    {
      config: { access: permission('task', 'bulk-delete') },
      schema: { tags, summary: 'Delete tasks (soft), at most 100', body: bulkIdsSchema },
    },
    async (request) => {
      const { message, result } = await bulkTasks(deps, principalOf(request), 'delete', request.body.ids);
      return ok(message, result);
    },
  );

  r.patch(
    '/hrm/tasks/bulk/restore',
    {
      config: { access: permission('task', 'bulk-restore') },
      schema: { tags, summary: 'Restore deleted tasks, at most 100', body: bulkIdsSchema },
    },
    async (request) => {
      const { message, result } = await bulkTasks(deps, principalOf(request), 'restore', request.body.ids);
      return ok(message, result);
    },
  );

  r.delete(
    '/hrm/tasks/bulk/permanent',
    {
      config: { access: permission('task', 'bulk-delete-permanently') },
      schema: { tags, summary: 'Delete deleted tasks for good, at most 100', body: bulkIdsSchema },
    },
    async (request) => {
      const { message, result } = await bulkTasks(
        deps,
        principalOf(request),
        'deletePermanently',
        request.body.ids,
      );
      return ok(message, result);
    },
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

  r.delete(
    '/hrm/tasks/:id',
    {
      config: { access: permission('task', 'delete') },
      schema: {
        tags,
        summary: 'Delete a task; a deleted task is deleted permanently',
        description:
          'On a task already deleted this is the permanent delete and needs delete-permanently too.',
        params: idParams,
      },
    },
    async (request) => ok(await deleteTask(deps, principalOf(request), request.params.id), null),
  );

  r.patch(
    '/hrm/tasks/:id/restore',
    {
      config: { access: permission('task', 'restore') },
      schema: { tags, summary: 'Restore a deleted task', params: idParams },
    },
    async (request) => {
      await restoreTask(deps, principalOf(request), request.params.id);
      return ok(TASK.restored, null);
    },
  );

  r.get(
    '/hrm/tasks/:id/history',
    {
      config: { access: permission('task', 'read'), swaggerTransform: historyQueryDocs },
      schema: {
        tags,
        summary: "A task's history",
        description: HISTORY_ROUTE_TEXT + SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request) =>
      ok(
        HISTORY_MESSAGES.fetched,
        await taskHistory(
          deps.db,
          principalOf(request),
          request.params.id,
          parseList(request.query, historyListSpec),
        ),
      ),
  );
};
