import {
  ERROR_CODES,
  followUpCreateSchema,
  followUpDtoSchema,
  followUpListAnswerSchema,
  followUpListSpec,
  followUpSuggestionQuerySchema,
  followUpUpdateSchema,
  objectIdSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { historyQueryDocs } from '../../platform/history.ts';
import { lifecycleRoutes, registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import {
  FOLLOW_UP,
  followUpLifecycle,
  followUpsOfRequirement,
  getFollowUp,
  listFollowUps,
  suggestFollowUps,
} from './follow-ups.service.ts';
import { createFollowUp, FollowUpConflict, updateFollowUp } from './follow-ups-write.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Follow-ups'];
const BASE = '/crm/follow-ups';
const SCOPE_TEXT =
  ' Without view-all on follow-up, only follow-ups the caller created, is followUpBy or a visitor of, or whose customer is in their customer scope exist (404 otherwise).';
/** The related list of a requirement takes page and limit only. */
const relatedSpec = { filters: {}, sortFields: [] };

/** Spec 2 §7 "Follow-ups" (ENDPOINTS.md); decision 0007. */
export const followUpsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        answer: answers(followUpListAnswerSchema),
        access: permission('follow-up', 'read'),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(followUpListSpec) }),
      },
      schema: {
        tags,
        summary: 'List follow-ups',
        description: `${LIST_QUERY_TEXT} noResponse: date and time passed with neither response nor remarks. The Deleted and Deleted By filters need bulk-restore on follow-up, the state filter view-all. data: followUps, followUpsCount, page, limit.${SCOPE_TEXT}`,
      },
    },
    async (request) =>
      ok(
        FOLLOW_UP.listed,
        await listFollowUps(deps, principalOf(request), parseList(request.query, followUpListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: { answer: answers(z.array(followUpDtoSchema)), access: permission('follow-up', 'suggestion') },
      schema: {
        tags,
        summary: 'Search follow-ups by number (FI0012 or 12) or customer name; at most 20',
        description: SCOPE_TEXT.trim(),
        querystring: followUpSuggestionQuerySchema,
      },
    },
    async (request) =>
      ok(FOLLOW_UP.listed, await suggestFollowUps(deps.db, principalOf(request), request.query)),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(followUpDtoSchema), access: permission('follow-up', 'read') },
      schema: { tags, summary: 'One follow-up', description: SCOPE_TEXT.trim(), params: idParams },
    },
    async (request) =>
      ok(FOLLOW_UP.fetched, await getFollowUp(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    BASE,
    {
      config: { answer: created(followUpDtoSchema), access: permission('follow-up', 'create') },
      schema: {
        tags,
        summary: 'Create a follow-up',
        description:
          'The customer must be live and in the caller’s customer scope; the status, when not sent, follows date and time (at or before now in India: Completed, later: Scheduled). A Quotation reason names a live quotation of the customer, a Project reason a live project of the customer in the caller’s project scope.',
        body: followUpCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(FOLLOW_UP.created, await createFollowUp(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(followUpDtoSchema, [409]), access: permission('follow-up', 'update') },
      schema: {
        tags,
        summary: 'Update a follow-up (the whole follow-up)',
        description: `The customer cannot change (400). With expectedUpdatedAt (ISO) different from the follow-up's updatedAt: 409 with the current follow-up as data.${SCOPE_TEXT}`,
        params: idParams,
        body: followUpUpdateSchema,
      },
    },
    async (request, reply) => {
      try {
        return ok(
          FOLLOW_UP.updated,
          await updateFollowUp(deps, principalOf(request), request.params.id, request.body),
        );
      } catch (error) {
        if (!(error instanceof FollowUpConflict)) throw error;
        return reply.status(409).send({
          success: false,
          message: error.message,
          error: ERROR_CODES.CONFLICT,
          data: error.current,
          requestId: request.id,
        });
      }
    },
  );

  r.get(
    '/crm/requirements/:id/follow-ups',
    {
      config: {
        answer: answers(followUpListAnswerSchema),
        access: permission('follow-up', 'read'),
        swaggerTransform: historyQueryDocs,
      },
      schema: {
        tags,
        summary: "A requirement's follow-ups (page, limit): {followUps, followUpsCount, page, limit}",
        description:
          'Needs read on follow-up and on requirement; 404 when the requirement does not exist or its customer is outside the caller’s customer scope.',
        params: idParams,
      },
    },
    async (request) =>
      ok(
        FOLLOW_UP.listed,
        await followUpsOfRequirement(
          deps,
          principalOf(request),
          request.params.id,
          parseList(request.query, relatedSpec),
        ),
      ),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'follow-up', many: 'follow-ups' },
    ...lifecycleRoutes(
      followUpLifecycle,
      deps,
      'follow-up',
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
