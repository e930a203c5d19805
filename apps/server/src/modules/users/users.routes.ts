import {
  activityCreateSchema,
  activityDtoSchema,
  activityPageSchema,
  adminChangePasswordSchema,
  nullData,
  objectIdSchema,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  profileUpdateSchema,
  suggestionQuerySchema,
  USER_JSON_FIELDS,
  userCreateSchema,
  userDtoSchema,
  userListAnswerSchema,
  userListSpec,
  userSuggestionSchema,
  userUpdateSchema,
} from '@karya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { decodeFields, readMultipart } from '../../platform/multipart.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import { clientIp } from '../../platform/request-info.ts';
import { createActivity, listActivities } from './user-activities.service.ts';
import { getUser, listUsers, suggestUsers, type Upload, userHistory } from './users.service.ts';
import {
  adminChangePassword,
  deleteUser,
  deleteUserPermanently,
  restoreUser,
  setBlocked,
} from './users-lifecycle.ts';
import { createUser, updateUser } from './users-write.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Users'];

// The user list and the user forms are read in the handlers; these describe them for /api/docs only.
const userListQuery = listQueryDocs(userListSpec);
const formDocs = (body: z.ZodType) => documentedInput({ body, multipartFile: 'image' });
const FORM_TEXT =
  `multipart/form-data (or JSON without an image): the profile image in \`image\` ` +
  `(at most ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB); ${USER_JSON_FIELDS.join(', ')} as JSON text. ` +
  'Only the fields shown are read.';
const activitiesQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a positive whole number' })
    .int('page must be a positive whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a positive whole number' })
    .int('limit must be a positive whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
});

/**
 * A user form as multipart (the profile image in `image`, nested values as JSON text) or as JSON.
 * Only the schema's own keys are read, so password, isDeleted, createdBy ... never reach the service.
 */
const readUserForm = async (
  request: FastifyRequest,
  allowed: readonly string[],
  mode: 'create' | 'update',
): Promise<{ values: Record<string, unknown>; upload: Upload }> => {
  const form = await readMultipart(request, {
    fileField: 'image',
    maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
    tooLargeMessage: PROFILE_IMAGE_TOO_LARGE,
  });
  const values = decodeFields(form.fields, {
    json: USER_JSON_FIELDS,
    boolean: ['deleteImage'],
    number: ['duration'],
    allowed,
    // On update an empty field means "clear it" (the update schemas decide what that may do).
    keepEmpty: mode === 'update',
  });
  return { values, upload: form.file ? { data: form.file.data, filename: form.file.filename } : null };
};

const CREATE_KEYS = Object.keys(userCreateSchema.shape);
const UPDATE_KEYS = Object.keys(userUpdateSchema.shape);
const PROFILE_KEYS = Object.keys(profileUpdateSchema.shape);

