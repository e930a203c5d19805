import { SALE_MESSAGES, type SaleDto, saleListSpec } from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { TRADE_SORT_OPTIONS, TradeCard } from '../purchases/trade-card';
import { customerSource } from '../purchases/trade-sources';
import { SALES_PAGE, sales } from './api';

const TradeFilterFields = lazy(() =>
  import('../purchases/trade-filters').then((m) => ({ default: m.TradeFilterFields })),
);

/**
 * /admin/products/sales (spec 3 §2): sale cards (customer, invoice number, date, total, menu), the filter
 * panel 'Filter Products' with its own total GST range, sort, pagination and the floating create button.
 */
export const SalesListPage = () => {
  const { can } = useCan();
  const lifecycle = sales.useLifecycle();
  return (
    <>
      <AdminProductTabs />
      <RecordListPage<'productSales', SaleDto>
        resource="product-sale"
        title="Sales"
        plural="productSales"
        pluralText="sales"
        spec={saleListSpec}
        useList={sales.useList}
        storage={{ limit: 'saleLimit', filters: 'saleFilters' }}
        getId={(s) => s._id}
        getLabel={(s) => `${s.customer?.name ?? 'Sale'} ${s.invoiceNo}`}
        href={(id) => `${SALES_PAGE}/${id}`}
        cardLinks
        card={(s) => (
          <TradeCard
            doc={s}
            party={s.customer?.name ?? 'No customer'}
            href={`${SALES_PAGE}/${s._id}`}
            resource="product-sale"
            lifecycle={lifecycle}
          />
        )}
        sortOptions={TRADE_SORT_OPTIONS}
        filters={{
          title: SALE_MESSAGES.filterTitle,
          // Spec 2 §2 / spec 3 §2 name this panel's buttons.
          buttons: { reset: 'Reset Filter', apply: 'Apply Filters' },
          fields: ({ canSeeDeleted }) => (
            <TradeFilterFields
              canSeeDeleted={canSeeDeleted}
              party={{
                key: 'customer',
                label: 'Customer',
                plural: 'customers',
                source: customerSource,
                canSearch: can('customer', 'suggestion'),
              }}
              withGst
              canSearchUsers={can('user', 'suggestion')}
              plural="sales"
            />
          ),
        }}
        create={{
          label: 'Create Sale',
          menu: [{ label: 'Create Sale', to: `${SALES_PAGE}/create` }],
        }}
        emptyText={SALE_MESSAGES.empty}
      />
    </>
  );
};
