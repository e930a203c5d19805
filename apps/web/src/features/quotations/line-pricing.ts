// A quotation's lines on screen (spec 3 §5 "Quotation item", "Adding an item to a quotation", §9), kept free
// of zod: the entry's checks use the domain's messages, the prices its pricing (quotation-pricing.ts), the
// totals its versionTotals. The server prices, checks and totals again; what it stores is its own.
import {
  derivedMarginPercentage,
  type GstSplit,
  type ItemSuggestion,
  isGstRateOn,
  type LineAmounts,
  type LineMarginTier,
  QUOTATION_MESSAGES as M,
  MARGIN_TIER_LABELS,
  MARGIN_TIERS,
  type MarginTier,
  type MarginTiers,
  matchMarginTier,
  minimumUnitPrice,
  QUOTATION_QUANTITY_MAX,
  type QuotationLineDto,
  quotationItemWarning,
  quotationTierPrice,
  retiredGstRateMessage,
  TRADE_PRICE_MAX,
  toPaise,
  versionTotals,
} from '@karya/domain';

/**
 * What the screen knows of an item's prices (paise): the price to show (only with product-item-price
 * original), its margin's tiers (with read on product-margin), and each tier's price the user may read
 * (the item's detail). Undefined: not known here.
 */
export type LinePricing = {
  priceToShow?: number | null;
  margins?: MarginTiers | null;
  tierPrices?: Partial<Record<MarginTier, number | null>>;
};

/** One line as the editor holds it: what was typed, and what the screen knows of the item's prices. */
export type QuotationLineState = {
  item: string;
  name: string;
  quantity: string;
  marginTier: LineMarginTier | '';
  /** Rupees as typed (custom) or as the tier prices it. */
  unitPrice: string;
  /** From the item (a saved line: as the version froze it). */
  gst: number | null;
  pricing?: LinePricing;
};

export type LineDraft = { line: QuotationLineState; editing: number | null };

export const emptyLine = (marginTier: LineMarginTier | '' = ''): QuotationLineState => ({
  item: '',
  name: '',
  quantity: '1',
  marginTier,
  unitPrice: '',
  gst: null,
});
export const emptyLineDraft = (marginTier: LineMarginTier | '' = ''): LineDraft => ({
  line: emptyLine(marginTier),
  editing: null,
});

/** Whether the entry holds input not in the list (an item picked or a price typed). */
export const hasUnsavedLine = (draft: LineDraft) =>
  draft.line.item !== '' || (draft.line.marginTier === 'custom' && draft.line.unitPrice.trim() !== '');

export const tierLabel = (t: LineMarginTier | '') =>
  t === '' ? '' : t === 'custom' ? 'Custom' : MARGIN_TIER_LABELS[t as MarginTier];

/** Tiers a user may quote at: those whose price they may read (product-item-price read-{tier}), then Custom. */
export const quotableTiers = (may: (tier: MarginTier) => boolean): LineMarginTier[] => [
  ...MARGIN_TIERS.filter(may),
  'custom',
];

/** The tier a new line starts with: the customer's, when the user may quote at it, else the first one. */
export const startingTier = (
  tiers: readonly LineMarginTier[],
  customerTier: MarginTier | null | undefined,
): LineMarginTier | '' => (customerTier && tiers.includes(customerTier) ? customerTier : (tiers[0] ?? ''));

/** A tier's unit price (paise): the item's price for it, else the price to show plus its margin; null: unknown. */
export const tierUnitPaise = (pricing: LinePricing | undefined, tier: LineMarginTier | ''): number | null => {
  if (!pricing || tier === '' || tier === 'custom') return null;
  const listed = pricing.tierPrices?.[tier];
  if (typeof listed === 'number') return listed;
  if (typeof pricing.priceToShow === 'number' && pricing.margins)
    return quotationTierPrice(pricing.priceToShow, pricing.margins, tier);
  return null;
};

/** Rupees text of paise ('1200.00'). */
export const rupeesText = (paise: number) => (paise / 100).toFixed(2);

/** A line's unit price in paise, or null while it is not known (or not a price). */
export const unitPaise = (line: Pick<QuotationLineState, 'unitPrice'>): number | null => {
  const t = line.unitPrice.trim().replaceAll(',', '');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return toPaise(t);
};

/** The lowest price the line may carry (price to show plus the item's lowest margin), when known. */
export const lineMinimum = (line: QuotationLineState): number | null =>
  typeof line.pricing?.priceToShow === 'number' && line.pricing.margins
    ? minimumUnitPrice(line.pricing.priceToShow, line.pricing.margins)
    : null;

/** The margin a line's unit price carries over the price to show, and the tier it matches (spec 3 §9). */
export const lineMargin = (line: QuotationLineState): { percentage: number; tier: LineMarginTier } | null => {
  const unit = unitPaise(line);
  const base = line.pricing?.priceToShow;
  if (unit === null || typeof base !== 'number' || base <= 0) return null;
  const percentage = derivedMarginPercentage(unit, base);
  return { percentage, tier: matchMarginTier(percentage, line.pricing?.margins ?? null) };
};

/**
 * The "adding an item" checks (spec 3 §5) on what the item picker told: verified, a margin, a stock (with a
 * price to show above 0, when the user may see it) and a GST rate in force today; each one missing is a
 * warning.
 */
