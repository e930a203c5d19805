import {
  adjustmentDirection,
  can,
  fromPaise,
  type GstRate,
  INITIAL_STOCK,
  isAdjustmentDateAllowed,
  type ListQuery,
  lineAmounts,
  pageCount,
  STOCK_LEDGER_MESSAGES,
  STOCK_LIST_KEY,
  STOCK_MESSAGES,
  type StockAdjustInput,
  type StockAdjustmentDto,
  type StockAdjustmentType,
  type StockDetailDto,
  type StockDto,
  type StockHistoryEntryDto,
  type StockPriceInput,
  type StockSuggestion,
  SUGGESTION_LIMIT,
  todayInAppZone,
  toPaise,
} from '@karya/domain';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { productItems, productStocks, stockEntries } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { recordUpdate } from '../../platform/history.ts';
import { containsText, type ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { listPage, runList, userRefs } from '../../platform/records.ts';
import { assertAvailable, insertEntries, lockStocks, type NewEntry } from './ledger.ts';
import { moveStocks } from './ledger-move.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

// --------------------------------------------------------------------------------------------- reading

/** A column of the outer stock row, qualified (drizzle writes bare names in a select list). */
const outer = (column: AnyPgColumn) => sql.raw(`"product_stocks"."${column.name}"`);

/** The Deleted filter and the default: stocks of deleted items are hidden unless asked for (decision 0011). */
const itemDeleted = (deleted: boolean): SQL =>
  sql`exists (select 1 from ${productItems} i where i.id = ${productStocks.itemId} and i.is_deleted = ${deleted})`;

const totalPurchasePrice = sql`(${productStocks.totalPurchased} * ${productStocks.averagePurchasePrice})`;

const columns: ListColumns = {
  filters: {
    item: { kind: 'in', on: productStocks.itemId },
    name: {
      kind: 'custom',
      build: (v) =>
        typeof v === 'string'
          ? sql`exists (select 1 from ${productItems} i where i.id = ${productStocks.itemId} and ${containsText(sql`i.name`, v)})`
          : undefined,
    },
    totalPurchased: { kind: 'numberRange', on: productStocks.totalPurchased },
    totalSold: { kind: 'numberRange', on: productStocks.totalSold },
    currentStock: { kind: 'numberRange', on: productStocks.currentStock },
    lastPurchasedStock: { kind: 'numberRange', on: productStocks.lastPurchasedStock },
    lastSoldStock: { kind: 'numberRange', on: productStocks.lastSoldStock },
    lastPurchasePrice: { kind: 'numberRange', on: productStocks.lastPurchasePrice },
    averagePurchasePrice: { kind: 'numberRange', on: productStocks.averagePurchasePrice },
    totalPurchasePrice: { kind: 'numberRange', on: totalPurchasePrice },
    isDeleted: { kind: 'custom', build: (v) => (typeof v === 'boolean' ? itemDeleted(v) : undefined) },
  },
  sort: {
    priceToShow: productStocks.priceToShow,
    currentStock: productStocks.currentStock,
    createdAt: productStocks.createdAt,
    updatedAt: productStocks.updatedAt,
  },
  id: productStocks.id,
  defaultSort: { field: 'updatedAt', order: 'desc' },
};

type ItemJson = { _id: string; name: string; sku: number; isDeleted: boolean };
const stockSelect = {
  ...getTableColumns(productStocks),
  itemRef:
    sql<ItemJson | null>`(select json_build_object('_id', i.id, 'name', i.name, 'sku', i.sku, 'isDeleted', i.is_deleted) from ${productItems} i where i.id = ${outer(productStocks.itemId)})`.mapWith(
      (v) => v as ItemJson | null,
    ),
};
type StockRow = typeof productStocks.$inferSelect & { itemRef: ItemJson | null };

const toDto = (r: StockRow): StockDto => ({
  _id: r.id,
  item: r.itemRef,
  totalPurchased: r.totalPurchased,
  totalSold: r.totalSold,
  currentStock: r.currentStock,
  lastPurchasedStock: r.lastPurchasedStock,
  lastSoldStock: r.lastSoldStock,
  lastPurchasePrice: r.lastPurchasePrice,
  averagePurchasePrice: r.averagePurchasePrice,
  totalPurchasePrice: fromPaise(r.totalPurchased * (toPaise(r.averagePurchasePrice) ?? 0)),
  lastGST: (r.lastGst ?? null) as GstRate | null,
  priceToShow: r.priceToShow,
  isDeleted: r.itemRef?.isDeleted ?? false,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /crm/products/stocks: `{productStocks, productStocksCount, totalPages, page, limit}`. */
export const listStocks = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = { isDeleted: false, ...query.filters };
  if (filters.isDeleted === true && !can(principal.permissions, 'product-item', 'restore'))
    throw forbidden(STOCK_LEDGER_MESSAGES.deletedFilterForbidden);
  const { rows, total } = await runList<StockRow>({
    db,
    table: productStocks,
    columns,
    query,
    filters,
    select: stockSelect,
  });
  return {
    ...listPage(STOCK_LIST_KEY, rows.map(toDto), total, query),
    totalPages: pageCount(total.count, query.limit),
  };
};

const adjustmentDtos = async (db: Db, stockId: string): Promise<StockAdjustmentDto[]> => {
  const rows = await db
    .select()
    .from(stockEntries)
    .where(and(eq(stockEntries.stockId, stockId), eq(stockEntries.kind, 'adjustment')))
    .orderBy(desc(stockEntries.date), desc(stockEntries.createdAt), desc(stockEntries.id));
  const refs = await userRefs(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    _id: r.id,
    type: r.adjustmentType as StockAdjustmentType,
    quantity: r.quantity,
    reason: r.reason,
    date: r.date,
    initialPrice: r.adjustmentType === INITIAL_STOCK && r.unitPrice > 0 ? r.unitPrice : null,
    createdBy: r.createdBy ? (refs.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
};

/** GET /crm/products/stocks/{id}: the stock and its adjustments ('Stock not found' when missing). */
export const getStock = async (db: Db, id: string): Promise<StockDetailDto> => {
  const [row] = (await db
    .select(stockSelect)
    .from(productStocks)
    .where(eq(productStocks.id, id))
    .limit(1)) as StockRow[];
  if (!row) throw notFound(STOCK_MESSAGES.notFound);
  return { ...toDto(row), stockAdjustments: await adjustmentDtos(db, id) };
};

const HISTORY_TYPE = { purchase: 'purchase', sale: 'sale', adjustment: 'other' } as const;

/** A page of a stock's active entries, newest first (index order of stock_entries_stock_idx): the columns the entry shows. */
const historyPage = preparedPerDb((db) =>
  db
    .select({
      id: stockEntries.id,
      invoiceNo: stockEntries.invoiceNo,
      date: stockEntries.date,
      kind: stockEntries.kind,
      direction: stockEntries.direction,
      quantity: stockEntries.quantity,
      unitPrice: stockEntries.unitPrice,
      gstPercent: stockEntries.gstPercent,
      totalAmount: stockEntries.totalAmount,
      documentId: stockEntries.documentId,
      adjustmentType: stockEntries.adjustmentType,
      reason: stockEntries.reason,
    })
    .from(stockEntries)
    .where(and(eq(stockEntries.stockId, sql.placeholder('id')), eq(stockEntries.active, true)))
    .orderBy(desc(stockEntries.date), desc(stockEntries.createdAt), desc(stockEntries.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('karya_stock_history'),
);
/** The stock's count of active entries, kept on its row (moveStocks); no row: no such stock. */
const historyCount = preparedPerDb((db) =>
  db
    .select({ n: productStocks.entryCount })
    .from(productStocks)
    .where(eq(productStocks.id, sql.placeholder('id')))
    .prepare('karya_stock_history_count'),
);

/**
 * GET /crm/products/stocks/{id}/history (spec 3 §3 "Stock history entry"): the active ledger entries,
 * newest first (date, then when written), paged: `{history, historyCount, page, limit}`. The page and the
 * stock's row (its count of entries, kept by every ledger write) go out together, prepared: neither grows
 * with the item's history. No row: 404 'Stock not found'.
 */
export const stockHistory = async (db: Db, id: string, query: ListQuery) => {
  const [rows, [stock]] = await Promise.all([
    historyPage(db).execute({ id, limit: query.limit, offset: (query.page - 1) * query.limit }),
    historyCount(db).execute({ id }),
  ]);
  if (!stock) throw notFound(STOCK_MESSAGES.notFound);
  const n = stock.n;
  const history: StockHistoryEntryDto[] = rows.map((r) => ({
    _id: r.id,
    invoiceNo: r.invoiceNo,
    date: r.date,
    type: HISTORY_TYPE[r.kind as keyof typeof HISTORY_TYPE],
    quantity: r.direction * r.quantity,
    pricePerUnit: r.unitPrice,
    gst: r.gstPercent,
    totalPrice: r.totalAmount,
    documentId: r.documentId,
    adjustmentType: (r.adjustmentType ?? null) as StockAdjustmentType | null,
    reason: r.reason,
  }));
  return { history, historyCount: n, page: query.page, limit: query.limit };
};

/** GET /crm/products/stocks/suggestion: stocks of live items whose name contains the text (Ctrl+K). */
export const suggestStocks = async (db: Db, name: string): Promise<StockSuggestion[]> => {
  const rows = await db
    .select({
      id: productStocks.id,
      name: productItems.name,
      sku: productItems.sku,
      currentStock: productStocks.currentStock,
    })
    .from(productStocks)
    .innerJoin(productItems, eq(productItems.id, productStocks.itemId))
    .where(and(eq(productItems.isDeleted, false), ...(name ? [containsText(productItems.name, name)] : [])))
    .orderBy(sql`lower(${productItems.name})`, asc(productStocks.id))
    .limit(SUGGESTION_LIMIT);
  return rows.map((r) => ({ _id: r.id, name: r.name, sku: r.sku, currentStock: r.currentStock }));
};

// --------------------------------------------------------------------------------------------- writing

/**
 * PATCH /crm/products/stocks/{id}/adjust (spec 3 §5): an adjustment entry of the ledger, in one
 * transaction with the stock it moves; below zero is refused. Initial Stock with a price counts in the
 * average purchase price, and gives the price to show when it is still 0 (decision 0011).
 */
export const adjustStock = async (deps: Deps, principal: Principal, id: string, input: StockAdjustInput) => {
  const now = deps.clock.now();
  if (!isAdjustmentDateAllowed(input.date, todayInAppZone(now)))
    throw badRequest(STOCK_LEDGER_MESSAGES.dateFuture);
  await deps.db.transaction(async (tx) => {
    const locked = await lockStocks(tx, { stockIds: [id] });
    const stock = locked.get(id);
    if (!stock) throw notFound(STOCK_MESSAGES.notFound);
    const direction = adjustmentDirection(input.type);
    assertAvailable(locked, [{ stockId: id, delta: direction * input.quantity }]);
    const unitPaise = input.initialPrice !== null ? (toPaise(input.initialPrice) ?? 0) : 0;
    const amounts = lineAmounts(input.quantity, unitPaise, 0);
    const entry: NewEntry = {
      stockId: id,
      itemId: stock.itemId,
      kind: 'adjustment',
      direction,
      quantity: input.quantity,
      date: input.date,
      adjustmentType: input.type,
      reason: input.reason,
      unitPaise,
      taxablePaise: amounts.taxable,
      totalPaise: amounts.total,
    };
    await insertEntries(tx, [entry], now, principal.user.id);
    await moveStocks(
      tx,
      { added: [entry] },
      now,
      principal.user.id,
      new Map(unitPaise > 0 ? [[id, fromPaise(unitPaise)]] : []),
    );
    await recordUpdate(tx, principal, now, {
      entity: 'product-stock',
      recordId: id,
      title: stock.itemName,
      before: { currentStock: stock.currentStock },
      after: { currentStock: stock.currentStock + direction * input.quantity },
    });
  });
  return getStock(deps.db, id);
};

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
