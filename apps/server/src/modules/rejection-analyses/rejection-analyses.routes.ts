import {
  nullData,
  objectIdSchema,
  REJECTION_RESOURCE,
  rejectionAnalysisCreateSchema,
  rejectionAnalysisDtoSchema,
  rejectionAnalysisListAnswerSchema,
  rejectionAnalysisListSpec,
  rejectionAnalysisUpdateSchema,
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
  getRejection,
  listRejections,
  rejectionLifecycle,
  restoreRejection,
} from './rejection-analyses.service.ts';
import { createRejection, updateRejection } from './rejection-analyses-write.ts';
import { REJECTION } from './rejection-analysis-dto.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Rejection analysis'];
const BASE = '/crm/rejection-analysis';
const SCOPE_TEXT =
  ' Without view-all on quotation (or customer), only analyses the caller wrote or whose customer they see exist (404 otherwise).';

/** Spec 2 §7 "Rejection analysis" (ENDPOINTS.md); decision 0016. */
export const rejectionAnalysesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission(REJECTION_RESOURCE, 'read'),
        answer: answers(rejectionAnalysisListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(rejectionAnalysisListSpec) }),
      },
      schema: {
        tags,
        summary: 'List rejection analyses, each with its quotation, rejected version and customer',
        description: `${LIST_QUERY_TEXT} The Deleted filter needs only read (spec 2 §6). data: rejectionAnalyses, rejectionAnalysesCount, page, limit.${SCOPE_TEXT}`,
      },
    },
    async (request) =>
      ok(
        REJECTION.listed,
        await listRejections(
          deps.db,
          principalOf(request),
          parseList(request.query, rejectionAnalysisListSpec),
        ),
      ),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(rejectionAnalysisDtoSchema), access: permission(REJECTION_RESOURCE, 'read') },
      schema: {
        tags,
        summary: 'One rejection analysis (live or deleted)',
        description: SCOPE_TEXT,
        params: idParams,
      },
    },
    async (request) =>
      ok(REJECTION.fetched, await getRejection(deps.db, principalOf(request), request.params.id)),
  );

  r.post(
    BASE,
    {
      config: {
        answer: created(rejectionAnalysisDtoSchema),
        access: permission(REJECTION_RESOURCE, 'create'),
      },
      schema: {
        tags,
        summary: 'Reject a quotation: the analysis, and its active version Rejected, in one transaction',
        description:
          'The quotation must be live and seen by the caller (404), quotationVersionId its active version (404), the version Draft or ReQuoted and needing no review or past it (409); one live analysis per quotation (409, also for two sent at the same moment). The customer is the quotation’s, quotedAmount the version’s total with GST; lostTo, when not sent, is Competitor if a competitor is named or priced, else No Decision.',
        body: rejectionAnalysisCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(REJECTION.created, await createRejection(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: {
        answer: answers(rejectionAnalysisDtoSchema),
        access: permission(REJECTION_RESOURCE, 'update'),
      },
      schema: {
        tags,
        summary: 'Update a live rejection analysis (the quotation and version stay)',
        description: SCOPE_TEXT,
        params: idParams,
        body: rejectionAnalysisUpdateSchema,
      },
    },
    async (request) =>
      ok(
        REJECTION.updated,
        await updateRejection(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'rejection analysis', many: 'rejection analyses' },
    ...lifecycleRoutes(
      rejectionLifecycle,
      deps,
      REJECTION_RESOURCE,
      ['delete', 'delete-permanently', 'read'],
      SCOPE_TEXT,
    ),
    restore: {
      access: permission(REJECTION_RESOURCE, 'restore'),
      answer: nullData,
      description: `Refused (409) while another analysis of the same quotation is live.${SCOPE_TEXT}`,
      run: async (principal, id) => {
        await restoreRejection(deps, principal, id);
        return { message: REJECTION.restored };
      },
    },
  });
};