export const usersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/users',
    {
      config: {
        answer: answers(userListAnswerSchema),
        access: permission('user', 'read'),
        swaggerTransform: documentedInput({ querystring: userListQuery }),
      },
      schema: { tags, summary: 'List users', description: LIST_QUERY_TEXT },
    },
    async (request) => {
      return ok(
        'Users fetched successfully',
        await listUsers(deps.db, principalOf(request), parseList(request.query, userListSpec)),
      );
    },
  );

  // Registered before /admin/users/:id so "suggestion" is never read as an id.
  r.get(
    '/admin/users/suggestion',
    {
      config: { answer: answers(z.array(userSuggestionSchema)), access: permission('user', 'suggestion') },
      schema: { tags, summary: 'User suggestions (at most 20)', querystring: suggestionQuerySchema },
    },
    async (request) => ok('Users fetched successfully', await suggestUsers(deps.db, request.query)),
  );

  r.get(
    '/admin/users/:id',
    {
      config: { answer: answers(userDtoSchema), access: permission('user', 'read') },
      schema: { tags, summary: 'One user', params: idParams },
    },
    async (request) => ok('User fetched successfully', await getUser(deps.db, request.params.id)),
  );

  r.post(
    '/admin/users',
    {
      config: {
        answer: created(userDtoSchema),
        access: permission('user', 'create'),
        swaggerTransform: formDocs(userCreateSchema),
      },
      schema: { tags, summary: 'Create a user', description: FORM_TEXT },
    },
    async (request, reply) => {
      const { values, upload } = await readUserForm(request, CREATE_KEYS, 'create');
      const input = userCreateSchema.parse(values);
      const user = await createUser(deps, principalOf(request), input, upload);
      return reply.status(201).send(ok('User created successfully', user));
    },
  );

  r.patch(
    '/admin/users/:id',
    {
      config: {
        answer: answers(userDtoSchema),
        access: permission('user', 'update'),
        swaggerTransform: formDocs(userUpdateSchema),
      },
      schema: { tags, summary: 'Update a user', description: FORM_TEXT, params: idParams },
    },
    async (request) => {
      const { values, upload } = await readUserForm(request, UPDATE_KEYS, 'update');
      const input = userUpdateSchema.parse(values);
      const user = await updateUser(deps, principalOf(request), request.params.id, input, upload);
      return ok('User updated successfully', user);
    },
  );

  r.patch(
    '/auth/profile/:id',
    {
      config: {
        answer: answers(userDtoSchema),
        access: permission('profile', 'update'),
        swaggerTransform: formDocs(profileUpdateSchema),
      },
      schema: { tags, summary: 'Update own profile', description: FORM_TEXT, params: idParams },
    },
    async (request) => {
      const principal = principalOf(request);
      if (request.params.id !== principal.user.id) throw forbidden('You can only update your own profile.');
      const { values, upload } = await readUserForm(request, PROFILE_KEYS, 'update');
      const input = profileUpdateSchema.parse(values);
      const user = await updateUser(deps, principal, principal.user.id, input, upload);
      return ok('Profile updated successfully', user);
    },
  );

  registerLifecycleRoutes(app, {
    base: '/admin/users',
    tags,
    noun: { one: 'user', many: 'users' },
    remove: {
      access: permission('user', 'delete'),
      answer: nullData,
      summary: 'Delete a user (can be restored)',
      run: async (principal, id) => {
        await deleteUser(deps, principal, id);
        return { message: 'User deleted successfully' };
      },
    },
    restore: {
      access: permission('user', 'restore'),
      answer: userDtoSchema,
      run: async (principal, id) => ({
        message: 'User restored successfully',
        data: await restoreUser(deps, principal, id),
      }),
    },
    removePermanently: {
      access: permission('user', 'delete-permanently'),
      answer: nullData,
      summary: 'Delete a user permanently',
      run: async (principal, id) => {
        await deleteUserPermanently(deps, principal, id);
        return { message: 'User deleted permanently' };
      },
    },
    history: {
      access: permission('user', 'read'),
      run: (principal, id, query) => userHistory(deps.db, principal, id, query),
    },
  });

  r.patch(
    '/admin/users/:id/block',
    {
      config: { answer: answers(userDtoSchema), access: permission('user', 'update') },
      schema: { tags, summary: 'Block a user', params: idParams },
    },
    async (request) =>
      ok('User blocked', await setBlocked(deps, principalOf(request), request.params.id, true)),
  );

  r.patch(
    '/admin/users/:id/unblock',
    {
      config: { answer: answers(userDtoSchema), access: permission('user', 'update') },
      schema: { tags, summary: 'Unblock a user', params: idParams },
    },
    async (request) =>
      ok('User Unblocked', await setBlocked(deps, principalOf(request), request.params.id, false)),
  );

  r.post(
    '/admin/users/:id/change-password',
    {
      config: { answer: answers(nullData), access: permission('user', 'change-password') },
      schema: { tags, summary: "Set a user's password", params: idParams, body: adminChangePasswordSchema },
    },
    async (request) => {
      await adminChangePassword(deps, principalOf(request), request.params.id, request.body.newPassword, {
        ipAddress: clientIp(request),
      });
      return ok('Password changed successfully', null);
    },
  );

  r.get(
    '/admin/users/:id/activities',
    {
      config: { answer: answers(activityPageSchema), access: permission('user', 'activities') },
      schema: { tags, summary: "A user's activity log", params: idParams, querystring: activitiesQuery },
    },
    async (request) =>
      ok('Activities fetched successfully', await listActivities(deps.db, request.params.id, request.query)),
  );

  r.post(
    '/admin/user-activities',
    {
      config: { answer: created(activityDtoSchema), access: signedIn() },
      schema: { tags, summary: 'Log an activity of the signed-in user', body: activityCreateSchema },
    },
    async (request, reply) => {
      const activity = await createActivity(
        deps.db,
        principalOf(request),
        request.body,
        clientIp(request),
        deps.clock.now(),
      );
      return reply.status(201).send(ok('Activity logged', activity));
    },
  );
};
