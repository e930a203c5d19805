import {
  documentSendSchema,
  objectIdSchema,
  quotationSentSchema,
  QUOTATION_SEND_MESSAGES as SEND,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { answers, fileAnswer } from '../../platform/openapi-answers.ts';
import { getQuotation } from '../quotations/quotations.service.ts';
import { quotationPdf, sendQuotation } from './quotation-document.service.ts';

const tags = ['Quotations'];
const idParams = z.object({ id: objectIdSchema });
const versionQuery = z.object({ version: objectIdSchema.optional() });
const sendBody = documentSendSchema.extend({ version: objectIdSchema.optional() });

/**
 * The quotation's document (issue 25): GET /crm/quotations/{id}/pdf and POST /crm/quotations/{id}/send (print
 * on quotation). A quotation is read as the quotations module reads it, row scope included: one the caller
 * may not see is 'Quotation not found'.
 */
export const quotationDocumentRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/crm/quotations/:id/pdf',
    {
      config: { answer: fileAnswer('application/pdf'), access: permission('quotation', 'print') },
      schema: {
        tags,
        summary: 'A quotation as a PDF',
        description:
          'The printable A4 of the active version (or ?version=<versionId>), made on the server with embedded ' +
          'Noto fonts (₹, Odia, Devanagari): the same content as the preview, the items header on every page, ' +
          'Page n of m, and the "Awaiting review: not for sending" band while the version may not be sent. ' +
          'Saved as ARR-0001-R1.pdf.',
        params: idParams,
        querystring: versionQuery,
      },
    },
    async (request, reply) => {
      const quotation = await getQuotation(deps.db, principalOf(request), request.params.id);
      const { pdf, fileName } = await quotationPdf(deps, quotation, request.query.version);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.post(
    '/crm/quotations/:id/send',
    {
      config: { answer: answers(quotationSentSchema), access: permission('quotation', 'print') },
      schema: {
        tags,
        summary: 'E-mail a quotation’s PDF to one of its customer’s contacts',
        description:
          'Body: email (the customer’s own or one of its contacts’), version (optional, else the active one). ' +
          'Refused with 400 while the version awaits review ("Awaiting review: not for sending"). Recorded in ' +
          'the quotation’s history.',
        params: idParams,
        body: sendBody,
      },
    },
    async (request) => {
      const quotation = await getQuotation(deps.db, principalOf(request), request.params.id);
      const sent = await sendQuotation(deps, principalOf(request), quotation, request.body);
      return ok(SEND.sent(sent.email), sent);
    },
  );
};
