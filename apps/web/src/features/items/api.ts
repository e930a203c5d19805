import { type ItemDto, itemSearchFilter, type ListPage } from '@karya/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import type { RefOption, RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

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

/** The list page's path in the app (its first call may have started early, see startListEarly). */
export const ITEMS_PAGE = '/crm/products/items';
export const itemPath = (id: string) => `${ITEMS_PAGE}/${id}`;
const itemApi = recordApi<ItemsPage, ItemDto>({
  base: '/crm/products/items',
  keys: itemKeys,
  early: { page: ITEMS_PAGE, take: takeEarlyList },
});
const { base: BASE } = itemApi;

/** GET /crm/products/items: a page of items. */
export const fetchItems = itemApi.fetchList;

/** A page of items; fresh for LIST_STALE_MS, the previous page stays on screen while the next loads. */
export const useItemsList = itemApi.useList;

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
export const useItem = itemApi.useOne;

/** POST /crm/products/items (multipart: fields, `images` repeated, `specifications`). */
export const createItem = (body: FormData, idempotencyKey?: string) => itemApi.create(body, idempotencyKey);
/** PATCH /crm/products/items/{id} (multipart: changed fields, new files, deletedImages, deleteSpecifications). */
export const updateItem = (id: string, body: FormData, idempotencyKey?: string) =>
  itemApi.update(id, body, idempotencyKey);
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
      ...itemApi.lifecycle,
      ...itemApi.bulkLifecycle,
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