export const addingItemWarnings = (
  item: Pick<ItemSuggestion, 'name' | 'state' | 'margin' | 'stock' | 'gst'>,
) => {
  const out: string[] = [];
  if (item.state !== 'Verified') out.push(quotationItemWarning.notVerified(item.name));
  if (!item.margin) out.push(quotationItemWarning.margin(item.name));
  if (!item.stock || (typeof item.stock.priceToShow === 'number' && !(item.stock.priceToShow > 0)))
    out.push(quotationItemWarning.stock(item.name));
  if (item.gst === null) out.push(quotationItemWarning.gst(item.name));
  // A quotation made today uses today's slabs (gst-slabs.ts): a retired rate is set on the item first.
  else if (!isGstRateOn(item.gst, new Date()))
    out.push(retiredGstRateMessage(item.name, item.gst, new Date()));
  return out;
};

export const isDuplicateItem = (lines: readonly QuotationLineState[], item: string, editing: number | null) =>
  lines.some((l, i) => l.item === item && i !== editing);

export type LineErrors = Partial<Record<'item' | 'quantity' | 'marginTier' | 'unitPrice' | 'gst', string>>;

const quantityError = (text: string): string | undefined => {
  const q = text.trim();
  if (q === '') return M.quantityRequired;
  if (!/^-?\d+(\.\d+)?$/.test(q)) return M.quantityRequired;
  if (!/^-?\d+$/.test(q)) return M.quantityInteger;
  if (Number(q) <= 0) return M.quantityPositive;
  if (Number(q) > QUOTATION_QUANTITY_MAX) return M.quantityMax;
  return undefined;
};

const priceError = (line: QuotationLineState): string | undefined => {
  const t = line.unitPrice.trim().replaceAll(',', '');
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return M.unitPriceRequired;
  if (!(Number(t) > 0)) return M.unitPricePositive;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return M.unitPriceDecimals;
  if (Number(t) > TRADE_PRICE_MAX) return M.unitPriceMax;
  const min = lineMinimum(line);
  const unit = unitPaise(line);
  if (min !== null && unit !== null && unit < min) return M.unitPriceBelowMinimum;
  const margin = lineMargin(line);
  if (margin && margin.percentage <= 0) return M.marginPercentagePositive;
  return undefined;
};

/** The entry's rules, checked on Add (spec 3 §5): the server's messages. */
export const checkLine = (
  line: QuotationLineState,
  lines: readonly QuotationLineState[],
  editing: number | null,
): LineErrors => {
  const errors: LineErrors = {};
  if (!line.item) errors.item = M.itemRequired;
  else if (isDuplicateItem(lines, line.item, editing)) errors.item = M.itemDuplicate;
  const q = quantityError(line.quantity);
  if (q) errors.quantity = q;
  if (!line.marginTier) errors.marginTier = M.marginTierRequired;
  if (line.item && line.gst === null) errors.gst = M.gstRequired;
  const p = line.marginTier ? priceError(line) : undefined;
  if (p) errors.unitPrice = p;
  return errors;
};

/**
 * The line as listed: quantity and price normalised; a custom price that equals a tier's is that tier
 * (spec 3 §9), when the user may quote at it.
 */
export const committedLine = (
  line: QuotationLineState,
  tiers: readonly LineMarginTier[],
): QuotationLineState => {
  const unit = unitPaise(line);
  const margin = line.marginTier === 'custom' ? lineMargin(line) : null;
  const matched = margin && margin.tier !== 'custom' && tiers.includes(margin.tier) ? margin.tier : null;
  return {
    ...line,
    quantity: String(Number(line.quantity.trim())),
    unitPrice: unit === null ? line.unitPrice.trim() : rupeesText(unit),
    ...(matched ? { marginTier: matched } : {}),
  };
};

/** A version's lines as the editor holds them (update, re-quotation). */
export const linesFromVersion = (items: readonly QuotationLineDto[]): QuotationLineState[] =>
  items.map((l) => ({
    item: l.item?._id ?? '',
    name: l.name,
    quantity: String(l.quantity),
    marginTier: l.marginTier,
    unitPrice: rupeesText(toPaise(l.unitPrice) ?? 0),
    gst: l.gst,
  }));

/** The lines as the API takes them (spec 3 §3 "Quotation item"): numbers as typed, read by the schema. */
export const linesBody = (lines: readonly QuotationLineState[]) =>
  lines.map((l) => ({
    item: l.item,
    quantity: l.quantity,
    marginTier: l.marginTier,
    gst: l.gst,
    unitPrice: l.unitPrice,
  }));

export type FormTotals = {
  lines: (LineAmounts | null)[];
  totals: LineAmounts;
  split: GstSplit;
  complete: boolean;
};

/** The totals of the lines whose price is known (versionTotals: paise, GST per line, split by the state). */
export const formTotals = (lines: readonly QuotationLineState[], interState: boolean): FormTotals => {
  const priced = lines.map((l) => {
    const unit = unitPaise(l);
    const quantity = Number(l.quantity);
    return unit !== null && Number.isInteger(quantity) && quantity > 0 && l.gst !== null
      ? { quantity, unitPaise: unit, gst: l.gst }
      : null;
  });
  const known = priced.filter((p) => p !== null);
  const { totals, split, lines: amounts } = versionTotals(known, interState);
  let k = 0;
  return {
    lines: priced.map((p) => (p ? (amounts[k++] ?? null) : null)),
    totals,
    split,
    complete: known.length === lines.length,
  };
};

/** What quotationChanges compares: a line by its item, with its price in paise. */
export const comparable = (lines: readonly QuotationLineState[]) =>
  lines.map((l) => ({
    item: l.item,
    name: l.name,
    quantity: Number(l.quantity),
    unitPaise: unitPaise(l) ?? 0,
    gst: l.gst ?? 0,
  }));
