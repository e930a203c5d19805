// What purchases and sales share. Over 400 lines: its split is issue 24's; issue 22 only added the invoice
// number checks (their rules live in invoice-numbers.ts).
import {
  can,
  documentTotals,
  fromPaise,
  GST_STATE_CODES,
  type GstRate,
  type GstSplit,
  gstStateCode,
  ITEM_PRICE_ACTION,
  itemWithoutMarginMessage,
  type LineAmounts,
  type LineMarginTier,
  lineAmounts,
  type MarginTier,
  placeOfSupplyCode,
  type RecordMessages,
  recordMessages,
  SALE_MESSAGES,
  splitGst,
  TRADE_MESSAGES,
  type TradeDocumentDto,
  type TradeLineDto,
  tierForbiddenMessage,
  tierPrice,
  toPaise,
  type UserRef,
} from '@karya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  productItems,
  productMargins,
  productStocks,
  type purchases,
  type sales,
  stockEntries,
} from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, type Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, stampsDto, updateStamps, userRefOf } from '../../platform/records.ts';
import { assertInvoiceNoFree, invoiceNoRace } from './invoice-numbers.ts';
import {
  assertAvailable,
  counted,
  insertEntries,
  type LockedStock,
  lockStocks,
  moveStocks,
  type NewEntry,
  type StockMove,
  type Tx,
} from './ledger.ts';

/**
 * Purchases and sales as documents of the stock ledger (issue 12; decision 0011): one engine for both, the
 * modules (purchases/, sales/) give it their table, party and words. A document's lines are its ledger
 * entries; every create, update, soft delete, restore and permanent delete locks the stock rows it touches,
 * checks that none goes below zero, writes or flips the entries and recomputes the rows — one transaction.
 * Prices and totals are computed here from the lines, in paise (packages/domain money.ts); GST is split
 * CGST + SGST when the party's state (placeOfSupplyCode: its GSTIN's state code, else its address state) is
 * the company's (COMPANY_STATE), IGST when it is another state, CGST + SGST when it is unknown.
 */

export type DocRow = typeof purchases.$inferSelect & { customerId?: string | null; vendorId?: string | null };
type DocTable = typeof purchases | typeof sales;

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The other party of a document: who it is, its GSTIN and address state (the place of supply, by
 * placeOfSupplyCode), and its name for history.
 */
export type Party = {
  id: string;
  name: string;
  gstin: string | null;
  state: string | null;
  /** The party as the module's answer shows it, when the look-up read enough for that. */
  ref?: unknown;
};

export type LineInput = {
  item: string;
  quantity: number;
  pricePerUnit?: number;
  gst: GstRate;
  marginTier?: LineMarginTier;
};

export type DocInput = {
  party: string;
  invoiceNo: string;
  invoiceDate: string;
  notes?: string | null;
  items: LineInput[];
};

export type DocSpec = {
  kind: 'purchase' | 'sale';
  table: DocTable;
  /** The column of the other party: vendor_id or customer_id. */
  partyKey: 'vendorId' | 'customerId';
  /** +1: a purchase adds to stock; −1: a sale takes from it. */
  direction: 1 | -1;
  resource: string;
  messages: RecordMessages;
  /** The party, live and visible to the caller, or the error to answer. */
  findParty: (tx: Db | Tx, principal: Principal, id: string) => Promise<Party>;
  /** What history calls the party field. */
  partyField: 'vendor' | 'customer';
};

export const documentMessages = (noun: string, notFoundText: string) => ({
  ...recordMessages(noun),
  notFound: notFoundText,
});

type ItemInfo = {
  id: string;
  name: string;
  sku: number;
  hsnCode: string | null;
  isDeleted: boolean;
  tiers: Record<MarginTier, number> | null;
  /** Its stock row as read with it, unlocked (a new document is priced from it before taking the lock). */
  stock: LockedStock | null;
};

