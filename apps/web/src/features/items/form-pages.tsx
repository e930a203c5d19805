import {
  ITEM_MESSAGES,
  ITEM_STATES,
  type ItemDto,
  type ItemState,
  suggestionDescription,
} from '@karya/domain';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { ITEMS_PAGE, useItem } from './api';
import { ItemForm, type ItemFormPrefill } from './item-form';
import {
  ITEM_SUGGESTIONS_PAGE,
  ITEM_VERIFICATIONS_PAGE,
  type ItemUpdateSource,
  type ItemUpdateState,
} from './item-paths';

const isState = (v: unknown): v is ItemState => (ITEM_STATES as readonly unknown[]).includes(v);
const isSource = (v: unknown): v is ItemUpdateSource => v === 'verification' || v === 'suggestion';

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

/** /crm/products/items/create */
export const ItemCreatePage = () => (
  <RecordFormPage title="Create Item" maw={1080}>
    {() => <ItemForm mode="create" />}
  </RecordFormPage>
);

/**
 * /crm/products/items/:id/update: the form once the item has loaded; 'Item not found' when it does not
 * exist. Opened from the verification or suggestion list it starts with state Verified (and, for a
 * suggestion, its description) and goes back to that list once saved.
 */
export const ItemUpdatePage = () => {
  const { id } = useParams();
  const intent = useUpdateIntent();
  const returnTo =
    intent.from === 'verification'
      ? ITEM_VERIFICATIONS_PAGE
      : intent.from === 'suggestion'
        ? ITEM_SUGGESTIONS_PAGE
        : undefined;
  return (
    <RecordFormPage
      title="Update Item"
      maw={1080}
      noun="item"
      query={useItem(id)}
      notFoundText={ITEM_MESSAGES.notFound}
      backTo={{ to: ITEMS_PAGE, label: 'Back to items' }}
    >
      {(item) => (
        <ItemForm
          key={item._id}
          mode="update"
          item={item}
          prefill={prefillFor(item, intent)}
          returnTo={returnTo}
        />
      )}
    </RecordFormPage>
  );
};
