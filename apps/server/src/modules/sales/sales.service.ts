import {
  type CustomerType,
  type ListQuery,
  type MarginTier,
  SALE_LIST_KEY,
  SALE_MESSAGES,
  SALE_RESOURCE,
  type SaleDto,
  type SaleInput,
  type SaleUpdateInput,
} from '@karya/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, E_WAY_BILL_THRESHOLD_SQL, sales } from '../../db/schema.ts';
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
import { customerScope } from '../customers/customer-scope.ts';
import { deleteDocumentPermanently, setDocumentDeleted } from '../stocks/document-lifecycle.ts';
import { type Deps, type DocRow, type DocSpec, documentMessages } from '../stocks/document-spec.ts';
import { createDocument, documentDtos, type Known, updateDocument } from '../stocks/documents.ts';

export const SALE = documentMessages('sale', SALE_MESSAGES.notFound);

/**
 * The customer of a sale: live and one the caller sees (customers' row scope: without view-all on customer,
 * those assigned or re-assigned to them or created by them); any other answers 404 'Customer not found'.
 * Their GSTIN's state, else their address state, decides the GST split (place of supply; placeOfSupplyCode).
 */
/** A sale's customer as its answer shows it, and the columns that make it. */
const customerRefColumns = {
  id: customers.id,
  customerId: customers.customerId,
  name: customers.name,
  type: customers.type,
  state: customers.state,
  marginTier: customers.marginTier,
};
type SaleCustomerRef = NonNullable<SaleDto['customer']>;
const customerRef = (c: {
  id: string;
  customerId: number;
  name: string;
  type: string;
  state: string | null;
  marginTier: string | null;
}): SaleCustomerRef => ({
  _id: c.id,
  customerId: c.customerId,
  name: c.name,
  type: c.type as CustomerType,
  state: c.state,
  marginTier: c.marginTier as MarginTier | null,
});

const findCustomer: DocSpec['findParty'] = async (tx, principal, id) => {
  const scope = customerScope(principal);
  const [c] = await (tx as Db)
    .select({ ...customerRefColumns, gstin: customers.gstin })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.isDeleted, false), ...(scope ? [scope] : [])));
  if (!c) throw notFound(SALE_MESSAGES.customerNotFound);
  return { id: c.id, name: c.name, gstin: c.gstin, state: c.state, ref: customerRef(c) };
};

export const SALE_SPEC: DocSpec = {
  kind: 'sale',
  table: sales,
  partyKey: 'customerId',
  direction: -1,
  resource: SALE_RESOURCE,
  messages: SALE,
  findParty: findCustomer,
  partyField: 'customer',
};

const columns: ListColumns = {
  filters: {
    customer: { kind: 'in', on: sales.customerId },
    invoiceNo: { kind: 'text', on: sales.invoiceNo },
    invoiceDate: { kind: 'dayRange', on: sales.invoiceDate },
    totalAmount: { kind: 'numberRange', on: sales.totalAmount },
    totalGSTAmount: { kind: 'numberRange', on: sales.totalGstAmount },
    // Sales that need an e-way bill (more than ₹50,000 with tax) and lack its number.
    eWayBill: {
      kind: 'custom',
      // The threshold written into the SQL, as the partial index sales_e_way_missing_idx says it: the
      // planner uses that index (the page and its count) only when it can see the same condition.
      build: () =>
        sql`(${sales.totalAmount} > ${sql.raw(E_WAY_BILL_THRESHOLD_SQL)} and ${sales.eWayBillNo} is null)`,
    },
    ...lifecycleRules(sales),
  },
  sort: {
    createdAt: sales.createdAt,
    updatedAt: sales.updatedAt,
    invoiceDate: sales.invoiceDate,
  },
  id: sales.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

const toDtos = async (
  deps: Pick<Deps, 'db' | 'config'>,
  rows: DocRow[],
  known?: Known,
): Promise<SaleDto[]> => {
  const refs = await userRefs(
    deps.db,
    rows.flatMap((r) => [r.createdBy, r.updatedBy, r.deletedBy]),
    known?.users,
  );
  const ids = [...new Set(rows.map((r) => r.customerId).filter((x): x is string => Boolean(x)))];
  const found = known?.party.ref
    ? [known.party.ref as SaleCustomerRef]
    : ids.length
      ? (await deps.db.select(customerRefColumns).from(customers).where(inArray(customers.id, ids))).map(
          customerRef,
        )
      : [];
  const customerOf = new Map(found.map((c) => [c._id, c]));
  const docs = await documentDtos(deps.db, SALE_SPEC, rows, refs, currentCompanyState(deps), known?.lines);
  return docs.map((d, i) => ({
    ...d,
    customer: customerOf.get(rows[i]!.customerId ?? '') ?? null,
    eWayBillNo: rows[i]!.eWayBillNo ?? null,
    vehicleNo: rows[i]!.vehicleNo ?? null,
  }));
};

export const listSales = async (deps: Deps, principal: Principal, query: ListQuery) => {
  const filters = withLifecycleDefaults(principal, SALE_RESOURCE, query.filters, SALE);
  const { rows, total } = await runList<DocRow>({ db: deps.db, table: sales, columns, query, filters });
  return listPage(SALE_LIST_KEY, await toDtos(deps, rows), total, query);
};

export const getSale = async (deps: Deps, id: string) =>
  (await toDtos(deps, [await findRecord<DocRow>(deps.db, sales, id, SALE)]))[0]!;

/** The saved sale as answered, read in the write's own transaction (documents.ts, AnswerOf). */
const answerWith = (deps: Deps) => async (db: Db, row: DocRow, known?: Known) =>
  (await toDtos({ ...deps, db }, [row], known))[0]!;

export const createSale = async (deps: Deps, principal: Principal, input: SaleInput) => {
  const { customer, ...rest } = input;
  return createDocument(deps, SALE_SPEC, principal, { ...rest, party: customer }, answerWith(deps));
};

export const updateSale = async (deps: Deps, principal: Principal, id: string, input: SaleUpdateInput) => {
  const { customer, ...rest } = input;
  return updateDocument(
    deps,
    SALE_SPEC,
    principal,
    id,
    { ...rest, ...(customer !== undefined ? { party: customer } : {}) },
    answerWith(deps),
  );
};

export const deleteSale = (deps: Deps, principal: Principal, id: string) =>
  setDocumentDeleted(deps, SALE_SPEC, principal, id, true);
export const restoreSale = (deps: Deps, principal: Principal, id: string) =>
  setDocumentDeleted(deps, SALE_SPEC, principal, id, false);
export const deleteSalePermanently = (deps: Deps, principal: Principal, id: string) =>
  deleteDocumentPermanently(deps, SALE_SPEC, principal, id);

export const saleHistory = (db: Db, principal: Principal, id: string, query: ListQuery) =>
  historyPage({ db, principal, entity: SALE_RESOURCE, table: sales, id, messages: SALE, query });
