import type { ItemDto } from '@karya/domain';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useCan } from '../../app/auth';
import { RefMultiSelect, type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { ITEM_REF_SOURCES } from './api';
import type { ItemFormState } from './item-form-values';

/**
 * The item form's brand, margin, category and class pickers (spec 3 §6: each searches with suggestion on
 * its resource; without it only what is picked shows). A chunk of its own, fetched as the form renders:
 * the pickers' combobox code would take the form's route past its size budget.
 */
export const ItemRefFields = ({
  control,
  errors,
  item,
  names,
  onNames,
}: {
  control: Control<ItemFormState>;
  errors: FieldErrors<ItemFormState>;
  item?: ItemDto | null;
  names: RefNames;
  onNames: (names: RefNames) => void;
}) => {
  const { can } = useCan();
  const shared = { names, onNames };
  return (
    <>
      <Controller
        control={control}
        name="brand"
        render={({ field }) => (
          <RefSelect
            label="Brand"
            plural="brands"
            source={ITEM_REF_SOURCES.brand}
            canSearch={can('product-brand', 'suggestion')}
            known={item?.brand ? [item.brand] : undefined}
            {...shared}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.brand?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="margin"
        render={({ field }) => (
          <RefSelect
            label="Margin"
            plural="margins"
            source={ITEM_REF_SOURCES.margin}
            canSearch={can('product-margin', 'suggestion')}
            known={item?.margin ? [item.margin] : undefined}
            {...shared}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.margin?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="categories"
        render={({ field }) => (
          <RefMultiSelect
            label="Categories"
            plural="categories"
            source={ITEM_REF_SOURCES.categories}
            canSearch={can('product-category', 'suggestion')}
            known={item?.categories}
            {...shared}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.categories?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="classes"
        render={({ field }) => (
          <RefMultiSelect
            label="Classes"
            plural="classes"
            source={ITEM_REF_SOURCES.classes}
            canSearch={can('product-class', 'suggestion')}
            known={item?.classes}
            {...shared}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.classes?.message}
          />
        )}
      />
    </>
  );
};
