import {
  nullData,
  objectIdSchema,
  purchaseCreateSchema,
  purchaseDtoSchema,
  purchaseListAnswerSchema,
  purchaseListSpec,
  purchaseUpdateSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { registerLifecycleRoutes } from '../../platform/lifecycle-routes.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers, created } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import {
  createPurchase,
  deletePurchase,
  deletePurchasePermanently,
  getPurchase,
  listPurchases,
  PURCHASE,
  purchaseHistory,
  restorePurchase,
  updatePurchase,
} from './purchases.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product purchases'];
const BASE = '/crm/products/purchases';
const BODY_TEXT =
  'Lines: item, quantity, pricePerUnit, gst (a slab in force on the invoice date: 28, 18, 12 or 5 before 22-09-2025, 40, 18, 5 or 0 from then; 18 when absent). CGST + SGST when the ' +
  "vendor's GSTIN is of COMPANY_STATE or the vendor has none, else IGST. Totals (taxable, GST, total) " +
  'and the CGST/SGST/IGST split are computed by the server; totals sent are ignored. The stock of every ' +
  'item moves in the same transaction. An invoice number (trimmed, any case) that another active purchase of the same vendor holds ' +
  'answers 409 naming it, with it as data (_id, invoiceNo, invoiceDate, vendor); so does restoring a ' +
  'deleted one whose number was taken meanwhile.';

/** Spec 3 §7 "Purchases and sales" (issue 12; decision 0011). */
export const purchasesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-purchase', 'read'),
        answer: answers(purchaseListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(purchaseListSpec) }),
      },
      schema: {
        tags,
        summary: 'List purchases',
        description: `${LIST_QUERY_TEXT} data: productPurchases, productPurchasesCount, page, limit.`,
      },
    },
    async (request) =>
      ok(
        PURCHASE.listed,
        await listPurchases(deps, principalOf(request), parseList(request.query, purchaseListSpec)),
      ),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(purchaseDtoSchema), access: permission('product-purchase', 'read') },
      schema: { tags, summary: 'One purchase with its lines', params: idParams },
    },
    async (request) => ok(PURCHASE.fetched, await getPurchase(deps, request.params.id)),
  );

  r.post(
    BASE,
    {
      config: { answer: created(purchaseDtoSchema), access: permission('product-purchase', 'create') },
      schema: {
        tags,
        summary: 'Create a purchase (stock in)',
        description: BODY_TEXT,
        body: purchaseCreateSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(PURCHASE.created, await createPurchase(deps, principalOf(request), request.body))),
  );

  r.patch(
    `${BASE}/:id`,
    {
      config: { answer: answers(purchaseDtoSchema), access: permission('product-purchase', 'update') },
      schema: {
        tags,
        summary: 'Update a purchase',
        description: `${BODY_TEXT} The fields sent replace the stored ones; items replaces every line.`,
        params: idParams,
        body: purchaseUpdateSchema,
      },
    },
    async (request) =>
      ok(PURCHASE.updated, await updatePurchase(deps, principalOf(request), request.params.id, request.body)),
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'purchase', many: 'purchases' },
    remove: {
      access: permission('product-purchase', 'delete'),
      answer: nullData,
      description: 'Its lines stop counting; refused when the stock bought has been sold.',
      run: async (p, id) => ({ message: PURCHASE.deleted, data: await deletePurchase(deps, p, id) }),
    },
    restore: {
      access: permission('product-purchase', 'restore'),
      answer: nullData,
      run: async (p, id) => ({ message: PURCHASE.restored, data: await restorePurchase(deps, p, id) }),
    },
    removePermanently: {
      access: permission('product-purchase', 'delete-permanently'),
      answer: nullData,
      run: async (p, id) => ({
        message: PURCHASE.deletedPermanently,
        data: await deletePurchasePermanently(deps, p, id),
      }),
    },
    history: {
      access: permission('product-purchase', 'read'),
      run: (p, id, query) => purchaseHistory(deps.db, p, id, query),
    },
  });
};
