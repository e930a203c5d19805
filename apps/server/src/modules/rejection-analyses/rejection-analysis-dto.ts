// A rejection analysis as it is answered (its quotation and the rejected version, its customer, the user
// references), who may see it, and what history compares. Reading lists and writing are the service files.
import {
  can,
  type LostTo,
  QUOTATION_RESOURCE,
  REJECTION_MESSAGES,
  REJECTION_RESOURCE,
  type RejectionAnalysisDto,
  recordMessages,
  type UserRef,
} from '@karya/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, rejectionAnalyses } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { Snapshot } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { type Scope, stampsDto, usersAmong } from '../../platform/records.ts';
import { customerScope } from '../customers/customer-scope.ts';

export type RejectionRow = typeof rejectionAnalyses.$inferSelect;

/** The record kit's messages with the spec's own texts (spec 2 §8: 'Rejection Analysis not found'). */
export const REJECTION = {
  ...recordMessages('rejection analysis', 'rejection analyses'),
  ...REJECTION_MESSAGES,
};

/**
 * How history names an analysis: its reasons (the table has no title). The same text is what the list's
 * reason filter searches.
 */
export const HISTORY = { entity: REJECTION_RESOURCE, title: rejectionAnalyses.reasonsText } as const;

/** The reasons as one lower-cased text: the reason filter's column and the history title. */
export const reasonsTextOf = (reasons: readonly string[]) => reasons.join('; ').toLowerCase();

// ------------------------------------------------------------------------------------------------ scope

/**
 * Row scope follows the quotation's (decision 0016, as quotations: decision 0015): without view-all on
 * quotation (or on customer), a user sees the analyses they wrote and those of the customers they see;
 * every other analysis answers 404.
 */
export const rejectionScope = (principal: Principal): Scope => {
  if (can(principal.permissions, QUOTATION_RESOURCE, 'view-all')) return undefined;
  const customersSeen = customerScope(principal);
  if (!customersSeen) return undefined;
  return or(
    eq(rejectionAnalyses.createdBy, principal.user.id),
    sql`${rejectionAnalyses.customerId} = any(array(select ${customers.id} from ${customers} where ${customersSeen}))`,
  );
};

// ------------------------------------------------------------------------------------------------- rows

const outer = (column: string) => sql.raw(`"rejection_analyses"."${column}"`);

type QuotationRef = NonNullable<RejectionAnalysisDto['quotation']>;
type CustomerRef = NonNullable<RejectionAnalysisDto['customer']>;

/** The row with its quotation (number, deleted or not), the rejected version (number, title) and customer. */
export const rejectionSelect = {
  row: rejectionAnalyses,
  quotationRef: sql<QuotationRef | null>`(select json_build_object('_id', q.id, 'quotationId', q.quotation_id, 'isDeleted', q.is_deleted, 'versionNumber', v.version_number, 'title', v.title) from quotations q join quotation_versions v on v.id = ${outer('version_id')} where q.id = ${outer('quotation_id')})`,
  customerRef: sql<CustomerRef | null>`(select json_build_object('_id', c.id, 'customerId', c.customer_id, 'name', c.name) from customers c where c.id = ${outer('customer_id')})`,
  // The people the row names, in the same statement: a list page is its page and its count, no lookup after.
  people: usersAmong(sql`array[${outer('created_by')}, ${outer('updated_by')}, ${outer('deleted_by')}]`),
};
export type SelectedRow = {
  row: RejectionRow;
  quotationRef: QuotationRef | null;
  customerRef: CustomerRef | null;
  people: UserRef[];
};

export const toDtos = (rows: SelectedRow[]): RejectionAnalysisDto[] =>
  rows.map(({ row: r, quotationRef, customerRef, people }) => {
    const refs = new Map(people.map((u) => [u._id, u]));
    return {
      _id: r.id,
      quotation: quotationRef,
      quotationVersionId: r.versionId,
      customer: customerRef,
      rejectionDate: r.rejectionDate,
      rejectionReasons: r.rejectionReasons,
      detailedReason: r.detailedReason,
      lostTo: r.lostTo as LostTo,
      competitor: { name: r.competitorName, offeredAmount: r.offeredAmount },
      quotedAmount: r.quotedAmount,
      customerFeedback: r.customerFeedback,
      rejectedPerson: {
        name: r.rejectedPerson.name ?? null,
        designation: r.rejectedPerson.designation ?? null,
        email: r.rejectedPerson.email ?? null,
        phone: r.rejectedPerson.phone ?? null,
      },
      updatedBy: r.updatedBy ? (refs.get(r.updatedBy) ?? null) : null,
      ...stampsDto(r, refs),
    };
  });

/** One analysis in `scope` (live or deleted); 404 'Rejection Analysis not found' otherwise. */
export const detail = async (db: Db, id: string, scope?: Scope): Promise<RejectionAnalysisDto> => {
  const rows = (await db
    .select(rejectionSelect)
    .from(rejectionAnalyses)
    .where(scope ? and(eq(rejectionAnalyses.id, id), scope) : eq(rejectionAnalyses.id, id))
    .limit(1)) as unknown as SelectedRow[];
  if (!rows.length) throw notFound(REJECTION.notFound);
  const [dto] = toDtos(rows);
  return dto!;
};

// ---------------------------------------------------------------------------------------------- history

/** What history compares (HISTORY_FIELDS['rejection-analysis']). */
export const snapshot = (
  r: Pick<
    RejectionRow,
    | 'rejectionDate'
    | 'rejectionReasons'
    | 'detailedReason'
    | 'lostTo'
    | 'competitorName'
    | 'offeredAmount'
    | 'customerFeedback'
    | 'rejectedPerson'
  >,
): Snapshot => ({
  rejectionDate: r.rejectionDate,
  rejectionReasons: [...r.rejectionReasons],
  detailedReason: r.detailedReason,
  lostTo: r.lostTo,
  competitor: { name: r.competitorName, offeredAmount: r.offeredAmount },
  customerFeedback: r.customerFeedback,
  rejectedPerson: { ...r.rejectedPerson },
});
