// The rules of a purchase's or sale's lines and totals on screen (spec 3 §5 "Purchase and sale"), kept
// free of zod: the form checks what the server checks, with the same messages, and shows the totals live
// with the domain's money (paise, GST rounded once per line). The server computes the totals it stores.
import {
  DEFAULT_GST_RATE,
  documentTotals,
  type GstRate,
  type LineAmounts,
  type LineMarginTier,
  lineAmounts,
  MARGIN_TIERS,
  type MarginTier,
  type MarginTiers,
  notEnoughStockMessage,
  PURCHASE_MESSAGES,
  SALE_MESSAGES,
  TRADE_INVOICE_NO_MAX,
  TRADE_INVOICE_NO_MIN,
  TRADE_LINES_MAX,
  TRADE_MESSAGES,
  TRADE_PRICE_MAX,
  TRADE_QUANTITY_MAX,
  type TradeDocumentDto,
  tierPrice,
  toPaise,
} from '@karya/domain';

export type TradeKind = 'purchase' | 'sale';

/** One line as the editor holds it: what was typed, plus what the picker told about the item. */
export type TradeLineState = {
  item: string;
  name: string;
  quantity: string;
  pricePerUnit: string;
  gst: GstRate;
  /** Sales only. */
  marginTier?: LineMarginTier;
  /** The stock's price to show (rupees) when known; 0 or null: no stock yet. Undefined: not known. */
  priceToShow?: number | null;
  /** The item's margin tiers (percent) when known. */
  margins?: MarginTiers | null;
  /** A saved sale line's tier and price: kept by the server while the tier is unchanged. */
  sold?: { marginTier: LineMarginTier; pricePerUnit: number };
  /**
   * Sales: the units of the item this sale may take, from the stock record the picker read (its current
   * stock, plus what the sale being changed already holds: the server gives that back). Undefined: not known.
   */
  available?: number;
};

export const emptyLine = (marginTier?: LineMarginTier): TradeLineState => ({
  item: '',
  name: '',
  quantity: '1',
  pricePerUnit: '',
  gst: DEFAULT_GST_RATE,
  ...(marginTier ? { marginTier } : {}),
});

export type TradeLineDraft = { line: TradeLineState; editing: number | null };
export const emptyDraft = (marginTier?: LineMarginTier): TradeLineDraft => ({
  line: emptyLine(marginTier),
  editing: null,
});

/** Whether the entry inputs hold something not in the list (an item picked or a price typed). */
export const hasUnsavedLine = (draft: TradeLineDraft) =>
  draft.line.item !== '' || draft.line.pricePerUnit.trim() !== '';

export const isDuplicateItem = (lines: readonly TradeLineState[], item: string, editing: number | null) =>
  lines.some((l, i) => l.item === item && i !== editing);

/** The stock of the item is known to have no price to show: tier prices cannot be computed. */
export const stockNotCreated = (line: TradeLineState) =>
  line.item !== '' && line.priceToShow !== undefined && !(Number(line.priceToShow) > 0);

/**
 * The unit price of a line in paise, as far as the screen can know it: what was typed for a purchase or a
 * custom sale line; for a tier, the price it was sold at (unchanged tier) or the price to show plus the
 * tier's margin. Null when it is not known here ("computed on save").
 */
export const unitPaise = (line: TradeLineState, kind: TradeKind): number | null => {
  const tier = line.marginTier;
  if (kind === 'purchase' || tier === 'custom' || tier === undefined) {
    const t = line.pricePerUnit.trim();
    return t === '' ? null : toPaise(t);
  }
  if (line.sold && line.sold.marginTier === tier) return toPaise(line.sold.pricePerUnit);
  if (!line.margins || !(Number(line.priceToShow) > 0)) return null;
  const base = toPaise(line.priceToShow ?? 0);
  return base === null ? null : tierPrice(base, line.margins[tier as MarginTier]);
};

/** A line's amounts, or null while its price is not known on screen. */
export const lineTotals = (line: TradeLineState, kind: TradeKind): LineAmounts | null => {
  const unit = unitPaise(line, kind);
  const quantity = Number(line.quantity);
  if (unit === null || !Number.isInteger(quantity) || quantity < 1) return null;
  return lineAmounts(quantity, unit, line.gst);
};

/** The document's totals from its lines; `complete` false when a line's price is computed on save. */
export const tradeTotals = (lines: readonly TradeLineState[], kind: TradeKind) => {
  const amounts = lines.map((l) => lineTotals(l, kind));
  const known = amounts.filter((a): a is LineAmounts => a !== null);
  return { ...documentTotals(known), complete: known.length === amounts.length };
};

export type LineErrors = Partial<Record<'item' | 'quantity' | 'pricePerUnit' | 'marginTier', string>>;

const priceError = (text: string): string | undefined => {
  const t = text.trim().replaceAll(',', '');
  if (t === '') return TRADE_MESSAGES.priceRequired;
  if (!/^\d+(\.\d+)?$/.test(t)) return TRADE_MESSAGES.priceRequired;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return TRADE_MESSAGES.priceDecimals;
  if (Number(t) > TRADE_PRICE_MAX) return TRADE_MESSAGES.priceMax;
  return undefined;
};

/**
 * A sale line asking for more than its item's available stock: the server's own refusal ('Not enough stock
 * of Servo: 4 available, 6 needed'), shown under the quantity as it is typed rather than after saving.
 */
