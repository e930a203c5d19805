import { TextInput } from '@mantine/core';
import type { DateInput as MantineDateInput } from '@mantine/dates';
import { type ComponentProps, lazy, Suspense } from 'react';

type Props = ComponentProps<typeof MantineDateInput>;

// The date picker (@mantine/dates, its calendar and dayjs, ~13 KB gzip) is no part of a form route's first
// load: a form downloads it as soon as the form renders, and shows a plain input with the same label,
// placeholder, value and error meanwhile.
const loadDateInput = () => import('./date-input-chunk').then((m) => ({ default: m.DateInput }));
const Lazy = lazy(loadDateInput);

/** 'YYYY-MM-DD' (the forms' value) as the DD/MM/YYYY the picker shows. */
const shown = (value: Props['value']) => {
  const text = typeof value === 'string' ? value : '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

/**
 * Mantine's DateInput, loaded on first render rather than with the route. Until it arrives, a read-only
 * text input stands in: focusable (the `ref` goes to it, so a failed submit can still focus the field) and
 * showing the field's label, description and message.
 */
export const DateInput = (props: Props) => (
  <Suspense
    fallback={
      <TextInput
        ref={props.ref as ComponentProps<typeof TextInput>['ref']}
        id={props.id}
        label={props.label}
        description={props.description}
        placeholder={props.placeholder}
        withAsterisk={props.withAsterisk}
        error={props.error}
        maw={props.maw}
        value={shown(props.value)}
        onBlur={props.onBlur as ComponentProps<typeof TextInput>['onBlur']}
        // As the picker itself: Enter in a date field does not submit the form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        readOnly
      />
    }
  >
    <Lazy {...props} />
  </Suspense>
);
