// Quotations read in the caller's scope: the list (and a customer's), one quotation, suggestions, its
// follow-ups and the lifecycle. Writing is quotations-write.ts, the review quotations-review.ts.
import {
  can,
  type ListQuery,
  QUOTATION_LIST_KEY,
  QUOTATION_RESOURCE,
  type QuotationStatus,
  type QuotationSuggestion,
} from '@karya/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, followUps, quotations, quotationVersions } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import {
  assignmentStateRule,
  lifecycleRules,
  listPage,
  type NumberedSuggestionQuery,
  runList,
  suggestNumbered,
  withLifecycleDefaults,
} from '../../platform/records.ts';
import { listFollowUps } from '../follow-ups/follow-ups.service.ts';
import { detail, quotationAnswer } from './quotation-answer.ts';
import {
  HISTORY,
  listDtos,
  QUOTATION,
  type QuotationRow,
  quotationScope,
  quotationSelect,
  type SelectedRow,
} from './quotation-dto.ts';
import { keepApprovedQuotations } from './quotation-project-guard.ts';

const QUOTATION_READ_FORBIDDEN = 'You don’t have permission to read quotations.';
const may = (principal: Principal, action: string) => can(principal.permissions, QUOTATION_RESOURCE, action);

// ------------------------------------------------------------------------------------------------ list

const customerState = assignmentStateRule(
  sql`(${customers.assignedTo} || ${customers.reAssignedTo})`,
  'many',
);

const columns: ListColumns = {
  filters: {
    quotationId: { kind: 'custom', build: (v) => eq(quotations.quotationId, Number(v)) },
    title: { kind: 'text', on: quotations.title },
    customer: { kind: 'in', on: quotations.customerId },
    requirement: { kind: 'in', on: quotations.requirementId },
    status: { kind: 'in', on: quotations.status },
    reviewStatus: { kind: 'in', on: quotations.reviewStatus },
    totalPrice: { kind: 'numberRange', on: quotations.totalPrice },
    validUntil: { kind: 'dayRange', on: quotations.validUntil },
    // By the customer's assignees (decision 0015, as requirements).
    state: {
      kind: 'custom',
      build: (v) => {
        const condition = customerState.kind === 'custom' ? customerState.build(v) : undefined;
        return condition
          ? sql`exists (select 1 from ${customers} where ${customers.id} = ${quotations.customerId} and ${condition})`
          : undefined;
      },
    },
    ...lifecycleRules(quotations),
  },
  sort: {
    quotationId: quotations.quotationId,
    createdAt: quotations.createdAt,
    updatedAt: quotations.updatedAt,
  },
  id: quotations.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * GET /crm/quotations: `{quotations, quotationsCount, page, limit}`, each with its active version. The
 * Deleted and Deleted By filters need bulk-restore, the state filter view-all.
 */
export const listQuotations = async (db: Db, principal: Principal, query: ListQuery, extra?: SQL) => {
  if (query.filters.state !== undefined && !may(principal, 'view-all'))
    throw forbidden(QUOTATION.stateFilterForbidden);
  const filters = withLifecycleDefaults(principal, QUOTATION_RESOURCE, query.filters, QUOTATION, [
    'bulk-restore',
  ]);
  const scope = quotationScope(principal);
  const { rows, total } = await runList<SelectedRow>({
    db,
    table: quotations,
    columns,
    query,
    filters,
    scope: scope && extra ? and(scope, extra) : (scope ?? extra),
    select: quotationSelect,
  });
  return listPage(QUOTATION_LIST_KEY, listDtos(rows), total, query);
};

export const getQuotation = (db: Db, principal: Principal, id: string) =>
  detail(db, id, quotationScope(principal));

/** GET /crm/quotations/{id}: the same answer as JSON text, as its statement builds it (quotation-answer.ts). */
export const getQuotationAnswer = (db: Db, principal: Principal, id: string) =>
  quotationAnswer(db, id, quotationScope(principal));

/**
 * GET /crm/customers/{id}/quotations (spec 2 §3): the customer's live quotations, newest first, within the
 * caller's quotation scope (the customer route has checked the customer).
 */
export const customerQuotations = async (
  db: Db,
  principal: Principal,
  customerId: string,
  query: ListQuery,
) =>
  listQuotations(
    db,
    principal,
    { ...query, sortBy: 'createdAt', sortOrder: 'desc', filters: {} },
    eq(quotations.customerId, customerId),
  );

// ------------------------------------------------------------------------------------------ suggestions

export type QuotationSuggestionQuery = NumberedSuggestionQuery<'quotationId'>;

/**
 * GET /crm/quotations/suggestion: by number when given, else by title (contains); the selected one first;
 * optionally one customer's; live quotations in the caller's scope, at most 20.
 */
export const suggestQuotations = async (
  db: Db,
  principal: Principal,
  query: QuotationSuggestionQuery,
): Promise<QuotationSuggestion[]> => {
  const rows = await suggestNumbered({
    table: quotations,
    number: quotations.quotationId,
    scope: quotationScope(principal),
    query,
    byNumber: query.quotationId,
    rows: () =>
      db
        .select({
          q: quotations,
          customerName: customers.name,
          versionNumber: quotationVersions.versionNumber,
        })
        .from(quotations)
        .leftJoin(customers, eq(customers.id, quotations.customerId))
        .leftJoin(quotationVersions, eq(quotationVersions.id, quotations.activeVersionId))
        .$dynamic(),
    idOf: (row) => row.q.id,
  });
  return rows.map(({ q, customerName, versionNumber }) => ({
    _id: q.id,
    quotationId: q.quotationId,
    title: q.title,
    versionNumber: versionNumber ?? 0,
    status: q.status as QuotationStatus,
    customer: customerName !== null ? { _id: q.customerId, name: customerName } : null,
  }));
};

// ------------------------------------------------------------------------------------------- follow-ups

/**
 * GET /crm/quotations/{id}/follow-ups: 404 when the quotation is outside the caller's scope; its live
 * follow-ups otherwise (in the caller's follow-up scope), newest first.
 */
export const quotationFollowUps = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  principal: Principal,
  id: string,
  query: ListQuery,
) => {
  if (!may(principal, 'read')) throw forbidden(QUOTATION_READ_FORBIDDEN);
  const scope = quotationScope(principal);
  const [found] = await deps.db
    .select({ id: quotations.id })
    .from(quotations)
    .where(scope ? and(eq(quotations.id, id), scope) : eq(quotations.id, id))
    .limit(1);
  if (!found) throw notFound(QUOTATION.notFound);
  return listFollowUps(
    deps,
    principal,
    {
      ...query,
      sortBy: query.sortBy ?? 'date',
      sortOrder: query.sortBy ? query.sortOrder : 'desc',
      filters: {},
    },
    eq(followUps.quotationId, id),
  );
};

// -------------------------------------------------------------------------------------------- lifecycle

/**
 * Delete, restore, permanent delete (versions and lines go by cascade; the requirement's link clears; an
 * approved quotation is kept while its project is: quotation-project-guard.ts).
 */
export const quotationLifecycle = keepApprovedQuotations(
  recordLifecycle<QuotationRow>({
    table: quotations,
    messages: QUOTATION,
    history: HISTORY,
    scope: quotationScope,
  }),
);
