import type { CustomerSuggestion, ItemSuggestion, MarginDto, MarginTier } from '@karya/domain';
import type { RefOption, RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

const itemKeys = recordKeys('items');
const vendorKeys = recordKeys('vendors');
const customerKeys = recordKeys('customers');

/** What the item picker last told about each item (stock, margin, GST), by id. */
export const itemDetails = new Map<string, ItemSuggestion>();
/** What the customer picker last told about each customer (its margin tier), by id. */
export const customerDetails = new Map<string, CustomerSuggestion>();

const ids = (selectedIds: string[]) => (selectedIds.length ? selectedIds.join(',') : undefined);

/** GET /crm/products/items/suggestion: live items by name, with their stock and margin. */
export const itemSource: RefSource = {
  queryKey: (name, selected) => itemKeys.suggestion(`trade:${name}`, selected),
  fetch: async (name, selectedIds, signal) => {
    const found = (
      await api.get<ItemSuggestion[]>(
        '/crm/products/items/suggestion',
        { name, selectedIds: ids(selectedIds) },
        { signal },
      )
    ).data;
    for (const i of found) itemDetails.set(i._id, i);
    return found.map((i): RefOption => ({ _id: i._id, name: i.name }));
  },
};

/** GET /crm/products/vendors/suggestion?name&selectedId. */
export const vendorSource: RefSource = {
  queryKey: (name, selected) => vendorKeys.suggestion(`trade:${name}`, selected),
  fetch: async (name, selectedIds, signal) =>
    (
      await api.get<RefOption[]>(
        '/crm/products/vendors/suggestion',
        { name, selectedId: selectedIds[0] },
        { signal },
      )
    ).data,
};

/** GET /crm/customers/suggestion: only customers the caller sees, with their margin tier. */
export const customerSource: RefSource = {
  queryKey: (name, selected) => customerKeys.suggestion(`trade:${name}`, selected),
  fetch: async (name, selectedIds, signal) => {
    const found = (
      await api.get<CustomerSuggestion[]>(
        '/crm/customers/suggestion',
        { name, selectedIds: ids(selectedIds) },
        { signal },
      )
    ).data;
    for (const c of found) customerDetails.set(c._id, c);
    return found.map((c): RefOption => ({ _id: c._id, name: c.name }));
  },
};

/** A margin's tiers (GET /crm/products/margins/{id}; read on product-margin). */
export const fetchMarginTiers = async (id: string): Promise<Record<MarginTier, number>> =>
  (await api.get<MarginDto>(`/crm/products/margins/${encodeURIComponent(id)}`)).data.margins;
