import type { CustomerSuggestion, ItemSuggestion } from '@karya/domain';
import type { RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

const customerKeys = recordKeys('customers');
const itemKeys = recordKeys('items');

/** GET /crm/customers/suggestion: only customers the caller sees (their row scope), by name. */
export const customerSource: RefSource = {
  queryKey: (name, selected) => customerKeys.suggestion(`picker:${name}`, selected),
  fetch: async (name, selectedIds, signal) =>
    (
      await api.get<CustomerSuggestion[]>(
        '/crm/customers/suggestion',
        { name, ...(selectedIds.length ? { selectedIds: selectedIds.join(',') } : {}) },
        { signal },
      )
    ).data.map((c) => ({ _id: c._id, name: c.name })),
};

/** GET /crm/products/items/suggestion: live items of the catalogue by name (with SKU, state, GST). */
export const fetchItemSuggestions = async (name: string, selectedIds: string[], signal?: AbortSignal) =>
  (
    await api.get<ItemSuggestion[]>(
      '/crm/products/items/suggestion',
      { name, ...(selectedIds.length ? { selectedIds: selectedIds.join(',') } : {}) },
      { signal },
    )
  ).data;

export const itemSource: RefSource = {
  queryKey: (name, selected) => itemKeys.suggestion(`picker:${name}`, selected),
  fetch: async (name, selectedIds, signal) =>
    (await fetchItemSuggestions(name, selectedIds, signal)).map((i) => ({ _id: i._id, name: i.name })),
};
