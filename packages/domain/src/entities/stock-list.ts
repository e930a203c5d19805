// What the stock list, its cards and the stock detail need at first paint, kept free of zod (see
// catalogue-list.ts). Spec 3 §2 "Stocks", §3 "Stock", §5 "Stock adjustment", §8; issue 12; decision 0011.
import { defineList } from '../common/list-query.ts';
import type { GstRate } from '../common/money.ts';
import type { UserRef } from '../common/records.ts';

/** Spec 3 §3 "Stock adjustment types (reasons)". */
export const STOCK_ADJUSTMENT_TYPES = [
  'Damaged',
  'Expired',
  'Stolen',
  'Missing',
  'Found',
  'Initial Stock',
] as const;
export type StockAdjustmentType = (typeof STOCK_ADJUSTMENT_TYPES)[number];
/** The adjustment types that add to the stock; the others remove from it. */
export const STOCK_ADDING_ADJUSTMENTS: readonly StockAdjustmentType[] = ['Found', 'Initial Stock'];
export const INITIAL_STOCK: StockAdjustmentType = 'Initial Stock';
export const adjustmentDirection = (type: StockAdjustmentType): 1 | -1 =>
  STOCK_ADDING_ADJUSTMENTS.includes(type) ? 1 : -1;

/** The ledger's entry kinds, and how the stock history names them (spec 3 §3: purchase, sale, other). */
export const STOCK_ENTRY_KINDS = ['purchase', 'sale', 'adjustment'] as const;
export type StockEntryKind = (typeof STOCK_ENTRY_KINDS)[number];
export const STOCK_HISTORY_TYPES = ['purchase', 'sale', 'other'] as const;
export type StockHistoryType = (typeof STOCK_HISTORY_TYPES)[number];

export const STOCK_RESOURCE = 'product-stock';
export const STOCK_LIST_KEY = 'productStocks';
export const STOCK_ADJUSTMENT_QUANTITY_MAX = 1_000_000;
export const STOCK_ADJUSTMENT_REASON_MAX = 500;

/** Spec 3 §5 "Stock adjustment", §2 and §8 texts; those the spec does not give are ours (decision 0011). */
export const STOCK_LEDGER_MESSAGES = {
  listed: 'Stocks fetched successfully',
  fetched: 'Stock fetched successfully',
  historyFetched: 'Stock history fetched successfully',
  adjusted: 'Stock adjusted successfully',
  typeRequired: 'Adjustment type is required',
  quantityRequired: 'Quantity is required',
  quantityInteger: 'Quantity must be an integer',
  quantityPositive: 'Quantity must be greater than 0',
  quantityMax: `Quantity must not exceed ${STOCK_ADJUSTMENT_QUANTITY_MAX}`,
  reasonRequired: 'Reason is required',
  reasonMax: `Reason must not exceed ${STOCK_ADJUSTMENT_REASON_MAX} characters`,
  dateRequired: 'Adjustment date is required',
  dateFuture: 'Adjusted date cannot be in the future',
  initialPriceInvalid: 'Initial price must be a number',
  initialPriceNegative: 'Initial price must not be negative',
  initialPriceDecimals: 'Initial price can have at most 2 decimal places',
  noAdjustments: 'No stock adjustments Happened.',
  empty: 'No Stock Available',
  noStock: 'No stock available',
  outOfStock: 'Out of Stock',
  searchPlaceholder: 'Search Stock...',
  searchEmpty: 'No results found',
  deletedFilterForbidden: 'You don’t have permission to see stocks of deleted items.',
  inconsistent: 'The stock ledger and the stock figures differ',
} as const;

/** 'Not enough stock of {item}: 4 available, 6 needed' (issue 12): nothing is written. */
export const notEnoughStockMessage = (item: string, available: number, needed: number) =>
  `Not enough stock of ${item}: ${Math.max(0, available)} available, ${needed} needed`;

/** Spec 3 §2: 'N In Stock' above 0, else 'Out of Stock'. */
export const stockLabel = (currentStock: number) =>
  currentStock > 0 ? `${currentStock} In Stock` : STOCK_LEDGER_MESSAGES.outOfStock;

/**
 * GET /crm/products/stocks (spec 3 §2 filter panel; §9 sort: Price, Current Stock, Created, Updated). The
 * Deleted filter shows the stocks of deleted items (decision 0011).
 */
export const stockListSpec = defineList({
  filters: {
    item: 'ids',
    name: 'text',
    totalPurchased: 'numberRange',
    totalSold: 'numberRange',
    currentStock: 'numberRange',
    lastPurchasedStock: 'numberRange',
    lastSoldStock: 'numberRange',
    lastPurchasePrice: 'numberRange',
    averagePurchasePrice: 'numberRange',
    totalPurchasePrice: 'numberRange',
    isDeleted: 'boolean',
  },
  sortFields: ['priceToShow', 'currentStock', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'updatedAt', order: 'desc' },
});

export const STOCK_SORT_LABELS: Readonly<Record<string, string>> = {
  priceToShow: 'Price',
  currentStock: 'Current Stock',
  createdAt: 'Created Date',
  updatedAt: 'Updated Date',
};

export type StockItemRef = { _id: string; name: string; sku: number; isDeleted: boolean };

export type StockAdjustmentDto = {
  _id: string;
  type: StockAdjustmentType;
  quantity: number;
  reason: string | null;
  date: string;
  initialPrice: number | null;
  createdBy: UserRef | null;
  createdAt: string;
};

export type StockDto = {
  _id: string;
  item: StockItemRef | null;
  totalPurchased: number;
  totalSold: number;
  currentStock: number;
  lastPurchasedStock: number;
  lastSoldStock: number;
  lastPurchasePrice: number;
  averagePurchasePrice: number;
  /** totalPurchased × averagePurchasePrice (the filter's "total purchase price"). */
  totalPurchasePrice: number;
  lastGST: GstRate | null;
  priceToShow: number;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /crm/products/stocks/{id}: the stock with its adjustments, newest first. */
export type StockDetailDto = StockDto & { stockAdjustments: StockAdjustmentDto[] };

/** GET /crm/products/stocks/{id}/history (spec 3 §3 "Stock history entry"), newest first, paged. */
export type StockHistoryEntryDto = {
  _id: string;
  invoiceNo: string | null;
  date: string;
  type: StockHistoryType;
  /** Signed: what the entry added (+) or removed (−). */
  quantity: number;
  pricePerUnit: number;
  gst: number | null;
  totalPrice: number;
  /** The purchase or sale the entry belongs to; for an adjustment its type and reason. */
  documentId: string | null;
  adjustmentType: StockAdjustmentType | null;
  reason: string | null;
};

/** GET /crm/products/stocks/suggestion: the Ctrl+K popup, by item name. */
export type StockSuggestion = { _id: string; name: string; sku: number; currentStock: number };
