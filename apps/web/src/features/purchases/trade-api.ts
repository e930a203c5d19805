import type { ListPage, ListQuery, TradeDocumentDto } from '@karya/domain';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/**
 * A purchase or sale moves stock (decision 0011): every change refreshes the documents, the stocks and
 * the items (their stock figures come from the ledger).
 */
export const STOCK_MOVING_ROOTS = ['purchases', 'sales', 'stocks', 'items'] as const;
export const stockMovingKeys: readonly QueryKey[] = STOCK_MOVING_ROOTS.map((r) => [r]);

/** The calls of one document type (purchases or sales), the same shape under /crm/products/{plural}. */
export const tradeApi = <K extends string, D extends TradeDocumentDto>(
  root: 'purchases' | 'sales',
  _listKey: K,
  noun: 'purchase' | 'sale',
) => {
  const keys = recordKeys(root);
  const BASE = `/crm/products/${root}`;
  const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;
  const PAGE = `/admin/products/${root}`;
  return {
    keys,
    PAGE,
    useList: (query: ListQuery) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: async ({ signal }) => (await api.list<ListPage<K, D>>(BASE, query, { signal })).data,
        placeholderData: keepPreviousData,
        staleTime: LIST_STALE_MS,
      }),
    useOne: (id: string | undefined) =>
      useQuery({
        queryKey: keys.detail(id ?? ''),
        queryFn: async ({ signal }) => (await api.get<D>(path(id ?? ''), undefined, { signal })).data,
        enabled: Boolean(id),
      }),
    create: (body: unknown, idempotencyKey?: string) => api.post<D>(BASE, body, { idempotencyKey }),
    update: (id: string, body: unknown, idempotencyKey?: string) =>
      api.patch<D>(path(id), body, { keepEmpty: true, idempotencyKey }),
    useLifecycle: () =>
      useRecordLifecycle({
        noun,
        queryRoot: root,
        alsoInvalidate: stockMovingKeys.filter((k) => k[0] !== root),
        api: {
          remove: (id: string) => api.delete<null>(path(id)),
          restore: (id: string) => api.patch<null>(path(id, '/restore')),
          removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
        },
      }),
  };
};
