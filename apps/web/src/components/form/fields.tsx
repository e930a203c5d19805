import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactElement } from 'react';
import {
  Controller,
  type FieldValues,
  get,
  type Path,
  type RefCallBack,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/** A field of a react-hook-form form: the form and the field's path. Its message is the form's error. */
export type Bound<T extends FieldValues> = { form: UseFormReturn<T>; name: Path<T> };

/** The props of a held field: its input's own, but for what the form gives it. */
export type Held<T extends FieldValues, P> = Bound<T> & {
  /** Runs after the value is set (a choice that clears or sets other fields). */
  onPick?: (value: string) => void;
} & Omit<P, 'form' | 'name' | 'error' | 'value' | 'onChange' | 'onBlur'>;

/** What a held field's input is given: the value, its setter, and blur, ref and message. */
type HeldInput = {
  value: unknown;
  set: (value: string) => void;
  onBlur: () => void;
  ref: RefCallBack;
  error: string | undefined;
};

/**
 * A field held by the form (a Controller) whose input reports text: `input` renders it with the value, a
 * setter (which also runs `onPick`), blur, ref and message.
 */
export const HeldField = <T extends FieldValues>({
  form,
  name,
  onPick,
  input,
}: Bound<T> & { onPick?: (value: string) => void; input: (field: HeldInput) => ReactElement }) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) =>
      input({
        value: field.value,
        set: (value) => {
          field.onChange(value);
          onPick?.(value);
        },
        onBlur: field.onBlur,
        ref: field.ref,
        error: fieldError(form, name),
      })
    }
  />
);
export type Registered<T extends FieldValues> = Bound<T> & { rules?: RegisterOptions<T, Path<T>> };

/** The message of a field (nested paths too: 'address.city'). */
export const fieldError = <T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

/** The style of a field that spans the whole width of its grid. */
const WIDE = { gridColumn: '1 / -1' };

/** A text input registered with the form (`rules.onChange` runs after the form's own); `wide`: full width. */
export const TextField = <T extends FieldValues>({
  form,
  name,
  rules,
  wide,
  ...props
}: Registered<T> & { wide?: boolean } & Omit<TextInputProps, 'form' | 'name' | 'error'>) => (
  <TextInput
    style={wide ? WIDE : undefined}
    {...props}
    {...form.register(name, rules)}
    error={fieldError(form, name)}
  />
);

/** A text area registered with the form. */
export const TextareaField = <T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Registered<T> & Omit<TextareaProps, 'form' | 'name' | 'error'>) => (
  <Textarea {...props} {...form.register(name, rules)} error={fieldError(form, name)} />
);

/** The Name (focused when the dialog opens) and Description of a small record's dialog form. */
export const NameAndDescription = <T extends FieldValues & { name: string; description: string }>({
  form,
  descriptionRows,
}: {
  form: UseFormReturn<T>;
  /** How many rows the description grows to. */
  descriptionRows: number;
}) => (
  <>
    <TextField
      form={form}
      name={'name' as Path<T>}
      label="Name"
      withAsterisk
      autoComplete="off"
      data-autofocus
    />
    <TextareaField
      form={form}
      name={'description' as Path<T>}
      label="Description"
      autosize
      minRows={2}
      maxRows={descriptionRows}
    />
  </>
);

/** A text area that grows from `rows[0]` to `rows[1]` lines; `wide` spans the whole width of its grid. */
export const LongTextField = <T extends FieldValues>({
  rows: [minRows, maxRows],
  wide,
  ...props
}: Registered<T> & { rows: [number, number?]; wide?: boolean } & Omit<
    TextareaProps,
    'form' | 'name' | 'error' | 'autosize' | 'minRows' | 'maxRows' | 'rows'
  >) => (
  <TextareaField autosize minRows={minRows} maxRows={maxRows} style={wide ? WIDE : undefined} {...props} />
);
