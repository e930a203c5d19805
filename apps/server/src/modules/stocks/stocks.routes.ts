import { objectIdSchema, STOCK_MESSAGES, stockPriceSchema } from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { updateStockPrice } from './stocks.service.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Product stocks'];

/**
 * Spec 3 §7 "Stocks". Every item has its stock record from creation; the price to show is editable now,
 * the list, detail, adjustments and history come with purchases and sales.
 */
export const stocksRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/crm/products/stocks/:id/update-price',
    {
      config: { access: permission('product-stock', 'update') },
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
