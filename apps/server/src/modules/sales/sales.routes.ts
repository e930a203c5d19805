import {
  documentSendSchema,
  isCalendarDay,
  nextSaleInvoiceNoSchema,
  nullData,
  objectIdSchema,
  saleCreateSchema,
  saleDtoSchema,
  saleInvoiceSentSchema,
  saleListAnswerSchema,
  saleListSpec,
  saleUpdateSchema,
  TAX_INVOICE_SEND_MESSAGES,
  todayInAppZone,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created, fileAnswer } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import { nextSaleInvoiceNo } from './invoice-series.ts';
import {
  createSale,
  deleteSale,
  deleteSalePermanently,
  getSale,
  listSales,
  restoreSale,
  SALE,
  saleHistory,
  updateSale,
} from './sales.service.ts';
import { sendTaxInvoice, taxInvoicePdf } from './tax-invoice.ts';

const idParams = z.object({ id: objectIdSchema });
const nextNoQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine((v) => isCalendarDay(v), 'Date must be YYYY-MM-DD')
    .optional(),
});
const tags = ['Product sales'];
const BASE = '/crm/products/sales';
const BODY_TEXT =
  'customer (one the caller sees). Lines: item, quantity, marginTier (t1 … pt3 or custom; a tier needs ' +
  'read-{tier} on product-item-price), gst (a slab in force on the invoice date: 28, 18, 12 or 5 before 22-09-2025, 40, 18, 5 or 0 from then; 18 when absent), pricePerUnit (read only for ' +
  'custom; a tier price is the price to show plus the tier margin). CGST + SGST when the customer is in ' +
  "COMPANY_STATE (its GSTIN's state, else its address state; unknown counts as COMPANY_STATE), else IGST. " +
  'Totals (taxable, GST, total) ' +
  'and the CGST/SGST/IGST split are computed by the server; totals sent are ignored. The stock of every ' +
  'item moves in the same transaction. An invoice number (trimmed, any case) that another active sale holds ' +
  'answers 409 naming it, with it as data (_id, invoiceNo, invoiceDate, customer); so does restoring a ' +
  'deleted one whose number was taken meanwhile.';

/** Spec 3 §7 "Purchases and sales" (issue 12; decision 0011). */
export const salesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-sale', 'read'),
        answer: answers(saleListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(saleListSpec) }),
      },
      schema: {
        tags,
        summary: 'List sales',
        description: `${LIST_QUERY_TEXT} data: productSales, productSalesCount, page, limit.`,
      },
    },
    async (request) =>
      ok(SALE.listed, await listSales(deps, principalOf(request), parseList(request.query, saleListSpec))),
  );

  r.post(
    `${BASE}/:id/send`,
    {
      config: { answer: answers(saleInvoiceSentSchema), access: permission('product-sale', 'update') },
      schema: {
        tags,
        summary: 'E-mail a sale’s tax invoice to its customer or one of its contacts',
        description:
          'Body: email (the customer’s own or one of its contacts’). The PDF of GET …/invoice goes as an ' +
          'attachment over SMTP; the sending is recorded in the sale’s history.',
        params: idParams,
        body: documentSendSchema,
      },
    },
    async (request) => {
      const sent = await sendTaxInvoice(deps, principalOf(request), request.params.id, request.body);
      return ok(TAX_INVOICE_SEND_MESSAGES.sent(sent.email), sent);
    },
  );

  r.get(
    `${BASE}/next-invoice-no`,
    {
      config: { answer: answers(nextSaleInvoiceNoSchema), access: permission('product-sale', 'create') },
      schema: {
        tags,
        summary: 'The next number of the invoice series',
        description:
          'The company settings’ series (saleInvoiceSeries, e.g. INV/{FY}/) in the financial year of `date` ' +
          '(YYYY-MM-DD, today in India when absent), one past the highest number of that year’s sales: ' +
          'data { invoiceNo, series }. A proposal; any unused number of at most 16 characters may be sent.',
        querystring: nextNoQuery,
      },
    },
    async (request) =>
      ok(SALE.fetched, await nextSaleInvoiceNo(deps, request.query.date ?? todayInAppZone(deps.clock.now()))),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(saleDtoSchema), access: permission('product-sale', 'read') },
      schema: { tags, summary: 'One sale with its lines', params: idParams },
    },
    async (request) => ok(SALE.fetched, await getSale(deps, request.params.id)),
  );

  r.get(
    `${BASE}/:id/invoice`,
    {
      config: { answer: fileAnswer('application/pdf'), access: permission('product-sale', 'read') },
      schema: {
        tags,
        summary: 'A sale’s tax invoice as a PDF',
        description:
          'Rule 46 of the CGST Rules (issue 27): the supplier (company settings) and its GSTIN, the invoice ' +
          'number and date, the recipient with its address and GSTIN (or Unregistered, with the delivery ' +
          'address and its state for ₹50,000 or more), per line the HSN/SAC, quantity, rate, taxable value, GST ' +
          'rate and CGST + SGST or IGST, the place of supply, reverse charge (No), the HSN summary, the total ' +
          'in words and the signature block; A4 with embedded Noto fonts. Saved as Tax-Invoice-<number>.pdf.',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await taxInvoicePdf(deps, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.post(
    BASE,
    {
      config: { answer: created(saleDtoSchema), access: permission('product-sale', 'create') },
      schema: { tags, summary: 'Create a sale (stock out)', description: BODY_TEXT, body: saleCreateSchema },
    },
    async (request, reply) =>
      reply.status(201).send(ok(SALE.created, await createSale(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(saleDtoSchema), access: permission('product-sale', 'update') },
      schema: {
        tags,
        summary: 'Update a sale',
        description: `${BODY_TEXT} The fields sent replace the stored ones; items replaces every line.`,
        params: idParams,
        body: saleUpdateSchema,
      },
    },
    async (request) =>
      ok(SALE.updated, await updateSale(deps, principalOf(request), request.params.id, request.body)),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'sale', many: 'sales' },
    remove: {
      access: permission('product-sale', 'delete'),
      answer: nullData,
      description: 'Its lines stop counting: the stock sold comes back.',
      run: async (p, id) => ({ message: SALE.deleted, data: await deleteSale(deps, p, id) }),
    },
    restore: {
      access: permission('product-sale', 'restore'),
      answer: nullData,
      run: async (p, id) => ({ message: SALE.restored, data: await restoreSale(deps, p, id) }),
    },
    removePermanently: {
      access: permission('product-sale', 'delete-permanently'),
      answer: nullData,
      run: async (p, id) => ({
        message: SALE.deletedPermanently,
        data: await deleteSalePermanently(deps, p, id),
      }),
    },
    history: {
      access: permission('product-sale', 'read'),
      run: (p, id, query) => saleHistory(deps.db, p, id, query),
    },
  });
};
