import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type Held, HeldField } from './fields';

// Its own module: Mantine's Select brings the combobox and its popover, which forms without a Select
// should not load with their first paint.

/** Mantine's Select on a text field: nothing chosen is ''. */
export const SelectField = <T extends FieldValues>({
  form,
  name,
  onPick,
  ...props
}: Held<T, SelectProps>) => (
  <HeldField
    form={form}
    name={name}
    onPick={onPick}
    input={({ value, set, ...field }) => (
      <Select {...props} {...field} value={(value as string) || null} onChange={(v) => set(v ?? '')} />
    )}
  />
);
