import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { stockEntries } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordChange } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { deletedStamps, restoredStamps } from '../../platform/record-lifecycle.ts';
import type { Deps, DocSpec } from './document-spec.ts';
import { lockDocument } from './documents.ts';
import { assertInvoiceNoFree, invoiceNoRace } from './invoice-numbers.ts';
import { assertAvailable, lockStocks } from './ledger.ts';
import { counted, moveStocks } from './ledger-move.ts';

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
      .set((deleted ? deletedStamps(principal, now) : restoredStamps(principal, now)) as never)
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
