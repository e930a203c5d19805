import {
  formatRequirementId,
  REQUIREMENT_MESSAGES,
  REQUIREMENT_SORT_OPTIONS,
  type RequirementDto,
  type RequirementSuggestion,
  requirementListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import {
  fetchRequirements,
  REQUIREMENT_CREATE_PATH,
  REQUIREMENTS_PAGE,
  requirementKeys,
  requirementPath,
  searchRequirements,
  useRequirementLifecycle,
  useRequirementsList,
} from './api';
import { RequirementCard } from './requirement-card';
import { REQUIREMENT_COLUMNS, REQUIREMENT_TABLE_MIN_WIDTH } from './requirement-columns';

// Downloaded when the filter drawer first opens: the date pickers and the pickers.
const RequirementFilterFields = lazy(() =>
  import('./requirement-filters').then((m) => ({ default: m.RequirementFilterFields })),
);

/** Local storage keys of the requirement list (spec 2 §7 "Client storage": requirementLimit). */
export const REQUIREMENT_STORAGE = {
  limit: 'requirementLimit',
  filters: 'requirementFilters',
  fields: 'requirementFields',
  layout: 'requirementLayout',
} as const;

startListEarly(
  REQUIREMENTS_PAGE,
  { limitKey: REQUIREMENT_STORAGE.limit, filtersKey: REQUIREMENT_STORAGE.filters, spec: requirementListSpec },
  (q) => fetchRequirements(q),
);

/**
 * /crm/requirements (spec 2 §2 "Requirements"): a table or a grid, quick dates on the creation date, sort
 * (ID, Title, Created Date, Updated Date), filters (#filter), columns (#field-arrangement), Ctrl+K by RI
 * number or title, bulk delete / restore / delete permanently, and Create.
 */
export const RequirementsListPage = () => {
  const { can } = useCan();
  const lifecycle = useRequirementLifecycle();
  return (
    <RecordListPage<'requirements', RequirementDto, RequirementSuggestion>
      resource="requirement"
      title="Requirements"
      plural="requirements"
      spec={requirementListSpec}
      useList={useRequirementsList}
      storage={REQUIREMENT_STORAGE}
      getId={(r) => r._id}
      getLabel={(r) => r.title}
      href={requirementPath}
      card={(r) => <RequirementCard requirement={r} />}
      table={{ columns: REQUIREMENT_COLUMNS, minWidth: REQUIREMENT_TABLE_MIN_WIDTH }}
      sortOptions={REQUIREMENT_SORT_OPTIONS}
      quickDates={{ filter: 'createdAt', label: 'Created' }}
      // Spec 2 §6: the Deleted filters need bulk-restore on requirement.
      deletedFilterNeeds={['bulk-restore']}
      filters={{
        title: 'Filter Requirements',
        fields: ({ canSeeDeleted }) => (
          <RequirementFilterFields
            canSeeDeleted={canSeeDeleted}
            may={{
              state: can('requirement', 'view-all'),
              users: can('user', 'suggestion'),
              customers: can('customer', 'suggestion'),
              items: can('product-item', 'suggestion'),
            }}
          />
        ),
      }}
      search={{
        title: 'Search requirements',
        placeholder: 'Type a requirement title or RI number...',
        queryKey: (text) => requirementKeys.suggestion('search', text),
        search: searchRequirements,
        toItem: (r) => ({
          id: r._id,
          label: `${formatRequirementId(r.requirementId)} · ${r.title}`,
          description: r.customer?.name ?? r.status,
        }),
        emptyText: REQUIREMENT_MESSAGES.searchEmpty,
        loadingText: REQUIREMENT_MESSAGES.searchLoading,
      }}
      create={{ label: 'Create Requirement', to: REQUIREMENT_CREATE_PATH }}
      bulk={lifecycle}
      emptyText={REQUIREMENT_MESSAGES.empty}
    />
  );
};
