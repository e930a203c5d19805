import type { ActivityDto, ListPage, ListQuery, UserDto, UserSuggestionDto } from '@karya/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { recordApi } from '../../components/record/record-api';
import { api } from '../../lib/api';
import { withLoadingToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';

export type UsersPage = ListPage<'users', UserDto>;
export type ActivitiesPage = ListPage<'activities', ActivityDto>;

/** Activities come 20 at a time; "Load more" asks for the next page. */
export const ACTIVITIES_PAGE_SIZE = 20;

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const USERS_PAGE = '/admin/users';

const userApi = recordApi<UsersPage, UserDto>({
  base: '/admin/users',
  keys: queryKeys.users,
  early: { page: USERS_PAGE, take: takeEarlyList },
});
const { path } = userApi;

/** GET /admin/users: a page of users. */
export const fetchUsers = (query: ListQuery, signal?: AbortSignal) => userApi.fetchList(query, signal);

/** A page of users (fresh for LIST_STALE_MS; the previous page stays while paging). */
export const useUsersList = userApi.useList;

/** One user, for the detail page and the update and change-password forms (nothing is asked without an id). */
export const useUser = userApi.useOne;

/** GET /admin/users/suggestion (at most 20 entries). */
export const fetchUserSuggestions = (name: string, signal?: AbortSignal, selectedIds: string[] = []) =>
  userApi.suggest<UserSuggestionDto[]>(
    { name, selectedIds: selectedIds.length ? selectedIds.join(',') : undefined },
    signal,
  );

/** A user's activities, newest first, fetched only while `enabled` (the accordion is open). */
export const useUserActivities = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.users.activities(id),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ActivitiesPage>(
          path(id, '/activities'),
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
