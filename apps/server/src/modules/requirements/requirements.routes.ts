import {
  objectIdSchema,
  requirementCreateSchema,
  requirementDtoSchema,
  requirementListAnswerSchema,
  requirementListSpec,
  requirementSuggestionQuerySchema,
  requirementSuggestionSchema,
  requirementUpdateSchema,
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
  getRequirement,
  listRequirements,
  REQUIREMENT,
  requirementLifecycle,
  suggestRequirements,
} from './requirements.service.ts';
import { createRequirement, updateRequirement } from './requirements-write.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Requirements'];
const BASE = '/crm/requirements';
const SCOPE_TEXT =
  ' Without view-all on requirement, only requirements the caller created or whose customer they see exist (404 otherwise).';

/** Spec 2 §7 "Requirements" (ENDPOINTS.md); decision 0008. */
export const requirementsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('requirement', 'read'),
        answer: answers(requirementListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(requirementListSpec) }),
      },
      schema: {
        tags,
        summary: 'List requirements',
        description: `${LIST_QUERY_TEXT} The Deleted and Deleted By filters need bulk-restore on requirement, the state filter (Assigned, UnAssigned, Orphaned: by the customer's assignees) view-all. data: requirements, requirementsCount, page, limit.${SCOPE_TEXT}`,
      },
    },
    async (request) =>
      ok(
        REQUIREMENT.listed,
        await listRequirements(deps.db, principalOf(request), parseList(request.query, requirementListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(requirementSuggestionSchema)),
        access: permission('requirement', 'suggestion'),
      },
      schema: {
        tags,
        summary:
          'Requirement suggestions (at most 20): by requirementId (digits or RI0001) or title; selectedId first; customerId narrows to one customer',
        description: SCOPE_TEXT,
        querystring: requirementSuggestionQuerySchema,
      },
    },
    async (request) =>
      ok(REQUIREMENT.listed, await suggestRequirements(deps.db, principalOf(request), request.query)),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(requirementDtoSchema), access: permission('requirement', 'read') },
      schema: {
        tags,
        summary: 'One requirement with its customer and items',
        description: SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request) =>
      ok(REQUIREMENT.fetched, await getRequirement(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    BASE,
    {
      config: { answer: created(requirementDtoSchema), access: permission('requirement', 'create') },
      schema: {
        tags,
        summary: 'Create a requirement (status Open)',
        description:
          'The customer must be live and seen by the caller; every item must exist and not be deleted; the purchase date is today or later (India).',
        body: requirementCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(REQUIREMENT.created, await createRequirement(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(requirementDtoSchema), access: permission('requirement', 'update') },
      schema: {
        tags,
        summary: 'Update a requirement',
        description: `The fields sent replace the stored ones; the whole requirement is checked again. The customer cannot change; the status can. A purchase date left unchanged may lie in the past; a changed one must be today or later.${SCOPE_TEXT}`,
        params: idParams,
        body: requirementUpdateSchema,
      },
    },
    async (request) =>
      ok(
        REQUIREMENT.updated,
        await updateRequirement(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'requirement', many: 'requirements' },
    ...lifecycleRoutes(
      requirementLifecycle,
      deps,
      'requirement',
      [
        'delete',
        'restore',
        'delete-permanently',
        'bulk-delete',
        'bulk-restore',
        'bulk-delete-permanently',
        'read',
      ],
      SCOPE_TEXT,
    ),
  });
};
