import {
  type ListQuery,
  PURCHASE_LIST_KEY,
  PURCHASE_MESSAGES,
  PURCHASE_RESOURCE,
  type PurchaseDto,
  type PurchaseInput,
  type PurchaseUpdateInput,
} from '@karya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productVendors, purchases } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { historyPage } from '../../platform/history.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  findRecord,
  lifecycleRules,
  listPage,
  runList,
  userRefs,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { currentCompanyState } from '../company/company.service.ts';
import { deleteDocumentPermanently, setDocumentDeleted } from '../stocks/document-lifecycle.ts';
import { type Deps, type DocRow, type DocSpec, documentMessages } from '../stocks/document-spec.ts';
import { createDocument, documentDtos, type Known, updateDocument } from '../stocks/documents.ts';

export const PURCHASE = documentMessages('purchase', PURCHASE_MESSAGES.notFound);

/**
 * The vendor of a purchase: a live vendor. Its GSTIN's state code is the place of supply: the company's
 * state → CGST + SGST, another state → IGST; a vendor without a GSTIN (vendors have no address state, only
 * free text) is taxed within the company's state, CGST + SGST (decision 0011).
 */
const findVendor: DocSpec['findParty'] = async (tx, _principal, id) => {
  const [v] = await (tx as Db)
    .select({ id: productVendors.id, name: productVendors.name, gstin: productVendors.gstin })
    .from(productVendors)
    .where(and(eq(productVendors.id, id), eq(productVendors.isDeleted, false)));
  if (!v) throw notFound(PURCHASE_MESSAGES.vendorNotFound);
  return { ...v, state: null };
};

export const PURCHASE_SPEC: DocSpec = {
  kind: 'purchase',
  table: purchases,
  partyKey: 'vendorId',
  direction: 1,
  resource: PURCHASE_RESOURCE,
  messages: PURCHASE,
  findParty: findVendor,
  partyField: 'vendor',
};

const columns: ListColumns = {
  filters: {
    vendor: { kind: 'in', on: purchases.vendorId },
    invoiceNo: { kind: 'text', on: purchases.invoiceNo },
    invoiceDate: { kind: 'dayRange', on: purchases.invoiceDate },
    totalAmount: { kind: 'numberRange', on: purchases.totalAmount },
    ...lifecycleRules(purchases),
  },
  sort: {
    createdAt: purchases.createdAt,
    updatedAt: purchases.updatedAt,
    invoiceDate: purchases.invoiceDate,
  },
  id: purchases.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

const toDtos = async (
  deps: Pick<Deps, 'db' | 'config'>,
  rows: DocRow[],
  known?: Known,
): Promise<PurchaseDto[]> => {
  const refs = await userRefs(
    deps.db,
    rows.flatMap((r) => [r.createdBy, r.updatedBy, r.deletedBy]),
    known?.users,
  );
  const vendorIds = [...new Set(rows.map((r) => r.vendorId).filter((x): x is string => Boolean(x)))];
  // A new purchase's vendor as it looked it up.
  const vendors = known
    ? [known.party]
    : vendorIds.length
      ? await deps.db
          .select({ id: productVendors.id, name: productVendors.name })
          .from(productVendors)
          .where(inArray(productVendors.id, vendorIds))
      : [];
  const vendorOf = new Map(vendors.map((v) => [v.id, { _id: v.id, name: v.name }]));
  const docs = await documentDtos(
    deps.db,
    PURCHASE_SPEC,
    rows,
    refs,
    currentCompanyState(deps),
    known?.lines,
  );
  return docs.map((d, i) => ({ ...d, vendor: vendorOf.get(rows[i]!.vendorId ?? '') ?? null }));
};

export const listPurchases = async (deps: Deps, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, PURCHASE_RESOURCE, query.filters, PURCHASE);
  const { rows, total } = await runList<DocRow>({ db: deps.db, table: purchases, columns, query, filters });
  return listPage(PURCHASE_LIST_KEY, await toDtos(deps, rows), total, query);
};

export const getPurchase = async (deps: Deps, id: string) =>
  (await toDtos(deps, [await findRecord<DocRow>(deps.db, purchases, id, PURCHASE)]))[0]!;

const asDocInput = (input: Partial<PurchaseInput>) => {
  const { vendor, ...rest } = input;
  return { ...rest, ...(vendor !== undefined ? { party: vendor } : {}) };
};

/** The saved purchase as answered, read in the write's own transaction (documents.ts, AnswerOf). */
const answerWith = (deps: Deps) => async (db: Db, row: DocRow, known?: Known) =>
  (await toDtos({ ...deps, db }, [row], known))[0]!;

export const createPurchase = async (deps: Deps, principal: Principal, input: PurchaseInput) => {
  const { vendor, ...rest } = input;
  return createDocument(deps, PURCHASE_SPEC, principal, { ...rest, party: vendor }, answerWith(deps));
};

export const updatePurchase = async (
  deps: Deps,
  principal: Principal,
  id: string,
  input: PurchaseUpdateInput,
) => {
  return updateDocument(deps, PURCHASE_SPEC, principal, id, asDocInput(input), answerWith(deps));
};

export const deletePurchase = (deps: Deps, principal: Principal, id: string) =>
  setDocumentDeleted(deps, PURCHASE_SPEC, principal, id, true);
export const restorePurchase = (deps: Deps, principal: Principal, id: string) =>
  setDocumentDeleted(deps, PURCHASE_SPEC, principal, id, false);
export const deletePurchasePermanently = (deps: Deps, principal: Principal, id: string) =>
  deleteDocumentPermanently(deps, PURCHASE_SPEC, principal, id);

export const purchaseHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({ db, principal, entity: PURCHASE_RESOURCE, table: purchases, id, messages: PURCHASE, query });
