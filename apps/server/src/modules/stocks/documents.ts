// The purchase and sale documents' engine (document-spec.ts says what it is): reading and writing them.
// Pricing is in document-pricing.ts, delete / restore / permanent delete in document-lifecycle.ts.
import {
  fromPaise,
  type GstRate,
  gstStateCode,
  type LineMarginTier,
  TRADE_MESSAGES,
  type TradeDocumentDto,
  type TradeLineDto,
  toPaise,
  type UserRef,
} from '@karya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { productItems, stockEntries } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { diffSnapshots, recordChange, type Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { createStamps, stampsDto, updateStamps, userRefOf } from '../../platform/records.ts';
import { docColumns, entriesOf, fillPrices, itemsOf, priceLines } from './document-pricing.ts';
import type { Deps, DocInput, DocRow, DocSpec, LineInput, Party } from './document-spec.ts';
import { assertInvoiceNoFree, invoiceNoRace } from './invoice-numbers.ts';
import { assertAvailable, insertEntries, lockStocks, type StockMove, type Tx } from './ledger.ts';
import { counted, moveStocks } from './ledger-move.ts';

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

export const lockDocument = async (tx: Tx, spec: DocSpec, id: string): Promise<DocRow> => {
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
      input,
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
      eWayBillNo: patch.eWayBillNo !== undefined ? patch.eWayBillNo : (before.eWayBillNo ?? null),
      vehicleNo: patch.vehicleNo !== undefined ? patch.vehicleNo : (before.vehicleNo ?? null),
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
    // Lines and date as recorded are kept as they were (issue 27 §1): only a change of either is checked
    // against the slabs of the date.
    const ratesChanged = patch.items !== undefined || patch.invoiceDate !== undefined;
    const lines = priceLines(spec, principal, { ...input, ratesChanged }, items, locked, stored);
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
