// What the accounts' exports read (issue 27 §3; decision 0019): the live sales and purchases of a range with
// their lines, their parties and their items, in keyset batches so a year of 100,000 documents never sits in
// memory. Amounts come back in paise; a document's lines are its ledger entries (decision 0011), so the
// lines' sums are the document's stored totals.
import { type AccountsRange, GST_STATE_CODES, gstStateCode, toPaise } from '@karya/domain';
import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  customers,
  productItems,
  productStocks,
  productVendors,
  purchases,
  sales,
  stockEntries,
} from '../../db/schema.ts';

export type DocKind = 'sale' | 'purchase';

export type AccountLine = {
  itemId: string;
  itemName: string;
  sku: number;
  hsn: string | null;
  uqc: string;
  quantity: number;
  unitPaise: number;
  gst: number;
  taxablePaise: number;
  gstPaise: number;
};

export type AccountDoc = {
  id: string;
  kind: DocKind;
  invoiceNo: string;
  day: string;
  party: AccountParty | null;
  supplyState: string | null;
  taxablePaise: number;
  gstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  interState: boolean;
  lines: AccountLine[];
};

export type AccountParty = {
  id: string;
  kind: DocKind;
  name: string;
  /** The customer's number (CI0001) or null for a vendor. */
  number: number | null;
  gstin: string | null;
  state: string | null;
  address: string[];
};

export type AccountItem = { id: string; name: string; sku: number; hsn: string | null; uqc: string };

const paise = (rupees: number | string | null) => toPaise(Number(rupees ?? 0)) ?? 0;
const BATCH = 500;

const tableOf = (kind: DocKind) => (kind === 'sale' ? sales : purchases);

const inRange = (kind: DocKind, range: AccountsRange): SQL => {
  const t = tableOf(kind);
  return and(eq(t.isDeleted, false), gte(t.invoiceDate, range.from), lte(t.invoiceDate, range.to)) as SQL;
};

/**
 * Whether a document is between states: IGST was levied, or (a document without tax) its place of supply is
 * a known state other than the company's. Unknown is within the state, as when it was priced.
 */
export const isInterStateDoc = (
  d: { igstPaise: number; gstPaise: number; supplyState: string | null },
  companyCode: string | null,
) => {
  if (d.igstPaise !== 0) return true;
  if (d.gstPaise !== 0) return false;
  const code = gstStateCode(d.supplyState);
  return code !== null && companyCode !== null && code !== companyCode;
};

/** How many live documents of a kind the range holds. */
export const countDocuments = async (db: Db, kind: DocKind, range: AccountsRange) => {
  const [row] = await db.select({ n: count() }).from(tableOf(kind)).where(inRange(kind, range));
  return Number(row?.n ?? 0);
};

const partyColumns = (kind: DocKind) =>
  kind === 'sale'
    ? {
        id: customers.id,
        name: customers.name,
        number: customers.customerId,
        gstin: customers.gstin,
        state: customers.state,
        street: customers.street,
        city: customers.city,
        district: customers.district,
        zipCode: customers.zipCode,
      }
    : {
        id: productVendors.id,
        name: productVendors.name,
        number: sql<number | null>`null`,
        gstin: productVendors.gstin,
        state: sql<string | null>`null`,
        street: productVendors.address,
        city: sql<string | null>`null`,
        district: sql<string | null>`null`,
        zipCode: sql<string | null>`null`,
      };

type PartyRow = {
  id: string;
  name: string;
  number: number | null;
  gstin: string | null;
  state: string | null;
  street: string | null;
  city: string | null;
  district: string | null;
  zipCode: string | null;
};

const toParty = (kind: DocKind, r: PartyRow): AccountParty => ({
  id: r.id,
  kind,
  name: r.name,
  number: r.number,
  gstin: r.gstin?.trim() || null,
  // A vendor has no state of its own: its GSTIN's says it.
  state: r.state ?? (r.gstin ? (GST_STATE_CODES[r.gstin.trim().slice(0, 2)] ?? null) : null),
  address: [r.street, [r.city, r.district].filter(Boolean).join(', '), r.zipCode]
    .flatMap((l) => (l ?? '').split('\n'))
    .map((l) => l.trim())
    .filter(Boolean),
});

type DocRow = {
  id: string;
  invoiceNo: string;
  day: string;
  supplyState: string | null;
  taxable: number;
  gst: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  party: PartyRow | null;
};

