import { MESSAGES, type UserSuggestionDto, userListSpec } from '@karya/domain';
import { Badge, Button, Group, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import {
  DebouncedSearchInput,
  EmptyState,
  ErrorState,
  FilterDrawer,
  ListSkeleton,
  PaginationBar,
  QuickDateChips,
  SearchPalette,
  SearchPaletteButton,
  SortMenu,
  useListParams,
  useSearchPaletteHotkey,
} from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { fetchUserSuggestions, useUsersList } from './api';
import { UserCard } from './user-card';
import { UserFilterFields } from './user-filters';

/** Spec 1 §4: the users page size is stored under this key. */
export const USER_LIMIT_KEY = 'userLimit';

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Update Date' },
] as const;

/** /admin/users: cards of users with search, quick dates, sort, filters, pagination and a Ctrl+K palette. */
export const UsersListPage = () => {
  const { can } = useCan();
  const navigate = useNavigate();
  const list = useListParams(USER_LIMIT_KEY, { spec: userListSpec });
  const users = useUsersList(list.query);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const canSearch = can('user', 'suggestion');
  // Spec 1 §6 ties the Deleted filter to bulk-restore; single restore is accepted too.
  const canSeeDeleted = can('user', 'restore') || can('user', 'bulk-restore');
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useSearchPaletteHotkey(openPalette, canSearch);

  const setName = useCallback((name: string) => list.setFilter('name', name), [list.setFilter]);
  const data = users.data;
  const showingDeleted = list.filters.isDeleted === true;

  return (
    <Stack gap="md">
      <PageHeader
        title="Manage Users"
        filter
        actions={
          <>
            {canSearch && <SearchPaletteButton tooltip="Search users" onOpen={openPalette} />}
            {can('user', 'create') && (
              <Button component={Link} to="/admin/users/create" leftSection={<IconPlus size={16} />}>
                Create User
              </Button>
            )}
          </>
        }
      />

      <Group gap="sm" align="center" wrap="wrap">
        <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
          <DebouncedSearchInput
            label="Search users by name"
            placeholder="Search by name"
            value={typeof list.filters.name === 'string' ? list.filters.name : ''}
            onChange={setName}
          />
        </div>
        <QuickDateChips
          label="Created"
          value={list.filters.createdAt}
          onChange={(range) => list.setFilter('createdAt', range)}
        />
        <Group gap="xs" ml="auto">
          {showingDeleted && (
            <Badge color="red" variant="light">
              Deleted users
            </Badge>
          )}
          <SortMenu
            options={SORT_OPTIONS}
            sortBy={list.sortBy}
            sortOrder={list.sortOrder}
            onChange={list.setSort}
          />
        </Group>
      </Group>

      <VisuallyHidden aria-live="polite" role="status">
        {data ? `${data.usersCount} users found` : ''}
      </VisuallyHidden>

      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError && !data ? (
        <ErrorState message={messageOf(users.error)} onRetry={() => users.refetch()} />
      ) : data && data.users.length === 0 ? (
        <EmptyState message={MESSAGES.noUsers} />
      ) : data ? (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={users.isFetching}
          >
            {data.users.map((user) => (
              <UserCard key={user._id} user={user} />
            ))}
          </SimpleGrid>
          {users.isError && <ErrorState message={messageOf(users.error)} onRetry={() => users.refetch()} />}
        </>
      ) : null}

      {data && data.usersCount > 0 && (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={data.usersCount}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      )}

      <FilterDrawer list={list} title="Filter Users">
        {(draft) => <UserFilterFields draft={draft} canSeeDeleted={canSeeDeleted} />}
      </FilterDrawer>

      {canSearch && (
        <SearchPalette<UserSuggestionDto>
          opened={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          title="Search users"
          placeholder="Type a name..."
          queryKey={(name) => queryKeys.users.suggestion(name, '')}
          search={(name, signal) => fetchUserSuggestions(name, signal)}
          toItem={(u) => ({ id: u._id, label: u.name, description: u.email, image: u.image?.url ?? null })}
          onSelect={(u) => navigate(`/admin/users/${u._id}`)}
          emptyText={MESSAGES.noUsersSearch}
        />
      )}
    </Stack>
  );
};
