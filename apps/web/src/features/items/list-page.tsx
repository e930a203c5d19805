import { ITEM_MESSAGES, ITEM_SORT_OPTIONS, type ItemDto, itemListSpec, itemSearchLabel } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { CrmProductTabs } from '../../components/catalogue/product-tabs';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import {
  fetchItems,
  ITEMS_PAGE,
  itemKeys,
  itemPath,
  searchItems,
  useItemLifecycle,
  useItemsList,
} from './api';
import { ItemCard } from './item-card';
import { ITEM_COLUMNS, ITEM_TABLE_MIN_WIDTH } from './item-columns';
import { gstLabel } from './item-display';

// Downloaded when first opened: the filter fields (pickers) and the bulk-create dialog.
const ItemFilterFields = lazy(() => import('./item-filters').then((m) => ({ default: m.ItemFilterFields })));
const BulkCreateDialog = lazyPanel(() => import('./bulk-create-dialog').then((m) => m.BulkCreateDialog));

/** Local storage keys of the item list (spec 3 §9: item layouts and item fields are remembered). */
export const ITEM_STORAGE = {
  limit: 'itemLimit',
  filters: 'itemFilters',
  fields: 'itemFields',
  layout: 'itemLayout',
} as const;
/** Spec 3 §2: the bulk-create dialog's hash. */
export const BULK_CREATE_HASH = '#bulk-create';
export const ITEM_CREATE_PATH = '/crm/products/items/create';

startListEarly(
  ITEMS_PAGE,
  { limitKey: ITEM_STORAGE.limit, filtersKey: ITEM_STORAGE.filters, spec: itemListSpec },
  (q) => fetchItems(q),
);

/**
 * /crm/products/items (spec 3 §2 "Items"): the catalogue tabs, then items in a grid or a table (image,
 * SKU, name, model no, brand, GST; more in the column dialog), sort, filters (#filter), Ctrl+K search,
 * bulk delete / restore / delete permanently, and a floating menu with Create Item and Create Bulk Items.
 */
export const ItemsListPage = () => {
  const { can } = useCan();
  const lifecycle = useItemLifecycle();
  return (
    <>
      <CrmProductTabs />
      <RecordListPage<'productItems', ItemDto>
        resource="product-item"
        title="Items"
        plural="productItems"
        pluralText="items"
        spec={itemListSpec}
        useList={useItemsList}
        storage={ITEM_STORAGE}
        getId={(i) => i._id}
        getLabel={(i) => i.name}
        href={itemPath}
        card={(i) => <ItemCard item={i} />}
        table={{ columns: ITEM_COLUMNS, minWidth: ITEM_TABLE_MIN_WIDTH }}
        sortOptions={ITEM_SORT_OPTIONS}
        quickDates={{ filter: 'createdAt', label: 'Created' }}
        filters={{
          title: 'Filter Items',
          fields: ({ canSeeDeleted }) => (
            <ItemFilterFields
              canSeeDeleted={canSeeDeleted}
              may={{
                brand: can('product-brand', 'suggestion'),
                categories: can('product-category', 'suggestion'),
                classes: can('product-class', 'suggestion'),
                margin: can('product-margin', 'suggestion'),
                state: can('product-item', 'verification'),
                users: can('user', 'suggestion'),
              }}
            />
          ),
        }}
        search={{
          title: 'Search items',
          placeholder: 'Type an item name or SKU...',
          // The palette searches through the list itself, so reading items is enough.
          needs: 'read',
          queryKey: (text) => itemKeys.suggestion('search', text),
          search: searchItems,
          toItem: (i) => ({
            id: i._id,
            label: itemSearchLabel(i),
            description: [
              i.brand?.name,
              gstLabel(i.gst, i.gstZeroKind) && `GST ${gstLabel(i.gst, i.gstZeroKind)}`,
            ]
              .filter(Boolean)
              .join(' · '),
          }),
          emptyText: ITEM_MESSAGES.searchEmpty,
          loadingText: ITEM_MESSAGES.searchLoading,
        }}
        create={{
          label: 'Create',
          menu: [
            { label: 'Create Item', to: ITEM_CREATE_PATH },
            {
              label: 'Create Bulk Items',
              needs: 'bulk-create',
              hash: BULK_CREATE_HASH,
              modal: ({ opened, onClose }) => <BulkCreateDialog opened={opened} onClose={onClose} />,
            },
          ],
        }}
        bulk={lifecycle}
        emptyText={ITEM_MESSAGES.empty}
      />
    </>
  );
};
