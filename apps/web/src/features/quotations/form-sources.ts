// What the quotation form asks besides the quotation calls (api.ts): the requirement picker's suggestions
// (a customer's), and an item's prices as the user may read them (its detail, its margin's tiers).
import {
  formatRequirementId,
  type ItemDto,
  MARGIN_TIERS,
  type MarginTier,
  type RequirementSuggestion,
  toPaise,
} from '@karya/domain';
import type { RefOption, RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { fetchMarginTiers } from '../purchases/trade-sources';
import type { LinePricing } from './line-pricing';

/** GET /crm/requirements/suggestion?customerId: the customer's requirements, by title or number. */
export const requirementSource = (customer: string): RefSource => ({
  queryKey: (title, selected) => ['requirements', 'suggestion', 'quotation', customer, title, selected],
  fetch: async (title, selectedIds, signal): Promise<RefOption[]> => {
    const answer = await api.get<RequirementSuggestion[]>(
      '/crm/requirements/suggestion',
      { title, customerId: customer || undefined, selectedId: selectedIds[0] },
      { signal },
    );
    return (answer.data ?? []).map((r) => ({
      _id: r._id,
      name: `${formatRequirementId(r.requirementId)} · ${r.title}`,
    }));
  },
});

/** GET /crm/products/items/{id} (read on product-item): the item with the tier prices the caller may read. */
export const fetchItem = async (id: string) =>
  (await api.get<ItemDto>(`/crm/products/items/${encodeURIComponent(id)}`)).data;

/** The item's prices as the caller may read them (paise): each is asked only with its permission. */
export const pricingOf = async (
  item: Pick<ItemDto, 'stock' | 'margin' | 'prices'> | null,
  canReadMargins: boolean,
): Promise<LinePricing> => {
  const pricing: LinePricing = {};
  if (item) {
    const tierPrices: Partial<Record<MarginTier, number | null>> = {};
    for (const t of MARGIN_TIERS) {
      const p = item.prices?.[t];
      if (p !== undefined) tierPrices[t] = p === null ? null : toPaise(p);
    }
    pricing.tierPrices = tierPrices;
    if (item.stock && typeof item.stock.priceToShow === 'number')
      pricing.priceToShow = toPaise(item.stock.priceToShow);
  }
  if (canReadMargins && item?.margin) pricing.margins = await fetchMarginTiers(item.margin._id);
  return pricing;
};

/**
 * An item's prices for a line (the detail with read on product-item, the tiers with read on
 * product-margin); what cannot be read stays unknown and the server prices it.
 */
export const fetchLinePricing = async (
  id: string,
  may: { readItem: boolean; readMargins: boolean },
  suggested?: Pick<ItemDto, 'stock' | 'margin'>,
): Promise<LinePricing> => {
  const item = may.readItem ? await fetchItem(id) : suggested ? { ...suggested, prices: {} } : null;
  return pricingOf(item, may.readMargins);
};
