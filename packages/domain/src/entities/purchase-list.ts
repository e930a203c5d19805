// What the purchase list page, its cards and the purchase detail need at first paint, kept free of zod (see
// catalogue-list.ts). Spec 3 §2 "Purchases", §3 "Purchase", §5 "Purchase and sale", §8; issue 12; decision
// 0010. The line and total shapes are shared with sales (sale-list.ts).
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { GstRate, LineMarginTier } from '../common/money.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';

export const PURCHASE_RESOURCE = 'product-purchase';
export const PURCHASE_LIST_KEY = 'productPurchases';

/** Ours (decision 0011): limits of a purchase or sale document and its lines. */
export const TRADE_LINES_MAX = 100;
export const TRADE_QUANTITY_MAX = 1_000_000;
/** numeric(14, 2): a unit price below a thousand crore rupees. */
export const TRADE_PRICE_MAX = 999_999_999;
export const TRADE_INVOICE_NO_MIN = 2;
export const TRADE_INVOICE_NO_MAX = 100;
export const TRADE_NOTES_MAX = 5000;

/** Spec 3 §5 "Purchase and sale" texts for both documents; those the spec does not give are ours. */
export const TRADE_MESSAGES = {
  itemsRequired: 'At least one item is required',
  itemsTooMany: `A document can list at most ${TRADE_LINES_MAX} items`,
  itemRequired: 'Item is required',
  itemDuplicate: 'This item is already listed below',
  itemNotFound: 'Item not found',
  /** Issue 23: the spec's 'At least one item is required' read as if the list were empty; it stays for that. */
  quantityMin: 'Quantity must be at least 1',
  quantityInteger: 'Quantity must be a whole number',
  quantityMax: `Quantity must not exceed ${TRADE_QUANTITY_MAX}`,
  priceRequired: 'Per unit price is required',
  priceNegative: 'Per unit price must not be negative',
  priceMax: 'Per unit price is too large',
  priceDecimals: 'Per unit price can have at most 2 decimal places',
  gstSelect: 'Select GST %',
  invoiceDateRequired: 'Date is required',
  invoiceNoRequired: 'Invoice number is required',
  invoiceNoMin: `Invoice number must be at least ${TRADE_INVOICE_NO_MIN} characters`,
  invoiceNoMax: `Invoice number must not exceed ${TRADE_INVOICE_NO_MAX} characters`,
  notesMax: `Notes must not exceed ${TRADE_NOTES_MAX} characters`,
} as const;

/**
 * Ours (issue 22): a sale's invoice number is unique among active sales, a purchase's among the vendor's
 * active purchases, compared trimmed and case-insensitively ('inv-12 ' is INV-12). The 409 names the
 * document that holds it: 'Invoice number INV-12 is already used by the sale of 12/03/2026 to DAV Public
 * School.' (the party is left out when it was deleted for good).
 */
export const invoiceNoTakenMessage = (
  kind: 'purchase' | 'sale',
  doc: { invoiceNo: string; invoiceDate: string; party: string | null },
) => {
  const [y, m, d] = doc.invoiceDate.slice(0, 10).split('-');
  const party = doc.party ? ` ${kind === 'sale' ? 'to' : 'from'} ${doc.party}` : '';
  return `Invoice number ${doc.invoiceNo} is already used by the ${kind} of ${d}/${m}/${y}${party}.`;
};

export const PURCHASE_MESSAGES = {
  vendorRequired: 'Vendor is required',
  vendorNotFound: 'Vendor not found',
  notFound: 'Purchase not found',
  empty: 'No Purchases Available',
} as const;

/** Spec 3 §2 "Purchase filter fields"; §9 sort: Created Date, Updated Date, Invoice Date. */
export const purchaseListSpec = defineList({
  filters: {
    vendor: 'ids',
    invoiceNo: 'text',
    invoiceDate: 'dateRange',
    totalAmount: 'numberRange',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['createdAt', 'updatedAt', 'invoiceDate'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

export const TRADE_SORT_LABELS: Readonly<Record<string, string>> = {
  createdAt: 'Created Date',
  updatedAt: 'Updated Date',
  invoiceDate: 'Invoice Date',
};

export type TradeItemRef = { _id: string; name: string; sku: number; hsnCode: string | null };

/** One line as answered: read from its ledger entry. Amounts in rupees, computed by the server. */
export type TradeLineDto = {
  item: TradeItemRef | null;
  quantity: number;
  pricePerUnit: number;
  gst: GstRate;
  /** quantity × price per unit */
  taxableAmount: number;
  gstAmount: number;
  /** the line with its GST */
  totalPrice: number;
  marginTier?: LineMarginTier;
};

/** How the document's GST is levied: CGST + SGST within the company's state, IGST between states. */
export type GstSplitDto = { cgst: number; sgst: number; igst: number };

export type TradeDocumentDto = RecordStamps & {
  _id: string;
  invoiceNo: string;
  invoiceDate: string;
  notes: string | null;
  items: TradeLineDto[];
  taxableAmount: number;
  totalGSTAmount: number;
  totalAmount: number;
  gstSplit: GstSplitDto;
  /** The other party's state (vendor's / place of supply) when known. */
  supplyState: string | null;
  interState: boolean;
  updatedBy: UserRef | null;
};

export type PurchaseDto = TradeDocumentDto & { vendor: { _id: string; name: string } | null };
