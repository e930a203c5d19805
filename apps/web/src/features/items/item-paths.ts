import type { ItemState } from '@karya/domain';
import { ITEMS_PAGE } from './api';

/**
 * Where an update was asked from: the verification or the suggestion list (spec 3 §2), or the items whose
 * GST rate is no longer in force (issue 27 §1).
 */
export type ItemUpdateSource = 'verification' | 'suggestion' | 'gst-rate';
export const ITEM_UPDATE_SOURCES: readonly ItemUpdateSource[] = ['verification', 'suggestion', 'gst-rate'];

/** The verification pages' lists, where a saved update returns. */
export const ITEM_VERIFICATIONS_PAGE = '/admin/verifications/items';
export const ITEM_SUGGESTIONS_PAGE = '/admin/suggestions/items';
export const ITEM_GST_RATES_PAGE = '/admin/verifications/gst-rates';

/** Where a saved update returns, by where it was asked from. */
export const ITEM_RETURN_PAGE: Record<ItemUpdateSource, string> = {
  verification: ITEM_VERIFICATIONS_PAGE,
  suggestion: ITEM_SUGGESTIONS_PAGE,
  'gst-rate': ITEM_GST_RATES_PAGE,
};

/** Navigation state that asks the update form for a state (and where it was asked from). */
export type ItemUpdateState = { state?: ItemState; from?: ItemUpdateSource };

/**
 * The update form's address with state Verified asked for: `?state=Verified&from=verification` (a query,
 * so a reload keeps it); from the GST-rate list only where to return (the rate is what is to change).
 */
export const verifyItemPath = (id: string, from: ItemUpdateSource) =>
  `${ITEMS_PAGE}/${id}/update?${new URLSearchParams(from === 'gst-rate' ? { from } : { state: 'Verified', from })}`;
