import { VENDOR_MESSAGES, type VendorDto, vendorListSpec } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { useHashRecord } from '../catalogue/hash-record';
import { searchVendors, useVendorsList, VENDOR_UPDATE_HASH, VENDORS_PAGE, vendorKeys } from './api';
import { VendorCard } from './vendor-card';

const CatalogueFilterFields = lazy(() =>
  import('../catalogue/catalogue-filters').then((m) => ({ default: m.CatalogueFilterFields })),
);
const VendorFormModal = lazyPanel(() => import('./vendor-form').then((m) => m.VendorFormModal));

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'rating', label: 'Rating' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;
const TEXT_FILTERS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'address', label: 'Address' },
  { key: 'contactPerson.name', label: 'Contact Person' },
] as const;

/**
 * /admin/products/vendors (spec 3 §2 "Product Vendors"): vendor cards, filters (#filter), the add button
 * and the edit dialog, open while the hash is '#update-<id>' (the vendor's page and its update route send
 * there; a reload keeps it open, Back closes it).
 */
export const VendorsListPage = () => {
  const { can } = useCan();
  const update = useHashRecord(VENDOR_UPDATE_HASH);
  return (
    <>
      <AdminProductTabs />
      <RecordListPage<'productVendors', VendorDto, { _id: string; name: string }>
        resource="product-vendor"
        title="Product Vendors"
        label="Vendors"
        plural="productVendors"
        pluralText="vendors"
        spec={vendorListSpec}
        useList={useVendorsList}
        storage={{ limit: 'vendorLimit', filters: 'vendorFilters' }}
        getId={(v) => v._id}
        getLabel={(v) => v.name}
        href={(id) => `${VENDORS_PAGE}/${id}`}
        card={(v) => <VendorCard vendor={v} />}
        sortOptions={SORT_OPTIONS}
        filters={{
          title: 'Filter Vendors',
          fields: ({ canSeeDeleted }) => (
            <CatalogueFilterFields
              texts={TEXT_FILTERS}
              plural="vendors"
              canSearchUsers={can('user', 'suggestion')}
              canSeeDeleted={canSeeDeleted}
            />
          ),
        }}
        search={{
          title: 'Search vendors',
          placeholder: 'Type a vendor name...',
          queryKey: (name) => vendorKeys.suggestion('name', name),
          search: searchVendors,
          toItem: (v) => ({ id: v._id, label: v.name }),
          emptyText: 'No vendors found',
        }}
        create={{
          label: 'Create Vendor',
          hash: '#create-vendor',
          modal: ({ opened, onClose }) => <VendorFormModal opened={opened} onClose={onClose} />,
        }}
        emptyText={VENDOR_MESSAGES.empty}
      />
      <VendorFormModal opened={Boolean(update.id)} vendorId={update.id} onClose={update.close} />
    </>
  );
};
