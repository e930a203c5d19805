import {
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_SORT_OPTIONS,
  type FollowUpDto,
  followUpListSpec,
  formatFollowUpId,
} from '@karya/domain';
import { lazy } from 'react';
import { useAuth, useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import {
  FOLLOW_UP_CREATE_PATH,
  FOLLOW_UPS_PAGE,
  fetchFollowUps,
  followUpKeys,
  followUpPath,
  searchFollowUps,
  useFollowUpLifecycle,
  useFollowUpsList,
} from './api';
import { FollowUpCard } from './follow-up-card';
import { FollowUpChips, NavigationStateFilters } from './follow-up-chips';
import { FOLLOW_UP_COLUMNS, FOLLOW_UP_TABLE_MIN_WIDTH } from './follow-up-columns';
import { whenText } from './follow-up-display';

// Downloaded when the filter drawer first opens (date pickers, user pickers).
const FollowUpFilterFields = lazy(() =>
  import('./follow-up-filters').then((m) => ({ default: m.FollowUpFilterFields })),
);

/** Local storage keys of the follow-up list (spec 2 §7 "Client storage"). */
export const FOLLOW_UP_STORAGE = {
  limit: 'followUpLimit',
  filters: 'followUpFilters',
  fields: 'followUpFields',
  layout: 'followUpLayout',
} as const;

startListEarly(
  FOLLOW_UPS_PAGE,
  { limitKey: FOLLOW_UP_STORAGE.limit, filtersKey: FOLLOW_UP_STORAGE.filters, spec: followUpListSpec },
  (q) => fetchFollowUps(q),
);

/**
 * /crm/follow-ups (spec 2 §2 "Follow-ups"): follow-ups in a table or a grid, the date chips (Yesterday,
 * Today, Tomorrow, This Week to Saturday, This Month), sort, filters (#filter, saved as followUpFilters),
 * Ctrl+K by number or customer name, bulk delete / restore / delete permanently, and a floating menu with
 * Create Call, Mail or Visit follow-up. Navigation state may bring the no-response flag or 'This Week'.
 */
export const FollowUpsListPage = () => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  const lifecycle = useFollowUpLifecycle();
  return (
    <RecordListPage<'followUps', FollowUpDto>
      resource="follow-up"
      title="Follow Ups"
      plural="followUps"
      pluralText="follow ups"
      spec={followUpListSpec}
      useList={useFollowUpsList}
      storage={FOLLOW_UP_STORAGE}
      getId={(f) => f._id}
      getLabel={(f) => `${formatFollowUpId(f.followUpId)} ${f.customer?.name ?? ''}`}
      href={followUpPath}
      card={(f) => <FollowUpCard followUp={f} />}
      table={{ columns: FOLLOW_UP_COLUMNS, minWidth: FOLLOW_UP_TABLE_MIN_WIDTH }}
      sortOptions={FOLLOW_UP_SORT_OPTIONS}
      chips={(list) => (
        <>
          <NavigationStateFilters list={list} />
          <FollowUpChips list={list} />
        </>
      )}
      // Spec 2 §6: the Deleted and Deleted By filters need bulk-restore on follow-up.
      deletedFilterNeeds={['bulk-restore']}
      filters={{
        title: 'Filter Follow Ups',
        fields: ({ canSeeDeleted }) => (
          <FollowUpFilterFields
            canSeeDeleted={canSeeDeleted}
            self={self}
            may={{ users: can('user', 'suggestion'), state: can('follow-up', 'view-all') }}
          />
        ),
      }}
      search={{
        title: 'Search follow ups',
        placeholder: 'Type a follow-up number or a customer name...',
        queryKey: (text) => followUpKeys.suggestion('search', text),
        search: searchFollowUps,
        toItem: (f) => ({
          id: f._id,
          label: `${formatFollowUpId(f.followUpId)} · ${f.customer?.name ?? ''}`,
          description: `${f.type} · ${whenText(f)} · ${f.status}`,
        }),
        emptyText: FOLLOW_UP_MESSAGES.searchEmpty,
        loadingText: FOLLOW_UP_MESSAGES.searchLoading,
      }}
      create={{
        label: 'Create',
        menu: [
          { label: 'Create Call Follow Up', to: `${FOLLOW_UP_CREATE_PATH}?type=Call` },
          { label: 'Create Mail Follow Up', to: `${FOLLOW_UP_CREATE_PATH}?type=Mail` },
          { label: 'Create Visit Follow Up', to: `${FOLLOW_UP_CREATE_PATH}?type=Visit` },
        ],
      }}
      bulk={lifecycle}
      emptyText={FOLLOW_UP_MESSAGES.empty}
    />
  );
};
