// A document's lines priced (purchase price, or a sale's tier price), its totals and GST split, and the
// columns and ledger entries they make.
import {
  can,
  datedGstIssues,
  documentTotals,
  fromPaise,
  GST_STATE_CODES,
  type GstRate,
  type GstSplit,
  gstStateCode,
  ITEM_PRICE_ACTION,
  isGstRateOn,
  itemWithoutMarginMessage,
  type LineAmounts,
  type LineMarginTier,
  lineAmounts,
  type MarginTier,
  placeOfSupplyCode,
  retiredGstRateMessage,
  SALE_MESSAGES,
  splitGst,
  TRADE_MESSAGES,
  tierForbiddenMessage,
  tierPrice,
  toPaise,
} from '@karya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems, productMargins, productStocks } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { currentCompanyState } from '../company/company.service.ts';
import type { Deps, DocInput, DocSpec, LineInput, Party } from './document-spec.ts';
import type { LockedStock, NewEntry, Tx } from './ledger.ts';

type ItemInfo = {
  id: string;
  name: string;
  sku: number;
  hsnCode: string | null;
  /** The item's own rate: a sale refuses an item whose rate is not in force on its date (issue 27 §1). */
  gst: number | null;
  isDeleted: boolean;
  tiers: Record<MarginTier, number> | null;
  /** Its stock row as read with it, unlocked (a new document is priced from it before taking the lock). */
  stock: LockedStock | null;
};

export const itemsOf = async (tx: Db | Tx, ids: readonly string[]) => {
  const rows = await (tx as Db)
    .select({
      id: productItems.id,
      name: productItems.name,
      sku: productItems.sku,
      hsnCode: productItems.hsnCode,
      gst: productItems.gst,
      isDeleted: productItems.isDeleted,
      marginId: productMargins.id,
      t1: productMargins.t1,
      t2: productMargins.t2,
      t3: productMargins.t3,
      pt1: productMargins.pt1,
      pt2: productMargins.pt2,
      pt3: productMargins.pt3,
      stockId: productStocks.id,
      currentStock: productStocks.currentStock,
      priceToShow: productStocks.priceToShow,
    })
    .from(productItems)
    .leftJoin(productMargins, eq(productMargins.id, productItems.marginId))
    .leftJoin(productStocks, eq(productStocks.itemId, productItems.id))
    .where(inArray(productItems.id, [...ids]));
  return new Map<string, ItemInfo>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        sku: r.sku,
        hsnCode: r.hsnCode,
        gst: r.gst,
        isDeleted: r.isDeleted,
        tiers: r.marginId ? { t1: r.t1!, t2: r.t2!, t3: r.t3!, pt1: r.pt1!, pt2: r.pt2!, pt3: r.pt3! } : null,
        stock: r.stockId
          ? {
              id: r.stockId,
              itemId: r.id,
              itemName: r.name,
              currentStock: r.currentStock!,
              priceToShow: r.priceToShow!,
            }
          : null,
      },
    ]),
  );
};

type PricedLine = {
  itemId: string;
  itemName: string;
  stockId: string;
  quantity: number;
  unitPaise: number;
  gst: GstRate;
  marginTier: LineMarginTier | null;
  amounts: LineAmounts;
};

/** A sale line stored before an update: its tier price stays as sold while item and tier are unchanged. */
type StoredLine = { itemId: string; marginTier: string | null; unitPaise: number };

/**
 * The lines priced: a purchase takes the price sent; a sale line's price is the stock's price to show plus
 * the tier's margin (tierPrice), unless custom — then the price sent. A tier needs read-{tier} on
 * product-item-price (spec 3 §6); a tier price needs a price to show ('Item stock is not created. Buy the
 * item first') and a margin on the item. Each line's GST must be a slab in force on the invoice date (a
 * PATCH may change the lines or the date alone, so the merged document is checked here), and a sale refuses
 * an item whose own rate is not in force on its date (issue 27 §1).
 */
