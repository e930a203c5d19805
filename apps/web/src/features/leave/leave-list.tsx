import { LEAVE_STATUSES, type LeaveDto, leaveListSpec } from '@karya/domain';
import { Chip, Group } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { useAuth, useCan } from '../../app/auth';
import type { ListParams } from '../../components/list/list-params';
import { RecordListPage } from '../../components/list/record-list-page';
import { useLeavesList } from './api';
import { LEAVE_COLUMNS, LEAVE_SORT_OPTIONS, LEAVE_TABLE_MIN_WIDTH, LeaveCard } from './leave-columns';
import { leaveDates } from './leave-format';

// Downloaded when the filter drawer first opens (it carries the date pickers).
const LeaveFilterFields = lazy(() =>
  import('./leave-filters').then((m) => ({ default: m.LeaveFilterFields })),
);

/** Local storage keys of All leave. */
export const LEAVE_LIMIT_KEY = 'leaveLimit';
export const LEAVE_FILTERS_KEY = 'leaveFilters';
export const LEAVE_FIELDS_KEY = 'leaveFields';
export const LEAVE_LAYOUT_KEY = 'leaveLayout';

export const LEAVE_EMPTY_TEXT = 'No leave found';

/** The status chips; choosing the selected chip clears the status filter. */
const StatusChips = ({ list }: { list: ListParams }) => {
  const selected = Array.isArray(list.filters.status) ? (list.filters.status as string[]) : [];
  return (
    <Group gap={6} role="group" aria-label="Status quick filters" wrap="wrap">
      {LEAVE_STATUSES.map((status) => {
        const checked = selected.includes(status);
        return (
          <Chip
            key={status}
            size="sm"
            checked={checked}
            onChange={() => list.setFilter('status', checked ? undefined : [status])}
          >
            {status}
          </Chip>
        );
      })}
    </Group>
  );
};

/**
 * All leave (`?view=all`): the list kit over GET /hrm/leaves (the caller's own, their teams', or all with
 * view-all) with its filters (status, type, person, dates), sort, table or cards; a row opens
 * /hrm/leaves/:id. `views` is the page's view switch, first in the chips row.
 */
export const LeaveList = ({ views }: { views: ReactNode }) => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  return (
    <RecordListPage<'leaves', LeaveDto>
      resource="leave"
      title="Leave"
      label="All leave"
      plural="leaves"
      pluralText="leave applications"
      spec={leaveListSpec}
      useList={useLeavesList}
      storage={{
        limit: LEAVE_LIMIT_KEY,
        filters: LEAVE_FILTERS_KEY,
        fields: LEAVE_FIELDS_KEY,
        layout: LEAVE_LAYOUT_KEY,
      }}
      getId={(l) => l._id}
      getLabel={(l) => `${l.user.name}, ${leaveDates(l)}`}
      href={(id) => `/hrm/leaves/${id}`}
      card={(l) => <LeaveCard leave={l} />}
      table={{ columns: LEAVE_COLUMNS, minWidth: LEAVE_TABLE_MIN_WIDTH }}
      sortOptions={LEAVE_SORT_OPTIONS}
      chips={(list) => (
        <>
          {views}
          <StatusChips list={list} />
        </>
      )}
      filters={{
        title: 'Filter Leave',
        fields: () => <LeaveFilterFields canPickUsers={can('user', 'suggestion')} self={self} />,
      }}
      emptyText={LEAVE_EMPTY_TEXT}
    />
  );
};
