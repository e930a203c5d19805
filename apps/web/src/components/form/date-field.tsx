import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DateInput } from '../../lib/lazy-date-input';
import { type Held, HeldField } from './fields';

// Its own module: forms without a date do not load the date input's loader with their first paint.

/** A date (YYYY-MM-DD, '' for none) picked as DD/MM/YYYY with the lazily loaded date input. */
export const DateField = <T extends FieldValues>({
  form,
  name,
  onPick,
  ...props
}: Held<T, ComponentProps<typeof DateInput>>) => (
  <HeldField
    form={form}
    name={name}
    onPick={onPick}
    input={({ value, set, ...field }) => (
      <DateInput
        placeholder="DD/MM/YYYY"
        valueFormat="DD/MM/YYYY"
        {...props}
        {...field}
        value={(value as string) || null}
        onChange={(v) => set(v ?? '')}
      />
    )}
  />
);
