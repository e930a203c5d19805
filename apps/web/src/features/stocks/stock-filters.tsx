import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { RefMultiSelect, type RefNames } from '../../components/record/ref-pickers';
import { NumberRangeInput } from '../purchases/trade-filters';
import { itemSource } from '../purchases/trade-sources';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

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
  draft,
  canSeeDeleted,
  canSearchItems,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  canSearchItems: boolean;
}) => {
  const { values, set } = draft;
  const [names, setNames] = useState<RefNames>({});
  return (
    <>
      <RefMultiSelect
        label="Item"
        plural="items"
        source={itemSource}
        canSearch={canSearchItems}
        value={list(values.item)}
        onChange={(ids) => set('item', ids)}
        names={names}
        onNames={setNames}
      />
      {RANGES.map((r) => (
        <NumberRangeInput
          key={r.key}
          label={r.label}
          value={values[r.key]}
          onChange={(v) => set(r.key, v)}
          decimals={r.decimals}
        />
      ))}
      {canSeeDeleted && (
        <Checkbox
          label="Deleted"
          description="Show the stocks of deleted items"
          checked={values.isDeleted === true}
          onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
          mt="xs"
        />
      )}
    </>
  );
};
