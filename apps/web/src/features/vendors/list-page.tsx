import { VENDOR_MESSAGES, type VendorDto, vendorListSpec } from '@karya/domain';
import { lazy, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { RecordListPage } from '../../components/list/record-list-page';
import { lazyPanel } from '../../lib/lazy-panel';
import { AdminProductTabs } from '../catalogue/product-tabs';
import { searchVendors, useVendorsList, VENDORS_PAGE, vendorKeys } from './api';
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

/** Navigation state that opens the edit dialog for a vendor (spec 3 §2), e.g. from the vendor's page. */
export type VendorListState = { vendorId?: string };

/**
 * /admin/products/vendors (spec 3 §2 "Product Vendors"): vendor cards, filters (#filter), the add button
 * and the edit dialog. Opened with `state.vendorId` it opens that vendor's edit dialog; the state is then
 * cleared so a reload or Back does not open it again.
 */
export const VendorsListPage = () => {
  const { can } = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<string | null>(null);
  const wanted = (location.state as VendorListState | null)?.vendorId;
  useEffect(() => {
    if (!wanted) return;
    setEditing(wanted);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [wanted, navigate, location.pathname, location.search, location.hash]);
  const closeEdit = useCallback(() => setEditing(null), []);
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
          fields: ({ draft, canSeeDeleted }) => (
            <CatalogueFilterFields
              draft={draft}
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
      <VendorFormModal opened={Boolean(editing)} vendorId={editing} onClose={closeEdit} />
    </>
  );
};
