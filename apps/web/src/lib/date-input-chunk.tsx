// The one export lazy-date-input.tsx loads: importing the package itself dynamically would make Rollup keep
// all of @mantine/dates (and share it with the shell's DatesProvider) instead of the date input alone.
import { DateInput as MantineDateInput } from '@mantine/dates';
import { type ComponentProps, useState } from 'react';

type Props = ComponentProps<typeof MantineDateInput>;

/**
 * Mantine's DateInput as every form uses it (docs: ARCHITECTURE.md, Forms):
 * - Escape while the calendar is open closes the calendar only. A dialog closes on an Escape anywhere in
 *   it (Mantine listens on the window) unless the key's target says `data-mantine-stop-propagation`, as
 *   Mantine's own Select does while its list is open; the input carries it while the calendar is open.
 * - Enter in the field does not submit the form (the browser's implicit submission): the typed date is
 *   taken as it is typed, and the form is sent by its button.
 */
export const DateInput = ({ popoverProps, onKeyDown, ...props }: Props) => {
  const [open, setOpen] = useState(false);
  return (
    <MantineDateInput
      {...props}
      data-mantine-stop-propagation={open ? 'true' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event);
      }}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
};