export const priceLines = (
  spec: DocSpec,
  principal: Principal,
  doc: { invoiceDate: string; items: readonly LineInput[]; ratesChanged?: boolean },
  items: Map<string, ItemInfo>,
  locked: Map<string, LockedStock>,
  stored: Map<string, StoredLine>,
): PricedLine[] => {
  const stockOfItem = new Map([...locked.values()].map((s) => [s.itemId, s]));
  const day = doc.invoiceDate;
  const checkRates = doc.ratesChanged ?? true;
  const offSlabs = checkRates ? datedGstIssues(doc.items, day)[0] : undefined;
  if (offSlabs) throw badRequest(offSlabs.message);
  return doc.items.map((l) => {
    const item = items.get(l.item);
    const stock = stockOfItem.get(l.item);
    if (!item || !stock) throw badRequest(TRADE_MESSAGES.itemNotFound);
    if (checkRates && spec.kind === 'sale' && item.gst !== null && !isGstRateOn(item.gst, day))
      throw badRequest(retiredGstRateMessage(item.name, item.gst, day));
    let unitPaise: number;
    let marginTier: LineMarginTier | null = null;
    if (spec.kind === 'purchase') unitPaise = toPaise(l.pricePerUnit ?? 0) ?? 0;
    else {
      marginTier = l.marginTier ?? 'custom';
      if (marginTier === 'custom') unitPaise = toPaise(l.pricePerUnit ?? 0) ?? 0;
      else {
        if (!can(principal.permissions, 'product-item-price', ITEM_PRICE_ACTION[marginTier]))
          throw forbidden(tierForbiddenMessage(marginTier));
        const before = stored.get(l.item);
        if (before && before.marginTier === marginTier) unitPaise = before.unitPaise;
        else {
          const base = toPaise(stock.priceToShow) ?? 0;
          if (base <= 0) throw badRequest(SALE_MESSAGES.stockNotCreated);
          if (!item.tiers) throw badRequest(itemWithoutMarginMessage(item.name));
          unitPaise = tierPrice(base, item.tiers[marginTier])!;
        }
      }
    }
    return {
      itemId: item.id,
      itemName: item.name,
      stockId: stock.id,
      quantity: l.quantity,
      unitPaise,
      gst: l.gst,
      marginTier,
      amounts: lineAmounts(l.quantity, unitPaise, l.gst),
    };
  });
};

/** Whether a party's GST state code is known and not the company's (IGST); unknown is intra-state. */
const isInterState = (deps: Deps, partyCode: string | null) => {
  const company = gstStateCode(currentCompanyState(deps));
  return partyCode !== null && company !== null && partyCode !== company;
};

/** The document's totals and GST split: each line's GST split, then summed (paise). */
export const documentFigures = (lines: readonly { amounts: LineAmounts }[], interState: boolean) => {
  const totals = documentTotals(lines.map((l) => l.amounts));
  const split = lines.reduce<GstSplit>(
    (s, l) => {
      const x = splitGst(l.amounts.gst, !interState);
      return { cgst: s.cgst + x.cgst, sgst: s.sgst + x.sgst, igst: s.igst + x.igst };
    },
    { cgst: 0, sgst: 0, igst: 0 },
  );
  return { totals, split };
};

export const docColumns = (
  spec: DocSpec,
  deps: Deps,
  input: DocInput,
  party: Party,
  lines: readonly PricedLine[],
) => {
  const code = placeOfSupplyCode(party);
  const interState = isInterState(deps, code);
  const { totals, split } = documentFigures(lines, interState);
  return {
    [spec.partyKey]: party.id,
    invoiceNo: input.invoiceNo,
    invoiceDate: input.invoiceDate,
    notes: input.notes ?? null,
    taxableAmount: fromPaise(totals.taxable),
    totalGstAmount: fromPaise(totals.gst),
    totalAmount: fromPaise(totals.total),
    cgst: fromPaise(split.cgst),
    sgst: fromPaise(split.sgst),
    igst: fromPaise(split.igst),
    supplyState: code ? (GST_STATE_CODES[code] ?? null) : null,
    ...(spec.kind === 'sale'
      ? { eWayBillNo: input.eWayBillNo ?? null, vehicleNo: input.vehicleNo ?? null }
      : {}),
  };
};

export const entriesOf = (
  spec: DocSpec,
  docId: string,
  input: Pick<DocInput, 'invoiceNo' | 'invoiceDate'>,
  lines: readonly PricedLine[],
): NewEntry[] =>
  lines.map((l, i) => ({
    stockId: l.stockId,
    itemId: l.itemId,
    kind: spec.kind,
    direction: spec.direction,
    quantity: l.quantity,
    date: input.invoiceDate,
    documentId: docId,
    lineNo: i,
    invoiceNo: input.invoiceNo,
    unitPaise: l.unitPaise,
    gstPercent: l.gst,
    taxablePaise: l.amounts.taxable,
    gstPaise: l.amounts.gst,
    totalPaise: l.amounts.total,
    marginTier: l.marginTier,
  }));

/** The history snapshot of a document: its party, invoice, lines and total. */

export const fillPrices = (spec: DocSpec, lines: readonly PricedLine[]) =>
  new Map(spec.kind === 'purchase' ? lines.map((l) => [l.stockId, fromPaise(l.unitPaise)] as const) : []);
