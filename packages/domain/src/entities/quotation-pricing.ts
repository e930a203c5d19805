// A quotation's prices and changes, once for the server and the form (spec 3 §5, §7, §9; issue 25). Amounts
// are paise (common/money.ts); zod-free.
import {
  documentTotals,
  type GstSplit,
  type LineAmounts,
  type LineMarginTier,
  lineAmounts,
  percentOf,
  splitGst,
  tierPrice,
} from '../common/money.ts';
import { MARGIN_TIERS, type MarginTiers } from './margin-list.ts';
import type { QuotationChange } from './quotation-list.ts';

/**
 * The lowest unit price a line may carry (spec 3 §5): the price to show plus the item's lowest margin. Null
 * when the item has no price to show or no margin (it cannot be quoted).
 */
export const minimumUnitPrice = (
  priceToShowPaise: number,
  margins: Partial<MarginTiers> | null,
): number | null => {
  if (!margins) return null;
  const percents = MARGIN_TIERS.map((t) => margins[t]).filter((p): p is number => typeof p === 'number');
  if (!percents.length) return null;
  return tierPrice(priceToShowPaise, Math.min(...percents));
};

/** A tier's unit price (the price to show plus the tier's margin), or null when there is none. */
export const quotationTierPrice = (
  priceToShowPaise: number,
  margins: Partial<MarginTiers> | null,
  tier: LineMarginTier,
): number | null => {
  if (tier === 'custom' || !margins) return null;
  const percent = margins[tier];
  return typeof percent === 'number' ? tierPrice(priceToShowPaise, percent) : null;
};

/**
 * The margin a unit price carries over the price to show (spec 3 §9): floor to two decimals of (unit price −
 * base) / base × 100; 0 when there is no base.
 */
export const derivedMarginPercentage = (unitPaise: number, basePaise: number): number => {
  if (basePaise <= 0) return 0;
  // In hundredths of a percent, with integers: floor((unit − base) × 10,000 / base).
  return Math.floor(((unitPaise - basePaise) * 10_000) / basePaise) / 100;
};

/** The tier whose margin equals the percentage (spec 3 §9), else custom. */
export const matchMarginTier = (percent: number, margins: Partial<MarginTiers> | null): LineMarginTier => {
  if (!margins) return 'custom';
  for (const t of MARGIN_TIERS) if (margins[t] !== undefined && Number(margins[t]) === percent) return t;
  return 'custom';
};

export type PricedLine = { quantity: number; unitPaise: number; gst: number };
export type VersionTotals = {
  lines: (LineAmounts & { gstPerUnit: number })[];
  totals: LineAmounts;
  split: GstSplit;
};

/**
 * A version's amounts (spec 3 §7): per line quantity × unit price and its GST rounded once; the totals are
 * the sums of the lines; the GST split by the place of supply (CGST + SGST within the state, else IGST).
 */
export const versionTotals = (lines: readonly PricedLine[], interState: boolean): VersionTotals => {
  const amounts = lines.map((l) => ({
    ...lineAmounts(l.quantity, l.unitPaise, l.gst),
    gstPerUnit: percentOf(l.unitPaise, l.gst),
  }));
  const totals = documentTotals(amounts);
  return { lines: amounts, totals, split: splitGst(totals.gst, !interState) };
};

/** What a change compares: a line by its item, named as the version froze it. */
export type ComparableLine = { item: string; name: string; quantity: number; unitPaise: number; gst: number };

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The ReQuotation Changes of a new version against the one it re-quotes (spec 3 §3 `changes`): items
 * removed, added, and for items in both a changed quantity, unit price or GST, each with a description.
 */
export const quotationChanges = (
  previous: readonly ComparableLine[],
  next: readonly ComparableLine[],
): QuotationChange[] => {
  const before = new Map(previous.map((l) => [l.item, l]));
  const after = new Map(next.map((l) => [l.item, l]));
  const changes: QuotationChange[] = [];
  for (const l of previous)
    if (!after.has(l.item))
      changes.push({
        type: 'Item Removed',
        item: l.name,
        description: `${l.quantity} × ${rupees(l.unitPaise)} removed`,
      });
  for (const l of next) {
    const was = before.get(l.item);
    if (!was) {
      changes.push({
        type: 'Item Added',
        item: l.name,
        description: `${l.quantity} × ${rupees(l.unitPaise)} added`,
      });
      continue;
    }
    if (was.quantity !== l.quantity)
      changes.push({
        type: 'Quantity Changed',
        item: l.name,
        description: `Quantity changed from ${was.quantity} to ${l.quantity}`,
      });
    if (was.unitPaise !== l.unitPaise)
      changes.push({
        type: 'Price Changed',
        item: l.name,
        description: `Unit price changed from ${rupees(was.unitPaise)} to ${rupees(l.unitPaise)}`,
      });
    if (was.gst !== l.gst)
      changes.push({
        type: 'GST Changed',
        item: l.name,
        description: `GST changed from ${was.gst}% to ${l.gst}%`,
      });
  }
  return changes;
};
