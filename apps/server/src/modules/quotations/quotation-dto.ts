// A quotation as it is answered: its row with its customer and requirement, its versions newest first, each
// with its frozen lines; and what history compares. Reading in scope is quotations.service.ts.
import {
  can,
  type GstZeroKind,
  type HistoryValue,
  type LineMarginTier,
  QUOTATION_MESSAGES,
  QUOTATION_RESOURCE,
  type QuotationCustomerRef,
  type QuotationLineDto,
  type QuotationListDto,
  type QuotationRequirementRef,
  type QuotationStatus,
  type ReviewStatus,
  recordMessages,
  type UserRef,
} from '@karya/domain';
import { asc, desc, eq, or, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { customers, productItems, quotationLines, quotations, quotationVersions } from '../../db/schema.ts';
import type { Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { type Scope, stampsDto, usersAmong } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';

export type QuotationRow = typeof quotations.$inferSelect;
export type VersionRow = typeof quotationVersions.$inferSelect;
export type LineRow = typeof quotationLines.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const QUOTATION = { ...recordMessages('quotation'), ...QUOTATION_MESSAGES };
export const HISTORY = { entity: QUOTATION_RESOURCE, title: quotations.title } as const;

// ------------------------------------------------------------------------------------------------ scope

/**
 * Without view-all on quotation a user sees the quotations they created and those of the customers they
 * see (own and assigned, decision 0015, as requirements); every other quotation answers 404.
 */
export const quotationScope = (principal: Principal): Scope =>
  quotationScopeOn(principal, { createdBy: quotations.createdBy, customerId: quotations.customerId });

/** The same rule over other columns that hold a quotation's maker and customer (its won or lost outcome). */
export const quotationScopeOn = (
  principal: Principal,
  columns: { createdBy: SQLWrapper; customerId: SQLWrapper },
): Scope => {
  if (can(principal.permissions, QUOTATION_RESOURCE, 'view-all')) return undefined;
  const customersSeen = customerScope(principal);
  if (!customersSeen) return undefined;
  return or(
    sql`${columns.createdBy} = ${principal.user.id}`,
    sql`${columns.customerId} = any(array(select ${customers.id} from ${customers} where ${customersSeen}))`,
  );
};

// ------------------------------------------------------------------------------------------------- rows

const outer = (column: string) => sql.raw(`"quotations"."${column}"`);

/** The row with its customer, its requirement and its active version (without lines): one statement. */
export const quotationSelect = {
  quotation: quotations,
  customerRef: sql<QuotationCustomerRef | null>`(select json_build_object('_id', c.id, 'customerId', c.customer_id, 'name', c.name, 'type', c.type, 'marginTier', c.margin_tier, 'email', c.email, 'phone', c.phone, 'isDeleted', c.is_deleted, 'gstin', c.gstin, 'address', json_build_object('street', c.street, 'city', c.city, 'district', c.district, 'state', c.state, 'country', c.country, 'zipCode', c.zip_code)) from customers c where c.id = ${outer('customer_id')})`,
  requirementRef: sql<QuotationRequirementRef | null>`(select json_build_object('_id', r.id, 'requirementId', r.requirement_id, 'title', r.title, 'isDeleted', r.is_deleted) from requirements r where r.id = ${outer('requirement_id')})`,
  active: sql<ActiveJson>`(select json_build_object('id', v.id, 'versionNumber', v.version_number, 'title', v.title, 'status', v.status, 'validUntil', v.valid_until, 'totalPrice', v.total_price, 'reviewStatus', v.review_status, 'reviewReason', v.review_reason, 'reviewedBy', v.reviewed_by, 'reviewedAt', v.reviewed_at, 'createdBy', v.created_by) from quotation_versions v where v.id = ${outer('active_version_id')})`,
  // The people the row and its active version name, in the same statement: a list page is its page and count.
  people: usersAmong(
    sql`(array[${outer('created_by')}, ${outer('deleted_by')}] || array(select x from quotation_versions av, lateral (values (av.created_by), (av.reviewed_by)) t(x) where av.id = ${outer('active_version_id')}))`,
  ),
};
type ActiveJson = {
  id: string;
  versionNumber: number;
  title: string;
  status: string;
  validUntil: string;
  totalPrice: string | number;
  reviewStatus: string | null;
  reviewReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdBy: string | null;
};
export type SelectedRow = {
  quotation: QuotationRow;
  customerRef: QuotationCustomerRef | null;
  requirementRef: QuotationRequirementRef | null;
  active: ActiveJson;
  people: UserRef[];
};

const ref = (refs: Map<string, UserRef>, id: string | null | undefined) =>
  id ? (refs.get(id) ?? null) : null;

const reviewOf = (
  v: {
    reviewStatus: string | null;
    reviewReason: string | null;
    reviewedBy: string | null;
    reviewedAt: Date | string | null;
  },
  refs: Map<string, UserRef>,
) =>
  v.reviewStatus
    ? {
        status: v.reviewStatus as ReviewStatus,
        reason: v.reviewReason,
        reviewedBy: ref(refs, v.reviewedBy),
        reviewedAt: v.reviewedAt ? new Date(v.reviewedAt).toISOString() : null,
      }
    : null;

export const listDtos = (rows: SelectedRow[]): QuotationListDto[] =>
  rows.map(({ quotation: q, customerRef: c, requirementRef: rq, active: a, people }) => {
    const refs = new Map(people.map((u) => [u._id, u]));
    return {
      _id: q.id,
      quotationId: q.quotationId,
      customer: c ? { _id: c._id, customerId: c.customerId, name: c.name } : null,
      requirement: rq ? { _id: rq._id, requirementId: rq.requirementId, title: rq.title } : null,
      activeVersion: {
        _id: a.id,
        versionNumber: a.versionNumber,
        title: a.title,
        status: a.status as QuotationStatus,
        validUntil: a.validUntil,
        totalPrice: Number(a.totalPrice),
        review: reviewOf(a, refs),
        createdBy: ref(refs, a.createdBy),
      },
      versionCount: q.versionCount,
      ...stampsDto(q, refs),
    };
  });

// --------------------------------------------------------------------------------------------- detail

export const lineDto = (l: LineRow, itemDeleted: boolean | null): QuotationLineDto => ({
  item: l.itemId ? { _id: l.itemId, isDeleted: itemDeleted ?? false } : null,
  name: l.name,
  sku: l.sku,
  modalNo: l.modalNo,
  hsn: l.hsn,
  brand: l.brandName,
  description: l.description,
  quantity: l.quantity,
  marginTier: l.marginTier as LineMarginTier,
  marginPercentage: l.marginPercentage,
  gst: l.gst,
  gstZeroKind: (l.gstZeroKind as GstZeroKind | null) ?? null,
  unitPrice: l.unitPrice,
  gstPerUnit: l.gstPerUnit,
  taxableAmount: l.taxableAmount,
  gstAmount: l.gstAmount,
  totalPrice: l.totalPrice,
});

/** The versions of a quotation with their lines, newest first. */
export const versionsOf = async (db: Db | Tx, quotationId: string) => {
  const versions = await versionsQuery(db as Db).execute({ quotationId });
  const lines = versions.length
    ? await versionLinesQuery(db as Db).execute({ ids: versions.map((v) => v.id) })
    : [];
  return { versions, lines };
};

// The versions with their lines, for what works on them (a write, the document): prepared once per connection.
const versionsQuery = preparedPerDb((db) =>
  db
    .select()
    .from(quotationVersions)
    .where(eq(quotationVersions.quotationId, sql.placeholder('quotationId')))
    .orderBy(desc(quotationVersions.versionNumber))
    .prepare('karya_quotation_versions'),
);
const versionLinesQuery = preparedPerDb((db) =>
  db
    .select({ line: quotationLines, itemDeleted: productItems.isDeleted })
    .from(quotationLines)
    .leftJoin(productItems, eq(productItems.id, quotationLines.itemId))
    .where(sql`${quotationLines.versionId} = any(${sql.placeholder('ids')}::text[])`)
    .orderBy(asc(quotationLines.versionId), asc(quotationLines.lineNo))
    .prepare('karya_quotation_lines'),
);
// ---------------------------------------------------------------------------------------------- history

/** What history compares (HISTORY_FIELDS.quotation): the active version's fields and lines. */
export const snapshot = (
  q: Pick<QuotationRow, 'customerId' | 'requirementId'>,
  v: Pick<
    VersionRow,
    | 'versionNumber'
    | 'title'
    | 'status'
    | 'validUntil'
    | 'notes'
    | 'totalPrice'
    | 'reviewStatus'
    | 'reviewReason'
  >,
  lines: readonly Pick<LineRow, 'itemId' | 'name' | 'quantity' | 'unitPrice' | 'gst'>[],
  names: { customer?: string; requirement?: string | null } = {},
): Snapshot => ({
  title: v.title,
  customer: { _id: q.customerId, name: names.customer ?? q.customerId },
  requirement: q.requirementId ? { _id: q.requirementId, name: names.requirement ?? q.requirementId } : null,
  version: v.versionNumber,
  status: v.status,
  validUntil: v.validUntil,
  notes: v.notes,
  items: lines.map((l) => ({
    _id: l.itemId,
    name: l.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    gst: l.gst,
  })) as HistoryValue,
  totalPrice: v.totalPrice,
  review: v.reviewStatus,
  reviewReason: v.reviewReason,
});
