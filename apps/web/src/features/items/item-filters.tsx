import { GST_FILTER_VALUES, ITEM_STATES } from '@karya/domain';
import { TextInput } from '@mantine/core';
import { useFilterPanel } from '../../components/list/filter-draft';
import {
  ChoiceFilter,
  LifecycleFilters,
  RefFilter,
  showDeleted,
  TextFilter,
} from '../../components/list/filter-fields';
import { ITEM_REF_SOURCES } from './api';

/** What the signed-in user may do that changes which filters show. */
export type ItemFilterPermissions = {
  brand: boolean;
  categories: boolean;
  classes: boolean;
  margin: boolean;
  state: boolean;
  users: boolean;
};

const REFS = [
  { key: 'brand', label: 'Brand', plural: 'brands' },
  { key: 'categories', label: 'Categories', plural: 'categories' },
  { key: 'classes', label: 'Classes', plural: 'classes' },
  { key: 'margin', label: 'Margin', plural: 'margins' },
] as const;

const GST_CHOICES = GST_FILTER_VALUES.map((v) => ({ value: v, label: `${v}%` }));

/** Spec 3 §5: the SKU filter is numeric; anything else typed is dropped. */
const SkuFilter = () => {
  const { draft } = useFilterPanel();
  return (
    <TextInput
      label="SKU"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={typeof draft.values.sku === 'string' ? draft.values.sku : ''}
      onChange={(e) => draft.set('sku', e.currentTarget.value.replace(/\D/g, '').slice(0, 9))}
    />
  );
};

/**
 * The inputs of 'Filter Items' (spec 3 §2, §5, §6): name, SKU (digits only), model no, the brand,
 * category, class and margin pickers (each with suggestion on its resource), GST, state (with
 * verification on product-item), and Deleted / Deleted By (with restore; Deleted By also needs
 * suggestion on user).
 */
export const ItemFilterFields = ({
  canSeeDeleted,
  may,
}: {
  canSeeDeleted: boolean;
  may: ItemFilterPermissions;
}) => (
  <>
    <TextFilter name="name" label="Name" />
    <SkuFilter />
    <TextFilter name="modalNo" label="Model No" />
    {REFS.filter((r) => may[r.key]).map((r) => (
      <RefFilter
        key={r.key}
        name={r.key}
        label={r.label}
        plural={r.plural}
        source={ITEM_REF_SOURCES[r.key]}
        canSearch
      />
    ))}
    <ChoiceFilter name="gst" label="GST %" data={GST_CHOICES} />
    {may.state && <ChoiceFilter name="state" label="State" data={ITEM_STATES} />}
    <LifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('items')}
      users={may.users}
      createdBy={false}
    />
  </>
);
