import { ERROR_CODES, invoiceNoTakenMessage } from '@karya/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { customers, productVendors, type purchases } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DocRow, DocSpec } from './document-spec.ts';
import type { Tx } from './ledger.ts';

/**
 * Issue 22 part 3: a sale's invoice number is unique among active sales, a purchase's among the active
 * purchases of its vendor (a vendor deleted for good leaves its purchases without one: those are not
 * compared). Numbers compare trimmed and case-insensitively, as `lower(btrim(invoice_no))`, the expression
 * of the partial unique indexes `sales_live_invoice_no_uq` and `purchases_live_vendor_invoice_no_uq`
 * (schema.ts). A write looks first, to answer with the document that holds the number; the index decides
 * between concurrent writes (the loser's statement fails with 23505 and is answered the same way).
 */
export const INVOICE_NO_INDEX = {
  sale: 'sales_live_invoice_no_uq',
  purchase: 'purchases_live_vendor_invoice_no_uq',
} as const;

type Claim = { invoiceNo: string; partyId: string | null; exceptId?: string };

const holderOf = async (db: Db | Tx, spec: DocSpec, claim: Claim): Promise<DocRow | undefined> => {
  if (spec.kind === 'purchase' && !claim.partyId) return undefined;
  const table = spec.table;
  const where: SQL[] = [
    eq(table.isDeleted, false),
    sql`lower(btrim(${table.invoiceNo})) = lower(btrim(${claim.invoiceNo}))`,
  ];
  if (spec.kind === 'purchase') where.push(eq((table as typeof purchases).vendorId, claim.partyId!));
  if (claim.exceptId) where.push(ne(table.id, claim.exceptId));
  const [row] = (await (db as Db)
    .select()
    .from(table as PgTable)
    .where(and(...where))
    .limit(1)) as DocRow[];
  return row;
};

/** 409 naming the document that holds the number; its reference is the answer's data, for a link. */
const taken = async (db: Db | Tx, spec: DocSpec, holder: DocRow) => {
  const partyId = holder[spec.partyKey] ?? null;
  const partyTable = spec.kind === 'sale' ? customers : productVendors;
  const [party] = partyId
    ? await (db as Db)
        .select({ _id: partyTable.id, name: partyTable.name })
        .from(partyTable)
        .where(eq(partyTable.id, partyId))
    : [];
  const message = invoiceNoTakenMessage(spec.kind, {
    invoiceNo: holder.invoiceNo,
    invoiceDate: holder.invoiceDate,
    party: party?.name ?? null,
  });
  return new AppError(
    409,
    message,
    ERROR_CODES.CONFLICT,
    {},
    {
      _id: holder.id,
      invoiceNo: holder.invoiceNo,
      invoiceDate: holder.invoiceDate,
      [spec.partyField]: party ?? null,
    },
  );
};

/** Inside the write's transaction, before it writes: 409 when another active document holds the number. */
export const assertInvoiceNoFree = async (tx: Db | Tx, spec: DocSpec, claim: Claim) => {
  const holder = await holderOf(tx, spec, claim);
  if (holder) throw await taken(tx, spec, holder);
};

const isIndexViolation = (error: unknown, index: string): boolean => {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === index;
  }
  return false;
};

/**
 * The `.catch` of a write's transaction: a concurrent write that took the number first (the index refused
 * this one; its transaction has rolled back) is answered as the look-up would have, the holder read afresh.
 */
export const invoiceNoRace =
  (db: Db, spec: DocSpec, claim: () => Claim | undefined) =>
  async (error: unknown): Promise<never> => {
    const c = claim();
    if (!c || !isIndexViolation(error, INVOICE_NO_INDEX[spec.kind])) throw error;
    const holder = await holderOf(db, spec, c);
    if (!holder) throw error;
    throw await taken(db, spec, holder);
  };
