import {
  REJECTION_LIMIT_KEY,
  REJECTION_LIST_KEY,
  REJECTION_MESSAGES,
  REJECTION_RESOURCE,
  REJECTION_SORT_OPTIONS,
  type RejectionAnalysisDto,
  rejectionAnalysisListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { RecordListPage } from '../../components/list/record-list-page';
import { rejectionPath, useRejectionList } from './api';
import { RejectionCard } from './rejection-card';
import { REJECTION_COLUMNS, REJECTION_TABLE_MIN_WIDTH } from './rejection-columns';
import { rejectedQuotationNumber } from './rejection-display';

// Downloaded when the filter drawer first opens: the date pickers and the record pickers.
const RejectionFilterFields = lazy(() =>
  import('./rejection-filters').then((m) => ({ default: m.RejectionFilterFields })),
);

/** Local storage keys of the list (spec 2 §9: page size 20, kept under rejectionAnalysisLimit). */
export const REJECTION_STORAGE = {
  limit: REJECTION_LIMIT_KEY,
  filters: 'rejectionAnalysisFilters',
  fields: 'rejectionAnalysisFields',
  layout: 'rejectionAnalysisLayout',
} as const;

/**
 * /admin/rejection-analysis (spec 2 §2 "Rejection analysis"; issue 26): the rejected quotations with why,
 * as a table or a grid; sort by rejection, created or updated date; the filter panel (#filter), whose
 * Deleted filter needs read (spec 2 §6). Analyses are made from a quotation's Reject, so the list has no
 * Create.
 */
export const RejectionListPage = () => {
  const { can } = useCan();
  return (
    <RecordListPage<typeof REJECTION_LIST_KEY, RejectionAnalysisDto>
      resource={REJECTION_RESOURCE}
      title="Rejection Analysis"
      label="Rejection analyses"
      plural={REJECTION_LIST_KEY}
      pluralText="rejection analyses"
      spec={rejectionAnalysisListSpec}
      useList={useRejectionList}
      storage={REJECTION_STORAGE}
      getId={(r) => r._id}
      getLabel={(r) => `${rejectedQuotationNumber(r) ?? '-'} · ${r.quotation?.title ?? ''}`}
      href={rejectionPath}
      card={(r) => <RejectionCard analysis={r} />}
      table={{ columns: REJECTION_COLUMNS, minWidth: REJECTION_TABLE_MIN_WIDTH }}
      sortOptions={REJECTION_SORT_OPTIONS}
      deletedFilterNeeds={['read']}
      filters={{
        title: 'Filter Rejection Analysis',
        fields: ({ canSeeDeleted }) => (
          <RejectionFilterFields
            canSeeDeleted={canSeeDeleted}
            may={{
              quotations: can('quotation', 'suggestion'),
              customers: can('customer', 'suggestion'),
              users: can('user', 'suggestion'),
            }}
          />
        ),
      }}
      emptyText={REJECTION_MESSAGES.empty}
    />
  );
};