/** The documents of a kind in the range, by date then id, a batch at a time, each with its lines. */
export async function* documentBatches(
  db: Db,
  kind: DocKind,
  range: AccountsRange,
  companyCode: string | null,
): AsyncGenerator<AccountDoc[]> {
  const t = tableOf(kind);
  const partyTable = kind === 'sale' ? customers : productVendors;
  const partyKey = kind === 'sale' ? sales.customerId : purchases.vendorId;
  let last: { day: string; id: string } | null = null;
  for (;;) {
    const rows: DocRow[] = await db
      .select({
        id: t.id,
        invoiceNo: t.invoiceNo,
        day: t.invoiceDate,
        supplyState: t.supplyState,
        taxable: t.taxableAmount,
        gst: t.totalGstAmount,
        cgst: t.cgst,
        sgst: t.sgst,
        igst: t.igst,
        total: t.totalAmount,
        party: partyColumns(kind),
      })
      .from(t)
      .leftJoin(partyTable, eq(partyTable.id, partyKey))
      .where(
        and(
          inRange(kind, range),
          last ? sql`(${t.invoiceDate}, ${t.id}) > (${last.day}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(t.invoiceDate), asc(t.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const lines = await db
      .select({
        documentId: stockEntries.documentId,
        itemId: productItems.id,
        itemName: productItems.name,
        sku: productItems.sku,
        hsn: productItems.hsnCode,
        uqc: productItems.uqc,
        quantity: stockEntries.quantity,
        unitPrice: stockEntries.unitPrice,
        gst: stockEntries.gstPercent,
        taxable: stockEntries.taxableAmount,
        gstAmount: stockEntries.gstAmount,
      })
      .from(stockEntries)
      .innerJoin(productItems, eq(productItems.id, stockEntries.itemId))
      .where(and(inArray(stockEntries.documentId, ids), eq(stockEntries.kind, kind)))
      .orderBy(asc(stockEntries.documentId), asc(stockEntries.lineNo));
    const byDoc = new Map<string, AccountLine[]>();
    for (const l of lines) {
      const list = byDoc.get(l.documentId as string) ?? [];
      list.push({
        itemId: l.itemId,
        itemName: l.itemName,
        sku: l.sku,
        hsn: l.hsn,
        uqc: l.uqc,
        quantity: l.quantity,
        unitPaise: paise(l.unitPrice),
        gst: l.gst ?? 0,
        taxablePaise: paise(l.taxable),
        gstPaise: paise(l.gstAmount),
      });
      byDoc.set(l.documentId as string, list);
    }
    yield rows.map((r) => {
      const figures = {
        igstPaise: paise(r.igst),
        gstPaise: paise(r.gst),
        supplyState: r.supplyState,
      };
      return {
        id: r.id,
        kind,
        invoiceNo: r.invoiceNo,
        day: r.day,
        party: r.party?.id ? toParty(kind, r.party) : null,
        supplyState: r.supplyState,
        taxablePaise: paise(r.taxable),
        gstPaise: figures.gstPaise,
        cgstPaise: paise(r.cgst),
        sgstPaise: paise(r.sgst),
        igstPaise: figures.igstPaise,
        totalPaise: paise(r.total),
        interState: isInterStateDoc(figures, companyCode),
        lines: byDoc.get(r.id) ?? [],
      };
    });
    if (rows.length < BATCH) return;
    const end: DocRow = rows[rows.length - 1]!;
    last = { day: end.day, id: end.id };
  }
}

/** The parties the range's documents of a kind name, by id, a batch at a time. */
export async function* partyBatches(
  db: Db,
  kind: DocKind,
  range: AccountsRange,
): AsyncGenerator<AccountParty[]> {
  const t = tableOf(kind);
  const partyTable = kind === 'sale' ? customers : productVendors;
  const partyKey = kind === 'sale' ? sales.customerId : purchases.vendorId;
  let last: string | null = null;
  for (;;) {
    const rows = (await db
      .select(partyColumns(kind))
      .from(partyTable)
      .where(
        and(
          last ? sql`${partyTable.id} > ${last}` : undefined,
          sql`exists (select 1 from ${t} where ${partyKey} = ${partyTable.id} and ${inRange(kind, range)})`,
        ),
      )
      .orderBy(asc(partyTable.id))
      .limit(BATCH)) as PartyRow[];
    if (rows.length === 0) return;
    yield rows.map((r) => toParty(kind, r));
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1]!.id;
  }
}

/** Whether some live document of a kind in the range has no party (its party was deleted for good). */
export const hasDocumentWithoutParty = async (db: Db, kind: DocKind, range: AccountsRange) => {
  const t = tableOf(kind);
  const partyKey = kind === 'sale' ? sales.customerId : purchases.vendorId;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(inRange(kind, range), sql`${partyKey} is null`))
    .limit(1);
  return Boolean(row);
};

/** The items the range's sales and purchases move, by id, a batch at a time. */
export async function* itemBatches(db: Db, range: AccountsRange): AsyncGenerator<AccountItem[]> {
  let last: string | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: productItems.id,
        name: productItems.name,
        sku: productItems.sku,
        hsn: productItems.hsnCode,
        uqc: productItems.uqc,
      })
      .from(productItems)
      .innerJoin(productStocks, eq(productStocks.itemId, productItems.id))
      .where(
        and(
          last ? sql`${productItems.id} > ${last}` : undefined,
          sql`exists (select 1 from ${stockEntries} where ${stockEntries.stockId} = ${productStocks.id} and ${stockEntries.active} and ${stockEntries.kind} in ('sale', 'purchase') and ${stockEntries.date} >= ${range.from} and ${stockEntries.date} <= ${range.to})`,
        ),
      )
      .orderBy(asc(productItems.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1]!.id;
  }
}

/**
 * The (rate, between states) pairs the range's documents of a kind use: the sales and purchase ledgers the
 * vouchers will name. Few rows (a handful of rates, a few places of supply).
 */
export const ratesUsed = async (db: Db, kind: DocKind, range: AccountsRange, companyCode: string | null) => {
  const t = tableOf(kind);
  const rows = await db
    .selectDistinct({
      gst: stockEntries.gstPercent,
      igst: sql<string>`(${t.igst} <> 0)::text`,
      taxed: sql<string>`(${t.totalGstAmount} <> 0)::text`,
      supplyState: t.supplyState,
    })
    .from(stockEntries)
    .innerJoin(t, eq(t.id, stockEntries.documentId))
    .where(and(eq(stockEntries.kind, kind), inRange(kind, range)));
  const pairs = new Map<string, { gst: number; interState: boolean }>();
  for (const r of rows) {
    const interState = isInterStateDoc(
      {
        igstPaise: r.igst === 'true' ? 1 : 0,
        gstPaise: r.taxed === 'true' ? 1 : 0,
        supplyState: r.supplyState,
      },
      companyCode,
    );
    const gst = r.gst ?? 0;
    pairs.set(`${gst}:${interState}`, { gst, interState });
  }
  return [...pairs.values()].sort((a, b) => a.gst - b.gst || Number(a.interState) - Number(b.interState));
};
