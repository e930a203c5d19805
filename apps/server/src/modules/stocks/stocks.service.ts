import { STOCK_MESSAGES, type StockPriceInput } from '@karya/domain';
import { eq } from 'drizzle-orm';
import { productItems, productStocks } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * PATCH /crm/products/stocks/{id}/update-price (spec 3 §7): the price to show, from which the item's tier
 * prices follow. The stock's history entry is titled with its item's name.
 */
export const updateStockPrice = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: StockPriceInput,
) => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ stock: productStocks, itemName: productItems.name })
      .from(productStocks)
      .innerJoin(productItems, eq(productItems.id, productStocks.itemId))
      .where(eq(productStocks.id, id))
      .for('update', { of: productStocks });
    if (!before) throw notFound(STOCK_MESSAGES.notFound);
    const [updated] = await tx
      .update(productStocks)
      .set({ priceToShow: input.price, updatedAt: now, updatedBy: principal.user.id })
      .where(eq(productStocks.id, id))
      .returning();
    await recordUpdate(tx, principal, now, {
      entity: 'product-stock',
      recordId: id,
      title: before.itemName,
      before: { priceToShow: before.stock.priceToShow },
      after: { priceToShow: updated!.priceToShow },
    });
    return { _id: updated!.id, currentStock: updated!.currentStock, priceToShow: updated!.priceToShow };
  });
};
