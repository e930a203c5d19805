import {
  marginCreateSchema,
  marginDtoSchema,
  marginListAnswerSchema,
  marginListSpec,
  marginUpdateSchema,
  nameSuggestionSchema,
  objectIdSchema,
  singleSuggestionQuerySchema,
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
  createMargin,
  getMargin,
  listMargins,
  MARGIN,
  marginLifecycle,
  suggestMargins,
  updateMargin,
} from './margins.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product margins'];
const BASE = '/crm/products/margins';

/** Spec 3 §7 "Margins": JSON bodies; the suggestion call takes one selectedId. */
export const marginsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-margin', 'read'),
        answer: answers(marginListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(marginListSpec) }),
      },
      schema: {
        tags,
        summary: 'List margins',
        description: `${LIST_QUERY_TEXT} data: productMargins, productMarginsCount, page, limit.`,
      },
    },
    async (request) =>
      ok(
        MARGIN.listed,
        await listMargins(deps.db, principalOf(request), parseList(request.query, marginListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(nameSuggestionSchema)),
        access: permission('product-margin', 'suggestion'),
      },
      schema: { tags, summary: 'Margin suggestions (at most 20)', querystring: singleSuggestionQuerySchema },
    },
    async (request) =>
      ok(
        MARGIN.listed,
        await suggestMargins(deps.db, { name: request.query.name, selectedIds: request.query.selectedId }),
      ),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(marginDtoSchema), access: permission('product-margin', 'read') },
      schema: { tags, summary: 'One margin', params: idParams },
    },
    async (request) => ok(MARGIN.fetched, await getMargin(deps.db, request.params.id)),
  );

  r.post(
    BASE,
    {
      config: { answer: created(marginDtoSchema), access: permission('product-margin', 'create') },
      schema: {
        tags,
        summary: 'Create a margin',
        description: 'Tiers t1, t2, t3, pt1, pt2, pt3: 0 to 100, at most two decimals.',
        body: marginCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(MARGIN.created, await createMargin(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(marginDtoSchema), access: permission('product-margin', 'update') },
      schema: {
        tags,
        summary: 'Update a margin',
        description: 'The fields sent are replaced; margins as all six tiers.',
        params: idParams,
        body: marginUpdateSchema,
      },
    },
    async (request) =>
      ok(MARGIN.updated, await updateMargin(deps, principalOf(request), request.params.id, request.body)),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'margin', many: 'margins' },
    ...lifecycleRoutes(marginLifecycle, deps, 'product-margin', [
      'delete',
      'restore',
      'delete-permanently',
      'read',
    ]),
  });
};
