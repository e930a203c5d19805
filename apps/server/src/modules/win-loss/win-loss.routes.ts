import {
  can,
  ERROR_CODES,
  QUOTATION_RESOURCE,
  REJECTION_RESOURCE,
  todayInAppZone,
  WIN_LOSS_API,
  WIN_LOSS_MAX_MONTHS,
  WIN_LOSS_MESSAGES,
  winLossQuerySchema,
  winLossSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendKept } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { winLoss } from './win-loss.service.ts';

/** Issue 26, beyond the spec: what the wins and losses teach (decision 0017). */
export const winLossRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    WIN_LOSS_API,
    {
      config: { answer: answers(winLossSchema), access: permission(REJECTION_RESOURCE, 'read') },
      schema: {
        tags: ['Rejection analysis'],
        summary: 'Quotations won and lost: per month, win rates, lost value by competitor and reason',
        description:
          'Won = a live project (its quotation Approved), dated by the approval (the project’s creation, India); ' +
          'lost = a live rejection analysis, dated by its rejection date. from and to are inclusive days ' +
          `(YYYY-MM-DD; default the last 12 months to today; at most ${WIN_LOSS_MAX_MONTHS} months); createdBy ` +
          'counts only the quotations that user made. Values are the quoted totals with GST. Also needs read ' +
          'on quotation (403 MISSING_DEPENDENCY); without view-all on quotation only the quotations the caller ' +
          'may see are counted. A reason named by several analyses counts in each.',
        querystring: winLossQuerySchema,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!can(principal.permissions, QUOTATION_RESOURCE, 'read'))
        throw new AppError(
          403,
          WIN_LOSS_MESSAGES.needsQuotationRead,
          ERROR_CODES.MISSING_DEPENDENCY,
          {},
          {
            missing: [`${QUOTATION_RESOURCE}:read`],
          },
        );
      // A kept answer is the same object on every load while nothing it counted changed: sent as serialised
      // the first time.
      return sendKept(
        reply,
        WIN_LOSS_MESSAGES.fetched,
        await winLoss(deps.db, principal, request.query, todayInAppZone(deps.clock.now())),
      );
    },
  );
};
