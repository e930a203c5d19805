import {
  ITEM_MESSAGES,
  ITEM_STATES,
  type ItemDto,
  type ItemState,
  suggestionDescription,
} from '@karya/domain';
import { useLocation, useSearchParams } from 'react-router';
import { recordFormPages } from '../../components/form/update-page';
import { ITEMS_PAGE, useItem } from './api';
import { ItemForm, type ItemFormPrefill } from './item-form';
import {
  ITEM_RETURN_PAGE,
  ITEM_UPDATE_SOURCES,
  type ItemUpdateSource,
  type ItemUpdateState,
} from './item-paths';

const isState = (v: unknown): v is ItemState => (ITEM_STATES as readonly unknown[]).includes(v);
const isSource = (v: unknown): v is ItemUpdateSource =>
  (ITEM_UPDATE_SOURCES as readonly unknown[]).includes(v);

/** What the address (query, else navigation state) asks the update form to start with. */
const useUpdateIntent = () => {
  const [params] = useSearchParams();
  const navState = (useLocation().state ?? null) as ItemUpdateState | null;
  const state = params.get('state') ?? navState?.state;
  const from = params.get('from') ?? navState?.from;
  return { state: isState(state) ? state : undefined, from: isSource(from) ? from : undefined };
};

/** A suggestion's verification starts from a description built from its brand, price and specifications. */
const prefillFor = (item: ItemDto, intent: ReturnType<typeof useUpdateIntent>): ItemFormPrefill => ({
  state: intent.state,
  ...(intent.from === 'suggestion' ? { description: suggestionDescription(item) } : {}),
});

/** The update form with what its address asks: from the verification or suggestion list, state Verified (and
 * for a suggestion its description) and back to that list once saved. */
const ItemUpdateForm = ({ item }: { item: ItemDto }) => {
  const intent = useUpdateIntent();
  const returnTo = intent.from ? ITEM_RETURN_PAGE[intent.from] : undefined;
  return <ItemForm mode="update" item={item} prefill={prefillFor(item, intent)} returnTo={returnTo} />;
};

/** /crm/products/items/create, and /crm/products/items/:id/update once the item has loaded. */
export const [ItemCreatePage, ItemUpdatePage] = recordFormPages(
  { noun: 'item', maw: 1080, listPath: ITEMS_PAGE },
  { useRecord: useItem, notFoundText: ITEM_MESSAGES.notFound },
  (item) => (item ? <ItemUpdateForm key={item._id} item={item} /> : <ItemForm mode="create" />),
);
