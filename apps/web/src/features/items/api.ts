import {
  type BulkResult,
  type ItemDto,
  itemSearchFilter,
  type ListPage,
  type ListQuery,
} from '@karya/domain';
import { keepPreviousData, type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import type { RefOption, RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { LIST_STALE_MS, recordKeys } from '../../lib/query-keys';

/** Every items query key starts with 'items': a change refreshes lists, details and searches at once. */
export const itemKeys = recordKeys('items');

/**
 * Spec 3 §7: item changes also refresh the cached stocks, requirements, quotations, sales and purchases
 * (they show items' names, prices and GST).
 */
export const ITEM_DEPENDENT_ROOTS = ['stocks', 'requirements', 'quotations', 'sales', 'purchases'] as const;
export const itemChangeKeys: readonly QueryKey[] = [itemKeys.all, ...ITEM_DEPENDENT_ROOTS.map((r) => [r])];
export const invalidateItemChanges = (client: QueryClient) =>
  Promise.all(itemChangeKeys.map((queryKey) => client.invalidateQueries({ queryKey })));

export type ItemsPage = ListPage<'productItems', ItemDto>;

const BASE = '/crm/products/items';
/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const ITEMS_PAGE = '/crm/products/items';
export const itemPath = (id: string) => `${ITEMS_PAGE}/${id}`;
const path = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

/** GET /crm/products/items: a page of items. */
export const fetchItems = async (query: Partial<ListQuery>, signal?: AbortSignal) =>
  (await api.list<ItemsPage>(BASE, query, { signal })).data;

/** A page of items; fresh for LIST_STALE_MS, the previous page stays on screen while the next loads. */
export const useItemsList = (query: ListQuery) =>
  useQuery({
    queryKey: itemKeys.list(query),
    queryFn: ({ signal }) => takeEarlyList(ITEMS_PAGE, query, () => fetchItems(query, signal)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The Ctrl+K palette: at most 10 items, by SKU when the text is a number, else by name. */
export const ITEM_SEARCH_LIMIT = 10;
export const searchItems = async (text: string, signal?: AbortSignal) =>
  (
    await fetchItems(
      {
        page: 1,
        limit: ITEM_SEARCH_LIMIT,
        filters: itemSearchFilter(text),
        sortBy: 'name',
        sortOrder: 'asc',
      },
      signal,
    )
  ).productItems;

/** One item, deleted ones included (the detail page shows them with Restore). */
export const useItem = (id: string | undefined) =>
  useQuery({
    queryKey: itemKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await api.get<ItemDto>(path(id ?? ''), undefined, { signal })).data,
    enabled: Boolean(id),
  });

/** POST /crm/products/items (multipart: fields, `images` repeated, `specifications`). */
export const createItem = (body: FormData, idempotencyKey?: string) =>
  api.post<ItemDto>(BASE, body, { idempotencyKey });
/** PATCH /crm/products/items/{id} (multipart: changed fields, new files, deletedImages, deleteSpecifications). */
export const updateItem = (id: string, body: FormData, idempotencyKey?: string) =>
  api.patch<ItemDto>(path(id), body, { idempotencyKey });
/** POST /crm/products/items/bulk: a JSON array of {name}. */
export const bulkCreateItems = (names: readonly string[]) =>
  api.post<ItemDto[]>(
    `${BASE}/bulk`,
    names.map((name) => ({ name })),
  );

/** PATCH /crm/products/stocks/{id}/update-price (rupees); needs update on product-stock. */
export const updateStockPrice = (stockId: string, price: number) =>
  api.patch<{ _id: string; currentStock: number; priceToShow: number }>(
    `/crm/products/stocks/${encodeURIComponent(stockId)}/update-price`,
    { price },
    { keepEmpty: true },
  );

/**
 * Delete / restore / delete permanently, one or many (spec 3 §4: bulk forms exist for items), with the
 * spec's confirmations ('Delete Item', 'They will be restored in the active Items section.'). Each
 * refreshes the items and the lists that show items.
 */
export const useItemLifecycle = () =>
  useRecordLifecycle({
    noun: 'item',
    queryRoot: itemKeys.all[0],
    alsoInvalidate: ITEM_DEPENDENT_ROOTS.map((r) => [r]),
    api: {
      remove: (id: string) => api.delete<null>(path(id)),
      restore: (id: string) => api.patch<null>(path(id, '/restore')),
      removePermanently: (id: string) => api.delete<null>(path(id, '/permanent')),
      bulkRemove: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk`, { ids }),
      bulkRestore: (ids: string[]) => api.patch<BulkResult>(`${BASE}/bulk/restore`, { ids }),
      bulkRemovePermanently: (ids: string[]) => api.delete<BulkResult>(`${BASE}/bulk/permanent`, { ids }),
    },
  });

/**
 * The pickers' suggestion calls (spec 3 §7): brands and margins take one `selectedId`, categories and
 * classes a comma list in `selectedIds`. Their answers live under each record type's keys.
 */
const refSource = (root: string, collection: string, single: boolean): RefSource => {
  const keys = recordKeys(root);
  return {
    queryKey: (name, selected) => keys.suggestion(name, selected),
    fetch: async (name, selectedIds, signal) =>
      (
        await api.get<RefOption[]>(
          `/crm/products/${collection}/suggestion`,
          single
            ? { name, selectedId: selectedIds[0] }
            : { name, selectedIds: selectedIds.length ? selectedIds.join(',') : undefined },
          { signal },
        )
      ).data,
  };
};

export const ITEM_REF_SOURCES = {
  brand: refSource('brands', 'brands', true),
  categories: refSource('categories', 'categories', false),
  classes: refSource('classes', 'classes', false),
  margin: refSource('margins', 'margins', true),
} as const;
