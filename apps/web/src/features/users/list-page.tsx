import { MESSAGES, type UserDto, type UserSuggestionDto, userListSpec } from '@karya/domain';
import { lazy } from 'react';
import { startListEarly } from '../../components/list/early-list';
import type { ListParams } from '../../components/list/list-params';
import { RecordListPage } from '../../components/list/record-list-page';
import { DebouncedSearchInput } from '../../components/list/search-input';
import { queryKeys } from '../../lib/query-keys';
import { fetchUserSuggestions, fetchUsers, USERS_PAGE, useUsersList } from './api';
import { UserCard } from './user-card';

// Downloaded when the filter drawer first opens.
const UserFilterFields = lazy(() => import('./user-filters').then((m) => ({ default: m.UserFilterFields })));

/** Spec 1 §4: the users page size is stored under this key. */
export const USER_LIMIT_KEY = 'userLimit';

startListEarly(USERS_PAGE, { limitKey: USER_LIMIT_KEY, spec: userListSpec }, (q) => fetchUsers(q));

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Update Date' },
] as const;

/** The name search above the cards (spec 1 §4), a filter like any other. */
const NameSearch = ({ list }: { list: ListParams }) => (
  <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
    <DebouncedSearchInput
      label="Search users by name"
      placeholder="Search by name"
      value={typeof list.filters.name === 'string' ? list.filters.name : ''}
      onChange={(name) => list.setFilter('name', name)}
    />
  </div>
);

/** /admin/users: cards of users with search, quick dates, sort, filters, pagination and a Ctrl+K palette. */
export const UsersListPage = () => (
  <RecordListPage<'users', UserDto, UserSuggestionDto>
    resource="user"
    title="Manage Users"
    label="Users"
    plural="users"
    spec={userListSpec}
    useList={useUsersList}
    storage={{ limit: USER_LIMIT_KEY }}
    getId={(user) => user._id}
    getLabel={(user) => user.name}
    href={(id) => `/admin/users/${id}`}
    card={(user) => <UserCard user={user} />}
    cardLinks
    sortOptions={SORT_OPTIONS}
    chips={(list) => <NameSearch list={list} />}
    quickDates={{ filter: 'createdAt', label: 'Created' }}
    filters={{
      title: 'Filter Users',
      fields: ({ canSeeDeleted }) => <UserFilterFields canSeeDeleted={canSeeDeleted} />,
    }}
    // Spec 1 §6 ties the Deleted filter to bulk-restore; single restore is accepted too.
    deletedFilterNeeds={['restore', 'bulk-restore']}
    search={{
      title: 'Search users',
      placeholder: 'Type a name...',
      queryKey: (name) => queryKeys.users.suggestion(name, ''),
      search: fetchUserSuggestions,
      toItem: (u) => ({ id: u._id, label: u.name, description: u.email, image: u.image?.url ?? null }),
      emptyText: MESSAGES.noUsersSearch,
    }}
    create={{ label: 'Create User', to: '/admin/users/create' }}
    emptyText={MESSAGES.noUsers}
  />
);
