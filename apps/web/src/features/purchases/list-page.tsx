import { PURCHASE_MESSAGES, type PurchaseDto, purchaseListSpec } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { PURCHASES_PAGE, purchases } from './api';
import { TRADE_SORT_OPTIONS, TradeCard } from './trade-card';
import { vendorSource } from './trade-sources';

const TradeFilterFields = lazy(() =>
  import('./trade-filters').then((m) => ({ default: m.TradeFilterFields })),
);

/** /admin/products/purchases (spec 3 §2): purchase cards, filters (#filter), sort, create. */
export const PurchasesListPage = () => {
  const { can } = useCan();
  const lifecycle = purchases.useLifecycle();
  return (
    <>
      <AdminProductTabs />
      <RecordListPage<'productPurchases', PurchaseDto>
        resource="product-purchase"
        title="Purchases"
        plural="productPurchases"
        pluralText="purchases"
        spec={purchaseListSpec}
        useList={purchases.useList}
        storage={{ limit: 'purchaseLimit', filters: 'purchaseFilters' }}
        getId={(p) => p._id}
        getLabel={(p) => `${p.vendor?.name ?? 'Purchase'} ${p.invoiceNo}`}
        href={(id) => `${PURCHASES_PAGE}/${id}`}
        cardLinks
        card={(p) => (
          <TradeCard
            doc={p}
            party={p.vendor?.name ?? 'No vendor'}
            href={`${PURCHASES_PAGE}/${p._id}`}
            resource="product-purchase"
            lifecycle={lifecycle}
          />
        )}
        sortOptions={TRADE_SORT_OPTIONS}
        filters={{
          title: 'Filter Purchases',
          fields: ({ canSeeDeleted }) => (
            <TradeFilterFields
              canSeeDeleted={canSeeDeleted}
              party={{
                key: 'vendor',
                label: 'Vendor',
                plural: 'vendors',
                source: vendorSource,
                canSearch: can('product-vendor', 'suggestion'),
              }}
              withGst={false}
              canSearchUsers={can('user', 'suggestion')}
              plural="purchases"
            />
          ),
        }}
        create={{ label: 'Create Purchase', to: `${PURCHASES_PAGE}/create` }}
        emptyText={PURCHASE_MESSAGES.empty}
      />
    </>
  );
};