export const beyondStock = (line: TradeLineState, kind: TradeKind): string | undefined => {
  const q = line.quantity.trim();
  if (kind !== 'sale' || line.available === undefined || !/^\d+$/.test(q)) return undefined;
  return Number(q) > line.available
    ? notEnoughStockMessage(line.name || 'this item', line.available, Number(q))
    : undefined;
};

/** The entry inputs' rules (spec 3 §5), checked on Add: the same messages as the server's. */
export const checkLine = (
  line: TradeLineState,
  kind: TradeKind,
  lines: readonly TradeLineState[],
  editing: number | null,
): LineErrors => {
  const errors: LineErrors = {};
  if (!line.item) errors.item = TRADE_MESSAGES.itemRequired;
  else if (isDuplicateItem(lines, line.item, editing)) errors.item = TRADE_MESSAGES.itemDuplicate;
  const q = line.quantity.trim();
  if (!/^\d+$/.test(q) || Number(q) < 1)
    errors.quantity = /^\d*\.\d+$/.test(q) ? TRADE_MESSAGES.quantityInteger : TRADE_MESSAGES.quantityMin;
  else if (Number(q) > TRADE_QUANTITY_MAX) errors.quantity = TRADE_MESSAGES.quantityMax;
  else if (beyondStock(line, kind)) errors.quantity = beyondStock(line, kind);
  if (kind === 'sale') {
    if (!line.marginTier) errors.marginTier = SALE_MESSAGES.marginTierRequired;
    else if (line.marginTier === 'custom') {
      const p = priceError(line.pricePerUnit);
      if (p) errors.pricePerUnit = p;
    } else if (stockNotCreated(line) && !errors.item) errors.item = SALE_MESSAGES.stockNotCreated;
  } else {
    const p = priceError(line.pricePerUnit);
    if (p) errors.pricePerUnit = p;
  }
  return errors;
};

/** The document's fields as the form holds them. */
export type TradeFormState = {
  party: string;
  invoiceNo: string;
  invoiceDate: string;
  notes: string;
  lines: TradeLineState[];
  /** A sale's transport (issue 27 §2): asked for above ₹50,000. */
  eWayBillNo?: string;
  vehicleNo?: string;
};

export type TradeErrors = Partial<Record<'party' | 'invoiceNo' | 'invoiceDate' | 'items' | 'notes', string>>;

export const checkDocument = (v: TradeFormState, kind: TradeKind, unsavedLine: boolean): TradeErrors => {
  const errors: TradeErrors = {};
  if (!v.party)
    errors.party = kind === 'purchase' ? PURCHASE_MESSAGES.vendorRequired : SALE_MESSAGES.customerRequired;
  const no = v.invoiceNo.trim();
  if (!no) errors.invoiceNo = TRADE_MESSAGES.invoiceNoRequired;
  else if (no.length < TRADE_INVOICE_NO_MIN) errors.invoiceNo = TRADE_MESSAGES.invoiceNoMin;
  else if (no.length > TRADE_INVOICE_NO_MAX) errors.invoiceNo = TRADE_MESSAGES.invoiceNoMax;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.invoiceDate)) errors.invoiceDate = TRADE_MESSAGES.invoiceDateRequired;
  if (v.lines.length === 0) errors.items = TRADE_MESSAGES.itemsRequired;
  else if (v.lines.length > TRADE_LINES_MAX) errors.items = TRADE_MESSAGES.itemsTooMany;
  else if (unsavedLine) errors.items = 'Add or clear the item being entered before saving';
  return errors;
};

/** The request body: the lines without what the screen keeps for itself; totals are the server's. */
export const toTradeBody = (v: TradeFormState, kind: TradeKind) => ({
  [kind === 'purchase' ? 'vendor' : 'customer']: v.party,
  invoiceNo: v.invoiceNo.trim(),
  invoiceDate: v.invoiceDate,
  notes: v.notes.trim() === '' ? null : v.notes.trim(),
  items: v.lines.map((l) => {
    const quantity = Number(l.quantity);
    if (kind === 'purchase')
      return { item: l.item, quantity, pricePerUnit: Number(l.pricePerUnit.replaceAll(',', '')), gst: l.gst };
    return {
      item: l.item,
      quantity,
      marginTier: l.marginTier,
      ...(l.marginTier === 'custom' ? { pricePerUnit: Number(l.pricePerUnit.replaceAll(',', '')) } : {}),
      gst: l.gst,
    };
  }),
  ...(kind === 'sale' && v.eWayBillNo !== undefined
    ? { eWayBillNo: v.eWayBillNo.trim() || null, vehicleNo: (v.vehicleNo ?? '').trim() || null }
    : {}),
});

/** A saved document's lines as the editor holds them (update). */
export const linesFrom = (doc: TradeDocumentDto): TradeLineState[] =>
  doc.items.map((l) => ({
    item: l.item?._id ?? '',
    name: l.item?.name ?? 'Unknown item',
    quantity: String(l.quantity),
    pricePerUnit: String(l.pricePerUnit),
    gst: l.gst,
    ...(l.marginTier
      ? { marginTier: l.marginTier, sold: { marginTier: l.marginTier, pricePerUnit: l.pricePerUnit } }
      : {}),
  }));

/** Tiers a user may sell at: those whose price they may read, then custom (spec 3 §6). */
export const sellableTiers = (may: (tier: MarginTier) => boolean): LineMarginTier[] => [
  ...MARGIN_TIERS.filter(may),
  'custom',
];
