// A version's lines priced and frozen (spec 3 §5 "adding an item", §9; decision 0015): the item's rules
// checked, the tier price or the custom price not below the minimum, the margin derived and matched, and
// the totals in paise with the GST split by the frozen place of supply.
import {
  can,
  datedGstIssues,
  derivedMarginPercentage,
  fromPaise,
  GST_STATE_CODES,
  gstStateCode,
  ITEM_PRICE_ACTION,
  isGstRateOn,
  type LineMarginTier,
  matchMarginTier,
  minimumUnitPrice,
  placeOfSupplyCode,
  type QuotationLineInput,
  quotationItemWarning,
  quotationTierPrice,
  retiredGstRateMessage,
  tierForbiddenMessage,
  toPaise,
  versionTotals,
} from '@karya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productBrands, productItems, productMargins, productStocks } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { QUOTATION, type Tx } from './quotation-dto.ts';

/** A line as it is stored, without its ids (quotation_lines). */
export type FrozenLine = {
  lineNo: number;
  itemId: string;
  name: string;
  sku: number;
  modalNo: string | null;
  hsn: string | null;
  brandName: string | null;
  description: string | null;
  quantity: number;
  gst: number;
  gstZeroKind: string | null;
  basePrice: number;
  unitPrice: number;
  marginTier: LineMarginTier;
  marginPercentage: number;
  gstPerUnit: number;
  taxableAmount: number;
  gstAmount: number;
  totalPrice: number;
  unitPaise: number;
};

export type PlaceOfSupplyRow = { supplyCode: string | null; supplyState: string | null; interState: boolean };

/** The customer's place of supply now (as sales: the GSTIN's state, else the address state). */
export const placeOfSupply = (
  customer: { gstin: string | null; state: string | null },
  companyState: string,
): PlaceOfSupplyRow => {
  const code = placeOfSupplyCode(customer);
  const company = gstStateCode(companyState);
  return {
    supplyCode: code,
    supplyState: code ? (GST_STATE_CODES[code] ?? customer.state) : customer.state,
    interState: code !== null && company !== null && code !== company,
  };
};

