import {
  MAX_LIST_PAGE,
  MAX_PAGE_SIZE,
  nameSuggestionSchema,
  nullData,
  objectIdSchema,
  parsePermissionKeys,
  permissionResourceSchema,
  roleCreateSchema,
  roleDtoSchema,
  roleListAnswerSchema,
  roleUpdateSchema,
  suggestionQuerySchema,
  whoCanSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { documentedInput } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import {
  createRole,
  deleteRole,
  getRole,
  listResources,
  listRoles,
  suggestRoles,
  toRoleDto,
  updateRole,
} from './roles.service.ts';
import { whoCan } from './who-can.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Roles'];

const whole = (name: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!/^\d{1,9}$/.test(v) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** The role list is small; the screen shows every role, so the default page holds them all. */
const listQuery = z.object({
  page: whole('page', 1, MAX_LIST_PAGE),
  limit: whole('limit', MAX_PAGE_SIZE, MAX_PAGE_SIZE),
});
/** What listQuery accepts, as numbers, for the OpenAPI document. */
const listQueryDoc = z
  .object({
    page: z.number().int().min(1).max(MAX_LIST_PAGE).default(1),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  })
  .partial();

/** `needs=customer:update,product-margin:suggestion`: one to five permissions of the catalogue. */
const whoCanQuery = z.object({
  needs: z.string({ error: 'needs is required' }).transform((v, ctx) => {
    const keys = v
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const parsed = keys.length >= 1 && keys.length <= 5 ? parsePermissionKeys(keys) : null;
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: 'needs must list one to five permissions of the catalogue, as resource:action',
      });
      return z.NEVER;
    }
    return parsed;
  }),
});

export const rolesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Issue 23: the people who may do what a screen cannot offer the caller (names only; any signed-in user).
  r.get(
    '/auth/who-can',
    {
      config: { answer: answers(whoCanSchema), access: signedIn() },
      schema: { tags, summary: 'Who may do something (names of active users)', querystring: whoCanQuery },
    },
    async (request) =>
      ok('Users fetched successfully', await whoCan(deps.db, deps.clock, request.query.needs)),
  );

  r.get(
    '/admin/resources',
    {
      config: { answer: answers(z.array(permissionResourceSchema)), access: permission('role', 'read') },
      schema: { tags, summary: 'The permission catalogue' },
    },
    async () => ok('Resources fetched successfully', await listResources(deps.db)),
  );

  r.get(
    '/admin/roles',
    {
      config: {
        answer: answers(roleListAnswerSchema),
        access: permission('role', 'read'),
        swaggerTransform: documentedInput({ querystring: listQueryDoc }),
      },
      schema: { tags, summary: 'List roles', querystring: listQuery },
    },
    async (request) =>
      ok('Roles fetched successfully', await listRoles(deps.db, request.query.page, request.query.limit)),
  );

  // Registered before /:id so 'suggestion' is never read as an id.
  r.get(
    '/admin/roles/suggestion',
    {
      config: { answer: answers(z.array(nameSuggestionSchema)), access: permission('role', 'suggestion') },
      schema: { tags, summary: 'Role suggestions (at most 20)', querystring: suggestionQuerySchema },
    },
    async (request) =>
      ok(
        'Roles fetched successfully',
        await suggestRoles(deps.db, request.query.name, request.query.selectedIds),
      ),
  );

  r.get(
    '/admin/roles/:id',
    {
      config: { answer: answers(roleDtoSchema), access: permission('role', 'read') },
      schema: { tags, summary: 'One role', params: idParams },
    },
    async (request) => ok('Role fetched successfully', toRoleDto(await getRole(deps.db, request.params.id))),
  );

  r.post(
    '/admin/roles',
    {
      config: { answer: created(roleDtoSchema), access: permission('role', 'create') },
      schema: { tags, summary: 'Create a role', body: roleCreateSchema },
    },
    async (request, reply) => {
      const role = await createRole(deps.db, deps.clock, request.body, principalOf(request).user.id);
      return reply.status(201).send(ok('Role created successfully', role));
    },
  );

  r.patch(
    '/admin/roles/:id',
    {
      config: { answer: answers(roleDtoSchema), access: permission('role', 'update') },
      schema: { tags, summary: 'Update a role', params: idParams, body: roleUpdateSchema },
    },
    async (request) =>
      ok(
        'Role updated successfully',
        await updateRole(deps.db, deps.clock, request.params.id, request.body, principalOf(request).user.id),
      ),
  );

  r.delete(
    '/admin/roles/:id',
    {
      config: { answer: answers(nullData), access: permission('role', 'delete') },
      schema: { tags, summary: 'Delete a role', params: idParams },
    },
    async (request) => {
      await deleteRole(deps.db, request.params.id);
      return ok('Role deleted successfully', null);
    },
  );
};
