import {
  historyListSpec,
  objectIdSchema,
  STOCK_LEDGER_MESSAGES,
  STOCK_MESSAGES,
  stockAdjustSchema,
  stockDetailDtoSchema,
  stockHistoryPageSchema,
  stockListAnswerSchema,
  stockListSpec,
  stockPriceAnswerSchema,
  stockPriceSchema,
  stockSuggestionSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { historyQueryDocs } from '../../platform/history.ts';
import { documentedInput, LIST_QUERY_TEXT, listQueryDocs } from '../../platform/openapi.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { parseList } from '../../platform/records.ts';
import {
  adjustStock,
  getStock,
  listStocks,
  stockHistory,
  suggestStocks,
  updateStockPrice,
} from './stocks.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product stocks'];
const BASE = '/crm/products/stocks';

/**
 * Spec 3 §7 "Stocks" (issue 12; decision 0011). Every item has its stock record from creation; its figures
 * are the ledger's (purchases, sales, adjustments), changed only with the entries that move them.
 */
export const stocksRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: {
        access: permission('product-stock', 'read'),
        answer: answers(stockListAnswerSchema),
        swaggerTransform: documentedInput({ querystring: listQueryDocs(stockListSpec) }),
      },
      schema: {
        tags,
        summary: 'List stocks',
        description: `${LIST_QUERY_TEXT} data: productStocks, productStocksCount, totalPages, page, limit. Deleted: the stocks of deleted items (needs restore on product-item).`,
      },
    },
    async (request) =>
      ok(
        STOCK_LEDGER_MESSAGES.listed,
        await listStocks(deps.db, principalOf(request), parseList(request.query, stockListSpec)),
      ),
  );

  r.get(
    `${BASE}/suggestion`,
    {
      config: {
        answer: answers(z.array(stockSuggestionSchema)),
        access: permission('product-stock', 'read'),
      },
      schema: {
        tags,
        summary: 'Stocks by item name, for the search popup (at most 20)',
        querystring: z.object({
          name: z.string().trim().max(100, 'Search text is too long').optional().default(''),
        }),
      },
    },
    async (request) => ok(STOCK_LEDGER_MESSAGES.listed, await suggestStocks(deps.db, request.query.name)),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { answer: answers(stockDetailDtoSchema), access: permission('product-stock', 'read') },
      schema: { tags, summary: 'One stock with its adjustments', params: idParams },
    },
    async (request) => ok(STOCK_LEDGER_MESSAGES.fetched, await getStock(deps.db, request.params.id)),
  );

  r.get(
    `${BASE}/:id/history`,
    {
      config: {
        answer: answers(stockHistoryPageSchema),
        access: permission('product-stock', 'read'),
        swaggerTransform: historyQueryDocs,
      },
      schema: {
        tags,
        summary: "A stock's ledger: purchases, sales and adjustments, newest first",
        description:
          'Paged with page and limit: {history, historyCount, page, limit}; each entry invoiceNo, date, type (purchase, sale, other), quantity (signed), pricePerUnit, gst, totalPrice.',
        params: idParams,
      },
    },
    async (request) =>
      ok(
        STOCK_LEDGER_MESSAGES.historyFetched,
        await stockHistory(deps.db, request.params.id, parseList(request.query, historyListSpec)),
      ),
  );

  r.patch(
    `${BASE}/:id/adjust`,
    {
      config: { answer: answers(stockDetailDtoSchema), access: permission('product-stock', 'adjust') },
      schema: {
        tags,
        summary: 'Adjust a stock (Damaged, Expired, Stolen, Missing, Found, Initial Stock)',
        description:
          'type, quantity (a positive integer), reason, date (not after today in India), initialPrice (Initial Stock only). Below zero is refused; the answer is the stock.',
        params: idParams,
        body: stockAdjustSchema,
      },
    },
    async (request) =>
      ok(
        STOCK_LEDGER_MESSAGES.adjusted,
        await adjustStock(deps, principalOf(request), request.params.id, request.body),
      ),
  );

  r.patch(
    `${BASE}/:id/update-price`,
    {
      config: { answer: answers(stockPriceAnswerSchema), access: permission('product-stock', 'update') },
      schema: {
        tags,
        summary: "Set a stock's price to show (rupees)",
        params: idParams,
        body: stockPriceSchema,
      },
    },
    async (request) =>
      ok(
        STOCK_MESSAGES.priceUpdated,
        await updateStockPrice(deps, principalOf(request), request.params.id, request.body),
      ),
  );
};
