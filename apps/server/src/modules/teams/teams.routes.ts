import {
  nameSuggestionSchema,
  objectIdSchema,
  suggestionQuerySchema,
  teamCreateSchema,
  teamDtoSchema,
  teamListAnswerSchema,
  teamListSpec,
  teamUpdateSchema,
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
  createTeam,
  getTeam,
  listTeams,
  suggestTeams,
  TEAM,
  teamLifecycle,
  updateTeam,
} from './teams.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Teams'];

/** Spec 3 "Teams". The suggestion path is registered before /:id so "suggestion" is never read as an id. */
export const teamsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/teams',
    {
      config: {
        access: permission('team', 'read'),
        answer: answers(teamListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(teamListSpec) }),
      },
      schema: {
        tags,
        summary: 'List teams',
        description: `${LIST_QUERY_TEXT} membersCount counts the members; members lists teams having any of the users.`,
      },
    },
    async (request) =>
      ok(TEAM.listed, await listTeams(deps.db, principalOf(request), parseList(request.query, teamListSpec))),
  );

  r.get(
    '/admin/teams/suggestion',
    {
      config: { answer: answers(z.array(nameSuggestionSchema)), access: permission('team', 'suggestion') },
      schema: { tags, summary: 'Team suggestions (at most 20)', querystring: suggestionQuerySchema },
    },
    async (request) => ok(TEAM.listed, await suggestTeams(deps.db, request.query)),
  );

  r.get(
    '/admin/teams/:id',
    {
      config: { answer: answers(teamDtoSchema), access: permission('team', 'read') },
      schema: { tags, summary: 'One team', params: idParams },
    },
    async (request) => ok(TEAM.fetched, await getTeam(deps.db, request.params.id)),
  );

  r.post(
    '/admin/teams',
    {
      config: { answer: created(teamDtoSchema), access: permission('team', 'create') },
      schema: {
        tags,
        summary: 'Create a team',
        description: 'Members are live users, each once; createdBy is the caller.',
        body: teamCreateSchema,
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(TEAM.created, await createTeam(deps, principalOf(request), request.body))),
  );

  r.patch(
    '/admin/teams/:id',
    {
      config: { answer: answers(teamDtoSchema), access: permission('team', 'update') },
      schema: {
        tags,
        summary: 'Update a team',
        description: 'The fields sent are replaced; members as a whole list.',
        params: idParams,
        body: teamUpdateSchema,
      },
    },
    async (request) =>
      ok(TEAM.updated, await updateTeam(deps, principalOf(request), request.params.id, request.body)),
  );

  registerLifecycleRoutes(app, {
    base: '/admin/teams',
    tags,
    noun: { one: 'team', many: 'teams' },
    ...lifecycleRoutes(teamLifecycle, deps, 'team', ['delete', 'restore', 'delete-permanently', 'read']),
  });
};
