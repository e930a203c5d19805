// Rejection analyses read in the caller's scope (the list, one analysis) and their lifecycle, whose restore
// keeps one live analysis per quotation. Writing is rejection-analyses-write.ts.
import { type ListQuery, REJECTION_LIST_KEY } from '@karya/domain';
import type { Db } from '../../db/client.ts';
import { rejectionAnalyses } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import { type LifecycleDeps, recordLifecycle } from '../../platform/lifecycle-service.ts';
import type { ListColumns } from '../../platform/list-sql.ts';
import type { Principal } from '../../platform/principal.ts';
import { findRecord, lifecycleRules, listPage, runList } from '../../platform/records.ts';
import { liveAnalysisOf, refuseSecondAnalysis } from './rejection-analyses-write.ts';
import {
  detail,
  HISTORY,
  REJECTION,
  type RejectionRow,
  rejectionScope,
  rejectionSelect,
  type SelectedRow,
  toDtos,
} from './rejection-analysis-dto.ts';

// ------------------------------------------------------------------------------------------------ list

const columns: ListColumns = {
  filters: {
    quotation: { kind: 'in', on: rejectionAnalyses.quotationId },
    customer: { kind: 'in', on: rejectionAnalyses.customerId },
    rejectionDate: { kind: 'dayRange', on: rejectionAnalyses.rejectionDate },
    reason: { kind: 'text', on: rejectionAnalyses.reasonsText },
    competitor: { kind: 'text', on: rejectionAnalyses.competitorName },
    lostTo: { kind: 'in', on: rejectionAnalyses.lostTo },
    offeredAmount: { kind: 'numberRange', on: rejectionAnalyses.offeredAmount },
    ...lifecycleRules(rejectionAnalyses),
  },
  sort: {
    rejectionDate: rejectionAnalyses.rejectionDate,
    createdAt: rejectionAnalyses.createdAt,
    updatedAt: rejectionAnalyses.updatedAt,
  },
  id: rejectionAnalyses.id,
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * GET /crm/rejection-analysis: `{rejectionAnalyses, rejectionAnalysesCount, page, limit}`, live analyses
 * unless the query asks for deleted ones. Spec 2 §6: the Deleted filter needs read, which the list itself
 * needs, so it asks for nothing more (Deleted By implies Deleted, as in every list).
 */
export const listRejections = async (db: Db, principal: Principal, query: ListQuery) => {
  const filters = { isDeleted: query.filters.deletedBy !== undefined, ...query.filters };
  const { rows, total } = await runList<SelectedRow>({
    db,
    table: rejectionAnalyses,
    columns,
    query,
    filters,
    scope: rejectionScope(principal),
    select: rejectionSelect,
  });
  return listPage(REJECTION_LIST_KEY, toDtos(rows), total, query);
};

export const getRejection = (db: Db, principal: Principal, id: string) =>
  detail(db, id, rejectionScope(principal));

// -------------------------------------------------------------------------------------------- lifecycle

/**
 * Delete, permanent delete and history as every record's. Neither reopens the quotation: the customer's no
 * stands (decision 0016).
 */
export const rejectionLifecycle = recordLifecycle<RejectionRow>({
  table: rejectionAnalyses,
  messages: REJECTION,
  history: HISTORY,
  scope: rejectionScope,
});

/**
 * PATCH /crm/rejection-analysis/{id}/restore: refused (409) while another analysis of the same quotation is
 * live; the partial unique index decides between two restores sent at the same moment.
 */
export const restoreRejection = async (deps: LifecycleDeps, principal: Principal, id: string) => {
  const row = await findRecord<RejectionRow>(
    deps.db,
    rejectionAnalyses,
    id,
    REJECTION,
    rejectionScope(principal),
  );
  if (row.isDeleted) {
    const other = await liveAnalysisOf(deps.db, row.quotationId);
    if (other && other.id !== row.id) throw conflict(REJECTION.alreadyRejected);
  }
  await rejectionLifecycle.restore(deps, principal, id).catch(refuseSecondAnalysis);
};
