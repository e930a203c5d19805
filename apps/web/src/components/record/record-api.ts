import type { BulkResult, ListQuery } from '@karya/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { LIST_STALE_MS, type RecordKeys } from '../../lib/query-keys';
import type { takeEarlyList } from '../list/early-list';

/**
 * The calls every record type makes the same way under its API path (`base`, '/crm/customers'): a list
 * page, one record, create, update, suggestion, and the lifecycle verbs. A feature's api.ts names them
 * (`export const useVendor = vendorApi.useOne`) and writes by hand only what differs. `Page` is the list
 * answer, `Dto` the record. `early`: the app path whose first list call may have started early, and
 * takeEarlyList (components/list/early-list.ts), passed in so that lists without it do not load it.
 */
export const recordApi = <Page, Dto>({
  base,
  keys,
  early,
}: {
  base: string;
  keys: Pick<RecordKeys, 'list' | 'detail'>;
  early?: { page: string; take: typeof takeEarlyList };
}) => {
  const path = (id: string, suffix = '') => `${base}/${encodeURIComponent(id)}${suffix}`;
  const fetchList = async (query: Partial<ListQuery>, signal?: AbortSignal) =>
    (await api.list<Page>(base, query, { signal })).data;
  return {
    base,
    path,
    /** GET {base}: a page. */
    fetchList,
    /** A page; fresh for LIST_STALE_MS, the previous page stays on screen while the next loads. */
    useList: (query: ListQuery) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: ({ signal }) =>
          early ? early.take(early.page, query, () => fetchList(query, signal)) : fetchList(query, signal),
        placeholderData: keepPreviousData,
        staleTime: LIST_STALE_MS,
      }),
    /** One record, deleted ones included; nothing is asked without an id. */
    useOne: (id: string | null | undefined) =>
      useQuery({
        queryKey: keys.detail(id ?? ''),
        queryFn: async ({ signal }) => (await api.get<Dto>(path(id ?? ''), undefined, { signal })).data,
        enabled: Boolean(id),
      }),
    /** POST {base}; empty values are stripped (a new record has nothing to clear). */
    create: (body: unknown, idempotencyKey?: string) => api.post<Dto>(base, body, { idempotencyKey }),
    /** PATCH {base}/{id}; cleared fields are sent empty so the server clears them. */
    update: (id: string, body: unknown, idempotencyKey?: string) =>
      api.patch<Dto>(path(id), body, { keepEmpty: true, idempotencyKey }),
    /** GET {base}/suggestion with the given parameters. */
    suggest: async <T>(params: Record<string, string | undefined>, signal?: AbortSignal) =>
      (await api.get<T>(`${base}/suggestion`, params, { signal })).data,
    /** The single-record verbs, for useRecordLifecycle. */
    lifecycle: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
    },
    /** The bulk verbs (`{ids}`), for record types that offer them. */
    bulkLifecycle: {
      bulkRemove: (ids: string[]) => api.delete<BulkResult>(`${base}/bulk`, { ids }),
      bulkRestore: (ids: string[]) => api.patch<BulkResult>(`${base}/bulk/restore`, { ids }),
      bulkRemovePermanently: (ids: string[]) => api.delete<BulkResult>(`${base}/bulk/permanent`, { ids }),
    },
  };
};
