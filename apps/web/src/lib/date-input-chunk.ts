// The one export lazy-date-input.tsx loads: importing the package itself dynamically would make Rollup keep
// all of @mantine/dates (and share it with the shell's DatesProvider) instead of the date input alone.
export { DateInput } from '@mantine/dates';