const itemsOf = async (tx: Db | Tx, ids: readonly string[]) => {
  const rows = await (tx as Db)
    .select({
      id: productItems.id,
      name: productItems.name,
      sku: productItems.sku,
      hsnCode: productItems.hsnCode,
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
 * item first') and a margin on the item.
 */
const priceLines = (
  spec: DocSpec,
  principal: Principal,
  lines: readonly LineInput[],
  items: Map<string, ItemInfo>,
  locked: Map<string, LockedStock>,
  stored: Map<string, StoredLine>,
): PricedLine[] => {
  const stockOfItem = new Map([...locked.values()].map((s) => [s.itemId, s]));
  return lines.map((l) => {
    const item = items.get(l.item);
    const stock = stockOfItem.get(l.item);
    if (!item || !stock) throw badRequest(TRADE_MESSAGES.itemNotFound);
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
  const company = gstStateCode(deps.config.COMPANY_STATE);
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

const docColumns = (
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
  };
};

const entriesOf = (
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
const snapshot = (
  spec: DocSpec,
  partyName: string | null,
  doc: { invoiceNo: string; invoiceDate: string; notes: string | null; totalAmount: number },
  lines: readonly { itemName: string; quantity: number; unitPaise: number }[],
): Snapshot => ({
  [spec.partyField]: partyName,
  invoiceNo: doc.invoiceNo,
  invoiceDate: doc.invoiceDate,
  items: lines.map((l) => `${l.itemName} × ${l.quantity} @ ${fromPaise(l.unitPaise)}`),
  totalAmount: doc.totalAmount,
  notes: doc.notes,
});

const fillPrices = (spec: DocSpec, lines: readonly PricedLine[]) =>
  new Map(spec.kind === 'purchase' ? lines.map((l) => [l.stockId, fromPaise(l.unitPaise)] as const) : []);

// ------------------------------------------------------------------------------------------- reading

type EntryRow = typeof stockEntries.$inferSelect & {
  itemName: string | null;
  sku: number | null;
  hsnCode: string | null;
};

const linesOfDocuments = async (db: Db | Tx, ids: readonly string[]) => {
  const out = new Map<string, EntryRow[]>();
  if (!ids.length) return out;
  const rows = await (db as Db)
    .select({
      entry: stockEntries,
      itemName: productItems.name,
      sku: productItems.sku,
      hsnCode: productItems.hsnCode,
    })
    .from(stockEntries)
    .leftJoin(productItems, eq(productItems.id, stockEntries.itemId))
    .where(inArray(stockEntries.documentId, [...ids]))
    .orderBy(asc(stockEntries.documentId), asc(stockEntries.lineNo));
  for (const r of rows) {
    const list = out.get(r.entry.documentId!) ?? [];
    list.push({ ...r.entry, itemName: r.itemName, sku: r.sku, hsnCode: r.hsnCode });
    out.set(r.entry.documentId!, list);
  }
  return out;
};

const lineDto = (spec: DocSpec, e: EntryRow): TradeLineDto => ({
  item: e.itemName !== null ? { _id: e.itemId, name: e.itemName, sku: e.sku!, hsnCode: e.hsnCode } : null,
  quantity: e.quantity,
  pricePerUnit: e.unitPrice,
  gst: e.gstPercent as GstRate,
  taxableAmount: e.taxableAmount,
  gstAmount: e.gstAmount,
  totalPrice: e.totalAmount,
  ...(spec.kind === 'sale' ? { marginTier: (e.marginTier ?? 'custom') as LineMarginTier } : {}),
});

/** The shared part of a document's answer; the module adds its party reference. */
export const documentDtos = async (
  db: Db,
  spec: DocSpec,
  rows: readonly DocRow[],
  refs: Map<string, UserRef>,
  companyState: string,
  /** The documents' lines when the caller has them (a new document's, as written). */
  known?: Map<string, EntryRow[]>,
): Promise<TradeDocumentDto[]> => {
  const company = gstStateCode(companyState);
  const lines =
    known ??
    (await linesOfDocuments(
      db,
      rows.map((r) => r.id),
    ));
  return rows.map((r) => ({
    _id: r.id,
    invoiceNo: r.invoiceNo,
    invoiceDate: r.invoiceDate,
    notes: r.notes,
    items: (lines.get(r.id) ?? []).map((e) => lineDto(spec, e)),
    taxableAmount: r.taxableAmount,
    totalGSTAmount: r.totalGstAmount,
    totalAmount: r.totalAmount,
    gstSplit: { cgst: r.cgst, sgst: r.sgst, igst: r.igst },
    supplyState: r.supplyState,
    interState: gstStateCode(r.supplyState) !== null && gstStateCode(r.supplyState) !== company,
    ...stampsDto(r, refs),
    updatedBy: r.updatedBy ? (refs.get(r.updatedBy) ?? null) : null,
  }));
};

// ------------------------------------------------------------------------------------------- writing

const lockDocument = async (tx: Tx, spec: DocSpec, id: string): Promise<DocRow> => {
  const [row] = (await tx
    .select()
    .from(spec.table as PgTable)
    .where(eq(spec.table.id, id))
    .for('update')) as DocRow[];
  if (!row) throw notFound(spec.messages.notFound);
  return row;
};

const partyNameOf = async (tx: Db | Tx, spec: DocSpec, principal: Principal, row: DocRow) => {
  const id = row[spec.partyKey];
  if (!id) return null;
  try {
    return (await spec.findParty(tx, principal, id)).name;
  } catch {
    return null;
  }
};

/**
 * What a write answers, from the row it wrote (its RETURNING) and read inside its own transaction: once it
 * has committed, the answer needs no other connection, so a saved document is never answered 503 (a pool
 * busy for seconds) and sent again as a duplicate.
 */
export type AnswerOf<T> = (db: Db, row: DocRow, known?: Known) => Promise<T>;
/**
 * What a new document's answer needs that its write already holds: the party as looked up, its lines as
 * written (with their items), and the writer's reference (created and updated by): three reads fewer.
 */
export type Known = { party: Party; lines: Map<string, EntryRow[]>; users: Map<string, UserRef> };

/** POST: the document, its entries and the stock they move, in one transaction. */
export const createDocument = async <T>(
  deps: Deps,
  spec: DocSpec,
  principal: Principal,
  input: DocInput,
  answer: AnswerOf<T>,
) => {
  const now = deps.clock.now();
  const claim = { invoiceNo: input.invoiceNo, partyId: input.party };
  const write = deps.db.transaction(async (tx) => {
    const party = await spec.findParty(tx, principal, input.party);
    await assertInvoiceNoFree(tx, spec, claim);
    const itemIds = input.items.map((l) => l.item);
    const items = await itemsOf(tx, itemIds);
    if (itemIds.some((id) => !items.get(id) || items.get(id)!.isDeleted))
      throw badRequest(TRADE_MESSAGES.itemNotFound);
    // Priced from the stock rows as they are now; their locks are taken only for the moves, once the
    // document, its history, its entries and its answer are written and read: every statement under those
    // locks is one that every other sale of these items waits for. A price to show changed meanwhile
    // counts as changed after this sale.
    const lines = priceLines(
      spec,
      principal,
      input.items,
      items,
      new Map([...items.values()].flatMap((i) => (i.stock ? [[i.stock.id, i.stock] as const] : []))),
      new Map(),
    );
    const stamps = createStamps(principal, now);
    const [doc] = (await tx
      .insert(spec.table as PgTable)
      .values({ ...stamps, ...docColumns(spec, deps, input, party, lines) } as never)
      .returning()) as DocRow[];
    await recordChange(tx, principal, now, {
      entity: spec.resource,
      recordId: doc!.id,
      title: doc!.invoiceNo,
      action: 'create',
      changes: diffSnapshots(spec.resource, null, snapshot(spec, party.name, doc!, lines)),
    });
    const entries = entriesOf(spec, doc!.id, input, lines);
    const written = await insertEntries(tx, entries, now, principal.user.id);
    // What the write answers (the document and its lines; no stock figure), made before the locks too,
    // from what it looked up and wrote.
    const answered = await answer(tx as unknown as Db, doc!, {
      party,
      lines: new Map([
        [
          doc!.id,
          written.map((e) => {
            const item = items.get(e.itemId)!;
            return { ...e, itemName: item.name, sku: item.sku, hsnCode: item.hsnCode };
          }),
        ],
      ]),
      users: new Map([[principal.user.id, userRefOf(principal.user)]]),
    });
    // Under the locks only what must be: the stock as it now is, the check, and the figures moved.
    const locked = await lockStocks(tx, { itemIds });
    assertAvailable(
      locked,
      lines.map((l) => ({ stockId: l.stockId, delta: spec.direction * l.quantity })),
    );
    await moveStocks(tx, { added: entries }, now, principal.user.id, fillPrices(spec, lines));
    return answered;
  });
  return write.catch(invoiceNoRace(deps.db, spec, () => claim));
};

/**
 * PATCH: the fields sent replace the stored ones; `items` replaces every line (the document's entries are
 * rewritten), else the stored lines are priced again with the new party and invoice. A sale line keeps its
 * stored tier price while its item and tier are unchanged.
 */
export const updateDocument = async <T>(
  deps: Deps,
  spec: DocSpec,
  principal: Principal,
  id: string,
  patch: Partial<DocInput>,
  answer: AnswerOf<T>,
) => {
  const now = deps.clock.now();
  let claim: { invoiceNo: string; partyId: string; exceptId: string } | undefined;
  const write = deps.db.transaction(async (tx) => {
    const before = await lockDocument(tx, spec, id);
    if (before.isDeleted) throw badRequest(spec.messages.restoreBeforeUpdate);
    const oldEntries = (await linesOfDocuments(tx, [id])).get(id) ?? [];
    const storedLines: LineInput[] = oldEntries.map((e) => ({
      item: e.itemId,
      quantity: e.quantity,
      pricePerUnit: e.unitPrice,
      gst: e.gstPercent as GstRate,
      ...(e.marginTier ? { marginTier: e.marginTier as LineMarginTier } : {}),
    }));
    const partyId = patch.party ?? before[spec.partyKey];
    if (!partyId)
      throw badRequest(spec.partyKey === 'vendorId' ? 'Vendor is required' : 'Customer is required');
    const input: DocInput = {
      party: partyId,
      invoiceNo: patch.invoiceNo ?? before.invoiceNo,
      invoiceDate: patch.invoiceDate ?? before.invoiceDate,
      notes: patch.notes !== undefined ? patch.notes : before.notes,
      items: patch.items ?? storedLines,
    };
    const party = await spec.findParty(tx, principal, input.party);
    claim = { invoiceNo: input.invoiceNo, partyId: party.id, exceptId: id };
    await assertInvoiceNoFree(tx, spec, claim);
    const itemIds = input.items.map((l) => l.item);
    const items = await itemsOf(tx, itemIds);
    const keptItems = new Set(oldEntries.map((e) => e.itemId));
    // A new line needs a live item; a line kept from before may name an item deleted since.
    if (itemIds.some((i) => !items.get(i) || (items.get(i)!.isDeleted && !keptItems.has(i))))
      throw badRequest(TRADE_MESSAGES.itemNotFound);
    const locked = await lockStocks(tx, {
      itemIds,
      stockIds: oldEntries.map((e) => e.stockId),
    });
    const stored = new Map(
      oldEntries.map((e) => [
        e.itemId,
        { itemId: e.itemId, marginTier: e.marginTier, unitPaise: toPaise(e.unitPrice) ?? 0 },
      ]),
    );
    const lines = priceLines(spec, principal, input.items, items, locked, stored);
    const moves: StockMove[] = [
      ...oldEntries.map((e) => ({ stockId: e.stockId, delta: -e.direction * e.quantity })),
      ...lines.map((l) => ({ stockId: l.stockId, delta: spec.direction * l.quantity })),
    ];
    // A sale gives its old lines back and takes the new ones ('10 available, 13 needed'); a purchase
    // counts only its net change per item ('4 available, 5 needed' when cutting a line already sold).
    const net = new Map<string, number>();
    for (const m of moves) net.set(m.stockId, (net.get(m.stockId) ?? 0) + m.delta);
    assertAvailable(
      locked,
      spec.direction < 0 ? moves : [...net].map(([stockId, delta]) => ({ stockId, delta })),
    );
    await tx.delete(stockEntries).where(eq(stockEntries.documentId, id));
    const entries = entriesOf(spec, id, input, lines);
    await insertEntries(tx, entries, now, principal.user.id);
    const [after] = (await tx
      .update(spec.table as PgTable)
      .set({ ...docColumns(spec, deps, input, party, lines), ...updateStamps(principal, now) } as never)
      .where(eq(spec.table.id, id))
      .returning()) as DocRow[];
    await moveStocks(
      tx,
      { added: entries, removed: oldEntries.map(counted) },
      now,
      principal.user.id,
      fillPrices(spec, lines),
    );
    const beforeName = await partyNameOf(tx, spec, principal, before);
    const changes = diffSnapshots(
      spec.resource,
      snapshot(
        spec,
        beforeName,
        before,
        oldEntries.map((e) => ({
          itemName: e.itemName ?? '',
          quantity: e.quantity,
          unitPaise: toPaise(e.unitPrice) ?? 0,
        })),
      ),
      snapshot(spec, party.name, after!, lines),
    );
    if (changes.length)
      await recordChange(tx, principal, now, {
        entity: spec.resource,
        recordId: id,
        title: after!.invoiceNo,
        action: 'update',
        changes,
      });
    return answer(tx as unknown as Db, after!);
  });
  return write.catch(invoiceNoRace(deps.db, spec, () => claim));
};

/**
 * Soft delete (the lines stop counting) or restore (they count again): refused when a stock would go below
 * zero (a purchase whose stock was sold; a sale beyond what is now in stock).
 */
export const setDocumentDeleted = async (
  deps: Deps,
  spec: DocSpec,
  principal: Principal,
  id: string,
  deleted: boolean,
) => {
  const now = deps.clock.now();
  // A restore takes the document's number back: refused while another active document holds it.
  let claim: { invoiceNo: string; partyId: string | null; exceptId: string } | undefined;
  const write = deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, spec, id);
    if (doc.isDeleted === deleted)
      throw badRequest(deleted ? spec.messages.alreadyDeleted : spec.messages.notDeleted);
    if (!deleted) {
      claim = { invoiceNo: doc.invoiceNo, partyId: doc[spec.partyKey] ?? null, exceptId: id };
      await assertInvoiceNoFree(tx, spec, claim);
    }
    const entries = await tx.select().from(stockEntries).where(eq(stockEntries.documentId, id));
    const locked = await lockStocks(tx, { stockIds: entries.map((e) => e.stockId) });
    assertAvailable(
      locked,
      entries.map((e) => ({ stockId: e.stockId, delta: (deleted ? -1 : 1) * e.direction * e.quantity })),
    );
    await tx.update(stockEntries).set({ active: !deleted }).where(eq(stockEntries.documentId, id));
    await tx
      .update(spec.table as PgTable)
      .set(
        (deleted
          ? { isDeleted: true, deletedAt: now, deletedBy: principal.user.id, updatedAt: now }
          : {
              isDeleted: false,
              deletedAt: null,
              deletedBy: null,
              updatedAt: now,
              updatedBy: principal.user.id,
            }) as never,
      )
      .where(eq(spec.table.id, id));
    const moved = entries.map(counted);
    await moveStocks(tx, deleted ? { removed: moved } : { added: moved }, now, principal.user.id);
    await recordChange(tx, principal, now, {
      entity: spec.resource,
      recordId: id,
      title: doc.invoiceNo,
      action: deleted ? 'delete' : 'restore',
    });
  });
  await write.catch(invoiceNoRace(deps.db, spec, () => claim));
};

/** Only a deleted document (its entries no longer count): the document and its entries go for good. */
export const deleteDocumentPermanently = async (
  deps: Deps,
  spec: DocSpec,
  principal: Principal,
  id: string,
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, spec, id);
    if (!doc.isDeleted) throw badRequest(spec.messages.permanentNeedsDeleted);
    // Its entries stopped counting when it was deleted: no stock figure moves.
    await tx.delete(stockEntries).where(and(eq(stockEntries.documentId, id), eq(stockEntries.active, false)));
    await tx.delete(spec.table as PgTable).where(eq(spec.table.id, id));
    await recordChange(tx, principal, now, {
      entity: spec.resource,
      recordId: id,
      title: doc.invoiceNo,
      action: 'delete-permanently',
    });
  });
};
