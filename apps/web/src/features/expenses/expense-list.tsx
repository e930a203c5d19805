import { EXPENSE_STATUSES, type ExpenseClaimDto, expenseListSpec } from '@karya/domain';
import { Chip, Group } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { useAuth, useCan } from '../../app/auth';
import type { ListParams } from '../../components/list/list-params';
import { RecordListPage } from '../../components/list/record-list-page';
import { claimHref, useClaimsList } from './api';
import { ClaimCard, EXPENSE_COLUMNS, EXPENSE_SORT_OPTIONS, EXPENSE_TABLE_MIN_WIDTH } from './expense-columns';
import { claimName } from './expense-format';
import { RegisterDownload } from './register-button';

// Downloaded when the filter drawer first opens (it carries the date pickers).
const ExpenseFilterFields = lazy(() =>
  import('./expense-filters').then((m) => ({ default: m.ExpenseFilterFields })),
);

/** Local storage keys of All claims. */
export const EXPENSE_LIMIT_KEY = 'expenseLimit';
export const EXPENSE_FILTERS_KEY = 'expenseFilters';
export const EXPENSE_FIELDS_KEY = 'expenseFields';
export const EXPENSE_LAYOUT_KEY = 'expenseLayout';

export const EXPENSE_EMPTY_TEXT = 'No expense claims found';

/** The status chips; choosing the selected chip clears the status filter. */
const StatusChips = ({ list }: { list: ListParams }) => {
  const selected = Array.isArray(list.filters.status) ? (list.filters.status as string[]) : [];
  return (
    <Group gap={6} role="group" aria-label="Status quick filters" wrap="wrap">
      {EXPENSE_STATUSES.map((status) => {
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
 * All claims (`?view=all`): the list kit over GET /hrm/expenses (the caller's own, their teams' once
 * submitted, or all with view-all) with its filters (claim id, status, person, dates), sort, table or cards;
 * a row opens /hrm/expenses/:id. `views` is the page's view switch, first in the chips row; the month's
 * register (.xlsx) follows the chips for a manager or view-all.
 */
export const ExpenseList = ({ views }: { views: ReactNode }) => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  const mayRegister = can('expense', 'view-all') || can('expense', 'update');
  return (
    <RecordListPage<'claims', ExpenseClaimDto>
      resource="expense"
      title="Expenses"
      label="All claims"
      plural="claims"
      pluralText="expense claims"
      spec={expenseListSpec}
      useList={useClaimsList}
      storage={{
        limit: EXPENSE_LIMIT_KEY,
        filters: EXPENSE_FILTERS_KEY,
        fields: EXPENSE_FIELDS_KEY,
        layout: EXPENSE_LAYOUT_KEY,
      }}
      getId={(c) => c._id}
      getLabel={(c) => `${c.user.name}, ${claimName(c)}`}
      href={claimHref}
      card={(c) => <ClaimCard claim={c} />}
      table={{ columns: EXPENSE_COLUMNS, minWidth: EXPENSE_TABLE_MIN_WIDTH }}
      sortOptions={EXPENSE_SORT_OPTIONS}
      chips={(list) => (
        <>
          {views}
          <StatusChips list={list} />
          {mayRegister && <RegisterDownload />}
        </>
      )}
      filters={{
        title: 'Filter Claims',
        fields: () => <ExpenseFilterFields canPickUsers={can('user', 'suggestion')} self={self} />,
      }}
      emptyText={EXPENSE_EMPTY_TEXT}
    />
  );
};
