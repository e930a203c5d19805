import {
  CUSTOMER_EXPORT_COLUMN_KEYS,
  CUSTOMER_EXPORT_FILE,
  customerListSpec,
  EXPORT_FRAMES_MIME,
  XLSX_MIME,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { fileAnswer } from '../../platform/openapi-answers.ts';
import { clientIp } from '../../platform/request-info.ts';
import { streamSheet } from '../../platform/xlsx-stream.ts';
import { parseExportQuery, startCustomerExport } from './customers-export.ts';

/** What the handler reads itself (parseExportQuery), for the document. */
const exportQueryDocs = (listQueryDocs(customerListSpec) as z.ZodObject)
  .omit({ page: true, limit: true })
  .extend({
    columns: z
      .array(z.enum(CUSTOMER_EXPORT_COLUMN_KEYS as [string, ...string[]]))
      .describe(
        'Column keys in sheet order, comma-separated or repeated; default the spec’s visible columns',
      ),
    progress: z
      .boolean()
      .describe(
        `true: the answer is ${EXPORT_FRAMES_MIME} (the file in frames with progress), else the .xlsx`,
      ),
  })
  .partial()
  .extend({
    latitude: z.number().min(-90).max(90).describe('Where the export was made, for the activity log'),
    longitude: z.number().min(-180).max(180),
  });

/** GET /crm/customers/export (issue 22 part 6): "Export all matching", streamed. */
export const customerExportRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/crm/customers/export',
    {
      config: {
        answer: fileAnswer(XLSX_MIME, EXPORT_FRAMES_MIME),
        access: permission('customer', 'read'),
        swaggerTransform: documentedInput({ querystring: exportQueryDocs }),
      },
      compress: false,
      schema: {
        tags: ['Customers'],
        summary: `Every customer matching the list's filters and sort, as ${CUSTOMER_EXPORT_FILE} (streamed)`,
        description: `${LIST_QUERY_TEXT} The list's filters, sort, permissions and row scope; no page or limit. Writes the activity log entry CUSTOMER_EXPORT 'Exported {n} customers' before the file; X-Total-Count says n.`,
        // The filters are GET /crm/customers's, parsed and made SQL by the same code (parseList with
        // customerListSpec, customerListSource): the SQL injection scan tests them there and here tests what
        // is the export's own (the sort, read in keyset batches, and the export's parameters).
        'x-filters-of': '/api/crm/customers',
      },
    },
    async (request, reply) => {
      const query = parseExportQuery(request.query);
      const started = await startCustomerExport(deps.db, principalOf(request), query, {
        ip: clientIp(request),
        userAgent: request.headers['user-agent'],
        now: deps.clock.now(),
      });
      const body = streamSheet({
        sheetName: 'Customers',
        headers: started.headers,
        rows: started.rows,
        framed: query.framed,
        onError: (err) => request.log.error({ err }, 'The customer export failed part-way'),
      });
      return reply
        .header('content-type', query.framed ? EXPORT_FRAMES_MIME : XLSX_MIME)
        .header('content-disposition', `attachment; filename="${CUSTOMER_EXPORT_FILE}"`)
        .header('x-total-count', String(started.total))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
