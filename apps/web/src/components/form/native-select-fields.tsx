import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { fieldError, type Held, HeldField, type Registered } from './fields';

// Apart from fields.tsx so that a form without a native select does not load Mantine's.
/** A native select registered with the form. */
export const NativeSelectField = <T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Registered<T> & Omit<NativeSelectProps, 'form' | 'name' | 'error'>) => (
  <NativeSelect {...props} {...form.register(name, rules)} error={fieldError(form, name)} />
);

/**
 * A native select held by the form (a Controller), for a choice that clears or sets others as it changes
 * (`onPick` runs after the value is set).
 */
export const ChoiceField = <T extends FieldValues>({
  form,
  name,
  onPick,
  ...props
}: Held<T, NativeSelectProps>) => (
  <HeldField
    form={form}
    name={name}
    onPick={onPick}
    input={({ value, set, ...field }) => (
      <NativeSelect
        {...props}
        {...field}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(e.currentTarget.value)}
      />
    )}
  />
);
