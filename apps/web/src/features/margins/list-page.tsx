import { MARGIN_MESSAGES, type MarginDto, marginListSpec } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { useHashRecord } from '../catalogue/hash-record';
import { marginKeys, searchMargins, useMarginsList } from './api';
import { MarginCard } from './margin-card';

const CatalogueFilterFields = lazy(() =>
  import('../catalogue/catalogue-filters').then((m) => ({ default: m.CatalogueFilterFields })),
);
const MarginActiveFilter = lazy(() =>
  import('./margin-filters').then((m) => ({ default: m.MarginActiveFilter })),
);
const MarginFormModal = lazyPanel(() => import('./margin-form').then((m) => m.MarginFormModal));

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;
const TEXT_FILTERS = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
] as const;

/** /admin/products/margins (spec 3 §2): a grid of margins, filters (#filter), the margin dialog. */
export const MarginsListPage = () => {
  const { can } = useCan();
  const update = useHashRecord('#update-');
  return (
    <>
      <AdminProductTabs />
      <RecordListPage<'productMargins', MarginDto, { _id: string; name: string }>
        resource="product-margin"
        title="Margins"
        plural="productMargins"
        pluralText="margins"
        spec={marginListSpec}
        useList={useMarginsList}
        storage={{ limit: 'marginLimit', filters: 'marginFilters' }}
        getId={(m) => m._id}
        getLabel={(m) => m.name}
        href={() => '/admin/products/margins'}
        openRecord={update.open}
        card={(m) => <MarginCard margin={m} />}
        sortOptions={SORT_OPTIONS}
        filters={{
          title: 'Filter Margins',
          fields: ({ canSeeDeleted }) => (
            <CatalogueFilterFields
              texts={TEXT_FILTERS}
              plural="margins"
              canSearchUsers={can('user', 'suggestion')}
              canSeeDeleted={canSeeDeleted}
            >
              <MarginActiveFilter />
            </CatalogueFilterFields>
          ),
        }}
        search={{
          title: 'Search margins',
          placeholder: 'Type a margin name...',
          queryKey: (name) => marginKeys.suggestion('name', name),
          search: searchMargins,
          toItem: (m) => ({ id: m._id, label: m.name }),
          emptyText: 'No margins found',
        }}
        create={{
          label: 'Create Margin',
          hash: '#create-margin',
          modal: ({ opened, onClose }) => <MarginFormModal opened={opened} onClose={onClose} />,
        }}
        emptyText={MARGIN_MESSAGES.empty}
      />
      <MarginFormModal opened={Boolean(update.id)} marginId={update.id} onClose={update.close} />
    </>
  );
};
