import {
  formatQuotationId,
  QUOTATION_LIMIT_KEY,
  QUOTATION_MESSAGES,
  QUOTATION_SORT_OPTIONS,
  type QuotationListDto,
  type QuotationSuggestion,
  quotationListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import {
  fetchQuotations,
  QUOTATION_CREATE_PATH,
  QUOTATIONS_PAGE,
  quotationKeys,
  quotationPath,
  searchQuotations,
  useQuotationLifecycle,
  useQuotationsList,
} from './api';
import { QuotationCard } from './quotation-card';
import { QUOTATION_COLUMNS, QUOTATION_TABLE_MIN_WIDTH } from './quotation-columns';

// Downloaded when the filter drawer first opens: the date pickers and the pickers.
const QuotationFilterFields = lazy(() =>
  import('./quotation-filters').then((m) => ({ default: m.QuotationFilterFields })),
);

/** Local storage keys of the quotation list (spec 3 §9: the page size under quotationLimit). */
export const QUOTATION_STORAGE = {
  limit: QUOTATION_LIMIT_KEY,
  filters: 'quotationFilters',
  fields: 'quotationFields',
  layout: 'quotationLayout',
} as const;

startListEarly(
  QUOTATIONS_PAGE,
  { limitKey: QUOTATION_STORAGE.limit, filtersKey: QUOTATION_STORAGE.filters, spec: quotationListSpec },
  (q) => fetchQuotations(q),
);

/**
 * /crm/quotations (spec 3 §2 "Quotations"; issue 25 "Screens"): a table or a grid, quick dates on the
 * creation date (the week starts on Monday), sort (ID, Created, Updated), filters (#filter), columns
 * (#field-arrangement), Ctrl+K by quotation number (a digit in the text) or title, bulk delete / restore /
 * delete permanently, and Create.
 */
export const QuotationsListPage = () => {
  const { can } = useCan();
  const lifecycle = useQuotationLifecycle();
  return (
    <RecordListPage<'quotations', QuotationListDto, QuotationSuggestion>
      resource="quotation"
      title="Quotations"
      plural="quotations"
      spec={quotationListSpec}
      useList={useQuotationsList}
      storage={QUOTATION_STORAGE}
      getId={(q) => q._id}
      getLabel={(q) => q.activeVersion.title}
      href={quotationPath}
      card={(q) => <QuotationCard quotation={q} />}
      table={{ columns: QUOTATION_COLUMNS, minWidth: QUOTATION_TABLE_MIN_WIDTH }}
      sortOptions={QUOTATION_SORT_OPTIONS}
      quickDates={{ filter: 'createdAt', label: 'Created' }}
      // Spec 3 §2: the Deleted and Deleted By filters need bulk-restore on quotation.
      deletedFilterNeeds={['bulk-restore']}
      filters={{
        title: 'Filter Quotations',
        buttons: { reset: 'Reset Filter', apply: 'Apply Filters' },
        fields: ({ canSeeDeleted }) => (
          <QuotationFilterFields
            canSeeDeleted={canSeeDeleted}
            may={{
              state: can('quotation', 'view-all'),
              users: can('user', 'suggestion'),
              customers: can('customer', 'suggestion'),
              requirements: can('requirement', 'suggestion'),
            }}
          />
        ),
      }}
      search={{
        title: 'Search quotations',
        placeholder: 'Type a quotation title or ARR number...',
        queryKey: (text) => quotationKeys.suggestion('search', text),
        search: (text, signal) => searchQuotations(text, signal),
        toItem: (q) => ({
          id: q._id,
          label: `${formatQuotationId(q.quotationId, q.versionNumber)} · ${q.title}`,
          description: q.customer?.name ?? q.status,
        }),
        emptyText: QUOTATION_MESSAGES.searchEmpty,
      }}
      create={{ label: 'Create Quotation', to: QUOTATION_CREATE_PATH }}
      bulk={lifecycle}
      emptyText={QUOTATION_MESSAGES.empty}
    />
  );
};