const itemsOf = async (tx: Db | Tx, ids: readonly string[]) => {
  const rows = await (tx as Db)
    .select({
      id: productItems.id,
      name: productItems.name,
      sku: productItems.sku,
      modalNo: productItems.modalNo,
      description: productItems.description,
      hsnCode: productItems.hsnCode,
      gst: productItems.gst,
      gstZeroKind: productItems.gstZeroKind,
      state: productItems.state,
      isDeleted: productItems.isDeleted,
      brandName: productBrands.name,
      marginId: productMargins.id,
      t1: productMargins.t1,
      t2: productMargins.t2,
      t3: productMargins.t3,
      pt1: productMargins.pt1,
      pt2: productMargins.pt2,
      pt3: productMargins.pt3,
      priceToShow: productStocks.priceToShow,
    })
    .from(productItems)
    .leftJoin(productBrands, eq(productBrands.id, productItems.brandId))
    .leftJoin(productMargins, eq(productMargins.id, productItems.marginId))
    .leftJoin(productStocks, eq(productStocks.itemId, productItems.id))
    .where(inArray(productItems.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
};

/**
 * The lines priced and frozen, in the order sent. 400 for an item missing or deleted, not Verified, without
 * margin, stock with a price to show or GST (the spec's texts, joined by new lines when several items lack
 * something) or with a GST rate not in force on the version's date, a duplicate, or a custom price under the minimum; 403 for a tier the caller may not read.
 */
export const freezeLines = async (
  tx: Db | Tx,
  principal: Principal,
  lines: readonly QuotationLineInput[],
  interState: boolean,
  /** The version's date: its lines use the GST slabs in force then (issue 27 §1). */
  day: string | Date,
) => {
  const offSlabs = datedGstIssues(lines, day)[0];
  if (offSlabs) throw badRequest(offSlabs.message);
  const seen = new Set<string>();
  for (const l of lines) {
    if (seen.has(l.item)) throw badRequest(QUOTATION.itemDuplicate);
    seen.add(l.item);
  }
  const items = await itemsOf(tx, [...seen]);
  if (lines.some((l) => !items.get(l.item) || items.get(l.item)!.isDeleted))
    throw badRequest(QUOTATION.itemNotFound);
  const warnings = lines.flatMap((l) => {
    const i = items.get(l.item)!;
    if (i.state !== 'Verified') return [quotationItemWarning.notVerified(i.name)];
    const w: string[] = [];
    if (!i.marginId) w.push(quotationItemWarning.margin(i.name));
    if (!i.priceToShow || i.priceToShow <= 0) w.push(quotationItemWarning.stock(i.name));
    // 0% is a rate (nil-rated or exempt goods); no rate at all is the warning.
    if (i.gst === null) w.push(quotationItemWarning.gst(i.name));
    else if (!isGstRateOn(i.gst, day)) w.push(retiredGstRateMessage(i.name, i.gst, day));
    return w;
  });
  if (warnings.length) throw badRequest(warnings.join('\n'));
  const priced = lines.map((l, lineNo) => {
    const i = items.get(l.item)!;
    const margins = { t1: i.t1!, t2: i.t2!, t3: i.t3!, pt1: i.pt1!, pt2: i.pt2!, pt3: i.pt3! };
    const base = toPaise(i.priceToShow!) ?? 0;
    let unitPaise: number;
    if (l.marginTier === 'custom') unitPaise = toPaise(l.unitPrice ?? 0) ?? 0;
    else {
      if (!can(principal.permissions, 'product-item-price', ITEM_PRICE_ACTION[l.marginTier]))
        throw forbidden(tierForbiddenMessage(l.marginTier));
      const tier = quotationTierPrice(base, margins, l.marginTier);
      if (tier === null) throw badRequest(QUOTATION.itemMarginNotFound);
      unitPaise = tier;
    }
    const minimum = minimumUnitPrice(base, margins);
    if (minimum === null) throw badRequest(QUOTATION.itemMarginNotFound);
    if (unitPaise < minimum) throw badRequest(QUOTATION.unitPriceBelowMinimum);
    const marginPercentage = derivedMarginPercentage(unitPaise, base);
    return {
      lineNo,
      itemId: i.id,
      name: i.name,
      sku: i.sku,
      modalNo: i.modalNo,
      hsn: i.hsnCode,
      brandName: i.brandName,
      description: i.description,
      quantity: l.quantity,
      gst: l.gst,
      // Frozen with the line: how its 0% reads on the printed quotation, as the item said then.
      gstZeroKind: l.gst === 0 ? i.gstZeroKind : null,
      basePrice: fromPaise(base),
      unitPaise,
      marginTier: l.marginTier === 'custom' ? matchMarginTier(marginPercentage, margins) : l.marginTier,
      marginPercentage,
    };
  });
  const totals = versionTotals(
    priced.map((p) => ({ quantity: p.quantity, unitPaise: p.unitPaise, gst: p.gst })),
    interState,
  );
  const frozen: FrozenLine[] = priced.map((p, k) => {
    const a = totals.lines[k]!;
    return {
      ...p,
      unitPrice: fromPaise(p.unitPaise),
      gstPerUnit: fromPaise(a.gstPerUnit),
      taxableAmount: fromPaise(a.taxable),
      gstAmount: fromPaise(a.gst),
      totalPrice: fromPaise(a.total),
    };
  });
  return {
    lines: frozen,
    totals: {
      taxableAmount: fromPaise(totals.totals.taxable),
      totalGstAmount: fromPaise(totals.totals.gst),
      totalPrice: fromPaise(totals.totals.total),
      cgst: fromPaise(totals.split.cgst),
      sgst: fromPaise(totals.split.sgst),
      igst: fromPaise(totals.split.igst),
    },
  };
};

/** What quotationChanges compares, from stored or frozen lines. */
export const comparable = (
  lines: readonly { itemId: string | null; name: string; quantity: number; unitPrice: number; gst: number }[],
) =>
  lines.map((l) => ({
    item: l.itemId ?? `deleted:${l.name}`,
    name: l.name,
    quantity: l.quantity,
    unitPaise: toPaise(l.unitPrice) ?? 0,
    gst: l.gst,
  }));
