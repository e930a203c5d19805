import {
  STOCK_LEDGER_MESSAGES,
  STOCK_SORT_LABELS,
  type StockDto,
  type StockSuggestion,
  stockLabel,
  stockListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { AdminProductTabs } from '../../components/catalogue/product-tabs';
import { RecordListPage } from '../../components/list/record-list-page';
import { STOCKS_PAGE, searchStocks, stockKeys, useStocksList } from './api';
import { StockCard } from './stock-card';

const StockFilterFields = lazy(() =>
  import('./stock-filters').then((m) => ({ default: m.StockFilterFields })),
);

const SORT_OPTIONS = Object.entries(STOCK_SORT_LABELS).map(([value, label]) => ({ value, label }));

/**
 * /admin/products/stocks (spec 3 §2 "Stocks"): Product Stocks as a grid, the Ctrl+K popup 'Search
 * Stock...', sort (Price, Current Stock, Created, Updated), the filter ranges and pagination.
 */
export const StocksListPage = () => {
  const { can } = useCan();
  return (
    <>
      <AdminProductTabs />
      <RecordListPage<'productStocks', StockDto, StockSuggestion>
        resource="product-stock"
        title="Product Stocks"
        label="Stocks"
        plural="productStocks"
        pluralText="stocks"
        spec={stockListSpec}
        useList={useStocksList}
        storage={{ limit: 'stockLimit', filters: 'stockFilters' }}
        getId={(s) => s._id}
        getLabel={(s) => s.item?.name ?? 'Stock'}
        href={(id) => `${STOCKS_PAGE}/${id}`}
        card={(s) => <StockCard stock={s} />}
        sortOptions={SORT_OPTIONS}
        filters={{
          title: 'Filter Stocks',
          fields: () => (
            <StockFilterFields
              canSeeDeleted={can('product-item', 'restore')}
              canSearchItems={can('product-item', 'suggestion')}
            />
          ),
        }}
        search={{
          title: 'Search stocks',
          placeholder: STOCK_LEDGER_MESSAGES.searchPlaceholder,
          needs: 'read',
          queryKey: (name) => stockKeys.suggestion('name', name),
          search: searchStocks,
          toItem: (s) => ({ id: s._id, label: s.name, description: stockLabel(s.currentStock) }),
          emptyText: STOCK_LEDGER_MESSAGES.searchEmpty,
        }}
        emptyText={STOCK_LEDGER_MESSAGES.empty}
      />
    </>
  );
};
