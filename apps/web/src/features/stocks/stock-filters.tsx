import { LifecycleFilters, NumberRangeFilter, RefFilter } from '../../components/list/filter-fields';
import { itemSource } from '../purchases/trade-sources';

/** Spec 3 §2 "Stocks" filter panel: the ranges, in the spec's order. */
const RANGES = [
  { key: 'totalPurchased', label: 'Total Purchased', decimals: false },
  { key: 'totalSold', label: 'Total Sold', decimals: false },
  { key: 'currentStock', label: 'Current Stock', decimals: false },
  { key: 'lastPurchasedStock', label: 'Last Purchase Stock', decimals: false },
  { key: 'lastSoldStock', label: 'Last Sold Stock', decimals: false },
  { key: 'lastPurchasePrice', label: 'Last Purchase Price', decimals: true },
  { key: 'averagePurchasePrice', label: 'Average Purchase Price', decimals: true },
  { key: 'totalPurchasePrice', label: 'Total Purchase Price', decimals: true },
] as const;

/**
 * 'Filter Stocks': the item, the min/max ranges, and Deleted (the stocks of deleted items; it needs restore
 * on product-item, decision 0011).
 */
export const StockFilterFields = ({
  canSeeDeleted,
  canSearchItems,
}: {
  canSeeDeleted: boolean;
  canSearchItems: boolean;
}) => (
  <>
    <RefFilter name="item" label="Item" plural="items" source={itemSource} canSearch={canSearchItems} />
    {RANGES.map((r) => (
      <NumberRangeFilter
        key={r.key}
        name={r.key}
        label={r.label}
        decimals={r.decimals}
        ends={['Min', 'Max']}
      />
    ))}
    <LifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted="Show the stocks of deleted items"
      users={false}
    />
  </>
);
