import type { ItemState } from '@karya/domain';
import { ITEMS_PAGE } from './api';

/** Where an update was asked from: the verification or the suggestion list (spec 3 §2). */
export type ItemUpdateSource = 'verification' | 'suggestion';

/** The verification pages' lists, where a saved update returns. */
export const ITEM_VERIFICATIONS_PAGE = '/admin/verifications/items';
export const ITEM_SUGGESTIONS_PAGE = '/admin/suggestions/items';

/** Navigation state that asks the update form for a state (and where it was asked from). */
export type ItemUpdateState = { state?: ItemState; from?: ItemUpdateSource };

/**
 * The update form's address with state Verified asked for: `?state=Verified&from=verification` (a query,
 * so a reload keeps it).
 */
export const verifyItemPath = (id: string, from: ItemUpdateSource) =>
  `${ITEMS_PAGE}/${id}/update?${new URLSearchParams({ state: 'Verified', from })}`;
