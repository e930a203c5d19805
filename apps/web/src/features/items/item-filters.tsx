import { GST_FILTER_VALUES, ITEM_STATES } from '@karya/domain';
import { Checkbox, MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { RefMultiSelect, type RefNames } from '../../components/record/ref-pickers';
import { UserMultiSelect } from '../users/user-pickers';
import { ITEM_REF_SOURCES } from './api';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

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

/**
 * The inputs of 'Filter Items' (spec 3 §2, §5, §6): name, SKU (digits only), model no, the brand,
 * category, class and margin pickers (each with suggestion on its resource), GST, state (with
 * verification on product-item), and Deleted / Deleted By (with restore; Deleted By also needs
 * suggestion on user).
 */
export const ItemFilterFields = ({
  draft,
  canSeeDeleted,
  may,
}: {
  draft: FilterDraft;
  canSeeDeleted: boolean;
  may: ItemFilterPermissions;
}) => {
  const { values, set } = draft;
  const [names, setNames] = useState<RefNames>({});
  const sku = typeof values.sku === 'string' ? values.sku : '';
  return (
    <>
      <FilterTextInput label="Name" value={values.name} onChange={(v) => set('name', v)} />
      <TextInput
        label="SKU"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={sku}
        // Spec 3 §5: the SKU filter is numeric; anything else typed is dropped.
        onChange={(e) => set('sku', e.currentTarget.value.replace(/\D/g, '').slice(0, 9))}
      />
      <FilterTextInput label="Model No" value={values.modalNo} onChange={(v) => set('modalNo', v)} />
      {REFS.filter((r) => may[r.key]).map((r) => (
        <RefMultiSelect
          key={r.key}
          label={r.label}
          plural={r.plural}
          source={ITEM_REF_SOURCES[r.key]}
          canSearch
          value={list(values[r.key])}
          onChange={(ids) => set(r.key, ids)}
          names={names}
          onNames={setNames}
        />
      ))}
      <MultiSelect
        label="GST %"
        data={GST_FILTER_VALUES.map((v) => ({ value: v, label: `${v}%` }))}
        value={list(values.gst)}
        onChange={(v) => set('gst', v)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {may.state && (
        <MultiSelect
          label="State"
          data={[...ITEM_STATES]}
          value={list(values.state)}
          onChange={(v) => set('state', v)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description="Show deleted items instead of live ones"
            checked={values.isDeleted === true}
            onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
            mt="xs"
          />
          {may.users && (
            <UserMultiSelect
              label="Deleted By"
              value={list(values.deletedBy)}
              onChange={(ids) => set('deletedBy', ids)}
              canSearch
            />
          )}
        </>
      )}
    </>
  );
};
