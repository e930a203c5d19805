import {
  followUpListAnswerSchema,
  objectIdSchema,
  QUOTATION_MESSAGES,
  quotationCreateSchema,
  quotationDtoSchema,
  quotationIdFilterValue,
  quotationListAnswerSchema,
  quotationListSpec,
  quotationReviewSchema,
  quotationSuggestionSchema,
  quotationUpdateSchema,
  quotationVersionSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { historyQueryDocs } from '../../platform/history.ts';
import {
  EVERY_LIFECYCLE_ACTION,
  lifecycleRoutes,
  registerLifecycleRoutes,
} from '../../platform/lifecycle-routes.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { numberedSuggestionQuery, registerReadRoutes } from '../../platform/read-routes.ts';
import { parseList } from '../../platform/records.ts';
import { QUOTATION } from './quotation-dto.ts';
import {
  getQuotationAnswer,
  listQuotations,
  quotationFollowUps,
  quotationLifecycle,
  suggestQuotations,
} from './quotations.service.ts';
import { reviewQuotation } from './quotations-review.ts';
import { createQuotation, reQuoteQuotation, setActiveVersion, updateQuotation } from './quotations-write.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Quotations'];
const BASE = '/crm/quotations';
const SCOPE_TEXT =
  ' Without view-all on quotation, only quotations the caller created or whose customer they see exist (404 otherwise).';
const relatedSpec = { filters: {}, sortFields: [] };

/** GET /crm/quotations/suggestion: title, or quotationId (digits or ARR/0012), selectedId, customerId. */
const suggestionQuery = numberedSuggestionQuery('quotationId', {
  pattern: /^(?:ARR\/?)?\d{1,9}(?:\/R\d{1,4})?$/i,
  invalid: 'Invalid quotation number',
  parse: quotationIdFilterValue,
});

/** Spec 3 §7 "Quotations" (ENDPOINTS.md); decision 0015. */
export const quotationsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerReadRoutes(app, {
    base: BASE,
    tags,
    resource: 'quotation',
    scopeText: SCOPE_TEXT,
    list: {
      spec: quotationListSpec,
      answer: quotationListAnswerSchema,
      summary: 'List quotations, each with its active version',
      description:
        "filters[reviewStatus]=Pending is the verification queue. The Deleted and Deleted By filters need bulk-restore on quotation, the state filter (by the customer's assignees) view-all. data: quotations, quotationsCount, page, limit.",
      message: QUOTATION.listed,
      run: (principal, query) => listQuotations(deps.db, principal, query),
    },
    suggestion: {
      answer: z.array(quotationSuggestionSchema),
      query: suggestionQuery,
      summary:
        'Quotation suggestions (at most 20): by quotationId (digits or ARR/0001) or title; selectedId first; customerId narrows to one customer',
      message: QUOTATION.listed,
      run: (principal, query) => suggestQuotations(deps.db, principal, query),
    },
    one: {
      answer: quotationDtoSchema,
      summary: 'One quotation with every version (newest first) and its active version',
      message: QUOTATION.fetched,
      run: (principal, id) => getQuotationAnswer(deps.db, principal, id),
    },
  });

  r.get(
    `${BASE}/:id/follow-ups`,
    {
      config: {
        answer: answers(followUpListAnswerSchema),
        access: permission('follow-up', 'read'),
        swaggerTransform: historyQueryDocs,
      },
      schema: {
        tags,
        summary: "A quotation's follow-ups (page, limit): {followUps, followUpsCount, page, limit}",
        description: `Needs read on follow-up and on quotation (403).${SCOPE_TEXT}`,
        params: idParams,
      },
    },
    async (request) =>
      ok(
        QUOTATION.listed,
        await quotationFollowUps(
          deps,
          principalOf(request),
          request.params.id,
          parseList(request.query, relatedSpec),
        ),
      ),
  );

  r.post(
    BASE,
    {
      config: { answer: created(quotationDtoSchema), access: permission('quotation', 'create') },
      schema: {
        tags,
        summary: 'Create a quotation and its version 0 (Draft, main, needs no review)',
        description:
          'The customer must be live, seen by the caller and have a margin tier; the requirement the customer’s, without a quotation. Each item must be live, Verified, with a margin, a stock with a price to show and GST; a tier price needs read-{tier} on product-item-price, a custom price at least the minimum unit price. Totals, GST split and the items’ snapshot are the server’s.',
        body: quotationCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(QUOTATION.created, await createQuotation(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(quotationDtoSchema), access: permission('quotation', 'update') },
      schema: {
        tags,
        summary: 'Update the active version (only while it is Draft)',
        description: `The fields sent replace the active version's; new items are priced and frozen again. An update of a re-quotation whose review was decided puts it back to Pending.${SCOPE_TEXT}`,
        params: idParams,
        body: quotationUpdateSchema,
      },
    },
    async (request) =>
      ok(
        QUOTATION.updated,
        await updateQuotation(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  r.patch(
    `${BASE}/:id/re-quotation`,
    {
      config: { answer: answers(quotationDtoSchema), access: permission('quotation', 'update') },
      schema: {
        tags,
        summary: 'Re-quotation: a new version n (Draft, review Pending) becomes active',
        description: `Only while the active version is Draft; it becomes ReQuoted. The title takes the Re-Quotation wording; the changes are computed against the active version.${SCOPE_TEXT}`,
        params: idParams,
        body: quotationVersionSchema,
      },
    },
    async (request) =>
      ok(
        QUOTATION.updated,
        await reQuoteQuotation(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  r.patch(
    `${BASE}/:id/set-active/:versionId`,
    {
      config: { answer: answers(quotationDtoSchema, [409]), access: permission('quotation', 'update') },
      schema: {
        tags,
        summary: 'Make it Active: point the quotation at one of its versions',
        description: `No status changes. 404 'Version not found' for a version of another quotation.${SCOPE_TEXT}`,
        params: z.object({ id: objectIdSchema, versionId: objectIdSchema }),
      },
    },
    async (request) =>
      ok(
        QUOTATION_MESSAGES.madeActive,
        await setActiveVersion(deps, principalOf(request), request.params.id, request.params.versionId),
      ),
  );

  r.patch(
    `${BASE}/:id/review`,
    {
      config: { answer: answers(quotationDtoSchema), access: permission('quotation', 'verification') },
      schema: {
        tags,
        summary: 'Approve or Reject Changes of the active re-quotation (it must be Pending)',
        description: `Rejecting needs a reason. Records status, reason, reviewer and time on the active version.${SCOPE_TEXT}`,
        params: idParams,
        body: quotationReviewSchema,
      },
    },
    async (request) => {
      const { message, data } = await reviewQuotation(
        deps,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return ok(message, data);
    },
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'quotation', many: 'quotations' },
    ...lifecycleRoutes(quotationLifecycle, deps, 'quotation', EVERY_LIFECYCLE_ACTION, SCOPE_TEXT),
  });
};
