import type { ActivityDto, ListPage, ListQuery, UserDto, UserSuggestionDto } from '@karya/domain';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { api } from '../../lib/api';
import { withLoadingToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';

export type UsersPage = ListPage<'users', UserDto>;
export type ActivitiesPage = ListPage<'activities', ActivityDto>;

/** Activities come 20 at a time; "Load more" asks for the next page. */
export const ACTIVITIES_PAGE_SIZE = 20;

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const USERS_PAGE = '/admin/users';

/** GET /admin/users: a page of users. */
export const fetchUsers = async (query: ListQuery, signal?: AbortSignal) =>
  (await api.list<UsersPage>('/admin/users', query, { signal })).data;

/** A page of users (cached LIST_STALE_MS by the client default; the previous page stays while paging). */
export const useUsersList = (query: ListQuery) =>
  useQuery({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => takeEarlyList(USERS_PAGE, query, () => fetchUsers(query, signal)),
    placeholderData: keepPreviousData,
  });

/** One user, for the detail page and the update and change-password forms (nothing is asked without an id). */
export const useUser = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.users.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<UserDto>(`/admin/users/${encodeURIComponent(id ?? '')}`, undefined, { signal })).data,
    enabled: Boolean(id),
  });

/** GET /admin/users/suggestion (at most 20 entries). */
export const fetchUserSuggestions = async (name: string, signal?: AbortSignal, selectedIds: string[] = []) =>
  (
    await api.get<UserSuggestionDto[]>(
      '/admin/users/suggestion',
      { name, selectedIds: selectedIds.length ? selectedIds.join(',') : undefined },
      { signal },
    )
  ).data;

/** A user's activities, newest first, fetched only while `enabled` (the accordion is open). */
export const useUserActivities = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.users.activities(id),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ActivitiesPage>(
          `/admin/users/${encodeURIComponent(id)}/activities`,
          { page: String(pageParam), limit: String(ACTIVITIES_PAGE_SIZE) },
          { signal },
        )
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.activitiesCount ? last.page + 1 : undefined),
    enabled,
    // Activities change with every sign-in; do not keep them as long as lists.
    staleTime: 30_000,
  });

/**
 * The state-changing calls on a user. Each shows a loading toast that turns into the server's message,
 * then invalidates every users query (lists, details, suggestions). Errors are rethrown after the toast.
 */
export const useUserMutations = () => {
  const client = useQueryClient();
  const run = async <T>(
    loading: string,
    call: () => Promise<{ message: string; data: T }>,
    gone?: string,
  ) => {
    let done = false;
    try {
      const result = await withLoadingToast(loading, call);
      done = true;
      return result;
    } finally {
      // A permanently deleted user's own queries are dropped, not refetched into a 404.
      if (done && gone) {
        client.removeQueries({ queryKey: queryKeys.users.detail(gone) });
        client.removeQueries({ queryKey: queryKeys.users.activities(gone) });
      }
      void client.invalidateQueries({
        queryKey: queryKeys.users.all,
        predicate: (q) => !done || !gone || !q.queryKey.includes(gone),
      });
    }
  };
  const path = (id: string, suffix = '') => `/admin/users/${encodeURIComponent(id)}${suffix}`;
  return {
    remove: (id: string) => run('Deleting user...', () => api.delete<null>(path(id))),
    restore: (id: string) => run('Restoring user...', () => api.patch<UserDto>(path(id, '/restore'))),
    removePermanently: (id: string) =>
      run('Deleting user permanently...', () => api.delete<null>(path(id, '/permanent')), id),
    setBlocked: (id: string, blocked: boolean) =>
      run(blocked ? 'Blocking user...' : 'Unblocking user...', () =>
        api.patch<UserDto>(path(id, blocked ? '/block' : '/unblock')),
      ),
  };
};
